// The OpenAPI descriptions of the invoices' issue routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  invoicePdfDescription: prose`
    application/pdf. An issued invoice or credit note is served as archived when it was issued
    (pdf_document_id), byte for byte: later payments, credits and ROT/RUT decisions show in its
    JSON and on new documents, never by rewriting it. A draft renders with UTKAST across the
    page and an utkast file name.
  `,
  markInvoiceSentDescription: prose`
    Allocates the next number of the series (F invoices, D delivery notes, P proforma) and,
    under accrual, posts Debit 1510 / Credit revenue and output VAT dated invoice_date.
  `,
  sendInvoiceDescription: prose`
    Allocates the number, books the sale (accrual), renders and archives the PDF (document_id),
    all in one write, then sends it by the customer's channel (channel). peppol, when the
    customer has e_invoice and the company a peppol_access_point: the Peppol BIS 3.0 document
    (validated; a fatal rule refuses with 422 INVOICE_PEPPOL_DOCUMENT_INVALID, nothing issued)
    and its delivery (peppol_delivery, pending) are written in the same write; the access point
    is called by the queue after the commit and retried on the webhook schedule
    (docs/peppol.md). email otherwise: the PDF is emailed; if the mail provider fails, the entry
    is reversed by a storno, the invoice returns to draft keeping its number, and the answer is
    502 INVOICE_SEND_PROVIDER_FAILED; retrying sends it under the same number. No customer
    email: INVOICE_SEND_NO_CUSTOMER_EMAIL (422 INVOICE_SEND_NO_CHANNEL when the customer wants
    e-invoices and there is no access point); no mail provider configured: 503
    INVOICE_SEND_EMAIL_NOT_CONFIGURED. A dry-run sends and stores nothing.
  `,
  bookInvoiceDescription: prose`
    Books the sale of a sent (or overdue) invoice that carries no entry, as issuing would have
    under the accrual method: Debit 1510 (1513 for a ROT/RUT deduction) / Credit revenue and
    output VAT, dated invoice_date. Today such an invoice is one issued under the cash method by
    a company since moved to the accrual method. No body. Refusals: INVOICE_BOOK_NOT_BOOKABLE
    (proforma, delivery note, credit note), INVOICE_BOOK_DEFERRED_DRAFT,
    INVOICE_BOOK_ALREADY_BOOKED, INVOICE_BOOK_CASH_METHOD, INVOICE_BOOK_INVALID_STATUS
    (cancelled, credited, paid or credited in part), INVOICE_BOOK_NO_FISCAL_PERIOD,
    PERIOD_LOCKED.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  invoicePdf: {
    summary: "The invoice as PDF",
    description: PROSE.invoicePdfDescription,
  },
  markInvoiceSent: {
    summary: "Mark a draft as sent without emailing it",
    description: PROSE.markInvoiceSentDescription,
  },
  sendInvoice: {
    summary: "Send a draft by Peppol or email",
    description: PROSE.sendInvoiceDescription,
  },
  bookInvoice: {
    summary: "Book a sent invoice that has no entry",
    description: PROSE.bookInvoiceDescription,
  },
};
