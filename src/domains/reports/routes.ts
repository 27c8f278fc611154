import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { eq, sql } from "drizzle-orm";
import { nowIso, todayUtc } from "../../clock";
import { database } from "../../db/client";
import { companies } from "../../db/schema";
import { ApiError } from "../../http/api-error";
import type { AppEnv } from "../../http/context";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { defineRoute } from "../../http/route";
import { fromOre } from "../../ledger/money";
import { BOX_NAMES, declarationBoxes } from "../../sweden/vat-declaration";
import { isBalanceAccount } from "../../sweden/report-layout";
import { addMonths } from "../../sweden/fiscal-year";
import { DateSchema } from "../journal-entries/schemas";
import { entryJson, linesOf } from "../journal-entries/queries";
import { balanceSheet, incomeStatement, periodRef, trialBalance } from "./builders";
import { renderReportPdf, type PdfReport } from "./pdf";
import { accountNames, byAccount, loadPeriodFor, movements, net, OPENING_SOURCE, periodTotals, postedEntriesPage, previousPeriod, totalsThrough } from "./queries";
import { exportSie } from "./sie-export";
import {
  ArLedgerSchema,
  BalanceSheetSchema,
  ContinuityCheckSchema,
  GeneralLedgerSchema,
  IncomeStatementSchema,
  JournalRegisterSchema,
  MonthlyBreakdownSchema,
  SupplierLedgerSchema,
  TrialBalanceSchema,
  VatDeclarationSchema,
} from "./schemas";
import { agingLedger } from "./aging";
import { openReceivablesAt } from "../invoices/queries";
import { openSupplierItemsAt } from "../supplier-invoices/queries";

const TAG = "Reports";
const BASE = "/api/v1/companies/{companyId}/reports";
const Params = z.object({ companyId: z.string() });
const read = { tag: TAG, scope: "reports:read", company: true, params: Params } as const;
const PeriodId = z.string().min(1).openapi({ description: "fiscal period id" });

function inside(period: { periodStart: string; periodEnd: string; id: string }, date: string, name: string) {
  if (date < period.periodStart || date > period.periodEnd) {
    throw new ApiError("VALIDATION_ERROR", { fields: [{ path: name, message: `must be within the period ${period.periodStart}..${period.periodEnd}` }] }, `${name} must be inside the fiscal period.`);
  }
}

/** The database, the company and the requested period: what every report starts from. */
async function periodScope(c: Context<AppEnv>, periodId: string) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  return { db, companyId, period: await loadPeriodFor(db, companyId, periodId) };
}

async function companyRow(c: Context<AppEnv>) {
  return (await database(c.env).select().from(companies).where(eq(companies.id, c.get("company").id)).get())!;
}

function pdfSection(s: { name: string; accounts: { account_number: string; name: string | null; amount: number }[]; total: number }) {
  return { name: s.name, rows: s.accounts.map((a) => ({ label: `${a.account_number} ${a.name ?? ""}`.trim(), amount: a.amount })), total: s.total };
}

const BalanceQuery = z
  .object({ period_id: PeriodId, as_of: DateSchema.optional(), to_date: DateSchema.optional() })
  .strict()
  .refine((q) => !(q.as_of && q.to_date), { message: "give as_of or to_date, not both", path: ["as_of"] });
const IncomeQuery = z.object({ period_id: PeriodId, from_date: DateSchema.optional(), to_date: DateSchema.optional() }).strict();

async function buildBalanceSheet(c: Context<AppEnv>, q: z.infer<typeof BalanceQuery>) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const asOf = q.as_of ?? q.to_date ?? (todayUtc() < period.periodEnd && todayUtc() >= period.periodStart ? todayUtc() : period.periodEnd);
  inside(period, asOf, q.as_of ? "as_of" : "to_date");
  return balanceSheet(period, asOf, await totalsThrough(db, companyId, period, asOf), await accountNames(db, companyId));
}

async function buildIncomeStatement(c: Context<AppEnv>, q: z.infer<typeof IncomeQuery>) {
  const { db, companyId, period } = await periodScope(c, q.period_id);
  const from = q.from_date ?? period.periodStart;
  const to = q.to_date ?? period.periodEnd;
  inside(period, from, "from_date");
  inside(period, to, "to_date");
  if (from > to) throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "from_date", message: "from_date is after to_date" }] });
  const whole = from === period.periodStart && to >= period.periodEnd;
  const moves = whole ? await periodTotals(db, companyId, period.id) : await movements(db, companyId, { periodId: period.id, from, to, opening: "exclude" });
  return incomeStatement(period, from, to, moves, await accountNames(db, companyId));
}

export function registerReportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/trial-balance`,
      summary: "Trial balance: opening, movement and closing per account",
      description: "opening_balance is the period's opening entry (from #IB or opening balances); to_date (inside the period) limits the movement.",
      query: z.object({ period_id: PeriodId, to_date: DateSchema.optional() }).strict(),
      response: TrialBalanceSchema,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { db, companyId, period } = await periodScope(c, q.period_id);
      const to = q.to_date ?? period.periodEnd;
      inside(period, to, "to_date");
      const [opening, closing, names] = await Promise.all([
        movements(db, companyId, { periodId: period.id, opening: "only" }),
        totalsThrough(db, companyId, period, to),
        accountNames(db, companyId),
      ]);
      return json(c, trialBalance(period, to, opening, closing, names));
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/ar-ledger`,
      summary: "Accounts receivable (kundreskontra) with aging per customer",
      description:
        "Invoices still owed at as_of_date (default today UTC): sent by then, less payments and credit notes dated up to then; at today exactly the sent, overdue and partially_paid invoices. " +
        "Buckets by days past due: 0-30 (including not yet due, also shown as not_yet_due), 31-60, 61-90, 90+. Amounts in SEK at each invoice's booked rate.",
      query: z.object({ as_of_date: DateSchema.optional() }).strict(),
      response: ArLedgerSchema,
    }),
    async (c) => {
      const asOf = c.req.valid("query").as_of_date ?? todayUtc();
      return json(c, agingLedger(await openReceivablesAt(database(c.env), c.get("company").id, asOf), asOf, "customer"));
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/supplier-ledger`,
      summary: "Accounts payable (leverantörsreskontra) with aging per supplier",
      description:
        "Supplier invoices still owed at as_of_date (default today UTC): registered by then, less payments and credit notes dated up to then (registered, approved, partially_paid, overdue and disputed at today). " +
        "Same buckets and SEK valuation as ar-ledger.",
      query: z.object({ as_of_date: DateSchema.optional() }).strict(),
      response: SupplierLedgerSchema,
    }),
    async (c) => {
      const asOf = c.req.valid("query").as_of_date ?? todayUtc();
      return json(c, agingLedger(await openSupplierItemsAt(database(c.env), c.get("company").id, asOf), asOf, "supplier"));
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/balance-sheet`,
      summary: "Balance sheet (balansräkning) at a date",
      description: "period_id required; as_of or to_date (one of, inside the period; default today or the period end); from_date is not accepted.",
      query: BalanceQuery,
      response: BalanceSheetSchema,
    }),
    async (c) => {
      const { differenceOre: _d, ...report } = await buildBalanceSheet(c, c.req.valid("query"));
      return json(c, report);
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/balance-sheet/pdf`,
      summary: "Balance sheet as PDF",
      description: "Refused with REPORT_GENERATION_FAILED when assets and equity plus liabilities differ by 1 krona or more. Marked preliminary while the period is open.",
      query: BalanceQuery,
      response: null,
    }),
    async (c) => {
      const report = await buildBalanceSheet(c, c.req.valid("query"));
      if (Math.abs(report.differenceOre) >= 100) {
        throw new ApiError("REPORT_GENERATION_FAILED", { reason: "unbalanced", difference: report.totals.difference }, "Assets and equity plus liabilities differ by 1 krona or more.");
      }
      const company = await companyRow(c);
      const pdf: PdfReport = {
        title: "Balansräkning",
        companyName: company.name,
        orgNumber: company.orgNumber,
        periodLabel: `Räkenskapsår ${report.period.name}, per ${report.as_of}`,
        preliminary: report.is_preliminary,
        sections: [...report.sections.assets.map(pdfSection), ...report.sections.equity_and_liabilities.map(pdfSection)],
        summary: [
          { label: "Summa tillgångar", amount: report.totals.assets },
          { label: "Summa eget kapital och skulder", amount: report.totals.equity_and_liabilities },
        ],
        generatedAt: nowIso(),
      };
      return fileResponse(c, await renderReportPdf(pdf), "application/pdf", `balansrakning-${report.as_of}${report.is_preliminary ? "-preliminar" : ""}.pdf`);
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/income-statement`,
      summary: "Income statement (resultaträkning)",
      description: "period_id required; from_date and to_date inside the period (default: the whole period).",
      query: IncomeQuery,
      response: IncomeStatementSchema,
    }),
    async (c) => json(c, await buildIncomeStatement(c, c.req.valid("query"))),
  );

  app.openapi(
    defineRoute({ ...read, method: "get", path: `${BASE}/income-statement/pdf`, summary: "Income statement as PDF", query: IncomeQuery, response: null }),
    async (c) => {
      const r = await buildIncomeStatement(c, c.req.valid("query"));
      const company = await companyRow(c);
      const pdf: PdfReport = {
        title: "Resultaträkning",
        companyName: company.name,
        orgNumber: company.orgNumber,
        periodLabel: `Räkenskapsår ${r.period.name}, ${r.from_date} – ${r.to_date}`,
        preliminary: r.is_preliminary,
        sections: r.sections.map(pdfSection),
        summary: [
          { label: "Bruttovinst", amount: r.grossMargin },
          { label: "Rörelseresultat", amount: r.operatingResult },
          { label: "Resultat efter finansiella poster", amount: r.resultAfterFinancialItems },
          { label: "Årets resultat", amount: r.netResult },
        ],
        generatedAt: nowIso(),
      };
      return fileResponse(c, await renderReportPdf(pdf), "application/pdf", `resultatrakning-${r.from_date}-${r.to_date}${r.is_preliminary ? "-preliminar" : ""}.pdf`);
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/general-ledger`,
      summary: "General ledger (huvudbok): posted lines by account with opening, running and closing balance",
      description:
        "Without limit, the whole account range in one answer. With limit (1-10000 lines) it is paged: meta.next_cursor continues it, " +
        "each page holds the accounts its lines touch (and those with only an opening balance in its span), running balances carry on " +
        "across pages, closing_balance is always the account's closing balance for the period, and `continues` marks an account whose lines go on in the next page.",
      query: z
        .object({
          period_id: PeriodId,
          account_from: z.string().regex(/^\d{4}$/).optional(),
          account_to: z.string().regex(/^\d{4}$/).optional(),
          limit: z.coerce.number().int().min(1).max(10_000).optional(),
          cursor: z.string().optional(),
        })
        .strict(),
      response: GeneralLedgerSchema,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { db, companyId, period } = await periodScope(c, q.period_id);
      const from = q.account_from ?? "1000";
      const to = q.account_to ?? "8999";
      if (q.cursor && !q.limit) throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "cursor", message: "a cursor continues a paged answer: send limit too" }] });
      const scope = `general-ledger:${companyId}:${period.id}:${from}:${to}:${q.limit}`;
      const pos = await decodeCursor(c.env.CURSOR_SECRET, scope, q.cursor);
      // the position: the last line served (account, date, series, number, line) and that account's balance after it
      const after = pos ? (JSON.parse(pos.k) as [string, string, string, number, number, number]) : null;
      const [opening, totals, names, fetched] = await Promise.all([
        movements(db, companyId, { periodId: period.id, opening: "only" }),
        periodTotals(db, companyId, period.id),
        accountNames(db, companyId),
        db.all<{ account: string; entry_id: string; series: string; number: number; date: string; sort: number; text: string; line_text: string | null; d: number; c: number }>(sql`
          SELECT l.account_number AS account, e.id AS entry_id, e.voucher_series AS series, e.voucher_number AS number, e.entry_date AS date, l.sort_order AS sort,
                 e.description AS text, l.line_description AS line_text, l.debit_ore AS d, l.credit_ore AS c
          FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
          WHERE l.company_id = ${companyId} AND l.account_number BETWEEN ${from} AND ${to}
            AND e.fiscal_period_id = ${period.id} AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
            ${after ? sql`AND (l.account_number, e.entry_date, e.voucher_series, e.voucher_number, l.sort_order) > (${after[0]}, ${after[1]}, ${after[2]}, ${after[3]}, ${after[4]})` : sql``}
          ORDER BY l.account_number, e.entry_date, e.voucher_series, e.voucher_number, l.sort_order
          ${q.limit ? sql`LIMIT ${q.limit + 1}` : sql``}`),
      ]);
      const more = q.limit !== undefined && fetched.length > q.limit;
      const lines = more ? fetched.slice(0, q.limit) : fetched;
      // accounts of this page: from the cursor's account (or account_from) to the last line's account (or account_to)
      const lower = after ? after[0] : from;
      const upper = more ? lines[lines.length - 1].account : to;
      const inSpan = (a: string) => (after ? a > lower : a >= lower) && a <= upper;
      const open = byAccount(opening.filter((m) => m.account >= from && m.account <= to));
      const closing = byAccount(totals);
      const accountsOut = new Map<string, { account_number: string; name: string | null; opening_balance: number; lines: unknown[]; closing_balance: number; continues?: boolean; balanceOre: number }>();
      const ensure = (account: string) => {
        let a = accountsOut.get(account);
        if (!a) {
          const o = net(open.get(account));
          const start = after && after[0] === account ? after[5] : o;
          a = { account_number: account, name: names.get(account)?.name ?? null, opening_balance: fromOre(o), lines: [], closing_balance: fromOre(net(closing.get(account))), balanceOre: start };
          accountsOut.set(account, a);
        }
        return a;
      };
      for (const account of open.keys()) if (inSpan(account)) ensure(account);
      for (const l of lines) {
        const a = ensure(l.account);
        a.balanceOre += Number(l.d) - Number(l.c);
        a.lines.push({
          journal_entry_id: l.entry_id,
          voucher: `${l.series}${l.number}`,
          entry_date: l.date,
          description: l.line_text ?? l.text,
          debit: fromOre(Number(l.d)),
          credit: fromOre(Number(l.c)),
          balance: fromOre(a.balanceOre),
        });
      }
      const last = lines[lines.length - 1];
      if (more) accountsOut.get(last.account)!.continues = true;
      const out = [...accountsOut.values()].sort((a, b) => a.account_number.localeCompare(b.account_number)).map(({ balanceOre: _b, ...rest }) => rest);
      const next = more
        ? await encodeCursor(c.env.CURSOR_SECRET, { k: JSON.stringify([last.account, last.date, last.series, Number(last.number), Number(last.sort), accountsOut.get(last.account)!.balanceOre]), i: last.entry_id, s: scope })
        : null;
      return json(c, { period: periodRef(period), account_from: from, account_to: to, accounts: out }, 200, q.limit ? { next_cursor: next } : {});
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/journal-register`,
      summary: "Journal register (verifikationslista): every posted entry with all lines, by series and number",
      description: "Paged by cursor (limit 1-1000, default 200).",
      query: z.object({ period_id: PeriodId, cursor: z.string().optional(), limit: z.coerce.number().int().min(1).max(1000).default(200) }).strict(),
      response: JournalRegisterSchema,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { db, companyId, period } = await periodScope(c, q.period_id);
      const scope = `register:${companyId}:${period.id}`;
      const pos = await decodeCursor(c.env.CURSOR_SECRET, scope, q.cursor);
      const rows = await postedEntriesPage(db, companyId, period.id, pos ? { series: pos.k, number: Number(pos.i) } : null, q.limit);
      const page = rows.slice(0, q.limit);
      const lines = await linesOf(db, page.map((e) => e.id));
      const last = page[page.length - 1];
      const next = rows.length > q.limit && last ? await encodeCursor(c.env.CURSOR_SECRET, { k: last.voucherSeries, i: String(last.voucherNumber), s: scope }) : null;
      return json(c, { period: periodRef(period), entries: page.map((e) => entryJson(e, lines.get(e.id) ?? [])) }, 200, { next_cursor: next });
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/continuity-check`,
      summary: "Opening balances against the prior period's closing balances (balance accounts)",
      query: z.object({ period_id: PeriodId }).strict(),
      response: ContinuityCheckSchema,
    }),
    async (c) => {
      const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
      const prior = await previousPeriod(db, companyId, period);
      if (!prior) return json(c, { period: periodRef(period), prior_period: null, is_continuous: true, discrepancies: [] });
      const closing = byAccount((await periodTotals(db, companyId, prior.id)).filter((m) => isBalanceAccount(m.account)));
      const opening = byAccount(await movements(db, companyId, { periodId: period.id, opening: "only" }));
      const discrepancies = [...new Set([...closing.keys(), ...opening.keys()])]
        .sort()
        .map((account) => ({ account, prior: net(closing.get(account)), open: net(opening.get(account)) }))
        .filter((x) => x.prior !== x.open)
        .map((x) => ({ account_number: x.account, prior_closing: fromOre(x.prior), opening: fromOre(x.open), difference: fromOre(x.open - x.prior) }));
      return json(c, { period: periodRef(period), prior_period: periodRef(prior), is_continuous: discrepancies.length === 0, discrepancies });
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/vat-declaration`,
      summary: "Momsdeklaration (SKV 4700): boxes 05-62 and 49 from the BAS VAT accounts",
      description:
        "Either period_id (optionally narrowed by from_date/to_date inside it) or from_date and to_date. Amounts in whole kronor. " +
        "box 49 = 10+11+12+30+31+32+60+61+62-48; positive is to pay, negative to get back.",
      query: z.object({ period_id: PeriodId.optional(), from_date: DateSchema.optional(), to_date: DateSchema.optional() }).strict(),
      response: VatDeclarationSchema,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const db = database(c.env);
      const companyId = c.get("company").id;
      let from = q.from_date;
      let to = q.to_date;
      let period = null;
      if (q.period_id) {
        period = await loadPeriodFor(db, companyId, q.period_id);
        from ??= period.periodStart;
        to ??= period.periodEnd;
        inside(period, from, "from_date");
        inside(period, to, "to_date");
      } else if (!from || !to) {
        throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "period_id", message: "give period_id, or from_date and to_date" }] });
      }
      if (from > to) throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "from_date", message: "from_date is after to_date" }] });
      const boxes = declarationBoxes(await movements(db, companyId, { periodId: period?.id, from, to, opening: "exclude" }));
      return json(c, {
        from_date: from,
        to_date: to,
        period: period ? periodRef(period) : null,
        boxes: Object.fromEntries(Object.entries(boxes).sort(([a], [b]) => a.localeCompare(b)).map(([box, amount]) => [box, { amount, label: BOX_NAMES[box as keyof typeof BOX_NAMES] }])),
        to_pay: Math.max(boxes["49"], 0),
        to_reclaim: Math.max(-boxes["49"], 0),
      });
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/monthly-breakdown`,
      summary: "Revenue, costs and result per month of the period",
      query: z.object({ period_id: PeriodId }).strict(),
      response: MonthlyBreakdownSchema,
    }),
    async (c) => {
      const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
      const rows = await db.all<{ month: string; rev: number; cost: number }>(sql`
        SELECT substr(e.entry_date, 1, 7) AS month,
               SUM(CASE WHEN l.account_number < '4000' THEN l.credit_ore - l.debit_ore ELSE 0 END) AS rev,
               SUM(CASE WHEN l.account_number >= '4000' THEN l.debit_ore - l.credit_ore ELSE 0 END) AS cost
        FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
        WHERE e.company_id = ${companyId} AND e.fiscal_period_id = ${period.id} AND e.status = 'posted' AND l.account_number >= '3000'
        GROUP BY month`);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      const months = [];
      let revenueOre = 0;
      let resultOre = 0;
      for (let month = period.periodStart.slice(0, 7); month <= period.periodEnd.slice(0, 7); month = addMonths(`${month}-01`, 1).slice(0, 7)) {
        const rev = Number(byMonth.get(month)?.rev ?? 0);
        const cost = Number(byMonth.get(month)?.cost ?? 0);
        revenueOre += rev;
        resultOre += rev - cost;
        months.push({ month, revenue: fromOre(rev), costs: fromOre(cost), result: fromOre(rev - cost) });
      }
      return json(c, { period: periodRef(period), months, total: { revenue: fromOre(revenueOre), result: fromOre(resultOre) } });
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${BASE}/sie-export`,
      summary: "SIE 4 file of a fiscal period (CP437)",
      description: "#FLAGGA, #FORMAT PC8, #SIETYP 4, #PROGRAM, #GEN, #FNAMN, #ORGNR, #RAR (this and the prior year), #KONTO, #KTYP, #SRU, #DIM/#OBJEKT, #IB, #UB, #RES, #PSALDO and #VER with #TRANS.",
      query: z.object({ period_id: PeriodId }).strict(),
      response: null,
    }),
    async (c) => {
      const { db, companyId, period } = await periodScope(c, c.req.valid("query").period_id);
      const { bytes, fileName } = await exportSie(db, companyId, period, c.env.SERVICE_VERSION, nowIso());
      return fileResponse(c, bytes, "text/plain; charset=IBM437", fileName);
    },
  );
}
