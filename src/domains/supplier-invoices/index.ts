// Supplier invoices: registration, approval, payment, credit, dispute.
// Owns: supplier_invoices, supplier_invoice_items, supplier_invoice_payments.
export { registerSupplierInvoiceRoutes } from "./routes";
export {
  approveSupplierInvoice,
  createSupplierInvoice,
  disputeSupplierInvoice,
  paySupplierInvoice,
  resolveSupplierInvoiceDispute,
  updateSupplierInvoice,
} from "./service";
export { creditSupplierInvoice } from "./credit";
export { importPeppolSupplierInvoice } from "./peppol-import";
export { importPeppolCreditNote } from "./peppol-credit";
export { PEPPOL_IMPORT_OPERATION, runPeppolImport, startPeppolImport } from "./peppol-operation";
export { reverseSupplierCredit } from "./credit-reversal";
export { markSupplierInvoicesOverdue } from "./overdue";
export { reverseSupplierInvoicePayment } from "./payment-reversal";
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
export { foreignPayablesToRevalue, planPayableBookValues } from "./revaluation";
export { unpaidAtYearEndLines } from "./year-end";
