// The supplier payment file's rules (pure, no I/O): whether a selected supplier invoice can be
// paid by the file, and the credit transfer that pays it. The rules are listed in queries.ts.
import { toOre } from "../../money";
import { isValidOcr } from "../../sweden/ocr";
import type { CreditorAccount, CreditTransfer } from "../../sweden/payments/pain001";

/** The invoice as the file needs it (supplier-invoices' JSON shape). */
export interface PayableInvoice {
  id: string;
  is_credit_note: boolean;
  status: string;
  approved_at: string | null;
  remaining_amount: number;
  currency: string;
  supplier_id: string;
  supplier_name: string;
  supplier_invoice_number: string;
  payment_reference: string | null;
}

/** The supplier's accounts as its register holds them. */
export interface Payee {
  name: string;
  bankgiro: string | null;
  plusgiro: string | null;
  iban: string | null;
  bic: string | null;
}

export type PaymentProblem =
  | "not_found"
  | "credit_note"
  | "not_approved"
  | "nothing_remaining"
  | "amount_above_remaining"
  | "no_creditor_account"
  | "account_needs_sek";

const PAYABLE = new Set(["approved", "partially_paid", "overdue"]);

export const endToEndId = (uuid: string) => uuid.replace(/-/g, "");

/** The account given, else for SEK the supplier's Bankgiro, then Plusgiro; else its IBAN. */
export function creditorAccountFor(
  given: CreditorAccount | null,
  payee: Payee | undefined,
  sek: boolean,
): CreditorAccount | null {
  if (given) return given;
  if (!payee) return null;
  if (sek && payee.bankgiro) return { kind: "bankgiro", number: payee.bankgiro };
  if (sek && payee.plusgiro) return { kind: "plusgiro", number: payee.plusgiro };
  if (payee.iban) return { kind: "iban", iban: payee.iban, bic: payee.bic };
  return null;
}

/** The amount the invoice can be paid with (öre), or why it cannot be paid. */
function payableAmount(inv: PayableInvoice, amountKr: number | undefined): number | PaymentProblem {
  if (inv.is_credit_note) return "credit_note";
  if (!PAYABLE.has(inv.status) || !inv.approved_at) return "not_approved";
  const remaining = toOre(inv.remaining_amount)!;
  if (remaining <= 0) return "nothing_remaining";
  const amount = amountKr === undefined ? remaining : toOre(amountKr)!;
  if (amount > remaining) return "amount_above_remaining";
  return amount;
}

/**
 * The credit transfer that pays `inv` (amount in kronor, default what remains), or the first
 * rule it fails. The reference is an OCR (SCOR) to a Bankgiro or Plusgiro when it passes the
 * modulus-10 check, else the message.
 */
export function transferFor(
  inv: PayableInvoice | null,
  payee: Payee | undefined,
  amountKr: number | undefined,
  given: CreditorAccount | null,
): { transfer: CreditTransfer } | { problem: PaymentProblem } {
  if (!inv) return { problem: "not_found" };
  const amount = payableAmount(inv, amountKr);
  if (typeof amount === "string") return { problem: amount };
  const sek = inv.currency === "SEK";
  const account = creditorAccountFor(given, payee, sek);
  if (!account) return { problem: "no_creditor_account" };
  if (!sek && account.kind !== "iban") return { problem: "account_needs_sek" };
  const ref = inv.payment_reference?.trim() || null;
  const giro = account.kind === "bankgiro" || account.kind === "plusgiro";
  return {
    transfer: {
      endToEndId: endToEndId(inv.id),
      amountOre: amount,
      currency: inv.currency,
      creditorName: payee?.name ?? inv.supplier_name,
      account,
      remittance:
        ref && giro && isValidOcr(ref, false)
          ? { ocr: ref }
          : { message: ref ?? `Faktura ${inv.supplier_invoice_number}` },
    },
  };
}
