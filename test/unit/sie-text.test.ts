// Text codepage 437 lacks (SIE 4C §5.8: #FORMAT PC8 is IBM codepage 437): written as
// the nearest CP437 text, and compared that way on import. The code page's 128 upper
// characters are in src/sweden/sie/encoding.ts (from the IBM PC character set table).
import { describe, expect, it } from "vitest";
import { decodeCp437, encodeCp437, sameCp437Text, toCp437Text } from "../../src/sweden/sie/encoding";
import { field } from "../../src/sweden/sie/write";

describe("toCp437Text", () => {
  it("keeps what CP437 has: Swedish letters, é, ü, ß, ½, «»", () => {
    const s = "Åsa Öberg, Ärlig éü ß ½ «citat»";
    expect(toCp437Text(s)).toBe(s);
    expect(decodeCp437(encodeCp437(s))).toBe(s);
  });

  it("writes dashes as '-', typographic quotes straight, € as EUR, … as three dots", () => {
    expect(toCp437Text("Periodiseringsfond 2020 – nr 2")).toBe("Periodiseringsfond 2020 - nr 2");
    expect(toCp437Text("a—b−c‐d")).toBe("a-b-c-d");
    expect(toCp437Text("”Kalle’s” „x“ ‘y’")).toBe('"Kalle\'s" "x" \'y\'');
    expect(toCp437Text("100 € … ok")).toBe("100 EUR ... ok");
  });

  it("takes the marks off letters CP437 lacks, keeps those it has, and spells ł, ø, œ", () => {
    expect(toCp437Text("Łódź Kraków Dvořák Čapek")).toBe("Lódz Kraków Dvorák Capek");
    expect(toCp437Text("Søren Œuvre")).toBe("Soren OEuvre");
  });

  it("writes '?' only for what has no equivalent (CJK, emoji)", () => {
    expect(toCp437Text("東京 😀")).toBe("?? ?");
  });

  it("encodes nothing as '?' that it can transliterate", () => {
    const bytes = encodeCp437("Övriga tjänster – revisor €");
    expect(decodeCp437(bytes)).toBe("Övriga tjänster - revisor EUR");
    expect(bytes.includes(0x3f)).toBe(false);
  });
});

describe("sameCp437Text", () => {
  it("treats names equal once written in CP437 as the same name", () => {
    expect(sameCp437Text("Skatterådgivning – revisor", "Skatterådgivning - revisor")).toBe(true);
    expect(sameCp437Text("Bank ”A”", 'Bank "A"')).toBe(true);
    expect(sameCp437Text("Skatterådgivning – revisor", "Skatterådgivning revisor")).toBe(false);
    expect(sameCp437Text("Företagskonto", "Foretagskonto")).toBe(false);
  });
});

describe("field", () => {
  it("transliterates before quoting, so a typographic quote is escaped rather than ending the field", () => {
    expect(field("Bank ”A” – B")).toBe('"Bank \\"A\\" - B"');
    expect(field("”x”")).toBe('"\\"x\\""');
    expect(field("1930")).toBe("1930");
  });
});

describe("decodeCp437", () => {
  it("reads every byte as the code page's table has it: ASCII as itself, 0x80-0xFF from CP437's upper half", () => {
    const all = Uint8Array.from({ length: 256 }, (_, b) => b);
    const text = decodeCp437(all);
    expect(text).toHaveLength(256);
    for (let b = 0; b < 0x80; b++) expect(text.charCodeAt(b)).toBe(b);
    // the IBM PC table: 0x84 ä, 0x86 å, 0x8E Ä, 0x8F Å, 0x94 ö, 0x99 Ö, 0x82 é, 0x81 ü, 0xE1 ß, 0xFF no-break space
    expect([0x84, 0x86, 0x8e, 0x8f, 0x94, 0x99, 0x82, 0x81, 0xe1, 0xff].map((b) => text[b]).join("")).toBe(
      "äåÄÅöÖéüß\u00a0",
    );
    expect(encodeCp437(text)).toEqual(all);
  });
});
