// Payment files: ISO 20022 pain.001.001.03 credit-transfer files for a selection of approved
// supplier invoices, to upload to the company's bank. Reads supplier invoices and suppliers
// through their index.ts; writes nothing. (A salary run's file is payroll's:
// GET .../salary-runs/{id}/payment-file.)
// Owns: no tables.
export { registerPaymentFileRoutes } from "./routes";
export { plannedSupplierTransfers, supplierPain001 } from "./queries";
export { SupplierPaymentSchema, type SupplierPaymentFileInput } from "./schemas";
