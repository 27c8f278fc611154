import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerRegisterRoutes, type ExpandLoader } from "../../http/register-routes";
import { SupplierCreateSchema, SupplierPatchSchema, SupplierSchema } from "./schemas";
import { listSuppliers, loadSupplier, supplierJson } from "./service";

/** openSupplierInvoicesOf: the supplier-invoice domain's open invoices of a supplier (expand=supplier_invoices), wired in by the app. */
export function registerSupplierRoutes(app: OpenAPIHono<AppEnv>, openSupplierInvoicesOf: ExpandLoader) {
  registerRegisterRoutes(app, {
    tag: "Suppliers",
    plural: "suppliers",
    readScope: "suppliers:read",
    writeScope: "suppliers:write",
    schemas: { item: SupplierSchema, create: SupplierCreateSchema, patch: SupplierPatchSchema },
    expand: { name: "supplier_invoices", load: openSupplierInvoicesOf },
    list: listSuppliers,
    load: loadSupplier,
    toJson: (_env, row) => supplierJson(row),
    commands: {
      create: "suppliers.create",
      bulkCreate: "suppliers.bulk_create",
      update: "suppliers.update",
      archive: "suppliers.archive",
    },
    notes: {
      create:
        "vat_number, bankgiro, plusgiro, iban and bic are stored as supplied. default_expense_account must be an active account (ACCOUNTS_NOT_IN_CHART).",
      patch:
        "All fields optional; archived_at: null restores. Changing default_expense_account does not rebook earlier invoices.",
    },
  });
}
