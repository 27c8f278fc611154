import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { fileResponse } from "../../http/file-response";
import { defineRoute, type HandlerContext } from "../../http/route";
import { SupplierPaymentFileSchema } from "./schemas";
import { supplierPaymentFile } from "./queries";
import { handled, on, registerRoutes } from "../../http/route-table";

const READ_BY_POST = { tag: "Supplier invoices", scope: "suppliers:read", company: true, write: false } as const;

const supplierInvoicePaymentFileRoute = defineRoute({
  ...on.post(
    READ_BY_POST,
    "/api/v1/companies/{companyId}/payment-files/supplier-invoices",
    DOCS.supplierInvoicePaymentFile,
  ),
  body: SupplierPaymentFileSchema,
  response: null,
});

async function supplierInvoicePaymentFile(c: HandlerContext<typeof supplierInvoicePaymentFileRoute>) {
  const file = await supplierPaymentFile(
    database(c.env),
    c.get("company").id,
    c.req.valid("json"),
    new Date().toISOString(),
  );
  return fileResponse(c, new TextEncoder().encode(file.xml), "application/xml", file.fileName);
}

export function registerPaymentFileRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(supplierInvoicePaymentFileRoute, supplierInvoicePaymentFile)]);
}
