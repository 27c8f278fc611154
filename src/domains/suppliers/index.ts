// Suppliers: the supplier register. Supplier invoices know their suppliers; this
// domain knows nothing of them (the open count and list are handed in).
// Owns: suppliers.
export { registerSupplierRoutes } from "./routes";
export {
  archiveSupplier,
  bulkCreateSuppliers,
  createSupplier,
  findSupplierByIdentity,
  suppliersByIds,
  loadSupplier,
  planSupplierCreate,
  supplierJson,
  updateSupplier,
  type OpenSupplierInvoiceCount,
} from "./service";
