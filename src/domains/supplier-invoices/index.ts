// Supplier invoices: registration, approval, payment, credit, dispute.
// Owns: supplier_invoices, supplier_invoice_items, supplier_invoice_payments, approval_rules,
// supplier_invoice_approvals (the attest, docs/approvals.md).
export { registerSupplierInvoiceRoutes } from "./routes";
export {
  createSupplierInvoice,
  planSupplierInvoice,
  disputeSupplierInvoice,
  resolveSupplierInvoiceDispute,
  updateSupplierInvoice,
} from "./registration/commands";
export { approveSupplierInvoice, rejectSupplierInvoice, resubmitSupplierInvoice } from "./attest/commands";
export { createApprovalRule, deleteApprovalRule, updateApprovalRule } from "./approval-rules/commands";
export { attestInboxOf, type AttestInboxItem, approvalJson } from "./attest/queries";
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
  payableSupplierInvoices,
  supplierInvoicesAwaitingApproval,
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
