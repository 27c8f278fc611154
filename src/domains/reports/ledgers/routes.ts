// The ledgers: the trial balance, the general ledger (huvudbok), the journal register
// (verifikationslista), the continuity check of opening balances, and the customer and
// supplier ledgers with aging.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
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

const trialBalanceRoute = defineRoute({
  ...READ,
  path: `${REPORTS}/trial-balance`,
  summary: "Trial balance: opening, movement and closing per account",
  description: PROSE.trialBalanceDescription,
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
  ...READ,
  path: `${REPORTS}/ar-ledger`,
  summary: "Accounts receivable (kundreskontra) with aging per customer",
  description: PROSE.arLedgerDescription,
  query: LedgerQuery,
  response: ArLedgerSchema,
});

async function arLedgerReport(c: HandlerContext<typeof arLedgerRoute>) {
  const asOf = c.req.valid("query").as_of_date ?? todayUtc();
  const items = await openItemsAt(database(c.env), c.get("company").id, asOf, "customer");
  return json(c, agingLedger(items, asOf, "customer"));
}

const supplierLedgerRoute = defineRoute({
  ...READ,
  path: `${REPORTS}/supplier-ledger`,
  summary: "Accounts payable (leverantörsreskontra) with aging per supplier",
  description: PROSE.supplierLedgerDescription,
  query: LedgerQuery,
  response: SupplierLedgerSchema,
});

async function supplierLedgerReport(c: HandlerContext<typeof supplierLedgerRoute>) {
  const asOf = c.req.valid("query").as_of_date ?? todayUtc();
  const items = await openItemsAt(database(c.env), c.get("company").id, asOf, "supplier");
  return json(c, agingLedger(items, asOf, "supplier"));
}

const generalLedgerRoute = defineRoute({
  ...READ,
  path: `${REPORTS}/general-ledger`,
  summary: "General ledger (huvudbok): posted lines by account with opening, running and closing balance",
  description: PROSE.generalLedgerDescription,
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
  ...READ,
  path: `${REPORTS}/journal-register`,
  summary: "Journal register (verifikationslista): every posted entry with all lines, by series and number",
  description: "Paged by cursor (limit 1-1000, default 200).",
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
  ...READ,
  path: `${REPORTS}/continuity-check`,
  summary: "Opening balances against the prior period's closing balances (balance accounts)",
  query: PeriodQuery,
  response: ContinuityCheckSchema,
});

async function continuityCheckReport(c: HandlerContext<typeof continuityCheckRoute>) {
  const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
  return json(c, continuityCheck(period, await priorClosingAndOpening(db, companyId, period)));
}

/** The ledgers, first in the OpenAPI document. */
export function registerLedgerRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(trialBalanceRoute, trialBalanceReport);
  app.openapi(arLedgerRoute, arLedgerReport);
  app.openapi(supplierLedgerRoute, supplierLedgerReport);
  app.openapi(generalLedgerRoute, generalLedgerReport);
  app.openapi(journalRegisterRoute, journalRegisterReport);
  app.openapi(continuityCheckRoute, continuityCheckReport);
}
