// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  supplierInvoicePaymentFileDescription: prose`
    application/xml, attachment. Nothing is stored and no invoice changes: record the payments
    with .../supplier-invoices/{id}/pay once the bank has paid. One batch (SUPP) dated
    execution_date from the company's account (settings iban, else clearing + account, else
    bankgiro). Per invoice (approved, partially_paid or overdue; not a credit note): amount
    (default the remaining amount, at most that), creditor account (given, else the supplier's
    Bankgiro, Plusgiro, IBAN), the payment_reference as OCR (SCOR) for Bankgiro/Plusgiro when it
    passes the check digit, else as the message. Every problem in one CONFLICT with
    details.invoices[] {index, supplier_invoice_id, problem}: not_found, credit_note,
    not_approved, nothing_remaining, amount_above_remaining, no_creditor_account,
    account_needs_sek.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  supplierInvoicePaymentFile: {
    summary: "A pain.001.001.03 credit-transfer file for approved supplier invoices",
    description: PROSE.supplierInvoicePaymentFileDescription,
  },
};
