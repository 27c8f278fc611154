// The financial statements: the balance sheet and the income statement (as JSON and as
// PDF) and the month-by-month breakdown of the result.
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import type { Context } from "hono";
import { nowIso } from "../../../clock";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { prose } from "../../../http/prose";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { balanceSheet, incomeStatement, monthlyBreakdown } from "../builders";
import { balanceSheetDate, incomeStatementRange } from "../date-range";
import { accountNames, monthlyMovements, movementsWithin, totalsThrough } from "../queries";
import {
  BalanceSheetQuery,
  BalanceSheetSchema,
  IncomeStatementBudgetQuery,
  IncomeStatementQuery,
  IncomeStatementSchema,
  MonthlyBreakdownSchema,
  PeriodQuery,
} from "../schemas";
import { priorBalanceSheet, priorIncomeStatement } from "../prior-year";
import { balanceSheetPdf, incomeStatementPdf } from "../statement-pdfs";
import { incomeStatementBudget } from "../dimensions/queries";
import { pdfFile, periodScope, READ, REPORTS } from "../common";
import { handled, on, registerRoutes } from "../../../http/route-table";

/** The income statement's budget parameter (issue #46, docs/budgets.md). */
const BUDGET_NOTE = prose`
  With budget_id (a budget of the period, else 404 BUDGET_NOT_FOUND), budget_comparison sets each
  row's outcome beside its budget and the difference; the budget's months the range touches count whole.`;

/** The balance sheet the JSON and the PDF share (the PDF refuses one that does not balance). */
async function buildBalanceSheet(c: Context<AppEnv>, q: z.infer<typeof BalanceSheetQuery>) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const asOf = balanceSheetDate(period, q);
  const [closing, names] = await Promise.all([totalsThrough(db, companyId, period, asOf), accountNames(db, companyId)]);
  return balanceSheet(period, asOf, closing, names);
}

/** The income statement the JSON and the PDF share. */
async function buildIncomeStatement(c: Context<AppEnv>, q: z.infer<typeof IncomeStatementQuery>) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const { from, to } = incomeStatementRange(period, q);
  const [moves, names] = await Promise.all([
    movementsWithin(db, companyId, period, from, to),
    accountNames(db, companyId),
  ]);
  return incomeStatement(period, from, to, moves, names);
}

const balanceSheetRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/balance-sheet`, DOCS.balanceSheet),
  query: BalanceSheetQuery,
  response: BalanceSheetSchema,
});

async function balanceSheetReport(c: HandlerContext<typeof balanceSheetRoute>) {
  const { differenceOre: _d, ...report } = await buildBalanceSheet(c, c.req.valid("query"));
  const { db, companyId, period } = await periodScope(c, report.period.id);
  const prior = await priorBalanceSheet(db, companyId, period, report.as_of);
  const priorYear = prior ? (({ differenceOre: _p, ...rest }) => rest)(prior) : null;
  return json(c, { ...report, prior_year: priorYear });
}

const balanceSheetPdfRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/balance-sheet/pdf`, DOCS.balanceSheetPdf),
  query: BalanceSheetQuery,
  response: null,
});

async function balanceSheetPdfReport(c: HandlerContext<typeof balanceSheetPdfRoute>) {
  const report = await buildBalanceSheet(c, c.req.valid("query"));
  // the previous year's column (ÅRL's schedule): the same relative date a year earlier
  const { db, companyId, period } = await periodScope(c, report.period.id);
  const prior = await priorBalanceSheet(db, companyId, period, report.as_of);
  return pdfFile(c, (company) => balanceSheetPdf(report, prior, company, nowIso()));
}

const incomeStatementRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/income-statement`, DOCS.incomeStatement),
  description:
    "period_id required; from_date and to_date inside the period (default: the whole period). " +
    "Sections by BAS group in the order of ÅRL bilaga 2; BAS's free groups 85-87 count among " +
    "the financial items; the closing accounts 8990-8999 are not shown. " +
    BUDGET_NOTE,
  query: IncomeStatementBudgetQuery,
  response: IncomeStatementSchema,
});

async function incomeStatementReport(c: HandlerContext<typeof incomeStatementRoute>) {
  const q = c.req.valid("query");
  const report = await buildIncomeStatement(c, q);
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const priorYear = await priorIncomeStatement(db, companyId, period, report.from_date, report.to_date);
  const answer = { ...report, prior_year: priorYear };
  if (!q.budget_id) return json(c, answer);
  const question = { from: report.from_date, to: report.to_date, budgetId: q.budget_id };
  return json(c, { ...answer, budget_comparison: await incomeStatementBudget(db, companyId, period, question) });
}

const incomeStatementPdfRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/income-statement/pdf`, DOCS.incomeStatementPdf),
  query: IncomeStatementQuery,
  response: null,
});

async function incomeStatementPdfReport(c: HandlerContext<typeof incomeStatementPdfRoute>) {
  const report = await buildIncomeStatement(c, c.req.valid("query"));
  const { db, companyId, period } = await periodScope(c, report.period.id);
  const prior = await priorIncomeStatement(db, companyId, period, report.from_date, report.to_date);
  return pdfFile(c, (company) => incomeStatementPdf(report, prior, company, nowIso()));
}

const monthlyBreakdownRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/monthly-breakdown`, DOCS.monthlyBreakdown),
  query: PeriodQuery,
  response: MonthlyBreakdownSchema,
});

async function monthlyBreakdownReport(c: HandlerContext<typeof monthlyBreakdownRoute>) {
  const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
  return json(c, monthlyBreakdown(period, await monthlyMovements(db, companyId, period.id)));
}

export function registerStatementRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(balanceSheetRoute, balanceSheetReport),
    handled(balanceSheetPdfRoute, balanceSheetPdfReport),
    handled(incomeStatementRoute, incomeStatementReport),
    handled(incomeStatementPdfRoute, incomeStatementPdfReport),
    handled(monthlyBreakdownRoute, monthlyBreakdownReport),
  ]);
}
