import type { OpenAPIHono } from "@hono/zod-openapi";
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
  description:
    "application/xml, attachment. Nothing is stored and no invoice changes: record the payments with .../supplier-invoices/{id}/pay once the bank has paid. One batch (SUPP) dated execution_date from the company's account (settings iban, else clearing + account, else bankgiro). " +
    "Per invoice (approved, partially_paid or overdue; not a credit note): amount (default the remaining amount, at most that), creditor account (given, else the supplier's Bankgiro, Plusgiro, IBAN), the payment_reference as OCR (SCOR) for Bankgiro/Plusgiro when it passes the check digit, else as the message. " +
    "Every problem in one CONFLICT with details.invoices[] {index, supplier_invoice_id, problem}: not_found, credit_note, not_approved, nothing_remaining, amount_above_remaining, no_creditor_account, account_needs_sek.",
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
