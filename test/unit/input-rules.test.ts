// The text rule and the amount limits of src/http/fields.ts (docs/hardening.md).
import { describe, expect, it } from "vitest";
import { checkBodyText, JournalLinesSchema, MAX_AMOUNT_KR, textProblem } from "../../src/http/fields";
import { AmountOutOfRangeError, sumOre } from "../../src/money";
import { lineNetOre } from "../../src/sweden/invoicing";
import { z } from "@hono/zod-openapi";
import { itemsWithinLimits } from "../../src/http/fields";

describe("textProblem", () => {
  it("accepts every script, emoji (surrogate pairs), combining marks and the bidi marks that do not reorder", () => {
    for (const s of [
      "Åsa Öberg",
      "مرحبا",
      "שלום",
      "日本語",
      "😀👍🏽",
      "e\u0301",
      "a\u200Eb\u200Fc\u061C",
      "",
      "tab\tand\nnewline",
    ]) {
      expect(textProblem(s, true), s).toBeNull();
    }
  });

  it("refuses C0 controls, DEL and C1, naming the code point; \\n and \\t only where multi-line", () => {
    expect(textProblem("a\u0000b", true)).toContain("U+0000");
    expect(textProblem("a\rb", true)).toContain("U+000D");
    expect(textProblem("a\u001bb", false)).toContain("U+001B");
    expect(textProblem("a\u007fb", false)).toContain("U+007F");
    expect(textProblem("a\u0085b", false)).toContain("U+0085");
    expect(textProblem("a\u009fb", false)).toContain("U+009F");
    expect(textProblem("a\nb", false)).toContain("single-line");
    expect(textProblem("a\tb", false)).toContain("U+0009");
    expect(textProblem("a\u00a0b", false)).toBeNull(); // no-break space is text
  });

  it("refuses every bidirectional embedding, override and isolate (Trojan Source, CVE-2021-42574)", () => {
    for (const c of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(textProblem(`x${String.fromCharCode(c)}y`, true)).toContain(`U+${c.toString(16).toUpperCase()}`);
    }
    expect(textProblem("x\u2065y", true)).toBeNull();
    expect(textProblem("x\u202fy", true)).toBeNull();
  });

  it("refuses unpaired surrogates anywhere, accepts pairs", () => {
    expect(textProblem("\ud83d\ude00", false)).toBeNull();
    expect(textProblem("\ud800", false)).toContain("unpaired surrogate U+D800");
    expect(textProblem("x\ud800", false)).toContain("unpaired");
    expect(textProblem("\ud800x", false)).toContain("unpaired");
    expect(textProblem("\udc00\ud800", false)).toContain("U+DC00");
    expect(textProblem("\ud83d\ude00\ude00", false)).toContain("U+DE00");
  });
});

describe("checkBodyText", () => {
  it("names the first offending field as zod does, keys included, and lets multi-line keys keep newlines", () => {
    expect(
      checkBodyText({ name: "ok", notes: "a\nb", items: [{ description: "x\ty" }, { unit: "st\u202e" }] }),
    ).toEqual({ path: "items.1.unit", message: expect.stringContaining("U+202E") });
    expect(checkBodyText({ dimensions: { "1\u0000": "x" } })).toEqual({
      path: "dimensions.1\u0000",
      message: expect.stringContaining("field name"),
    });
    expect(checkBodyText({ name: "a\nb" })?.path).toBe("name");
    expect(checkBodyText({ line_description: "a\nb", reason: "x\ny", tags: ["a", "b"] })).toBeNull();
    expect(checkBodyText([1, true, null, 2.5])).toBeNull();
  });

  it("refuses nesting deeper than 32 levels without exhausting the stack", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(checkBodyText(deep)?.message).toContain("nested deeper than 32");
  });
});

describe("amount limits", () => {
  it("keep every sum of an entry within safe integers, and say the limit", () => {
    const lines = (n: number, amount: number) =>
      Array.from({ length: n }, (_, i) =>
        i % 2 ? { account_number: "3001", credit_amount: amount } : { account_number: "1930", debit_amount: amount },
      );
    expect(JournalLinesSchema(2).safeParse(lines(2, MAX_AMOUNT_KR)).success).toBe(true);
    const over = JournalLinesSchema(2).safeParse(lines(4, MAX_AMOUNT_KR));
    expect(over.success).toBe(false);
    expect(over.error!.issues[0].message).toContain("999 999 999 999 kr");
    expect(JournalLinesSchema(2).safeParse(lines(1002, 1)).success).toBe(false);
  });

  it("bound each invoice line (quantity x unit_price) and the items together", () => {
    const schema = z
      .array(
        z.object({
          quantity: z.number().optional(),
          unit_price: z.number().optional(),
          amount: z.number().optional(),
          vat_amount: z.number().optional(),
        }),
      )
      .superRefine(itemsWithinLimits);
    expect(schema.safeParse([{ quantity: 1_000, unit_price: 999_999_999 }]).success).toBe(true);
    const line = schema.safeParse([{ quantity: 1_000_000_000, unit_price: 999_999_999 }]);
    expect(line.error!.issues[0].path).toEqual([0, "unit_price"]);
    const sum = schema.safeParse([{ amount: MAX_AMOUNT_KR }, { amount: 1 }]);
    expect(sum.error!.issues[0].path).toEqual([]);
    expect(schema.safeParse([{ amount: MAX_AMOUNT_KR, vat_amount: 1 }]).error!.issues[0].path).toEqual([0, "amount"]);
    expect(schema.safeParse([{ amount: MAX_AMOUNT_KR }, { amount: -MAX_AMOUNT_KR }]).success).toBe(true);
  });

  it("throw AmountOutOfRangeError, which the runner answers as VALIDATION_ERROR, past safe integers", () => {
    expect(() => sumOre([Number.MAX_SAFE_INTEGER, 1])).toThrow(AmountOutOfRangeError);
    expect(() => lineNetOre("1000000000", 99_999_999_999_900)).toThrow(AmountOutOfRangeError);
    expect(lineNetOre("2.5", 1000)).toBe(2500);
  });
});
