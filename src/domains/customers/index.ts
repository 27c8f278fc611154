// Customers: the customer register. Invoices know their customers; this domain
// knows nothing of invoices (the open-invoice count and list are handed in).
// Owns: customers.
export { registerCustomerRoutes } from "./routes";
export {
  archiveCustomer,
  bulkCreateCustomers,
  createCustomer,
  customerJson,
  customerOf,
  customerRead,
  customersByIds,
  loadCustomer,
  updateCustomer,
  type OpenInvoiceCount,
} from "./service";
