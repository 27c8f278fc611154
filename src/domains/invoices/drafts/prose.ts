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
