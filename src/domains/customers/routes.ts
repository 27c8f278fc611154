import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerRegisterRoutes, type ExpandLoader } from "../../http/register-routes";
import { CustomerCreateSchema, CustomerPatchSchema, CustomerSchema } from "./schemas";
import { customerJson, listCustomers, loadCustomer } from "./service";

/** openInvoicesOf: the invoicing domain's open invoices of a customer (expand=invoices), wired in by the app. */
export function registerCustomerRoutes(app: OpenAPIHono<AppEnv>, openInvoicesOf: ExpandLoader) {
  registerRegisterRoutes(app, {
    tag: "Customers",
    plural: "customers",
    readScope: "customers:read",
    writeScope: "customers:write",
    schemas: { item: CustomerSchema, create: CustomerCreateSchema, patch: CustomerPatchSchema },
    // Open invoices (sent, partially_paid, overdue): none can exist before the invoicing domain.
    expand: { name: "invoices", load: openInvoicesOf },
    list: listCustomers,
    load: loadCustomer,
    toJson: customerJson,
    commands: {
      create: "customers.create",
      bulkCreate: "customers.bulk_create",
      update: "customers.update",
      archive: "customers.archive",
    },
    notes: {
      create:
        "EU businesses with a vat_number are checked against VIES on commit (never on dry-run); a timeout or outage leaves vat_number_validated false " +
        "and the write succeeds. default_payment_terms defaults to the company's invoice_default_days, else 30.",
      patch:
        "All fields optional. personal_number: plaintext is stored encrypted, the masked form means unchanged, null clears; a customer_type other " +
        "than individual clears it. archived_at: null restores an archived customer. A new vat_number of an EU business is checked again.",
    },
  });
}
