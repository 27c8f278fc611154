// The accounts to reconcile: their figures and items, links between bank rows and journal lines, sign-offs.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { finishPage, pageRequest } from "../../../http/pagination";
import { defineRoute, type HandlerContext } from "../../../http/route";
import {
  accountDetailJson,
  accountKeysOf,
  bareAccountJson,
  accountState,
  accountSummaryJson,
  defaultRange,
  itemJson,
  signoffJson,
  signoffsOf,
} from "./queries";
import { parseAccountKey } from "./keys";
import {
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

import { BASE, KeyParams, read, write } from "../common";
import { handled, on, registerRoutes } from "../../../http/route-table";

export const listReconciliationAccountsRoute = defineRoute({
  ...on.get(read, BASE, DOCS.listReconciliationAccounts),
  query: AccountsQuery,
  response: z.object({ accounts: z.array(AccountSummarySchema) }),
});

export async function listReconciliationAccounts(c: HandlerContext<typeof listReconciliationAccountsRoute>) {
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

export const getReconciliationAccountRoute = defineRoute({
  ...on.get(read, `${BASE}/{accountKey}`, DOCS.getReconciliationAccount),
  params: KeyParams,
  // real dates only, as on every other reconciliation read (a malformed date_to was a 500, issue #34)
  query: RangeQuery,
  response: AccountDetailSchema,
});

export async function getReconciliationAccount(c: HandlerContext<typeof getReconciliationAccountRoute>) {
  const { from, to } = defaultRange(c.req.valid("query"));
  const key = parseAccountKey(c.req.valid("param").accountKey);
  return json(c, accountDetailJson(await accountState(database(c.env), c.get("company").id, key, from, to)));
}

export const listReconciliationItemsRoute = defineRoute({
  ...on.get(read, `${BASE}/{accountKey}/items`, DOCS.listReconciliationItems),
  params: KeyParams,
  query: ItemsQuery,
  response: ItemsPageSchema,
});

export async function listReconciliationItems(c: HandlerContext<typeof listReconciliationItemsRoute>) {
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

export const linkItemsRoute = defineRoute({
  ...on.post(write, `${BASE}/{accountKey}/links`, DOCS.linkItems),
  params: KeyParams,
  body: LinksBodySchema,
  response: LinksResultSchema,
  status: 201,
});

export async function linkItems(c: HandlerContext<typeof linkItemsRoute>) {
  return dispatch(c, "reconciliation.link", { ...c.req.valid("json"), account_key: c.req.valid("param").accountKey });
}

export const unlinkItemsRoute = defineRoute({
  ...on.delete(write, `${BASE}/{accountKey}/links/{linkId}`, DOCS.unlinkItems),
  params: KeyParams.extend({ linkId: z.string() }),
  response: UnlinkResultSchema,
});

export async function unlinkItems(c: HandlerContext<typeof unlinkItemsRoute>) {
  return dispatch(c, "reconciliation.unlink", {
    account_key: c.req.valid("param").accountKey,
    link_id: c.req.valid("param").linkId,
  });
}

export const listSignoffsRoute = defineRoute({
  ...on.get(read, `${BASE}/{accountKey}/signoff`, DOCS.listSignoffs),
  params: KeyParams,
  query: SignoffQuery,
  response: z.object({ signoffs: z.array(SignoffSchema) }),
});

export async function listSignoffs(c: HandlerContext<typeof listSignoffsRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const key = parseAccountKey(c.req.valid("param").accountKey);
  const all = await Promise.all((await signoffsOf(db, companyId, key.key)).map((r) => signoffJson(db, companyId, r)));
  return json(c, { signoffs: c.req.valid("query").include_reopened ? all : all.filter((s) => !s.reopened) });
}

export const signOffAccountRoute = defineRoute({
  ...on.post(write, `${BASE}/{accountKey}/signoff`, DOCS.signOffAccount),
  params: KeyParams,
  body: SignoffBodySchema,
  response: SignoffSchema,
  status: 201,
});

export async function signOffAccount(c: HandlerContext<typeof signOffAccountRoute>) {
  return dispatch(c, "reconciliation.signoff", {
    ...c.req.valid("json"),
    account_key: c.req.valid("param").accountKey,
  });
}

export function registerAccountRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listReconciliationAccountsRoute, listReconciliationAccounts),
    handled(getReconciliationAccountRoute, getReconciliationAccount),
    handled(listReconciliationItemsRoute, listReconciliationItems),
    handled(linkItemsRoute, linkItems),
    handled(unlinkItemsRoute, unlinkItems),
    handled(listSignoffsRoute, listSignoffs),
    handled(signOffAccountRoute, signOffAccount),
  ]);
}
