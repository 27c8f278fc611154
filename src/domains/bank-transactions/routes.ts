import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { hasScope } from "../../http/auth";
import type { AppEnv } from "../../http/context";
import { sha256Hex } from "../../http/crypto";
import { uploadedBytes, uploadSizeGate } from "../../http/upload";
import { dispatch } from "../../http/dispatch";
import { CompanyParams, CompanyItemParams } from "../../http/params";
import { json } from "../../http/envelope";
import { AccountNumberSchema, CurrencySchema } from "../../http/fields";
import { finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, type HandlerContext, withBody } from "../../http/route";
import { newId } from "../../ids";
import {
  BankFileError,
  checkBankFileBounds,
  decodeBankBytes,
  detectBankFormat,
  type CsvColumnMapping,
} from "../../sweden/bank";
import { OperationSchema } from "../operations";
import { BankAccountBodySchema, BankAccountSchema, bankAccountJson, bankAccountsOf } from "./bank-accounts";
import { bankFileApiError, type BankImportStart } from "./import";
import { listTemplates, listTransactions, loadTransaction, templateJson, transactionJson } from "./queries";
import {
  BankFormatSchema,
  BatchCategorizeSchema,
  CategorizeSchema,
  IngestSchema,
  MAX_BANK_FILE_BYTES,
  MatchInvoiceSchema,
  MatchSupplierInvoiceSchema,
  TransactionListQuery,
  TransactionSchema,
} from "./schemas";
import { suggestCategories } from "./suggest";

const TAG = "Transactions";
const BASE = "/api/v1/companies/{companyId}/transactions";
const write = { tag: TAG, scope: "transactions:write", company: true, idempotency: "required", dryRun: true } as const;

const TransactionOut = TransactionSchema.extend({});
const CategorizeOut = z.object({
  success: z.boolean(),
  transaction_id: z.string(),
  journal_entry_created: z.boolean(),
  journal_entry_id: z.string().nullable(),
  voucher_number: z.string().nullable(),
  category: z.string().nullable(),
  is_ignored: z.boolean(),
  transaction: TransactionSchema,
});
const IgnoreOut = z.object({
  success: z.boolean(),
  transaction_id: z.string(),
  is_ignored: z.boolean(),
  already_ignored: z.boolean(),
});
const BulkOut = z.object({
  results: z.array(
    z.object({
      ok: z.boolean(),
      request_index: z.number(),
      data: z.unknown().optional(),
      error: z.object({ code: z.string(), message: z.string(), details: z.unknown() }).optional(),
    }),
  ),
  summary: z.object({ total: z.number(), succeeded: z.number(), failed: z.number() }),
});
const SuggestOut = z.object({
  transaction_id: z.string(),
  suggestions: z.array(
    z.object({
      category: z.string(),
      account_number: z.string(),
      vat_treatment: z.string(),
      confidence: z.number(),
      reason: z.string(),
      invoice_id: z.string().optional(),
      supplier_invoice_id: z.string().optional(),
      template_id: z.string().optional(),
    }),
  ),
  settled_documents: z
    .array(
      z.object({
        invoice_id: z.string().optional(),
        supplier_invoice_id: z.string().optional(),
        number: z.string().nullable(),
        status: z.string(),
      }),
    )
    .openapi({
      description:
        "paid or credited documents the row names (number or OCR): the row is their payment, already booked; link it in the reconciliation instead of booking it again",
    }),
});

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

const listTransactionsRoute = defineRoute({
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List bank transactions",
  description:
    "Newest registration first. status: booked or unbooked (ignored rows are neither). search matches the description, case-insensitive.",
  scope: "transactions:read",
  company: true,
  params: CompanyParams,
  query: TransactionListQuery,
  response: z.array(TransactionOut),
});

async function listTransactionsPage(c: HandlerContext<typeof listTransactionsRoute>) {
  const { cursor, limit, ...filters } = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `transactions:${companyId}:${JSON.stringify(filters)}`, cursor, limit);
  const { items, nextCursor } = await finishPage(
    c,
    page,
    await listTransactions(database(c.env), companyId, filters, page),
    (r) => ({ k: r.createdAt, i: r.id }),
  );
  return json(c, items.map(transactionJson), 200, { next_cursor: nextCursor });
}

const getTransactionRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}`,
  tag: TAG,
  summary: "Get a bank transaction",
  scope: "transactions:read",
  company: true,
  params: CompanyItemParams,
  response: TransactionOut,
});

async function getTransaction(c: HandlerContext<typeof getTransactionRoute>) {
  return json(c, transactionJson(await loadTransaction(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const listMerchantTemplatesRoute = defineRoute({
  method: "get",
  path: "/api/v1/companies/{companyId}/transaction-templates",
  tag: TAG,
  summary: "List the booking templates remembered per merchant",
  description:
    "categorize remembers the account, category and VAT treatment of every business booking under the merchant's name; use a template's id as template_id or counterparty_template_id.",
  scope: "transactions:read",
  company: true,
  params: CompanyParams,
  response: z.array(
    z.object({
      id: z.string(),
      merchant: z.string(),
      category: z.string().nullable(),
      account_number: z.string(),
      vat_treatment: z.string(),
      use_count: z.number(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
});

async function listMerchantTemplates(c: HandlerContext<typeof listMerchantTemplatesRoute>) {
  return json(c, (await listTemplates(database(c.env), c.get("company").id)).map(templateJson));
}

const ingestTransactionsRoute = defineRoute({
  ...write,
  idempotency: "optional",
  method: "post",
  path: `${BASE}/ingest`,
  summary: "Ingest up to 500 bank transactions as JSON",
  description:
    "Rows only, no entries. external_id is required: a row whose external_id the settlement account already holds (or that appears earlier in the same call) is skipped and counted in rows_skipped_duplicate. Emits transaction.synced. " +
    "Rows in another currency than the settlement account's (SEK unless registered through POST .../bank-accounts) are refused whole with BANK_STATEMENT_CURRENCY_MISMATCH, rows dated more than 12 months outside the fiscal years with BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS.",
  params: CompanyParams,
  body: IngestSchema,
  response: z.object({
    rows_inserted: z.number(),
    rows_skipped_duplicate: z.number(),
    transaction_ids: z.array(z.string()),
  }),
});

async function ingestTransactions(c: HandlerContext<typeof ingestTransactionsRoute>) {
  return dispatch(c, "bank_transactions.ingest", c.req.valid("json"));
}

const batchCategorizeRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/batch-categorize`,
  summary: "Categorize up to 100 transactions (partial success)",
  description:
    "Each item {transaction_id, category, account_number, vat_treatment, is_business, confirm_no_match} is booked as categorize would (account_number as account_override). Out: results[] {ok, request_index, data {voucher_number, ...} or error}, summary.",
  params: CompanyParams,
  body: BatchCategorizeSchema,
  response: BulkOut,
});

async function batchCategorize(c: HandlerContext<typeof batchCategorizeRoute>) {
  return dispatch(c, "bank_transactions.batch_categorize", c.req.valid("json"));
}

const categorizeTransactionRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/categorize`,
  summary: "Book a transaction to a category, template or account",
  description:
    "Business rows: category (bank_fees 6570, office_supplies 6110 + 25 % VAT, representation 6072 with VAT capped at 36 kr per person, owner_withdrawal, owner_deposit, tax_account 1630, loan_repayment 2350, interest 8410/8311), template_id or counterparty_template_id, or account_override (+ vat_treatment). " +
    "is_business false: booked to the owner's account (2013/2018 for a sole trader, 1685/2893 for a legal person); in a locked period a sole trader's private row is ignored instead, a legal person's gives TX_CATEGORIZE_PRIVATE_PERIOD_LOCKED. " +
    "An outflow that looks like a supplier invoice's payment gives TX_CATEGORIZE_SUGGEST_SI_MATCH unless confirm_no_match. Unknown account: TX_CATEGORIZE_INVALID_ACCOUNT. Already booked: only the flags change. Emits transaction.categorized.",
  params: CompanyItemParams,
  body: CategorizeSchema,
  response: CategorizeOut,
});

async function categorizeTransaction(c: HandlerContext<typeof categorizeTransactionRoute>) {
  return dispatch(c, "bank_transactions.categorize", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const suggestTransactionCategoriesRoute = defineRoute({
  method: "post",
  path: `${BASE}/{id}/suggest-categories`,
  tag: TAG,
  summary: "Ranked booking suggestions for a transaction",
  description:
    "From the company's own data: an open invoice whose OCR reference or number the row carries, the merchant's remembered booking, open invoices or supplier invoices of the same amount, and the category rules. No body; writes nothing.",
  scope: "transactions:read",
  company: true,
  write: false,
  params: CompanyItemParams,
  response: SuggestOut,
});

async function suggestTransactionCategories(c: HandlerContext<typeof suggestTransactionCategoriesRoute>) {
  return json(c, await suggestCategories(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const ignoreTransactionRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/ignore`,
  summary: "Ignore a transaction (no entry needed)",
  description:
    "Works in locked periods. Booked rows (an entry of their own, a payment match, or a reconciliation link to an entry booked elsewhere): TX_IGNORE_ALREADY_BOOKED (409).",
  params: CompanyItemParams,
  response: IgnoreOut,
});

async function ignoreTransaction(c: HandlerContext<typeof ignoreTransactionRoute>) {
  return dispatch(c, "bank_transactions.ignore", { id: c.req.valid("param").id });
}

const unignoreTransactionRoute = defineRoute({
  ...write,
  idempotency: "optional",
  method: "delete",
  path: `${BASE}/{id}/ignore`,
  summary: "Restore an ignored transaction to unbooked",
  description: "Works in locked periods.",
  params: CompanyItemParams,
  response: IgnoreOut.extend({ was_ignored: z.boolean() }),
});

async function unignoreTransaction(c: HandlerContext<typeof unignoreTransactionRoute>) {
  return dispatch(c, "bank_transactions.unignore", { id: c.req.valid("param").id });
}

const uncategorizeTransactionRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/uncategorize`,
  summary: "Reverse a categorized transaction's entry (storno)",
  description:
    "The storno is dated like the entry when its period is open, else today. Unbooked: TX_UNCATEGORIZE_NOT_BOOKED. A payment match cannot be reversed here (NOT_IMPLEMENTED).",
  params: CompanyItemParams,
  response: z.object({
    success: z.boolean(),
    transaction_id: z.string(),
    reversed_journal_entry_id: z.string(),
    reversal_journal_entry_id: z.string(),
    transaction: TransactionSchema,
  }),
});

async function uncategorizeTransaction(c: HandlerContext<typeof uncategorizeTransactionRoute>) {
  return dispatch(c, "bank_transactions.uncategorize", { id: c.req.valid("param").id });
}

const MatchOut = z.object({
  success: z.boolean(),
  transaction_id: z.string(),
  invoice_id: z.string(),
  invoice_status: z.string(),
  paid_amount: z.number(),
  remaining_amount: z.number(),
  journal_entry_id: z.string(),
  overpayment: z.number(),
  overpayment_journal_entry_id: z.string().nullable(),
  exchange_rate_difference: z.number(),
  reversed_journal_entry_id: z.string().nullable(),
  category: z.string(),
  transaction: TransactionSchema,
});

const matchInvoiceRoute = defineRoute({
  ...write,
  dryRun: false,
  method: "post",
  path: `${BASE}/{id}/match-invoice`,
  summary: "Match an inflow to the customer invoice it pays",
  description:
    "The transaction must be positive (MATCH_INVOICE_NOT_INCOME) and unlinked; the invoice a sent, overdue or partially paid invoice (MATCH_INVOICE_NOT_INVOICE_TYPE, MATCH_INVOICE_NOT_OPEN). invoice_id defaults to the invoice the row's OCR reference points to. " +
    "A categorisation of the row is reversed first. Accrual: Debit settlement account / Credit 1510; cash: Debit settlement / Credit revenue and output VAT, and a partial payment is VALIDATION_ERROR. " +
    "Foreign currency: the difference between the SEK received and the SEK booked goes to 3960/7960. An over-payment settles the invoice and books the excess to 2420.",
  params: CompanyItemParams,
  body: MatchInvoiceSchema,
  bodyRequired: false,
  response: MatchOut,
});

async function matchInvoice(c: HandlerContext<typeof matchInvoiceRoute>) {
  return dispatch(c, "bank_transactions.match_invoice", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const matchSupplierInvoiceRoute = defineRoute({
  ...write,
  dryRun: false,
  method: "post",
  path: `${BASE}/{id}/match-supplier-invoice`,
  summary: "Match an outflow to the supplier invoice it pays",
  description:
    "The transaction must be negative (MATCH_SI_NOT_EXPENSE); the supplier invoice not paid or credited (MATCH_SI_ALREADY_PAID). Accrual: Debit 2440 / Credit the settlement account; cash: expense and input VAT booked now. " +
    "FX differences to 3960/7960; a partial cash-method payment of a foreign-currency invoice is MATCH_SI_CASH_FX_UNSUPPORTED.",
  params: CompanyItemParams,
  body: MatchSupplierInvoiceSchema,
  response: MatchOut.omit({
    invoice_id: true,
    invoice_status: true,
    overpayment: true,
    overpayment_journal_entry_id: true,
  }).extend({ supplier_invoice_id: z.string(), supplier_invoice_status: z.string() }),
});

async function matchSupplierInvoice(c: HandlerContext<typeof matchSupplierInvoiceRoute>) {
  return dispatch(c, "bank_transactions.match_supplier_invoice", {
    ...c.req.valid("json"),
    id: c.req.valid("param").id,
  });
}

const importBankFileRoute = withBody(
  defineRoute({
    tag: "Imports",
    scope: null,
    anyOfScopes: ["transactions:write", "imports:write"],
    company: true,
    write: true,
    idempotency: "optional",
    extraMiddleware: [importScope, sizeGate],
    method: "post",
    path: "/api/v1/companies/{companyId}/imports/bank",
    summary: "Import a bank file (asynchronous)",
    description:
      "Scope transactions:write or imports:write. multipart/form-data: file (at most 10 MB; UTF-8, UTF-16 or Windows-1252 detected), settlement_account (default 1930), optional format (form field or query), currency, and for generic_csv an optional JSON mapping. " +
      "Formats: camt053, camt054, bgmax, generic_csv, swedbank, seb, handelsbanken, nordea, nordea_business, sparbanken, amex, lunar, revolut, skandia, wise, wise_balance; detected when omitted. " +
      "A file no format recognises is refused at once (VALIDATION_ERROR, details.reason BANK_FILE_UNRECOGNISED, details.looked_for). Answers 202 with an operation; its result: rows_inserted, rows_skipped_duplicate, rows_rejected, format_detected, earliest_date, latest_date, statements (opening and closing balances checked). " +
      "Rows only, no entries; duplicates (external id, else date + amount + description hash) are skipped. Emits transaction.synced. " +
      "Before any row is stored, every statement is checked against the settlement account (POST .../bank-accounts): the operation fails with BANK_STATEMENT_ACCOUNT_MISMATCH (another registered bank account), BANK_STATEMENT_CURRENCY_MISMATCH (not the account's currency, SEK unless registered otherwise) or BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS (a row more than 12 months before the first or after the last fiscal year). " +
      "A camt.053's opening and closing balances give each row its balance_after, the reconciliation's outside balance.",
    params: CompanyParams,
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

export function registerBankTransactionRoutes(app: OpenAPIHono<AppEnv>) {
  registerBankAccountRoutes(app);
  app.openapi(listTransactionsRoute, listTransactionsPage);
  app.openapi(getTransactionRoute, getTransaction);
  app.openapi(listMerchantTemplatesRoute, listMerchantTemplates);
  app.openapi(ingestTransactionsRoute, ingestTransactions);
  app.openapi(batchCategorizeRoute, batchCategorize);
  app.openapi(categorizeTransactionRoute, categorizeTransaction);
  app.openapi(suggestTransactionCategoriesRoute, suggestTransactionCategories);
  app.openapi(ignoreTransactionRoute, ignoreTransaction);
  app.openapi(unignoreTransactionRoute, unignoreTransaction);
  app.openapi(uncategorizeTransactionRoute, uncategorizeTransaction);
  app.openapi(matchInvoiceRoute, matchInvoice);
  app.openapi(matchSupplierInvoiceRoute, matchSupplierInvoice);
  app.openapi(importBankFileRoute, importBankFile);
}

const BANK_ACCOUNTS = "/api/v1/companies/{companyId}/bank-accounts";

const listBankAccountsRoute = defineRoute({
  method: "get",
  path: BANK_ACCOUNTS,
  tag: TAG,
  summary: "List the bank accounts registered for settlement accounts",
  description:
    "A settlement account (19xx) without a registration is a SEK account whose bank account number is not known.",
  scope: "transactions:read",
  company: true,
  params: CompanyParams,
  response: z.array(BankAccountSchema),
});

async function listBankAccounts(c: HandlerContext<typeof listBankAccountsRoute>) {
  return json(c, (await bankAccountsOf(database(c.env), c.get("company").id)).map(bankAccountJson));
}

const registerBankAccountRoute = defineRoute({
  ...write,
  idempotency: "optional",
  method: "post",
  path: BANK_ACCOUNTS,
  summary: "Register the bank account booked on a settlement account",
  description:
    "Body {ledger_account (19xx), currency (default SEK), iban, clearing_number, account_number, bankgiro, name}; replaces the ledger account's earlier registration. " +
    "Bank files and ingested rows booked to the ledger account must then be in its currency (BANK_STATEMENT_CURRENCY_MISMATCH) and, when the file names its account, of this account (BANK_STATEMENT_ACCOUNT_MISMATCH). " +
    "The ledger account must be an active 19xx account (VALIDATION_ERROR). CONFLICT: the bank account is registered for another ledger account (reason bank_account_registered_elsewhere), or the ledger account holds rows in another currency (reason rows_in_other_currency). 201 when new, else 200.",
  params: CompanyParams,
  body: BankAccountBodySchema,
  response: BankAccountSchema,
});

async function registerBankAccount(c: HandlerContext<typeof registerBankAccountRoute>) {
  return dispatch(c, "bank_transactions.register_bank_account", c.req.valid("json"));
}

/** The bank accounts registered for the settlement accounts (./bank-accounts.ts). */
function registerBankAccountRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listBankAccountsRoute, listBankAccounts);
  app.openapi(registerBankAccountRoute, registerBankAccount);
}
