// The invoice PDF's wrapping of a line's description and of notes (src/domains/invoices/pdf.ts):
// a long text is printed whole over lines of the column's width, not cut or run off the page.
import { describe, expect, it } from "vitest";
import { wrapText } from "../../src/domains/invoices/issue/pdf";

describe("wrapText", () => {
  it("breaks an interest invoice's line at spaces within the description column", () => {
    const text = "Dröjsmålsränta enligt räntelagen på faktura F1, 2026-02-01–2026-03-02, 10 %";
    const lines = wrapText(text, 54, 4);
    expect(lines).toEqual(["Dröjsmålsränta enligt räntelagen på faktura F1,", "2026-02-01–2026-03-02, 10 %"]);
    expect(lines.join(" ")).toBe(text);
  });

  it("keeps a short text on one line, splits a word longer than the width, and cuts past the last line", () => {
    expect(wrapText("Konsulttimmar", 54, 4)).toEqual(["Konsulttimmar"]);
    expect(wrapText("", 54, 4)).toEqual([""]);
    expect(wrapText("abcdefghij", 4, 5)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrapText("aa bb cc dd ee", 5, 2)).toEqual(["aa bb", "cc d…"]);
  });
});
