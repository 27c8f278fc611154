// The skattekonto (1630): rows registered, deleted, listed, booked, and Skatteverket's file imported.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import { sha256Hex } from "../../../http/crypto";
import type { AppEnv } from "../../../http/context";
import { uploadedBytes, uploadSizeGate } from "../../../http/upload";
import { dispatch } from "../../../http/dispatch";
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
import { commandRoute, handled, on, registerRoutes } from "../../../http/route-table";

const registerTaxTransactions = commandRoute("reconciliation.skattekonto_register", "body", {
  ...on.post(write, `${TAX}/transactions`, DOCS.registerTaxTransactions),
  body: TaxAccountRowsBodySchema,
  response: TaxAccountRowsResultSchema,
  status: 201,
});

const deleteTaxTransaction = commandRoute("reconciliation.skattekonto_delete", "id", {
  ...on.delete(write, `${TAX}/transactions/{id}`, DOCS.deleteTaxTransaction),
  response: TaxAccountRowDeletedSchema,
});

export const listTaxTransactionsRoute = defineRoute({
  ...on.get(read, `${TAX}/transactions`, DOCS.listTaxTransactions),
  response: z.object({ transactions: z.array(TaxAccountRowSchema) }),
});

export async function listTaxTransactions(c: HandlerContext<typeof listTaxTransactionsRoute>) {
  return json(c, { transactions: await listTaxAccountRows(database(c.env), c.get("company").id) });
}

const bookTaxTransaction = commandRoute("reconciliation.skattekonto_book", "body+id", {
  ...on.post(write, `${TAX}/transactions/{id}/book`, DOCS.bookTaxTransaction),
  body: TaxAccountBookBodySchema,
  bodyRequired: false,
  response: TaxAccountBookedSchema,
  status: 201,
});

const bookSuggestedTaxTransactions = commandRoute("reconciliation.skattekonto_book_suggested", "body", {
  ...on.post(write, `${TAX}/book-suggested`, DOCS.bookSuggestedTaxTransactions),
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

const WRITE = {
  tag: "Imports",
  scope: "reconciliation:write",
  company: true,
  write: true,
  idempotency: "optional",
  extraMiddleware: [taxFileSizeGate],
} as const;

export const importTaxAccountFileRoute = withBody(
  defineRoute({
    ...on.post(WRITE, "/api/v1/companies/{companyId}/imports/skattekonto", DOCS.importTaxAccountFile),
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
  registerRoutes(app, [
    registerTaxTransactions,
    deleteTaxTransaction,
    handled(listTaxTransactionsRoute, listTaxTransactions),
    bookTaxTransaction,
    bookSuggestedTaxTransactions,
    handled(importTaxAccountFileRoute, importTaxAccountFile),
  ]);
}
