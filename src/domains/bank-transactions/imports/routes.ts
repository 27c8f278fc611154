// Bank rows in: JSON rows (ingest) and bank files (imports/bank, an operation).
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../../../errors/api-error";
import { hasScope } from "../../../http/auth";
import type { AppEnv } from "../../../http/context";
import { sha256Hex } from "../../../http/crypto";
import { uploadedBytes, uploadSizeGate } from "../../../http/upload";
import { dispatch } from "../../../http/dispatch";
import { AccountNumberSchema, CurrencySchema } from "../../../http/fields";
import { defineRoute, type HandlerContext, withBody } from "../../../http/route";
import { newId } from "../../../ids";
import {
  BankFileError,
  checkBankFileBounds,
  decodeBankBytes,
  detectBankFormat,
  type CsvColumnMapping,
} from "../../../sweden/bank";
import { OperationSchema } from "../../operations";
import { bankFileApiError, type BankImportStart } from "./commands";
import { BankFormatSchema, IngestSchema, MAX_BANK_FILE_BYTES } from "./schemas";
import { BASE, write } from "../common";
import { commandRoute, handled, on, registerRoutes } from "../../../http/route-table";

/** imports/bank: either scope will do (spec: transactions:write; the cookbook also lists imports:write). */
const importScope = createMiddleware<AppEnv>(async (c, next) => {
  const scopes = c.get("auth").scopes;
  if (!hasScope(scopes, "transactions:write") && !hasScope(scopes, "imports:write")) {
    throw new ApiError(
      "INSUFFICIENT_SCOPE",
      { required_scope: "transactions:write or imports:write" },
      "This endpoint requires the scope transactions:write or imports:write.",
    );
  }
  await next();
});

const bankFileTooLarge = (details: Record<string, number>) =>
  new ApiError("VALIDATION_ERROR", details, "A bank file may be at most 10 MB.");
const sizeGate = uploadSizeGate(MAX_BANK_FILE_BYTES, bankFileTooLarge);

const ImportForm = z.object({
  file: z.instanceof(File).openapi({ type: "string", format: "binary" }),
  settlement_account: AccountNumberSchema.default("1930").openapi({
    description: "the BAS account of the bank account (default 1930)",
  }),
  format: BankFormatSchema.optional().openapi({ description: "also accepted as the query parameter format" }),
  currency: CurrencySchema.optional().openapi({
    description: "the account's currency, for files without a currency column (default SEK)",
  }),
  mapping: z.string().optional().openapi({
    description: 'generic_csv: JSON column mapping, e.g. {"date":"Datum","amount":"Belopp","description":"Text"}',
  }),
});

const MappingSchema = z
  .object({
    date: z.union([z.string(), z.number().int().min(0)]),
    amount: z.union([z.string(), z.number().int().min(0)]),
    description: z.union([z.string(), z.number().int().min(0)]),
    reference: z.union([z.string(), z.number().int().min(0)]).optional(),
    counterparty: z.union([z.string(), z.number().int().min(0)]).optional(),
    balance: z.union([z.string(), z.number().int().min(0)]).optional(),
    currency: z.union([z.string(), z.number().int().min(0)]).optional(),
    external_id: z.union([z.string(), z.number().int().min(0)]).optional(),
    value_date: z.union([z.string(), z.number().int().min(0)]).optional(),
  })
  .strict();

const ingestTransactions = commandRoute("bank_transactions.ingest", "body", {
  ...on.post(write, `${BASE}/ingest`, DOCS.ingestTransactions),
  idempotency: "optional",
  body: IngestSchema,
  response: z.object({
    rows_inserted: z.number(),
    rows_skipped_duplicate: z.number(),
    transaction_ids: z.array(z.string()),
  }),
});

const WRITE = {
  tag: "Imports",
  scope: null,
  anyOfScopes: ["transactions:write", "imports:write"],
  company: true,
  write: true,
  idempotency: "optional",
  extraMiddleware: [importScope, sizeGate],
} as const;

const importBankFileRoute = withBody(
  defineRoute({
    ...on.post(WRITE, "/api/v1/companies/{companyId}/imports/bank", DOCS.importBankFile),
    query: z.object({ format: BankFormatSchema.optional() }).strict(),
    response: OperationSchema,
    status: 202,
  }),
  { content: { "multipart/form-data": { schema: ImportForm } }, required: true },
);

async function importBankFile(c: HandlerContext<typeof importBankFileRoute>) {
  const form = c.req.valid("form") as z.infer<typeof ImportForm>;
  const format = form.format ?? c.req.valid("query").format ?? null;
  const bytes = await uploadedBytes(form.file, MAX_BANK_FILE_BYTES, bankFileTooLarge);
  let mapping: CsvColumnMapping | null = null;
  if (form.mapping) {
    let raw: unknown;
    try {
      raw = JSON.parse(form.mapping);
    } catch {
      throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "mapping", message: "not JSON" }] });
    }
    const parsed = MappingSchema.safeParse(raw);
    if (!parsed.success)
      throw new ApiError("VALIDATION_ERROR", {
        fields: parsed.error.issues.map((i) => ({ path: `mapping.${i.path.join(".")}`, message: i.message })),
      });
    mapping = parsed.data;
  }
  // A file no format recognises, or past its format's limits (src/formats/limits.ts), is
  // refused now, before anything is stored, not in the operation.
  try {
    const { text } = decodeBankBytes(bytes);
    checkBankFileBounds(text, format ?? detectBankFormat(text));
  } catch (err) {
    if (err instanceof BankFileError) throw bankFileApiError(err);
    throw err;
  }
  const start: BankImportStart = {
    importId: newId(),
    fileName: (form.file.name || "bank-file").slice(0, 255),
    bytes,
    sha256: await sha256Hex(bytes),
    settlementAccount: form.settlement_account,
    format,
    mapping,
    currency: form.currency ?? null,
  };
  const { importId: _id, bytes: _bytes, ...hashed } = start;
  return dispatch(c, "bank_transactions.import_start", start, { hashOf: hashed });
}

export function registerIngestRoute(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [ingestTransactions]);
}

export function registerBankFileRoute(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(importBankFileRoute, importBankFile)]);
}
