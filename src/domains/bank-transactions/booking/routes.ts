// The bank rows read, booked to an account, ignored, or their booking reversed.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE, DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { byCreated, finishPage, pageRequest } from "../../../http/pagination";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { listTemplates, listTransactions, loadTransaction, templateJson, transactionJson } from "../queries";
import { TransactionListQuery, TransactionSchema } from "../schemas";
import { BatchCategorizeSchema, CategorizeSchema } from "./schemas";
import { suggestCategories } from "./suggest";
import { BASE, TAG, write } from "../common";
import { commandRoute, handled, on, registerRoutes, routeRoom } from "../../../http/route-table";

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
      description: PROSE.settledDocumentsDescription,
    }),
});

const READ = { tag: TAG, scope: "transactions:read", company: true } as const;

const room = routeRoom(BASE, { read: READ, write: write });

const listTransactionsRoute = room.list(DOCS.listTransactions, TransactionListQuery, z.array(TransactionOut));

async function listTransactionsPage(c: HandlerContext<typeof listTransactionsRoute>) {
  const { cursor, limit, ...filters } = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `transactions:${companyId}:${JSON.stringify(filters)}`, cursor, limit);
  const { items, nextCursor } = await finishPage(
    c,
    page,
    await listTransactions(database(c.env), companyId, filters, page),
    byCreated,
  );
  return json(c, items.map(transactionJson), 200, { next_cursor: nextCursor });
}

const getTransactionRoute = room.get(DOCS.getTransaction, TransactionOut);

async function getTransaction(c: HandlerContext<typeof getTransactionRoute>) {
  return json(c, transactionJson(await loadTransaction(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const listMerchantTemplatesRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/transaction-templates", DOCS.listMerchantTemplates),
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

const batchCategorize = commandRoute("bank_transactions.batch_categorize", "body", {
  ...on.post(write, `${BASE}/batch-categorize`, DOCS.batchCategorize),
  body: BatchCategorizeSchema,
  response: BulkOut,
});

const categorizeTransaction = room.action(
  "bank_transactions.categorize",
  "categorize",
  DOCS.categorizeTransaction,
  CategorizeSchema,
  CategorizeOut,
);

const READ_BY_POST = { tag: TAG, scope: "transactions:read", company: true, write: false } as const;

const suggestTransactionCategoriesRoute = defineRoute({
  ...on.post(READ_BY_POST, `${BASE}/{id}/suggest-categories`, DOCS.suggestTransactionCategories),
  response: SuggestOut,
});

async function suggestTransactionCategories(c: HandlerContext<typeof suggestTransactionCategoriesRoute>) {
  return json(c, await suggestCategories(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const ignoreTransaction = room.action("bank_transactions.ignore", "ignore", DOCS.ignoreTransaction, null, IgnoreOut);

const unignoreTransaction = commandRoute("bank_transactions.unignore", "id", {
  ...on.delete(write, `${BASE}/{id}/ignore`, DOCS.unignoreTransaction),
  idempotency: "optional",
  response: IgnoreOut.extend({ was_ignored: z.boolean() }),
});

const uncategorizeTransaction = commandRoute("bank_transactions.uncategorize", "id", {
  ...on.post(write, `${BASE}/{id}/uncategorize`, DOCS.uncategorizeTransaction),
  response: z.object({
    success: z.boolean(),
    transaction_id: z.string(),
    reversed_journal_entry_id: z.string(),
    reversal_journal_entry_id: z.string(),
    transaction: TransactionSchema,
  }),
});

/** The reads of bank rows and the merchant templates, registered before ingest (the document's order). */
export function registerTransactionReadRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listTransactionsRoute, listTransactionsPage),
    handled(getTransactionRoute, getTransaction),
    handled(listMerchantTemplatesRoute, listMerchantTemplates),
  ]);
}

export function registerBookingRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    batchCategorize,
    categorizeTransaction,
    handled(suggestTransactionCategoriesRoute, suggestTransactionCategories),
    ignoreTransaction,
    unignoreTransaction,
    uncategorizeTransaction,
  ]);
}
