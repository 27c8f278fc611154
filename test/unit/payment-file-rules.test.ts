// The supplier payment file's rules (src/domains/payment-files/rules.ts), in figures: which
// invoice can be paid and with what amount, which creditor account is chosen, and when the
// reference travels as an OCR.
import { describe, expect, it } from "vitest";
import {
  creditorAccountFor,
  type PayableInvoice,
  type Payee,
  transferFor,
} from "../../src/domains/payment-files/rules";

const INVOICE: PayableInvoice = {
  id: "0b9f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b",
  is_credit_note: false,
  status: "approved",
  approved_at: "2026-03-01T10:00:00Z",
  remaining_amount: 1250.5,
  currency: "SEK",
  supplier_id: "s1",
  supplier_name: "Leverantören AB",
  supplier_invoice_number: "F-1001",
  payment_reference: null,
};
const PAYEE: Payee = {
  name: "Leverantören AB",
  bankgiro: "5050-1055",
  plusgiro: "12345-6",
  iban: "SE4550000000058398257466",
  bic: null,
};

describe("transferFor", () => {
  it.each([
    ["not_found", null, undefined],
    ["credit_note", { ...INVOICE, is_credit_note: true }, undefined],
    ["not_approved", { ...INVOICE, status: "registered" }, undefined],
    ["not_approved", { ...INVOICE, approved_at: null }, undefined],
    ["nothing_remaining", { ...INVOICE, status: "partially_paid", remaining_amount: 0 }, undefined],
    ["amount_above_remaining", INVOICE, 1250.51],
  ] as const)("refuses %s", (problem, inv, amount) => {
    expect(transferFor(inv, PAYEE, amount, null)).toEqual({ problem });
  });

  it("pays what remains, or the amount asked, in öre", () => {
    const all = transferFor(INVOICE, PAYEE, undefined, null);
    const part = transferFor({ ...INVOICE, status: "overdue" }, PAYEE, 1000, null);
    expect("transfer" in all && all.transfer.amountOre).toBe(125_050);
    expect("transfer" in part && part.transfer.amountOre).toBe(100_000);
    expect("transfer" in all && all.transfer.endToEndId).toBe("0b9f6c1e2a3d4e5f8a9b0c1d2e3f4a5b");
  });

  it("sends a valid OCR as a structured reference to a Bankgiro, else the reference or the invoice number as a message", () => {
    const remittance = (payment_reference: string | null, payee = PAYEE) => {
      const out = transferFor({ ...INVOICE, payment_reference }, payee, undefined, null);
      return "transfer" in out ? out.transfer.remittance : null;
    };
    expect(remittance("12345674")).toEqual({ ocr: "12345674" });
    expect(remittance("12345675")).toEqual({ message: "12345675" });
    expect(remittance(null)).toEqual({ message: "Faktura F-1001" });
    expect(remittance("12345674", { ...PAYEE, bankgiro: null, plusgiro: null })).toEqual({ message: "12345674" });
  });

  it("pays another currency to an IBAN only", () => {
    const eur = { ...INVOICE, currency: "EUR" };
    expect(transferFor(eur, { ...PAYEE, iban: null }, undefined, null)).toEqual({ problem: "no_creditor_account" });
    expect(transferFor(eur, PAYEE, undefined, { kind: "bankgiro", number: "5050-1055" })).toEqual({
      problem: "account_needs_sek",
    });
    const out = transferFor(eur, PAYEE, undefined, null);
    expect("transfer" in out && out.transfer.account).toEqual({ kind: "iban", iban: PAYEE.iban, bic: null });
  });
});

describe("creditorAccountFor", () => {
  it("takes the account given, else Bankgiro, Plusgiro, IBAN for SEK", () => {
    const given = { kind: "plusgiro", number: "1-2" } as const;
    expect(creditorAccountFor(given, PAYEE, true)).toBe(given);
    expect(creditorAccountFor(null, PAYEE, true)).toEqual({ kind: "bankgiro", number: "5050-1055" });
    expect(creditorAccountFor(null, { ...PAYEE, bankgiro: null }, true)).toEqual({
      kind: "plusgiro",
      number: "12345-6",
    });
    expect(creditorAccountFor(null, { ...PAYEE, bankgiro: null, plusgiro: null }, true)?.kind).toBe("iban");
    expect(creditorAccountFor(null, undefined, true)).toBeNull();
  });
});
