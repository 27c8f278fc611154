// The OpenAPI descriptions of the supplier invoices' registration routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  listSupplierInvoicesDescription: prose`
    Newest registration first. date_from and date_to filter invoice_date. expand: supplier,
    items, payments.
  `,
  createSupplierInvoiceDescription: prose`
    Accrual: posts Debit expense and 2641 / Credit 2440 in the same write (with apply_slp also
    Debit 7533 / Credit 2514 at 24.26 %). Cash: no entry until payment. invoice_date must be in
    an open period (PERIOD_LOCKED). A foreign currency without exchange_rate takes the Riksbank
    rate of invoice_date, else SI_FX_RATE_MISSING. A duplicate (supplier,
    supplier_invoice_number) is SI_CREATE_DUPLICATE_INVOICE_NUMBER.
  `,
  updateSupplierInvoiceDescription: prose`
    Amounts and accounts are changed by crediting the invoice and registering it again (the
    entry is immutable).
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listSupplierInvoices: {
    summary: "List supplier invoices (credit notes included, is_credit_note true)",
    description: PROSE.listSupplierInvoicesDescription,
  },
  getSupplierInvoice: {
    summary: "Get a supplier invoice",
    description: "expand (comma-separated): supplier, items, payments.",
  },
  createSupplierInvoice: {
    summary: "Register a supplier invoice",
    description: PROSE.createSupplierInvoiceDescription,
  },
  updateSupplierInvoice: {
    summary: "Update an unpaid supplier invoice's number, due date, payment reference or notes",
    description: PROSE.updateSupplierInvoiceDescription,
  },
  disputeSupplierInvoice: {
    summary: "Mark an open supplier invoice as disputed",
    description: "It stays in the supplier ledger and cannot be paid until the dispute is resolved.",
  },
  resolveDispute: {
    summary: "End a dispute: back to registered, approved, partially_paid or overdue",
  },
};
