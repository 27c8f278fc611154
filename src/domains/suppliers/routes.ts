import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerRegisterRoutes, type ExpandLoader } from "../../http/register-routes";
import { PROSE } from "./prose";
import { listSuppliers, loadSupplier, supplierJson } from "./queries";
import { SupplierCreateSchema, SupplierPatchSchema, SupplierSchema } from "./schemas";

/** openSupplierInvoicesOf: the supplier-invoice domain's open invoices of a supplier (expand=supplier_invoices), wired in by the app. */
export function registerSupplierRoutes(app: OpenAPIHono<AppEnv>, openSupplierInvoicesOf: ExpandLoader) {
  registerRegisterRoutes(app, {
    tag: "Suppliers",
    plural: "suppliers",
    schemas: { item: SupplierSchema, create: SupplierCreateSchema, patch: SupplierPatchSchema },
    expand: { name: "supplier_invoices", load: openSupplierInvoicesOf },
    list: listSuppliers,
    load: loadSupplier,
    toJson: (_env, row) => supplierJson(row),
    notes: PROSE,
  });
}
