import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { sha256Hex } from "../../http/crypto";
import type { AppEnv } from "../../http/context";
import { uploadedBytes, uploadSizeGate } from "../../http/upload";
import { dispatch } from "../../http/dispatch";
import { CompanyParams, CompanyItemParams } from "../../http/params";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, type HandlerContext, withBody } from "../../http/route";
import { newId } from "../../ids";
import { OperationSchema } from "../operations";
import { listTaxAccountRows } from "./tax-account-booking";
import { MAX_TAX_ACCOUNT_FILE_BYTES, readTaxAccountFile, type TaxAccountImportStart } from "./tax-account-import";
import { bankStatus } from "./run";
import {
  accountDetailJson,
  accountKeysOf,
  bareAccountJson,
  accountState,
  accountSummaryJson,
  defaultRange,
  itemJson,
  parseAccountKey,
  signoffJson,
  signoffsOf,
} from "./queries";
import {
  TaxAccountRowsBodySchema,
  TaxAccountRowsResultSchema,
  TaxAccountRowDeletedSchema,
  TaxAccountBookBodySchema,
  TaxAccountBookedSchema,
  TaxAccountBookSuggestedBodySchema,
  TaxAccountBookSuggestedResultSchema,
  TaxAccountRowSchema,
  BankRunBodySchema,
  BankRunResultSchema,
  BankStatusSchema,
  RangeQuery,
  AccountDetailSchema,
  AccountsQuery,
  AccountSummarySchema,
  ItemsPageSchema,
  ItemsQuery,
  LinksBodySchema,
  LinksResultSchema,
  SignoffBodySchema,
  SignoffQuery,
  SignoffSchema,
  UnlinkResultSchema,
} from "./schemas";

const TAG = "Reconciliation";
const BASE = "/api/v1/companies/{companyId}/reconciliation/accounts";
const BANK = "/api/v1/companies/{companyId}/reconciliation/bank";
const TAX = "/api/v1/companies/{companyId}/reconciliation/skattekonto";
const KeyParams = CompanyParams.extend({
  accountKey: z.string().openapi({
    description:
      "bank:<19xx settlement account>, receivables (1510), payables (2440), skattekonto (1630), vat (2650), preliminary_tax (2710) or employer_contributions (2731)",
  }),
});
const read = { tag: TAG, scope: "reconciliation:read", company: true } as const;
const write = {
  tag: TAG,
  scope: "reconciliation:write",
  company: true,
  idempotency: "required",
  dryRun: true,
} as const;

const listReconciliationAccountsRoute = defineRoute({
  ...read,
  method: "get",
  path: BASE,
  summary: "The accounts to reconcile, with their status",
  description:
    "Bank accounts (bank:<19xx>, every settlement account that holds imported or ingested transactions), receivables (1510 against open invoices), payables (2440 against open supplier invoices), " +
    "and when the company has data for them: skattekonto (1630 against the registered skattekonto transactions), vat (2650 against the VAT declarations of the closed VAT periods), " +
    "preliminary_tax (2710) and employer_contributions (2731) against the booked salary runs. date_from and date_to default to the calendar year to date; with_status=false skips the status.",
  params: CompanyParams,
  query: AccountsQuery,
  response: z.object({ accounts: z.array(AccountSummarySchema) }),
});

async function listReconciliationAccounts(c: HandlerContext<typeof listReconciliationAccountsRoute>) {
  const q = c.req.valid("query");
  const { from, to } = defaultRange(q);
  const db = database(c.env);
  const companyId = c.get("company").id;
  const withStatus = q.with_status ?? true;
  const accounts = [];
  for (const key of await accountKeysOf(db, companyId, to)) {
    if (!withStatus) accounts.push(bareAccountJson(key));
    else accounts.push(accountSummaryJson(await accountState(db, companyId, key, from, to), true));
  }
  return json(c, { accounts });
}

const getReconciliationAccountRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{accountKey}`,
  summary: "One account: external and ledger balance, the bridge between them, counts per bucket",
  description:
    "difference = external_balance - ledger_balance; each bridge line's amount is its part of the difference (external items count plus, ledger items minus); unexplained_difference = difference - the bridge. is_reconciled: unexplained_difference is zero and no item is proposed or unmatched (timing differences, bucket upcoming, are allowed).",
  params: KeyParams,
  // real dates only, as on every other reconciliation read (a malformed date_to was a 500, issue #34)
  query: RangeQuery,
  response: AccountDetailSchema,
});

async function getReconciliationAccount(c: HandlerContext<typeof getReconciliationAccountRoute>) {
  const { from, to } = defaultRange(c.req.valid("query"));
  const key = parseAccountKey(c.req.valid("param").accountKey);
  return json(c, accountDetailJson(await accountState(database(c.env), c.get("company").id, key, from, to)));
}

const listReconciliationItemsRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{accountKey}/items`,
  summary: "A bank account's or the skattekonto's items by bucket",
  description:
    "Bank or skattekonto transactions (side external) and journal lines (side ledger) dated in date_from..date_to, oldest first (the other kinds have no items: their kind block lists what they are set against); limit at most 200 (default 200). A proposed item is not linked. older_unmatched_count: proposed or unmatched items dated before date_from.",
  params: KeyParams,
  query: ItemsQuery,
  response: ItemsPageSchema,
});

async function listReconciliationItems(c: HandlerContext<typeof listReconciliationItemsRoute>) {
  const q = c.req.valid("query");
  const { from, to } = defaultRange(q);
  const companyId = c.get("company").id;
  const key = parseAccountKey(c.req.valid("param").accountKey);
  const state = await accountState(database(c.env), companyId, key, from, to);
  const all = state.recon?.items ?? [];
  const byId = new Map(all.map((i) => [i.itemId, i]));
  const open = new Set(["proposed", "unmatched_external", "unmatched_ledger"]);
  const olderUnmatched = all.filter((i) => i.date < from && open.has(i.bucket)).length;
  const selected = all.filter((i) => i.date >= from && (!q.bucket || i.bucket === q.bucket));
  const page = await pageRequest(
    c,
    `reconciliation-items:${companyId}:${key.key}:${from}:${to}:${q.bucket ?? ""}`,
    q.cursor,
    q.limit,
  );
  const p = page.position;
  const after = p ? selected.filter((i) => i.date > p.k || (i.date === p.k && i.itemId > p.i)) : selected;
  const { items, nextCursor } = await finishPage(c, page, after.slice(0, q.limit + 1), (i) => ({
    k: i.date,
    i: i.itemId,
  }));
  return json(c, {
    items: items.map((i) => itemJson(i, byId, key.kind)),
    count: items.length,
    total_count: selected.length,
    has_more: nextCursor !== null,
    next_cursor: nextCursor,
    older_unmatched_count: olderUnmatched,
  });
}

const linkItemsRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{accountKey}/links`,
  summary: "Link a bank account's items: the proposals, or explicit pairs",
  description:
    "Either use_proposals: true (every proposed pair through date_to) or pairs [{external_item_ids, ledger_item_ids}]: one-to-one, one-to-many or many-to-one, the two sides' sums equal (else VALIDATION_ERROR). An item already booked from a transaction, linked or ignored: CONFLICT. Items of other accounts: NOT_FOUND. Nothing is posted.",
  params: KeyParams,
  body: LinksBodySchema,
  response: LinksResultSchema,
  status: 201,
});

async function linkItems(c: HandlerContext<typeof linkItemsRoute>) {
  return dispatch(c, "reconciliation.link", { ...c.req.valid("json"), account_key: c.req.valid("param").accountKey });
}

const unlinkItemsRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${BASE}/{accountKey}/links/{linkId}`,
  summary: "Unlink: the link's items go back to their buckets",
  params: KeyParams.extend({ linkId: z.string() }),
  response: UnlinkResultSchema,
});

async function unlinkItems(c: HandlerContext<typeof unlinkItemsRoute>) {
  return dispatch(c, "reconciliation.unlink", {
    account_key: c.req.valid("param").accountKey,
    link_id: c.req.valid("param").linkId,
  });
}

const listSignoffsRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{accountKey}/signoff`,
  summary: "The account's sign-offs",
  description:
    "A sign-off whose books have changed since (the account's ledger lines through its date, or the outside data) is reopened and listed only with include_reopened=true.",
  params: KeyParams,
  query: SignoffQuery,
  response: z.object({ signoffs: z.array(SignoffSchema) }),
});

async function listSignoffs(c: HandlerContext<typeof listSignoffsRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const key = parseAccountKey(c.req.valid("param").accountKey);
  const all = await Promise.all((await signoffsOf(db, companyId, key.key)).map((r) => signoffJson(db, companyId, r)));
  return json(c, { signoffs: c.req.valid("query").include_reopened ? all : all.filter((s) => !s.reopened) });
}

const signOffAccountRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{accountKey}/signoff`,
  summary: "Sign off the account through a date",
  description:
    "Stores the period and the figures of this moment with a fingerprint of the books behind them. Refused with CONFLICT (reason not_reconciled) unless the account is reconciled through the date, and (reason already_signed_off) when a standing sign-off has the same date. through_date in the future: VALIDATION_ERROR.",
  params: KeyParams,
  body: SignoffBodySchema,
  response: SignoffSchema,
  status: 201,
});

async function signOffAccount(c: HandlerContext<typeof signOffAccountRoute>) {
  return dispatch(c, "reconciliation.signoff", {
    ...c.req.valid("json"),
    account_key: c.req.valid("param").accountKey,
  });
}

const runBankMatcherRoute = defineRoute({
  tag: TAG,
  scope: "reconciliation:write",
  company: true,
  idempotency: "required",
  method: "post",
  path: `${BANK}/run`,
  summary: "Run the automatic matcher on the bank accounts (asynchronous)",
  description:
    "Matches bank transactions against the ledger lines of their settlement account by exact amount, a date window of ±5 days, reference (OCR and invoice numbers of 4 digits or more found in the entry's text) and counterparty (a shared word). " +
    "A pair is taken only when each is the other's single best candidate; a tie for the best score stays unmatched (ambiguous), never linked. With auto_link (default true) the pairs of confidence >= 0.8 are linked (method auto, " +
    "the transaction's reconciliation_method auto); the rest stay proposals. The operation's result (GET /operations/{id}): counts per bank account and in total, shaped as ReconciliationBankRunResult. " +
    "A refusal (date_from after date_to, date_to in the future, an account_key that is not a bank account with transactions) is given at once and writes nothing.",
  params: CompanyParams,
  body: BankRunBodySchema,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

async function runBankMatcher(c: HandlerContext<typeof runBankMatcherRoute>) {
  return dispatch(c, "reconciliation.bank_run", c.req.valid("json"));
}

const bankReconciliationStatusRoute = defineRoute({
  tag: TAG,
  scope: "transactions:read",
  company: true,
  method: "get",
  path: `${BANK}/status`,
  summary: "Bank reconciliation status: matched and unmatched counts and the balance delta",
  description:
    "Per bank account and in total: the transactions and ledger lines dated in date_from..date_to by bucket (matched, proposed, unmatched_external, unmatched_ledger, ignored), and at date_to the external and ledger balance, balance_delta = external - ledger and the part of it no item explains. Defaults: the calendar year to date.",
  params: CompanyParams,
  query: RangeQuery,
  response: BankStatusSchema,
});

async function bankReconciliationStatus(c: HandlerContext<typeof bankReconciliationStatusRoute>) {
  const { from, to } = defaultRange(c.req.valid("query"));
  return json(c, await bankStatus(database(c.env), c.get("company").id, from, to));
}

const registerTaxTransactionsRoute = defineRoute({
  ...write,
  method: "post",
  path: `${TAX}/transactions`,
  summary: "Register skattekonto transactions (Skatteverket's statement: date, text, amount, saldo)",
  description:
    "The service cannot read the skattekonto from Skatteverket: the statement's rows are registered here (source manual), at most 1000 a call, and reconciled against account 1630 as account_key skattekonto " +
    "(external balance: the saldo of the last row through date_to, else the sum of the rows). A payment in is positive, a charge negative, as on the statement. A row already registered " +
    "(same date, amount, text, saldo and place among identical rows) is skipped and counted in duplicates, so a statement can be sent again.",
  params: CompanyParams,
  body: TaxAccountRowsBodySchema,
  response: TaxAccountRowsResultSchema,
  status: 201,
});

async function registerTaxTransactions(c: HandlerContext<typeof registerTaxTransactionsRoute>) {
  return dispatch(c, "reconciliation.skattekonto_register", c.req.valid("json"));
}

const deleteTaxTransactionRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${TAX}/transactions/{id}`,
  summary: "Delete a skattekonto transaction registered by mistake",
  description: "Unknown id: NOT_FOUND. A linked row: CONFLICT (unlink it first).",
  params: CompanyItemParams,
  response: TaxAccountRowDeletedSchema,
});

async function deleteTaxTransaction(c: HandlerContext<typeof deleteTaxTransactionRoute>) {
  return dispatch(c, "reconciliation.skattekonto_delete", { id: c.req.valid("param").id });
}

const listTaxTransactionsRoute = defineRoute({
  ...read,
  method: "get",
  path: `${TAX}/transactions`,
  summary: "The skattekonto transactions, each with its kind and what books it",
  description:
    "Every registered or imported row, oldest first: kind and period read from the text, status booked (an entry posted from the row), linked (to a 1630 line), suggested (book-suggested books it against suggested_account) or needs_account.",
  params: CompanyParams,
  response: z.object({ transactions: z.array(TaxAccountRowSchema) }),
});

async function listTaxTransactions(c: HandlerContext<typeof listTaxTransactionsRoute>) {
  return json(c, { transactions: await listTaxAccountRows(database(c.env), c.get("company").id) });
}

const bookTaxTransactionRoute = defineRoute({
  ...write,
  method: "post",
  path: `${TAX}/transactions/{id}/book`,
  summary: "Book a skattekonto transaction against its counter account",
  description:
    "One entry dated the row's date: 1630 against account (default: the account the text names; none known: VALIDATION_ERROR naming account). A charge credits 1630, a payment in or income interest debits it. " +
    "A row already booked or linked: TAX_ACCOUNT_ROW_ALREADY_BOOKED. The ledger's refusals apply (PERIOD_LOCKED, ACCOUNTS_NOT_IN_CHART, ...).",
  params: CompanyItemParams,
  body: TaxAccountBookBodySchema,
  bodyRequired: false,
  response: TaxAccountBookedSchema,
  status: 201,
});

async function bookTaxTransaction(c: HandlerContext<typeof bookTaxTransactionRoute>) {
  return dispatch(c, "reconciliation.skattekonto_book", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const bookSuggestedTaxTransactionsRoute = defineRoute({
  ...write,
  method: "post",
  path: `${TAX}/book-suggested`,
  summary: "Book or link every skattekonto transaction that is not yet explained",
  description:
    "Through date_to (default today): a row the matcher pairs with a 1630 line (same amount within 5 days: the bank's payment booked to 1630, an entry booked straight to 1630) is linked to it, not booked twice; " +
    "every other row with a known counter account is booked as POST .../transactions/{id}/book would; the rest are listed in left with the reason. All in one atomic write.",
  params: CompanyParams,
  body: TaxAccountBookSuggestedBodySchema,
  bodyRequired: false,
  response: TaxAccountBookSuggestedResultSchema,
});

async function bookSuggestedTaxTransactions(c: HandlerContext<typeof bookSuggestedTaxTransactionsRoute>) {
  return dispatch(c, "reconciliation.skattekonto_book_suggested", c.req.valid("json"));
}

/** A tax account file is small: the request is refused before it is read when it cannot be one. */
const taxFileTooLarge = (details: Record<string, number>) =>
  new ApiError("VALIDATION_ERROR", details, "A tax account file may be at most 2 MB.");
const taxFileSizeGate = uploadSizeGate(MAX_TAX_ACCOUNT_FILE_BYTES, taxFileTooLarge);

const TaxImportForm = z.object({
  file: z.instanceof(File).openapi({ type: "string", format: "binary" }),
});

const importTaxAccountFileRoute = withBody(
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
    description:
      "multipart/form-data: file, the list the e-service Skattekonto exports (xlsx; a CSV of the same columns is read too), at most 2 MB and 5000 rows. The header row is found by name: bokföringsdag (or datum), transaktion (or text, specifikation), belopp, saldo (optional). " +
      "Refused at once, nothing stored, with VALIDATION_ERROR: details.reason TAX_ACCOUNT_FILE_UNRECOGNISED (no such header), TAX_ACCOUNT_FILE_UNREADABLE (a broken xlsx), TAX_ACCOUNT_FILE_ROWS_INVALID (details.rows: line and reason of each bad row: not a real date, text against the text rules, not an amount, dated in the future), TAX_ACCOUNT_FILE_EMPTY, TAX_ACCOUNT_FILE_TOO_MANY_ROWS. " +
      "Answers 202 with an operation; its result: rows_inserted, rows_skipped_duplicate (same date, text, amount and saldo as a row already registered or imported), transaction_ids, format_detected, earliest_date, latest_date, closing_balance. Rows only, no entries: book them with book-suggested or .../transactions/{id}/book.",
    params: CompanyParams,
    response: OperationSchema,
    status: 202,
  }),
  { content: { "multipart/form-data": { schema: TaxImportForm } }, required: true },
);

async function importTaxAccountFile(c: HandlerContext<typeof importTaxAccountFileRoute>) {
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

export function registerReconciliationRoutes(app: OpenAPIHono<AppEnv>) {
  // the bank run's operation result, named in the run's description
  app.openAPIRegistry.register("ReconciliationBankRunResult", BankRunResultSchema);
  app.openapi(listReconciliationAccountsRoute, listReconciliationAccounts);
  app.openapi(getReconciliationAccountRoute, getReconciliationAccount);
  app.openapi(listReconciliationItemsRoute, listReconciliationItems);
  app.openapi(linkItemsRoute, linkItems);
  app.openapi(unlinkItemsRoute, unlinkItems);
  app.openapi(listSignoffsRoute, listSignoffs);
  app.openapi(signOffAccountRoute, signOffAccount);
  app.openapi(runBankMatcherRoute, runBankMatcher);
  app.openapi(bankReconciliationStatusRoute, bankReconciliationStatus);
  app.openapi(registerTaxTransactionsRoute, registerTaxTransactions);
  app.openapi(deleteTaxTransactionRoute, deleteTaxTransaction);
  app.openapi(listTaxTransactionsRoute, listTaxTransactions);
  app.openapi(bookTaxTransactionRoute, bookTaxTransaction);
  app.openapi(bookSuggestedTaxTransactionsRoute, bookSuggestedTaxTransactions);
  app.openapi(importTaxAccountFileRoute, importTaxAccountFile);
}
