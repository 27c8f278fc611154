// The skattekonto (1630): rows registered, deleted, listed, booked, and Skatteverket's file imported.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import { sha256Hex } from "../../../http/crypto";
import type { AppEnv } from "../../../http/context";
import { uploadedBytes, uploadSizeGate } from "../../../http/upload";
import { dispatch } from "../../../http/dispatch";
import { CompanyParams, CompanyItemParams } from "../../../http/params";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext, withBody } from "../../../http/route";
import { newId } from "../../../ids";
import { OperationSchema } from "../../operations";
import { listTaxAccountRows } from "./booking";
import { MAX_TAX_ACCOUNT_FILE_BYTES, readTaxAccountFile, type TaxAccountImportStart } from "./import";
import {
  TaxAccountRowsBodySchema,
  TaxAccountRowsResultSchema,
  TaxAccountRowDeletedSchema,
  TaxAccountBookBodySchema,
  TaxAccountBookedSchema,
  TaxAccountBookSuggestedBodySchema,
  TaxAccountBookSuggestedResultSchema,
  TaxAccountRowSchema,
} from "./schemas";

import { TAX, read, write } from "../common";
import { commandRoute } from "../../../http/command-route";

const registerTaxTransactions = commandRoute("reconciliation.skattekonto_register", "body", {
  ...write,
  method: "post",
  path: `${TAX}/transactions`,
  summary: "Register skattekonto transactions (Skatteverket's statement: date, text, amount, saldo)",
  description: PROSE.registerTaxTransactionsDescription,
  params: CompanyParams,
  body: TaxAccountRowsBodySchema,
  response: TaxAccountRowsResultSchema,
  status: 201,
});

const deleteTaxTransaction = commandRoute("reconciliation.skattekonto_delete", "id", {
  ...write,
  method: "delete",
  path: `${TAX}/transactions/{id}`,
  summary: "Delete a skattekonto transaction registered by mistake",
  description: "Unknown id: NOT_FOUND. A linked row: CONFLICT (unlink it first).",
  params: CompanyItemParams,
  response: TaxAccountRowDeletedSchema,
});

export const listTaxTransactionsRoute = defineRoute({
  ...read,
  method: "get",
  path: `${TAX}/transactions`,
  summary: "The skattekonto transactions, each with its kind and what books it",
  description: PROSE.listTaxTransactionsDescription,
  params: CompanyParams,
  response: z.object({ transactions: z.array(TaxAccountRowSchema) }),
});

export async function listTaxTransactions(c: HandlerContext<typeof listTaxTransactionsRoute>) {
  return json(c, { transactions: await listTaxAccountRows(database(c.env), c.get("company").id) });
}

const bookTaxTransaction = commandRoute("reconciliation.skattekonto_book", "body+id", {
  ...write,
  method: "post",
  path: `${TAX}/transactions/{id}/book`,
  summary: "Book a skattekonto transaction against its counter account",
  description: PROSE.bookTaxTransactionDescription,
  params: CompanyItemParams,
  body: TaxAccountBookBodySchema,
  bodyRequired: false,
  response: TaxAccountBookedSchema,
  status: 201,
});

const bookSuggestedTaxTransactions = commandRoute("reconciliation.skattekonto_book_suggested", "body", {
  ...write,
  method: "post",
  path: `${TAX}/book-suggested`,
  summary: "Book or link every skattekonto transaction that is not yet explained",
  description: PROSE.bookSuggestedTaxTransactionsDescription,
  params: CompanyParams,
  body: TaxAccountBookSuggestedBodySchema,
  bodyRequired: false,
  response: TaxAccountBookSuggestedResultSchema,
});

/** A tax account file is small: the request is refused before it is read when it cannot be one. */
const taxFileTooLarge = (details: Record<string, number>) =>
  new ApiError("VALIDATION_ERROR", details, "A tax account file may be at most 2 MB.");

const taxFileSizeGate = uploadSizeGate(MAX_TAX_ACCOUNT_FILE_BYTES, taxFileTooLarge);

const TaxImportForm = z.object({
  file: z.instanceof(File).openapi({ type: "string", format: "binary" }),
});

export const importTaxAccountFileRoute = withBody(
  defineRoute({
    tag: "Imports",
    scope: "reconciliation:write",
    company: true,
    write: true,
    idempotency: "optional",
    extraMiddleware: [taxFileSizeGate],
    method: "post",
    path: "/api/v1/companies/{companyId}/imports/skattekonto",
    summary: "Import Skatteverket's tax account transaction list (asynchronous)",
    description: PROSE.importTaxAccountFileDescription,
    params: CompanyParams,
    response: OperationSchema,
    status: 202,
  }),
  { content: { "multipart/form-data": { schema: TaxImportForm } }, required: true },
);

export async function importTaxAccountFile(c: HandlerContext<typeof importTaxAccountFileRoute>) {
  const form = c.req.valid("form") as z.infer<typeof TaxImportForm>;
  const bytes = await uploadedBytes(form.file, MAX_TAX_ACCOUNT_FILE_BYTES, taxFileTooLarge);
  // a file that is no transaction list, or has a bad row, is refused now, not in the operation
  readTaxAccountFile(bytes, todayUtc());
  const start: TaxAccountImportStart = {
    importId: newId(),
    fileName: (form.file.name || "skattekonto").slice(0, 255),
    bytes,
    sha256: await sha256Hex(bytes),
  };
  const { importId: _id, bytes: _bytes, ...hashed } = start;
  return dispatch(c, "reconciliation.skattekonto_import_start", start, { hashOf: hashed });
}

export function registerTaxAccountRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(registerTaxTransactions.route, registerTaxTransactions.handler);
  app.openapi(deleteTaxTransaction.route, deleteTaxTransaction.handler);
  app.openapi(listTaxTransactionsRoute, listTaxTransactions);
  app.openapi(bookTaxTransaction.route, bookTaxTransaction.handler);
  app.openapi(bookSuggestedTaxTransactions.route, bookSuggestedTaxTransactions.handler);
  app.openapi(importTaxAccountFileRoute, importTaxAccountFile);
}
