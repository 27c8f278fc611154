import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { fileResponse } from "../../http/file-response";
import { CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { SupplierPaymentFileSchema } from "./schemas";
import { supplierPaymentFile } from "./queries";

const supplierInvoicePaymentFileRoute = defineRoute({
  tag: "Supplier invoices",
  scope: "suppliers:read",
  company: true,
  write: false,
  method: "post",
  path: "/api/v1/companies/{companyId}/payment-files/supplier-invoices",
  summary: "A pain.001.001.03 credit-transfer file for approved supplier invoices",
  description: PROSE.supplierInvoicePaymentFileDescription,
  params: CompanyParams,
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
  app.openapi(supplierInvoicePaymentFileRoute, supplierInvoicePaymentFile);
}
