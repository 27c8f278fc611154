// The OpenAPI descriptions of the supplier invoices' credits routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  creditSupplierInvoiceDescription: prose`
    The credit note is dated credit_date (default today), in an open period and not up to its
    lock date (else SI_CREDIT_PERIOD_LOCKED), not before the invoice date. items[] credits
    chosen items, each in what is left of it or by a net amount (its VAT in proportion; the
    credit completing an item takes exactly its VAT left); without items everything not yet
    credited is. Accrual entry: the credited part of the registration mirrored (Debit 2440 /
    Credit expense and 2641). Cash: no entry, and only a whole credit. The original becomes
    credited when nothing is left, else its credited amount grows (paid when its payments cover
    the rest). Already credited: SI_CREDIT_ALREADY_CREDITED.
  `,
  reverseSupplierCreditDescription: prose`
    Accrual: the credit note's entry is reversed by a storno dated reversal_date (default today,
    in an open period, not before the credit note's date); cash: the credit note booked nothing
    and nothing is booked. The original returns to what it would be without the credit
    (credited_amount down; registered, approved, overdue, partially paid, or paid when payments
    and other credits cover it). The credit note stays in the list with credit_reversed_at set
    and no longer counts. Not a credit note of this invoice: NOT_FOUND; a second reverse:
    ENTRY_ALREADY_REVERSED. Emits supplier_invoice.uncredited.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  creditSupplierInvoice: {
    summary: "Credit a supplier invoice, whole or in part",
    description: PROSE.creditSupplierInvoiceDescription,
  },
  reverseSupplierCredit: {
    summary: "Reverse a credit note registered by mistake (the invoice is uncredited)",
    description: PROSE.reverseSupplierCreditDescription,
  },
};
