// The VAT return form's result line (src/domains/vat-returns/pdf.ts): box 49 in words, whole
// kronor with a space every three digits, as test/integration/vat-returns.test.ts reads the PDF.
import { describe, expect, it } from "vitest";
import { resultLine } from "../../src/domains/vat-returns/pdf";

describe("resultLine", () => {
  const cases: [number, string][] = [
    [2500, "Moms att betala: 2 500 kr"],
    [1234567, "Moms att betala: 1 234 567 kr"],
    [-800, "Moms att få tillbaka: 800 kr"],
    [0, "Ingen moms att betala eller få tillbaka"],
  ];
  it.each(cases)("box 49 = %d", (box49, line) => expect(resultLine(box49)).toBe(line));
});
