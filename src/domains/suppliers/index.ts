// Suppliers: the supplier register. Supplier invoices know their suppliers; this
// domain knows nothing of them (the open count and list are handed in). Its register
// core is shared with customers (domains/parties).
// Owns: suppliers.
export { registerSupplierRoutes } from "./routes";
export {
  archiveSupplier,
  bulkCreateSuppliers,
  createSupplier,
  planSupplierCreate,
  updateSupplier,
  type OpenSupplierInvoiceCount,
} from "./commands";
export {
  findSupplierByIdentity,
  findSupplierByPaymentAccount,
  loadSupplier,
  supplierJson,
  suppliersByIds,
} from "./queries";
