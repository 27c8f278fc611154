// Set-based reads for the reports: sums per account computed by SQLite on indexed
// columns, never by walking lines in application code. Whole-period totals come from
// account_balances, which the ledger engine keeps in the posting batch.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accountBalances, accounts, fiscalPeriods, journalEntries } from "../../db/schema";
import { ApiError } from "../../http/api-error";
import type { FiscalPeriodRow } from "../../ledger/engine";

/** The opening entry (from #IB or the opening-balances run) carries this source type. */
export const OPENING_SOURCE = "opening_balance";

export interface Movement {
  account: string;
  debitOre: number;
  creditOre: number;
}

export async function loadPeriodFor(db: Database, companyId: string, periodId: string): Promise<FiscalPeriodRow> {
  const p = await db.select().from(fiscalPeriods).where(and(eq(fiscalPeriods.companyId, companyId), eq(fiscalPeriods.id, periodId))).get();
  if (!p) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_period_id: periodId });
  return p;
}

export async function previousPeriod(db: Database, companyId: string, period: FiscalPeriodRow): Promise<FiscalPeriodRow | undefined> {
  return db
    .select()
    .from(fiscalPeriods)
    .where(and(eq(fiscalPeriods.companyId, companyId), sql`${fiscalPeriods.periodEnd} < ${period.periodStart}`))
    .orderBy(sql`${fiscalPeriods.periodEnd} DESC`)
    .get();
}

interface MovementFilter {
  periodId?: string;
  from?: string;
  to?: string;
  /** "only": the opening entry alone; "exclude": everything but it */
  opening?: "only" | "exclude";
}

/** Debit and credit per account of posted entries matching the filter. */
export async function movements(db: Database, companyId: string, f: MovementFilter): Promise<Movement[]> {
  const rows = await db.all<{ account: string; d: number; c: number }>(sql`
    SELECT l.account_number AS account, SUM(l.debit_ore) AS d, SUM(l.credit_ore) AS c
    FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
    WHERE e.company_id = ${companyId} AND e.status = 'posted'
      ${f.periodId ? sql`AND e.fiscal_period_id = ${f.periodId}` : sql``}
      ${f.from ? sql`AND e.entry_date >= ${f.from}` : sql``}
      ${f.to ? sql`AND e.entry_date <= ${f.to}` : sql``}
      ${f.opening === "only" ? sql`AND e.source_type = ${OPENING_SOURCE}` : f.opening === "exclude" ? sql`AND e.source_type <> ${OPENING_SOURCE}` : sql``}
    GROUP BY l.account_number`);
  return rows.map((r) => ({ account: r.account, debitOre: Number(r.d), creditOre: Number(r.c) }));
}

/** The whole period's totals per account, from the balances the engine keeps. */
export async function periodTotals(db: Database, companyId: string, periodId: string): Promise<Movement[]> {
  const rows = await db
    .select()
    .from(accountBalances)
    .where(and(eq(accountBalances.companyId, companyId), eq(accountBalances.fiscalPeriodId, periodId)))
    .all();
  return rows.map((r) => ({ account: r.accountNumber, debitOre: r.debitOre, creditOre: r.creditOre }));
}

/** Totals up to and including `to`, by the fastest route that answers it. */
export async function totalsThrough(db: Database, companyId: string, period: FiscalPeriodRow, to: string): Promise<Movement[]> {
  return to >= period.periodEnd ? periodTotals(db, companyId, period.id) : movements(db, companyId, { periodId: period.id, to });
}

export async function accountNames(db: Database, companyId: string): Promise<Map<string, { name: string; type: string }>> {
  const rows = await db.select({ n: accounts.number, name: accounts.name, type: accounts.type }).from(accounts).where(eq(accounts.companyId, companyId)).all();
  return new Map(rows.map((r) => [r.n, { name: r.name, type: r.type }]));
}

export const byAccount = (list: Movement[]) => new Map(list.map((m) => [m.account, m]));
export const net = (m: Movement | undefined) => (m ? m.debitOre - m.creditOre : 0);

export async function postedEntriesPage(db: Database, companyId: string, periodId: string, after: { series: string; number: number } | null, limit: number) {
  return db
    .select()
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        eq(journalEntries.fiscalPeriodId, periodId),
        eq(journalEntries.status, "posted"),
        after ? sql`(${journalEntries.voucherSeries} > ${after.series} OR (${journalEntries.voucherSeries} = ${after.series} AND ${journalEntries.voucherNumber} > ${after.number}))` : undefined,
      ),
    )
    .orderBy(asc(journalEntries.voucherSeries), asc(journalEntries.voucherNumber))
    .limit(limit + 1)
    .all();
}

export interface RegisterLine {
  entryId: string;
  accountNumber: string;
  debitOre: number;
  creditOre: number;
  lineDescription: string | null;
  dimensions: Record<string, string> | null;
}

/**
 * Every line of the posted entries after `after` up to and including `last`, in
 * series, number and line order: one query for a whole page of vouchers (a page's
 * ids would need several, 90 to a statement under D1's parameter limit).
 */
export async function postedLinesBetween(db: Database, companyId: string, periodId: string, after: { series: string; number: number } | null, last: { series: string; number: number }): Promise<RegisterLine[]> {
  const from = after ?? { series: "", number: 0 };
  const rows = await db.all<{ entry_id: string; account: string; d: number; c: number; text: string | null; dims: string | null }>(sql`
    SELECT l.journal_entry_id AS entry_id, l.account_number AS account, l.debit_ore AS d, l.credit_ore AS c, l.line_description AS text, l.dimensions AS dims
    FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
    WHERE e.company_id = ${companyId} AND e.fiscal_period_id = ${periodId} AND e.status = 'posted'
      AND (e.voucher_series, e.voucher_number) > (${from.series}, ${from.number})
      AND (e.voucher_series, e.voucher_number) <= (${last.series}, ${last.number})
    ORDER BY e.voucher_series, e.voucher_number, l.sort_order`);
  return rows.map((r) => ({
    entryId: r.entry_id,
    accountNumber: r.account,
    debitOre: Number(r.d),
    creditOre: Number(r.c),
    lineDescription: r.text,
    dimensions: r.dims ? (JSON.parse(r.dims) as Record<string, string>) : null,
  }));
}
