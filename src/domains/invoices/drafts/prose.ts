// The OpenAPI descriptions of the invoices' drafts routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  listInvoicesDescription: prose`
    Newest registration first. date_from and date_to filter invoice_date. expand: customer,
    items, payments.
  `,
  getInvoiceDescription: prose`
    expand (comma-separated): items, payments, customer, deduction, reminders, peppol_delivery
    (the delivery to the Peppol access point, null when none). Another company's invoice is 404.
  `,
  createInvoiceDescription: prose`
    A draft has invoice_number null and no entry. vat_rate is checked against what the customer
    may be charged (INVOICE_CREATE_VAT_RULE_VIOLATION). is_self_billed=true with
    external_invoice_number and received_date books the sale at once under the buyer's number. A
    dry-run shows the would-be invoice.
  `,
  bulkCreateInvoicesDescription: prose`
    Same item shape as POST /invoices. The Idempotency-Key covers the whole batch.
    all_or_nothing: true is 501.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listInvoices: {
    summary: "List invoices (credit notes included, is_credit_note true)",
    description: PROSE.listInvoicesDescription,
  },
  getInvoice: {
    summary: "Get an invoice",
    description: PROSE.getInvoiceDescription,
  },
  createInvoice: {
    summary: "Create an invoice (a draft), or book a self-billed one",
    description: PROSE.createInvoiceDescription,
  },
  bulkCreateInvoices: {
    summary: "Create up to 50 invoices; each succeeds or fails on its own",
    description: PROSE.bulkCreateInvoicesDescription,
  },
  updateInvoice: {
    summary: "Update a draft's dates, exchange rate, references or notes",
    description: "Drafts only (INVOICE_UPDATE_NOT_DRAFT); lines are fixed once created.",
  },
  cancelInvoice: {
    summary: "Cancel a draft (204)",
    description: "Drafts only (INVOICE_DELETE_NOT_DRAFT). The row is kept with status cancelled.",
  },
};
