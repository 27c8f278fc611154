// The booking suggestions for a bank row (src/domains/bank-transactions/booking/rules.ts), with
// the figures the integration tests assert through suggest-categories: an invoice by its OCR
// reference 0.99, by its number 0.97 / 0.95, by its amount alone 0.75 (not when the row pays a
// settled document), the merchant's template 0.90 / 0.80, the category rules from 0.60.
import { describe, expect, it } from "vitest";
import {
  invoiceSuggestions,
  rankSuggestions,
  ruleSuggestions,
  type SuggestedRow,
  supplierInvoiceSuggestions,
  templateSuggestion,
} from "../../src/domains/bank-transactions/booking/rules";

const row = (text: string, amountOre: number, ocrReferences: string[] = []): SuggestedRow => ({
  text,
  amountOre,
  currency: "SEK",
  currencyForeign: null,
  amountForeignOre: null,
  ocrReferences,
});
const invoice = {
  id: "inv1",
  invoice_number: "1042",
  ocr_number: "104257",
  customer_name: "Kafé Björken AB",
  remaining_amount: 1250,
  currency: "SEK",
  status: "sent",
};
const supplierInvoice = {
  id: "si1",
  supplier_invoice_number: "F-7781",
  payment_reference: "55512345",
  supplier_name: "Telia",
  remaining_amount: 499,
  currency: "SEK",
  status: "registered",
};

describe("invoiceSuggestions", () => {
  const cases: [string, SuggestedRow, boolean, number[]][] = [
    ["the OCR reference", row("BG INBETALNING", 125000, ["104257"]), true, [0.99]],
    ["the number and the amount", row("Faktura 1042", 125000), true, [0.97]],
    ["the number, another amount", row("Faktura 1042", 100000), true, [0.95]],
    ["the amount alone", row("BG INBETALNING", 125000), true, [0.75]],
    ["the amount alone when the row pays a settled document", row("BG INBETALNING", 125000), false, []],
    ["nothing", row("BG INBETALNING", 99900), true, []],
  ];
  it.each(cases)("%s", (_, r, byAmount, confidences) => {
    expect(invoiceSuggestions(r, [invoice], byAmount).map((s) => s.confidence)).toEqual(confidences);
  });

  it("never offers a paid or credited invoice", () => {
    expect(invoiceSuggestions(row("", 125000, ["104257"]), [{ ...invoice, status: "paid" }], true)).toEqual([]);
  });
});

describe("supplierInvoiceSuggestions", () => {
  const cases: [string, SuggestedRow, boolean, number[]][] = [
    ["the payment reference and the amount", row("BG 55512345", -49900), true, [0.97]],
    ["the number, another amount", row("F-7781 Telia", -10000), true, [0.95]],
    ["the amount alone", row("Autogiro", -49900), true, [0.75]],
    ["an inflow of the amount", row("Autogiro", 49900), true, []],
  ];
  it.each(cases)("%s", (_, r, byAmount, confidences) => {
    expect(supplierInvoiceSuggestions(r, [supplierInvoice], byAmount).map((s) => s.confidence)).toEqual(confidences);
  });
});

describe("the template, the category rules and the ranking", () => {
  it("takes the merchant's booking at 0.80, 0.90 once used three times", () => {
    const t = {
      id: "t1",
      category: "office_supplies",
      accountNumber: "6110",
      vatTreatment: "standard_25",
      useCount: 1,
    };
    expect(templateSuggestion(t, "Clas Ohlson").confidence).toBe(0.8);
    expect(templateSuggestion({ ...t, useCount: 3 }, "Clas Ohlson").confidence).toBe(0.9);
  });

  it("reads bank fees from MÅNADSAVGIFT FÖRETAGSPAKET: 6570, no VAT, 0.60", () => {
    expect(ruleSuggestions("MÅNADSAVGIFT FÖRETAGSPAKET", "out", "aktiebolag")[0]).toMatchObject({
      category: "bank_fees",
      account_number: "6570",
      vat_treatment: "none",
      confidence: 0.6,
    });
  });

  it("ranks strongest first, once per category, account and document, rounded to two decimals", () => {
    const s = (category: string, confidence: number) => ({
      category,
      account_number: "6570",
      vat_treatment: "none" as const,
      confidence,
      reason: "",
    });
    expect(
      rankSuggestions([s("a", 0.5), s("b", 0.6000001), s("a", 0.7)]).map((x) => [x.category, x.confidence]),
    ).toEqual([
      ["a", 0.7],
      ["b", 0.6],
    ]);
  });
});
