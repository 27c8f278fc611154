import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerRegisterRoutes, type ExpandLoader } from "../../http/register-routes";
import { PROSE } from "./prose";
import { customerJson, listCustomers, loadCustomer } from "./queries";
import { CustomerCreateSchema, CustomerPatchSchema, CustomerSchema } from "./schemas";

/** openInvoicesOf: the invoicing domain's open invoices of a customer (expand=invoices), wired in by the app. */
export function registerCustomerRoutes(app: OpenAPIHono<AppEnv>, openInvoicesOf: ExpandLoader) {
  registerRegisterRoutes(app, {
    tag: "Customers",
    plural: "customers",
    schemas: { item: CustomerSchema, create: CustomerCreateSchema, patch: CustomerPatchSchema },
    // Open invoices (sent, partially_paid, overdue): none can exist before the invoicing domain.
    expand: { name: "invoices", load: openInvoicesOf },
    list: listCustomers,
    load: loadCustomer,
    toJson: customerJson,
    notes: PROSE,
  });
}
