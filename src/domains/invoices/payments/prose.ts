// The OpenAPI descriptions of the invoices' payments routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  payInvoiceDescription: prose`
    Accrual: Debit settlement_account (1930) / Credit 1510. Cash: Debit 1930 / Credit revenue
    and output VAT, whole amount only. Full amount: paid (emits invoice.paid); less:
    partially_paid. Custom lines must balance (INVOICE_PAID_LINES_UNBALANCED).
  `,
  refundInvoiceDescription: prose`
    On a SEK invoice whose remaining_amount is negative after a credit: amount (default the
    whole refund owed), refund_date (default today), settlement_account (1930). Accrual: Debit
    1510 / Credit 1930 (the credit note already took revenue and VAT back). Cash: Debit revenue
    and output VAT, the refund's share of the credited lines / Credit 1930 (the credit note
    booked nothing; the reversal is booked here). Stored as a payment with a negative amount:
    paid_amount falls, remaining_amount rises toward 0; reversible as a payment.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  payInvoice: {
    summary: "Record a payment of a sent invoice",
    description: PROSE.payInvoiceDescription,
  },
  refundInvoice: {
    summary: "Pay back what a credit note left overpaid (a refund owed)",
    description: PROSE.refundInvoiceDescription,
  },
};
