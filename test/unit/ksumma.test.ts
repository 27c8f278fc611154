// SIE 4C §10 (#KSUMMA) with fixed vectors: the CRC-32 of §10.7-13 (the standard check value of
// CRC-32 with polynomial EDB88320, preset and final inversion: "123456789" -> CBF43926), the
// fields of §10.14's own example, and a whole file read back (vectors from Node's zlib.crc32).
import { describe, expect, it } from "vitest";
import { Ksumma } from "../../src/sweden/sie/ksumma";
import { parseSie, SieChecksumError, tokenize } from "../../src/sweden/sie/parse";
import { sumLine } from "../../src/sweden/sie/write";

const FILE_RECORDS = [
  "#FORMAT PC8",
  "#SIETYP 4",
  '#FNAMN "Övningsbolaget AB"',
  '#KONTO 1930 "Företagskonto"',
  '#VER A 1 20260315 "Kontantförsäljning"',
  "{",
  "   #TRANS 1930 {} 125.00",
  "   #TRANS 3001 {} -100.00",
  "   #TRANS 2611 {} -25.00",
  "}",
];

function fileWith(sum: string) {
  return ["#FLAGGA 0", "#KSUMMA", ...FILE_RECORDS, `#KSUMMA ${sum}`].join("\r\n");
}

describe("#KSUMMA (SIE 4C §10)", () => {
  it("is CRC-32 as §10.11-13 define it", () => {
    const k = new Ksumma();
    k.addBytes(new TextEncoder().encode("123456789"));
    expect(k.value()).toBe(0xcbf43926);
  });

  it("sums the label and the fields, without blanks, quotes or an escape's backslash (§10.14's example)", () => {
    const k = new Ksumma();
    k.addRecord(tokenize('#KONTO 1915 "Kassa \\"special\\""', 1));
    expect(k.value()).toBe(1921122205);
  });

  it("sums a file's records between the two #KSUMMA, braces excluded, characters in codepage 437", () => {
    const k = new Ksumma();
    for (const line of FILE_RECORDS) sumLine(k, line);
    expect(k.value()).toBe(3138297154);
    expect(parseSie(fileWith("3138297154")).vouchers).toHaveLength(1);
  });

  it("refuses a file whose records changed, or whose closing #KSUMMA is missing (§10.6)", () => {
    expect(() => parseSie(fileWith("3138297154").replace("-100.00", "-90.00").replace("-25.00", "-35.00"))).toThrow(
      SieChecksumError,
    );
    const cut = ["#FLAGGA 0", "#KSUMMA", ...FILE_RECORDS].join("\r\n");
    expect(() => parseSie(cut)).toThrow(/no closing/);
  });

  it("accepts a file without a checksum (§10.3)", () => {
    expect(parseSie(["#FLAGGA 0", ...FILE_RECORDS].join("\r\n")).vouchers).toHaveLength(1);
  });
});
