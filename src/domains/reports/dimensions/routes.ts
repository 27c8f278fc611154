// The reports by dimension (cost centre, project): the income statement over columns of
// objects or months, and the general ledger of each object. Parse and render only.
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { nowIso } from "../../../clock";
import type { AppEnv } from "../../../http/context";
import { fieldError } from "../../../errors/api-error";
import { decodeCursor, encodeCursor } from "../../../http/cursor";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { periodRef } from "../builders";
import { incomeStatementRange } from "../date-range";
import { periodScope, READ, REPORTS, tablePdfFile } from "../common";
import { dimensionStatementPdf } from "./pdf";
import { DOCS } from "./prose";
import { dimensionGeneralLedger, dimensionIncomeStatement } from "./queries";
import {
  DimensionGeneralLedgerQuery,
  DimensionGeneralLedgerSchema,
  DimensionIncomeStatementPdfQuery,
  DimensionIncomeStatementQuery,
  DimensionIncomeStatementSchema,
} from "./schemas";
import { handled, on, registerRoutes } from "../../../http/route-table";

const incomeStatementRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/income-statement/by-dimension`, DOCS.incomeStatement),
  query: DimensionIncomeStatementQuery,
  response: DimensionIncomeStatementSchema,
});

/** The income statement by dimension of a query (the JSON route's and the PDF's). */
async function dimensionStatementOf(
  c: HandlerContext<typeof incomeStatementRoute> | HandlerContext<typeof incomeStatementPdfRoute>,
  q: z.infer<typeof DimensionIncomeStatementQuery>,
) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const { from, to } = incomeStatementRange(period, q);
  const question = {
    from,
    to,
    dimensionId: q.dimension_id,
    objects: q.objects,
    breakdown: q.breakdown ?? "object",
    budgetId: q.budget_id,
  };
  const report = await dimensionIncomeStatement(db, companyId, period, question);
  return { period: periodRef(period), from_date: from, to_date: to, is_preliminary: !period.isClosed, ...report };
}

async function dimensionIncomeStatementReport(c: HandlerContext<typeof incomeStatementRoute>) {
  return json(c, await dimensionStatementOf(c, c.req.valid("query")));
}

const incomeStatementPdfRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/income-statement/by-dimension/pdf`, DOCS.incomeStatementPdf),
  query: DimensionIncomeStatementPdfQuery,
  response: null,
});

async function dimensionIncomeStatementPdf(c: HandlerContext<typeof incomeStatementPdfRoute>) {
  const report = await dimensionStatementOf(c, c.req.valid("query"));
  return tablePdfFile(c, (company) => dimensionStatementPdf(report, company, nowIso()));
}

const generalLedgerRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/general-ledger/by-dimension`, DOCS.generalLedger),
  query: DimensionGeneralLedgerQuery,
  response: DimensionGeneralLedgerSchema,
});

async function dimensionGeneralLedgerReport(c: HandlerContext<typeof generalLedgerRoute>) {
  const q = c.req.valid("query");
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const { from, to } = incomeStatementRange(period, q);
  const accounts = { from: q.account_from ?? "1000", to: q.account_to ?? "8999" };
  const question = { from, to, dimensionId: q.dimension_id, objects: q.objects, accounts };
  const scope = `general-ledger-by-dimension:${companyId}:${period.id}:${JSON.stringify([question, q.limit])}`;
  const page = q.limit ? { limit: q.limit, after: await positionOf(c, scope, q.cursor) } : null;
  if (q.cursor && !page) throw fieldError("cursor", "a cursor continues a paged answer: send limit too");
  const { report, next } = await dimensionGeneralLedger(db, companyId, period, { ...question, page });
  const body = {
    period: periodRef(period),
    from_date: from,
    to_date: to,
    account_from: accounts.from,
    account_to: accounts.to,
    ...report,
  };
  if (!page) return json(c, body);
  const k = next && JSON.stringify([next.account, next.date, next.series, next.number, next.sort]);
  const cursor = next ? await encodeCursor(c.env.CURSOR_SECRET, { k: k!, i: next.entryId, s: scope }) : null;
  return json(c, body, 200, { next_cursor: cursor });
}

/**
 * Where the page before stopped. A cursor that does not decode (altered, or of another question
 * or limit) is refused, not ignored: a first page served in its place would repeat lines.
 */
async function positionOf(c: HandlerContext<typeof generalLedgerRoute>, scope: string, cursor: string | undefined) {
  if (!cursor) return null;
  const pos = await decodeCursor(c.env.CURSOR_SECRET, scope, cursor);
  const refused = () => fieldError("cursor", "not a cursor of this question and limit");
  if (!pos) throw refused();
  const key = JSON.parse(pos.k) as unknown;
  if (!Array.isArray(key) || key.length !== 5) throw refused();
  const [account, date, series, number, sort] = key as [string, string, string, number, number];
  return { account, date, series, number, sort };
}

export function registerDimensionReportRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(incomeStatementRoute, dimensionIncomeStatementReport),
    handled(incomeStatementPdfRoute, dimensionIncomeStatementPdf),
    handled(generalLedgerRoute, dimensionGeneralLedgerReport),
  ]);
}
