// The OpenAPI descriptions of the invoices' interest routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  interestInvoiceDescription: prose`
    Late-payment interest (räntelagen 6 §) on an issued SEK invoice: from the due date on the
    amount then outstanding, each payment or credit note lowering it from its date, up to the
    last payment or to_date (default today). The rate is the company's
    late_payment_interest_rate, else Riksbanken's reference rate + 8 points per half-year;
    simple interest, actual/365, rounded to öre once. Days an earlier interest invoice of the
    same invoice charged are not charged again. The answer is a new invoice of kind interest:
    numbered in the F series with an OCR reference, one line without VAT (outside the scope of
    VAT), booked at once Debit 1510 / Credit 8313 under accrual (under the cash method when
    paid), its PDF archived; send: true also emails it as send does. It is paid, reminded and
    credited as any invoice. Refusals (409): INVOICE_INTEREST_NOT_INVOICEABLE (a credit note,
    draft, cancelled, proforma, interest or foreign-currency invoice), INVOICE_INTEREST_NONE_DUE
    (paid on time, no days left to charge), INVOICE_INTEREST_REFERENCE_RATE_UNKNOWN
    (details.half_year: a half-year whose reference rate the service does not have).
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  issueInterestInvoice: {
    summary: "Issue an interest invoice (räntefaktura) for late payment of an invoice",
    description: PROSE.interestInvoiceDescription,
  },
};
