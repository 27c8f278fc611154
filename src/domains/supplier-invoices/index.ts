// Supplier invoices: registration, approval, payment, credit, dispute.
// Owns: supplier_invoices, supplier_invoice_items, supplier_invoice_payments.
export { registerSupplierInvoiceRoutes } from "./routes";
export {
  approveSupplierInvoice,
  createSupplierInvoice,
  planSupplierInvoice,
  disputeSupplierInvoice,
  resolveSupplierInvoiceDispute,
  updateSupplierInvoice,
} from "./registration/commands";
export { paySupplierInvoice } from "./payments/commands";
export { creditSupplierInvoice } from "./credits/commands";
export { importPeppolSupplierInvoice } from "./peppol/commands";
export { importPeppolCreditNote } from "./peppol/credit";
export { PEPPOL_IMPORT_OPERATION, runPeppolImport, startPeppolImport } from "./peppol/operation";
export { reverseSupplierCredit } from "./credits/reversal";
export { markSupplierInvoicesOverdue } from "./payments/overdue";
export { reverseSupplierInvoicePayment } from "./payments/reversal";
export {
  companiesWithPastDueSupplierInvoices,
  countOpenSupplierInvoices,
  findSupplierInvoice,
  itemsOfSupplierInvoice,
  loadSupplierInvoice,
  openSupplierInvoicesForMatching,
  openSupplierInvoicesOf,
  openSupplierItemsAt,
  settledSupplierInvoicesNamed,
} from "./queries";
export { foreignPayablesToRevalue, planPayableBookValues } from "./payments/revaluation";
export { unpaidAtYearEndLines } from "./payments/year-end";
export {
  SupplierInvoiceCreateSchema,
  SupplierInvoiceItemInputSchema,
  SupplierInvoiceSchema,
  type SupplierInvoiceCreateInput,
} from "./schemas";
