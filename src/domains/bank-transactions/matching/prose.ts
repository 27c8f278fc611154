// The OpenAPI prose of the matching room's routes (routes.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  matchInvoiceDescription: prose`
    The transaction must be positive (MATCH_INVOICE_NOT_INCOME) and unlinked; the invoice a
    sent, overdue or partially paid invoice (MATCH_INVOICE_NOT_INVOICE_TYPE,
    MATCH_INVOICE_NOT_OPEN). invoice_id defaults to the invoice the row's OCR reference points
    to. A categorisation of the row is reversed first. Accrual: Debit settlement account /
    Credit 1510; cash: Debit settlement / Credit revenue and output VAT, and a partial payment
    is VALIDATION_ERROR. Foreign currency: the difference between the SEK received and the SEK
    booked goes to 3960/7960. An over-payment settles the invoice and books the excess to 2420.
  `,
  matchSupplierInvoiceDescription: prose`
    The transaction must be negative (MATCH_SI_NOT_EXPENSE); the supplier invoice not paid or
    credited (MATCH_SI_ALREADY_PAID). Accrual: Debit 2440 / Credit the settlement account; cash:
    expense and input VAT booked now. FX differences to 3960/7960; a partial cash-method payment
    of a foreign-currency invoice is MATCH_SI_CASH_FX_UNSUPPORTED.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  matchInvoice: {
    summary: "Match an inflow to the customer invoice it pays",
    description: PROSE.matchInvoiceDescription,
  },
  matchSupplierInvoice: {
    summary: "Match an outflow to the supplier invoice it pays",
    description: PROSE.matchSupplierInvoiceDescription,
  },
};
