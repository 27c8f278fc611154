import { OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
import { defineRoute } from "../../http/route";
import { accountDetailJson, accountKeysOf, bareAccountJson, accountState, accountSummaryJson, defaultRange, itemJson, parseAccountKey, signoffJson, signoffsOf } from "./queries";
import {
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
const Params = z.object({ companyId: z.string() });
const KeyParams = z.object({ companyId: z.string(), accountKey: z.string().openapi({ description: "bank:<19xx settlement account>, receivables (1510) or payables (2440)" }) });
const read = { tag: TAG, scope: "reconciliation:read", company: true } as const;
const write = { tag: TAG, scope: "reconciliation:write", company: true, idempotency: "required", dryRun: true } as const;

export function registerReconciliationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: BASE,
      summary: "The accounts to reconcile, with their status",
      description:
        "Bank accounts (bank:<19xx>, every settlement account that holds imported or ingested transactions), receivables (1510 against open invoices) and payables (2440 against open supplier invoices). date_from and date_to default to the calendar year to date; with_status=false skips the status.",
      params: Params,
      query: AccountsQuery,
      response: z.object({ accounts: z.array(AccountSummarySchema) }),
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { from, to } = defaultRange(q);
      const db = database(c.env);
      const companyId = c.get("company").id;
      const withStatus = q.with_status ?? true;
      const accounts = [];
      for (const key of await accountKeysOf(db, companyId)) {
        if (!withStatus) accounts.push(bareAccountJson(key));
        else accounts.push(accountSummaryJson(await accountState(db, companyId, key, from, to), true));
      }
      return json(c, { accounts });
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/{accountKey}`,
      summary: "One account: external and ledger balance, the bridge between them, counts per bucket",
      description:
        "difference = external_balance - ledger_balance; each bridge line's amount is its part of the difference (external items count plus, ledger items minus); unexplained_difference = difference - the bridge. is_reconciled: unexplained_difference is zero and no item is proposed or unmatched (timing differences, bucket upcoming, are allowed).",
      params: KeyParams,
      query: z.object({ date_from: z.string().optional(), date_to: z.string().optional() }).strict(),
      response: AccountDetailSchema,
    }),
    async (c) => {
      const { from, to } = defaultRange(c.req.valid("query"));
      const key = parseAccountKey(c.req.valid("param").accountKey);
      return json(c, accountDetailJson(await accountState(database(c.env), c.get("company").id, key, from, to)));
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/{accountKey}/items`,
      summary: "A bank account's items by bucket",
      description:
        "Bank transactions (side external) and journal lines (side ledger) dated in date_from..date_to, oldest first; limit at most 200 (default 200). A proposed item is not linked. older_unmatched_count: proposed or unmatched items dated before date_from.",
      params: KeyParams,
      query: ItemsQuery,
      response: ItemsPageSchema,
    }),
    async (c) => {
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
      const page = await pageRequest(c, `reconciliation-items:${companyId}:${key.key}:${from}:${to}:${q.bucket ?? ""}`, q.cursor, q.limit);
      const p = page.position;
      const after = p ? selected.filter((i) => i.date > p.k || (i.date === p.k && i.itemId > p.i)) : selected;
      const { items, nextCursor } = await finishPage(c, page, after.slice(0, q.limit + 1), (i) => ({ k: i.date, i: i.itemId }));
      return json(c, {
        items: items.map((i) => itemJson(i, byId)),
        count: items.length,
        total_count: selected.length,
        has_more: nextCursor !== null,
        next_cursor: nextCursor,
        older_unmatched_count: olderUnmatched,
      });
    },
  );

  app.openapi(
    defineRoute({
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
    }),
    async (c) => dispatch(c, "reconciliation.link", { ...c.req.valid("json"), account_key: c.req.valid("param").accountKey }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "delete",
      path: `${BASE}/{accountKey}/links/{linkId}`,
      summary: "Unlink: the link's items go back to their buckets",
      params: KeyParams.extend({ linkId: z.string() }),
      response: UnlinkResultSchema,
    }),
    async (c) => dispatch(c, "reconciliation.unlink", { account_key: c.req.valid("param").accountKey, link_id: c.req.valid("param").linkId }),
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/{accountKey}/signoff`,
      summary: "The account's sign-offs",
      description: "A sign-off whose books have changed since (the account's ledger lines through its date, or the outside data) is reopened and listed only with include_reopened=true.",
      params: KeyParams,
      query: SignoffQuery,
      response: z.object({ signoffs: z.array(SignoffSchema) }),
    }),
    async (c) => {
      const db = database(c.env);
      const companyId = c.get("company").id;
      const key = parseAccountKey(c.req.valid("param").accountKey);
      const all = await Promise.all((await signoffsOf(db, companyId, key.key)).map((r) => signoffJson(db, companyId, r)));
      return json(c, { signoffs: c.req.valid("query").include_reopened ? all : all.filter((s) => !s.reopened) });
    },
  );

  app.openapi(
    defineRoute({
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
    }),
    async (c) => dispatch(c, "reconciliation.signoff", { ...c.req.valid("json"), account_key: c.req.valid("param").accountKey }),
  );
}
