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
    expect(toCp437Text("”Kalle’s” „x“ ‘y’")).toBe("\"Kalle's\" \"x\" 'y'");
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
