// The SIE codec against SIE 4C (SIE-Gruppen) and files written by other programs
// (test/fixtures/sie, byte-for-byte copies; see SOURCES.md there).
import { describe, expect, it } from "vitest";
import { decodeCp437, decodeSie, detectEncoding, encodeCp437 } from "../../src/sweden/sie/encoding";
import { parseAmount, parseSie, SieParseError, tokenize } from "../../src/sweden/sie/parse";
import { amount, field, objectList } from "../../src/sweden/sie/write";

import { sieFixture } from "../helpers";

describe("codepage 437", () => {
  it("maps the Swedish letters to their PC8 bytes and back", () => {
    const bytes = encodeCp437("åäöÅÄÖéü");
    expect([...bytes]).toEqual([0x86, 0x84, 0x94, 0x8f, 0x8e, 0x99, 0x82, 0x81]);
    expect(decodeCp437(bytes)).toBe("åäöÅÄÖéü");
    expect(decodeCp437(encodeCp437("€"))).toBe("EUR"); // transliterated: CP437 has no euro sign
    expect(decodeCp437(encodeCp437("東"))).toBe("?");
  });

  it("round-trips every byte 0x80-0xFF", () => {
    const all = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
    expect([...encodeCp437(decodeCp437(all))]).toEqual([...all]);
  });

  it("detects CP437, Windows-1252 and UTF-8", () => {
    expect(detectEncoding(encodeCp437('#FNAMN "Företaget Åkesson"'))).toBe("cp437");
    expect(detectEncoding(Uint8Array.from([0x23, 0x46, 0x20, 0x46, 0xf6, 0x72, 0x65, 0x74, 0x61, 0x67, 0xe5]))).toBe(
      "windows-1252",
    );
    expect(detectEncoding(new TextEncoder().encode('#FNAMN "Företaget Åkesson"'))).toBe("utf-8");
    expect(decodeSie(new TextEncoder().encode("\uFEFF#FLAGGA 0")).text).toBe("#FLAGGA 0");
  });
});

describe("fields and amounts", () => {
  it("tokenises quotes, escaped quotes, tabs and object lists", () => {
    expect(tokenize('#KONTO 1915 "Kassa \\"special\\""', 1)).toEqual(["#KONTO", "1915", 'Kassa "special"']);
    expect(tokenize('#TRANS\t7210\t{1 "100" 6 "Obj300"}\t3750.00', 1)).toEqual([
      "#TRANS",
      "7210",
      { objects: ["1", "100", "6", "Obj300"] },
      "3750.00",
    ]);
    expect(tokenize('#VER "" "" 20110225 "Utbetalning löner"', 1)).toEqual([
      "#VER",
      "",
      "",
      "20110225",
      "Utbetalning löner",
    ]);
    expect(() => tokenize('#KONTO 1910 "open', 7)).toThrow(SieParseError);
  });

  it("reads amounts into öre without floating point", () => {
    expect(parseAmount("-0.03", 1)).toBe(-3);
    expect(parseAmount("1234.5", 1)).toBe(123450);
    expect(parseAmount("100", 1)).toBe(10000);
    expect(parseAmount("0.290", 1)).toBe(29);
    expect(() => parseAmount("1,50", 3)).toThrow("line 3");
    expect(() => parseAmount("1.234", 1)).toThrow();
  });

  it("writes fields, amounts and object lists as SIE 4C asks", () => {
    expect(field("Kassa")).toBe("Kassa");
    expect(field("Kassa och bank")).toBe('"Kassa och bank"');
    expect(field('Säg "hej"')).toBe('"Säg \\"hej\\""');
    expect(field("")).toBe('""');
    expect(amount(-3)).toBe("-0.03");
    expect(amount(123450)).toBe("1234.50");
    expect(objectList({ "6": "P 1", "1": "100" })).toBe('{1 100 6 "P 1"}');
    expect(objectList(null)).toBe("{}");
  });
});

describe("files written by other programs", () => {
  const text = (name: string) => decodeSie(sieFixture(name)).text;

  it.each([
    "fortnox-bokforing-2.0.0_Sie4.si",
    "bl-administration-2011_typ4_rtrans-btrans.SE",
    "mamut-enterprise-14_SIE4_EXPORT.SE",
    "kontek-lon-2011_lonekorning_4I.SI",
  ])("parses %s", (name) => {
    const file = parseSie(text(name));
    expect(file.vouchers.length).toBeGreaterThan(0);
    for (const v of file.vouchers) expect(v.trans.reduce((s, t) => s + t.amountOre, 0)).toBe(0);
  });

  it("reads the details each program writes", () => {
    const fortnox = parseSie(text("fortnox-bokforing-2.0.0_Sie4.si"));
    expect(fortnox.vouchers).toHaveLength(165);
    expect(fortnox.years.get(0)).toEqual({ start: "2010-01-01", end: "2010-12-31" });
    const mamut = parseSie(text("mamut-enterprise-14_SIE4_EXPORT.SE"));
    expect(mamut.format).toBe("PC8");
    expect(mamut.vouchers).toHaveLength(168);
    const kontek = parseSie(text("kontek-lon-2011_lonekorning_4I.SI"));
    expect(kontek.vouchers[0]).toMatchObject({
      series: "",
      number: null,
      date: "2011-02-25",
      text: "Utbetalning löner",
    });
    expect(kontek.vouchers[0].trans.find((t) => t.account === "3740")!.amountOre).toBe(-3);
    expect(kontek.vouchers[0].trans.find((t) => Object.keys(t.objects).length === 3)!.objects).toEqual({
      "1": "100",
      "6": "Obj300",
      "20": "1234567890",
    });
    expect(kontek.dimensions.get(20)).toBe("Nivå 4");
    const bl = parseSie(text("bl-administration-2011_typ4_rtrans-btrans.SE"));
    expect(bl.objects.some((o) => o.name === "Östervåla")).toBe(true);
    expect(detectEncoding(sieFixture("fortnox-bokforing-2.0.0_Sie4.si"))).toBe("cp437");
  });
});

describe("parse errors name the line", () => {
  it.each([
    ["#VER A 1 20260101 x\n#TRANS 1910 {} 1\n", 1, "followed by {"],
    ["#VER A 1 20260101 x\n{\n#TRANS 1910 {} 1\n", 1, "not closed"],
    ["#FLAGGA 0\n}\n", 2, "without a matching {"],
    ["#RAR 0 20261301 20261231\n", 1, "not a date"],
    ["#KONTO 19A0 Kassa\n", 1, "four-digit"],
    ["#VER A 1 20260101 x\n{\n#KONTO 1910 x\n}\n", 3, "inside a #VER"],
    ["FLAGGA 0\n", 1, "#label"],
  ])("%j", (text, line, message) => {
    try {
      parseSie(text);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(SieParseError);
      expect((err as SieParseError).line).toBe(line);
      expect((err as Error).message).toContain(message);
    }
  });
});
