// The OpenAPI descriptions of the invoices' credits routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  creditInvoiceDescription: prose`
    Creates a credit note (KR-<number>, then KR-<number>-2 ...) for the chosen items (whole, a
    quantity or a net amount of each) or for everything not yet credited, dated credit_date
    (default today) in an open period. Allowed on sent, overdue, partially paid and paid
    invoices. The original becomes credited when nothing of it is left; otherwise its remaining
    amount falls by the credit (paid when payments cover the rest; negative = a refund owed).
    Accrual: Credit 1510 / Debit revenue and output VAT. Cash: no entry; later payments book the
    reduced sale. Emits invoice.credited and credit_note.created.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  creditInvoice: {
    summary: "Credit a sent, overdue or paid invoice in full",
    description: PROSE.creditInvoiceDescription,
  },
};
