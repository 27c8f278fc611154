// The cash-flow statement and the key ratios, each with the previous year beside it. Parse and render only.
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { nowIso } from "../../../clock";
import type { Database } from "../../../db/client";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { periodRef } from "../builders";
import { incomeStatementRange } from "../date-range";
import { pdfFile, periodScope, READ, REPORTS, tablePdfFile } from "../common";
import { cashFlowPdf, keyRatiosPdf } from "./pdf";
import { IncomeStatementQuery } from "../schemas";
import { DOCS } from "./prose";
import { cashFlowOf, keyRatiosOf, priorRange } from "./queries";
import { cashFlowJson, keyRatiosJson } from "./rules";
import { CashFlowSchema, KeyRatiosSchema } from "./schemas";
import { handled, on, registerRoutes } from "../../../http/route-table";

const cashFlowRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/cash-flow`, DOCS.cashFlow),
  query: IncomeStatementQuery,
  response: CashFlowSchema,
});

/**
 * A report of from..to and the same of the previous year over the dates that stand where these
 * stand (null for a first year), each shaped by `shape`.
 */
async function withPriorYear<T, S extends object>(
  c: Context<AppEnv>,
  q: z.infer<typeof IncomeStatementQuery>,
  of: (db: Database, companyId: string, period: FiscalPeriodRow, from: string, to: string) => Promise<T>,
  shape: (figures: T) => S,
) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const { from, to } = incomeStatementRange(period, q);
  const prior = await priorRange(db, companyId, period, from, to);
  const [now, before] = await Promise.all([
    of(db, companyId, period, from, to),
    prior ? of(db, companyId, prior.period, prior.from, prior.to) : null,
  ]);
  const priorYear =
    prior && before
      ? { period: periodRef(prior.period), from_date: prior.from, to_date: prior.to, ...shape(before) }
      : null;
  return { period, head: { period: periodRef(period), from_date: from, to_date: to }, figures: shape(now), priorYear };
}

async function cashFlowReport(c: HandlerContext<typeof cashFlowRoute>) {
  const r = await withPriorYear(c, c.req.valid("query"), cashFlowOf, cashFlowJson);
  return json(c, { ...r.head, is_preliminary: !r.period.isClosed, ...r.figures, prior_year: r.priorYear });
}

const cashFlowPdfRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/cash-flow/pdf`, DOCS.cashFlowPdf),
  query: IncomeStatementQuery,
  response: null,
});

async function cashFlowPdfReport(c: HandlerContext<typeof cashFlowPdfRoute>) {
  const r = await withPriorYear(c, c.req.valid("query"), cashFlowOf, cashFlowJson);
  const report = { ...r.head, is_preliminary: !r.period.isClosed, ...r.figures };
  return pdfFile(c, (company) => cashFlowPdf(report, r.priorYear, company, nowIso()));
}

const keyRatiosRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/key-ratios`, DOCS.keyRatios),
  query: IncomeStatementQuery,
  response: KeyRatiosSchema,
});

async function keyRatiosReport(c: HandlerContext<typeof keyRatiosRoute>) {
  const r = await withPriorYear(c, c.req.valid("query"), keyRatiosOf, keyRatiosJson);
  return json(c, { ...r.head, ...r.figures, prior_year: r.priorYear });
}

const keyRatiosPdfRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/key-ratios/pdf`, DOCS.keyRatiosPdf),
  query: IncomeStatementQuery,
  response: null,
});

async function keyRatiosPdfReport(c: HandlerContext<typeof keyRatiosPdfRoute>) {
  const r = await withPriorYear(c, c.req.valid("query"), keyRatiosOf, keyRatiosJson);
  const report = { ...r.head, is_preliminary: !r.period.isClosed, ...r.figures };
  return tablePdfFile(c, (company) => keyRatiosPdf(report, r.priorYear, company, nowIso()));
}

export function registerAnalysisRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(cashFlowRoute, cashFlowReport),
    handled(cashFlowPdfRoute, cashFlowPdfReport),
    handled(keyRatiosRoute, keyRatiosReport),
    handled(keyRatiosPdfRoute, keyRatiosPdfReport),
  ]);
}
