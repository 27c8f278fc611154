// The ledgers: the trial balance, the general ledger (huvudbok), the journal register
// (verifikationslista), the continuity check of opening balances, and the customer and
// supplier ledgers with aging.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { decodeCursor, encodeCursor } from "../../../http/cursor";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { agingLedger } from "../aging";
import { continuityCheck, journalRegister, trialBalance } from "../builders";
import { trialBalanceDate } from "../date-range";
import { generalLedger, positionFromKey, positionKey } from "../general-ledger";
import {
  accountNames,
  generalLedgerLines,
  journalRegisterPage,
  movements,
  openItemsAt,
  periodTotals,
  priorClosingAndOpening,
  totalsThrough,
} from "../queries";
import {
  ArLedgerSchema,
  ContinuityCheckSchema,
  GeneralLedgerQuery,
  GeneralLedgerSchema,
  JournalRegisterQuery,
  JournalRegisterSchema,
  LedgerQuery,
  PeriodQuery,
  SupplierLedgerSchema,
  TrialBalanceQuery,
  TrialBalanceSchema,
} from "../schemas";
import { periodScope, READ, REPORTS } from "../common";
import { handled, on, registerRoutes } from "../../../http/route-table";

const trialBalanceRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/trial-balance`, DOCS.trialBalance),
  query: TrialBalanceQuery,
  response: TrialBalanceSchema,
});

async function trialBalanceReport(c: HandlerContext<typeof trialBalanceRoute>) {
  const q = c.req.valid("query");
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const to = trialBalanceDate(period, q.to_date);
  const [opening, closing, names] = await Promise.all([
    movements(db, companyId, { periodId: period.id, opening: "only" }),
    totalsThrough(db, companyId, period, to),
    accountNames(db, companyId),
  ]);
  return json(c, trialBalance(period, to, opening, closing, names));
}

const arLedgerRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/ar-ledger`, DOCS.arLedger),
  query: LedgerQuery,
  response: ArLedgerSchema,
});

async function arLedgerReport(c: HandlerContext<typeof arLedgerRoute>) {
  const asOf = c.req.valid("query").as_of_date ?? todayUtc();
  const items = await openItemsAt(database(c.env), c.get("company").id, asOf, "customer");
  return json(c, agingLedger(items, asOf, "customer"));
}

const supplierLedgerRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/supplier-ledger`, DOCS.supplierLedger),
  query: LedgerQuery,
  response: SupplierLedgerSchema,
});

async function supplierLedgerReport(c: HandlerContext<typeof supplierLedgerRoute>) {
  const asOf = c.req.valid("query").as_of_date ?? todayUtc();
  const items = await openItemsAt(database(c.env), c.get("company").id, asOf, "supplier");
  return json(c, agingLedger(items, asOf, "supplier"));
}

const generalLedgerRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/general-ledger`, DOCS.generalLedger),
  query: GeneralLedgerQuery,
  response: GeneralLedgerSchema,
});

async function generalLedgerReport(c: HandlerContext<typeof generalLedgerRoute>) {
  const q = c.req.valid("query");
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const range = { from: q.account_from ?? "1000", to: q.account_to ?? "8999" };
  if (q.cursor && !q.limit)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "cursor", message: "a cursor continues a paged answer: send limit too" }],
    });
  const scope = `general-ledger:${companyId}:${period.id}:${range.from}:${range.to}:${q.limit}`;
  const pos = await decodeCursor(c.env.CURSOR_SECRET, scope, q.cursor);
  const after = pos ? positionFromKey(pos.k) : null;
  const [opening, totals, names, fetched] = await Promise.all([
    movements(db, companyId, { periodId: period.id, opening: "only" }),
    periodTotals(db, companyId, period.id),
    accountNames(db, companyId),
    generalLedgerLines(db, companyId, period, range, after, q.limit),
  ]);
  const { report, next } = generalLedger({ period, range, after, limit: q.limit, fetched, opening, totals, names });
  const cursor = next
    ? await encodeCursor(c.env.CURSOR_SECRET, { k: positionKey(next.position), i: next.entryId, s: scope })
    : null;
  return json(c, report, 200, q.limit ? { next_cursor: cursor } : {});
}

const journalRegisterRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/journal-register`, DOCS.journalRegister),
  query: JournalRegisterQuery,
  response: JournalRegisterSchema,
});

async function journalRegisterReport(c: HandlerContext<typeof journalRegisterRoute>) {
  const q = c.req.valid("query");
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const scope = `register:${companyId}:${period.id}`;
  const pos = await decodeCursor(c.env.CURSOR_SECRET, scope, q.cursor);
  const after = pos ? { series: pos.k, number: Number(pos.i) } : null;
  const page = await journalRegisterPage(db, companyId, period.id, after, q.limit);
  const last = page.entries.at(-1);
  const next =
    page.more && last
      ? await encodeCursor(c.env.CURSOR_SECRET, { k: last.voucherSeries, i: String(last.voucherNumber), s: scope })
      : null;
  return json(c, journalRegister(period, page), 200, { next_cursor: next });
}

const continuityCheckRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/continuity-check`, DOCS.continuityCheck),
  query: PeriodQuery,
  response: ContinuityCheckSchema,
});

async function continuityCheckReport(c: HandlerContext<typeof continuityCheckRoute>) {
  const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
  return json(c, continuityCheck(period, await priorClosingAndOpening(db, companyId, period)));
}

/** The ledgers, first in the OpenAPI document. */
export function registerLedgerRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(trialBalanceRoute, trialBalanceReport),
    handled(arLedgerRoute, arLedgerReport),
    handled(supplierLedgerRoute, supplierLedgerReport),
    handled(generalLedgerRoute, generalLedgerReport),
    handled(journalRegisterRoute, journalRegisterReport),
    handled(continuityCheckRoute, continuityCheckReport),
  ]);
}
