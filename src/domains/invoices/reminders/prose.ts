// The OpenAPI descriptions of the invoices' reminders routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  remindInvoiceDescription: prose`
    For an issued invoice past its due date and not fully paid (else 409
    INVOICE_REMINDER_NOT_OVERDUE). Charges the company's reminder_fee (SEK invoices; at most 60
    kr, lag 1981:739), booked at once Debit 1680 / Credit 3990 without VAT (1510 stays equal to
    the open invoices), and states the late-payment interest so far (räntelagen 6 §: the agreed
    rate, else the reference rate + 8 points per half-year; null when a half-year's reference
    rate is not known), which is not booked. Renders the reminder PDF and emails it to the
    customer, with the same rules and failure handling as send (INVOICE_SEND_NO_CUSTOMER_EMAIL,
    INVOICE_SEND_EMAIL_NOT_CONFIGURED, INVOICE_SEND_PROVIDER_FAILED with the fee reversed). A
    dry-run sends and books nothing. The invoice lists its reminders with expand=reminders.
  `,
  reminderPdfDescription: prose`
    application/pdf, rendered from the reminder's stored figures (the same reminder prints the
    same amounts).
  `,
  interestInvoicedThrough: prose`
    the last day an interest invoice of this invoice charged (null: none); the reminder states
    only the interest after it
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  remindInvoice: {
    summary: "Send a payment reminder (påminnelse) for an overdue invoice",
    description: PROSE.remindInvoiceDescription,
  },
  reminderPdf: {
    summary: "A payment reminder as PDF",
    description: PROSE.reminderPdfDescription,
  },
};
