// The report routes: each parses its query, reads through queries.ts, assembles with a
// builder and renders JSON, a PDF or a file. No SQL and no bookkeeping rule lives here.
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { nowIso, todayUtc } from "../../clock";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { agingLedger } from "./aging";
import {
  balanceSheet,
  continuityCheck,
  incomeStatement,
  journalRegister,
  monthlyBreakdown,
  trialBalance,
  vatDeclaration,
} from "./builders";
import * as endpoint from "./endpoints";
import { balanceSheetDate, incomeStatementRange, trialBalanceDate, vatDeclarationRange } from "./date-range";
import { generalLedger, positionFromKey, positionKey } from "./general-ledger";
import { renderReportPdf, type PdfReport } from "./pdf";
import {
  accountNames,
  companyHeading,
  generalLedgerLines,
  journalRegisterPage,
  loadPeriodFor,
  monthlyMovements,
  movements,
  movementsWithin,
  openItemsAt,
  periodTotals,
  priorClosingAndOpening,
  totalsThrough,
  vatDeclarationMovements,
} from "./queries";
import type * as s from "./schemas";
import { exportSie } from "./sie-export";
import { priorBalanceSheet, priorIncomeStatement } from "./prior-year";
import { balanceSheetPdf, incomeStatementPdf } from "./statement-pdfs";

/** The database, the company and the requested period: what every report starts from. */
async function periodScope(c: Context<AppEnv>, periodId: string) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  return { db, companyId, period: await loadPeriodFor(db, companyId, periodId) };
}

async function buildBalanceSheet(c: Context<AppEnv>, q: z.infer<typeof s.BalanceSheetQuery>) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const asOf = balanceSheetDate(period, q);
  const [closing, names] = await Promise.all([totalsThrough(db, companyId, period, asOf), accountNames(db, companyId)]);
  return balanceSheet(period, asOf, closing, names);
}

async function buildIncomeStatement(c: Context<AppEnv>, q: z.infer<typeof s.IncomeStatementQuery>) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const { from, to } = incomeStatementRange(period, q);
  const [moves, names] = await Promise.all([
    movementsWithin(db, companyId, period, from, to),
    accountNames(db, companyId),
  ]);
  return incomeStatement(period, from, to, moves, names);
}

async function pdfFile(
  c: Context<AppEnv>,
  document: (company: Awaited<ReturnType<typeof companyHeading>>) => { pdf: PdfReport; fileName: string },
) {
  const { pdf, fileName } = document(await companyHeading(database(c.env), c.get("company").id));
  return fileResponse(c, await renderReportPdf(pdf), "application/pdf", fileName);
}

export function registerReportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(endpoint.trialBalance, async (c) => {
    const q = c.req.valid("query");
    const { db, companyId, period } = await periodScope(c, q.period_id);
    const to = trialBalanceDate(period, q.to_date);
    const [opening, closing, names] = await Promise.all([
      movements(db, companyId, { periodId: period.id, opening: "only" }),
      totalsThrough(db, companyId, period, to),
      accountNames(db, companyId),
    ]);
    return json(c, trialBalance(period, to, opening, closing, names));
  });

  app.openapi(endpoint.arLedger, async (c) => {
    const asOf = c.req.valid("query").as_of_date ?? todayUtc();
    return json(
      c,
      agingLedger(await openItemsAt(database(c.env), c.get("company").id, asOf, "customer"), asOf, "customer"),
    );
  });

  app.openapi(endpoint.supplierLedger, async (c) => {
    const asOf = c.req.valid("query").as_of_date ?? todayUtc();
    return json(
      c,
      agingLedger(await openItemsAt(database(c.env), c.get("company").id, asOf, "supplier"), asOf, "supplier"),
    );
  });

  app.openapi(endpoint.balanceSheet, async (c) => {
    const { differenceOre: _d, ...report } = await buildBalanceSheet(c, c.req.valid("query"));
    return json(c, report);
  });

  app.openapi(endpoint.balanceSheetPdf, async (c) => {
    const report = await buildBalanceSheet(c, c.req.valid("query"));
    const { db, companyId, period } = await periodScope(c, report.period.id);
    const prior = await priorBalanceSheet(db, companyId, period, report.as_of);
    return pdfFile(c, (company) => balanceSheetPdf(report, prior, company, nowIso()));
  });

  app.openapi(endpoint.incomeStatement, async (c) => json(c, await buildIncomeStatement(c, c.req.valid("query"))));

  app.openapi(endpoint.incomeStatementPdf, async (c) => {
    const report = await buildIncomeStatement(c, c.req.valid("query"));
    const { db, companyId, period } = await periodScope(c, report.period.id);
    const prior = await priorIncomeStatement(db, companyId, period, report.from_date, report.to_date);
    return pdfFile(c, (company) => incomeStatementPdf(report, prior, company, nowIso()));
  });

  app.openapi(endpoint.generalLedger, async (c) => {
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
  });

  app.openapi(endpoint.journalRegister, async (c) => {
    const q = c.req.valid("query");
    const { db, companyId, period } = await periodScope(c, q.period_id);
    const scope = `register:${companyId}:${period.id}`;
    const pos = await decodeCursor(c.env.CURSOR_SECRET, scope, q.cursor);
    const page = await journalRegisterPage(
      db,
      companyId,
      period.id,
      pos ? { series: pos.k, number: Number(pos.i) } : null,
      q.limit,
    );
    const last = page.entries.at(-1);
    const next =
      page.more && last
        ? await encodeCursor(c.env.CURSOR_SECRET, { k: last.voucherSeries, i: String(last.voucherNumber), s: scope })
        : null;
    return json(c, journalRegister(period, page), 200, { next_cursor: next });
  });

  app.openapi(endpoint.continuityCheck, async (c) => {
    const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
    return json(c, continuityCheck(period, await priorClosingAndOpening(db, companyId, period)));
  });

  app.openapi(endpoint.vatDeclaration, async (c) => {
    const q = c.req.valid("query");
    const db = database(c.env);
    const companyId = c.get("company").id;
    const period = q.period_id ? await loadPeriodFor(db, companyId, q.period_id) : null;
    const range = vatDeclarationRange(period, q);
    const moves = await vatDeclarationMovements(db, companyId, { periodId: period?.id, ...range });
    return json(c, vatDeclaration(range, period, moves));
  });

  app.openapi(endpoint.monthlyBreakdown, async (c) => {
    const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
    return json(c, monthlyBreakdown(period, await monthlyMovements(db, companyId, period.id)));
  });

  app.openapi(endpoint.sieExport, async (c) => {
    const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
    const { bytes, fileName } = await exportSie(db, companyId, period, c.env.SERVICE_VERSION, nowIso());
    return fileResponse(c, bytes, "text/plain; charset=IBM437", fileName);
  });
}
