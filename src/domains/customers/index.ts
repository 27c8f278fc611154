// Customers: the customer register. Invoices know their customers; this domain
// knows nothing of invoices (the open-invoice count and list are handed in). Its
// register core is shared with suppliers (domains/parties).
// Owns: customers.
export { registerCustomerRoutes } from "./routes";
export {
  archiveCustomer,
  bulkCreateCustomers,
  createCustomer,
  updateCustomer,
  type OpenInvoiceCount,
} from "./commands";
export { customerJson, customerOf, customerRead, customersByIds, loadCustomer } from "./queries";
