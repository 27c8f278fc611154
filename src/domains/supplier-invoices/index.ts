// Supplier invoices: registration, approval, payment, credit, dispute.
// Owns: supplier_invoices, supplier_invoice_items, supplier_invoice_payments.
export { registerSupplierInvoiceRoutes } from "./routes";
export {
  approveSupplierInvoice,
  createSupplierInvoice,
  creditSupplierInvoice,
  disputeSupplierInvoice,
  paySupplierInvoice,
  resolveSupplierInvoiceDispute,
  updateSupplierInvoice,
} from "./service";
export { markSupplierInvoicesOverdue } from "./overdue";
export {
  companiesWithPastDueSupplierInvoices,
  countOpenSupplierInvoices,
  findSupplierInvoice,
  openSupplierInvoicesForMatching,
  openSupplierInvoicesOf,
  openSupplierItemsAt,
  settledSupplierInvoicesNamed,
} from "./queries";
export { foreignPayablesToRevalue, planPayableBookValues } from "./revaluation";
export { unpaidAtYearEndLines } from "./year-end";
