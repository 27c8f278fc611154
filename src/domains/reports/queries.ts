// Every read the reports make. Sums per account come from the balances the ledger engine
// keeps in the posting batch: account_balances per period, account_day_balances per day
// (a report to any date sums days, never lines). Only the general ledger and the journal
// register read lines, because they list them; the general ledger walks an account's
// lines in date order by index (journal_lines_account_date_idx).
import { and, asc, between, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, dimensionCodes, dimensions, fiscalPeriods, journalEntries } from "../../db/schema";
import type { OpenItem } from "../../db/open-items";
import { ApiError } from "../../errors/api-error";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { openReceivablesAt } from "../invoices";
import { linesOf } from "../journal-entries";
import { openSupplierItemsAt } from "../supplier-invoices";

/** The opening entry (from #IB or the opening-balances run) carries this source type. */
import { OPENING_SOURCE, periodAccountTotals } from "../../ledger/queries";

export { OPENING_SOURCE };

/**
 * The momsdeklaration's movements: the taxable events of the range, the VAT settlement entries
 * (transfer to 2650, its payment) left out. The ledger's one read, shared with the
 * reconciliation of 2650, so the report and the reconciliation declare the same box 49.
 */
export { vatDeclarationMovements } from "../../ledger/queries";

export interface Movement {
  account: string;
  debitOre: number;
  creditOre: number;
}

export async function loadPeriodFor(db: Database, companyId: string, periodId: string): Promise<FiscalPeriodRow> {
  const p = await db
    .select()
    .from(fiscalPeriods)
    .where(and(eq(fiscalPeriods.companyId, companyId), eq(fiscalPeriods.id, periodId)))
    .get();
  if (!p) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_period_id: periodId });
  return p;
}

export async function previousPeriod(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
): Promise<FiscalPeriodRow | undefined> {
  return db
    .select()
    .from(fiscalPeriods)
    .where(and(eq(fiscalPeriods.companyId, companyId), sql`${fiscalPeriods.periodEnd} < ${period.periodStart}`))
    .orderBy(sql`${fiscalPeriods.periodEnd} DESC`)
    .get();
}

/** The prior period's closing totals and this period's opening entry; null for a company's first period. */
export async function priorClosingAndOpening(db: Database, companyId: string, period: FiscalPeriodRow) {
  const prior = await previousPeriod(db, companyId, period);
  if (!prior) return null;
  const [closing, opening] = await Promise.all([
    periodTotals(db, companyId, prior.id),
    movements(db, companyId, { periodId: period.id, opening: "only" }),
  ]);
  return { prior, closing, opening };
}

interface MovementFilter {
  periodId?: string;
  from?: string;
  to?: string;
  /** "only": the opening entry alone; "exclude": everything but it */
  opening?: "only" | "exclude";
}

/**
 * Debit and credit per account of posted entries matching the filter, summed from the
 * per-day balances the ledger keeps: at most a year of days per account, however many
 * lines the books hold.
 */
export async function movements(db: Database, companyId: string, f: MovementFilter): Promise<Movement[]> {
  const rows = await db.all<{ account: string; d: number; c: number }>(sql`
    SELECT account_number AS account, SUM(debit_ore) AS d, SUM(credit_ore) AS c
    FROM account_day_balances
    WHERE company_id = ${companyId}
      ${f.periodId ? sql`AND fiscal_period_id = ${f.periodId}` : sql``}
      ${f.from ? sql`AND entry_date >= ${f.from}` : sql``}
      ${f.to ? sql`AND entry_date <= ${f.to}` : sql``}
      ${f.opening === "only" ? sql`AND opening = 1` : f.opening === "exclude" ? sql`AND opening = 0` : sql``}
    GROUP BY account_number`);
  return rows.map((r) => ({ account: r.account, debitOre: Number(r.d), creditOre: Number(r.c) }));
}

/** The whole period's totals per account, from the balances the engine keeps (the ledger's read). */
export const periodTotals: (db: Database, companyId: string, periodId: string) => Promise<Movement[]> =
  periodAccountTotals;

/**
 * Movements from `from` to `to` inside the period. The whole period comes from
 * account_balances, which counts the opening entry too; that entry holds only balance
 * accounts, so the result accounts read the same either way.
 */
export async function movementsWithin(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  from: string,
  to: string,
): Promise<Movement[]> {
  const whole = from === period.periodStart && to >= period.periodEnd;
  return whole
    ? periodTotals(db, companyId, period.id)
    : movements(db, companyId, { periodId: period.id, from, to, opening: "exclude" });
}

export interface MonthlyMovement extends Movement {
  /** YYYY-MM */
  month: string;
}

/** Debit and credit per month and account of the period's posted entries, by month and account (from the per-day balances). */
export async function monthlyMovements(
  db: Database,
  companyId: string,
  periodId: string,
  f: { opening?: "exclude" } = {},
): Promise<MonthlyMovement[]> {
  const rows = await db.all<{ month: string; account: string; d: number; c: number }>(sql`
    SELECT substr(entry_date, 1, 7) AS month, account_number AS account, SUM(debit_ore) AS d, SUM(credit_ore) AS c
    FROM account_day_balances
    WHERE company_id = ${companyId} AND fiscal_period_id = ${periodId}
      ${f.opening === "exclude" ? sql`AND opening = 0` : sql``}
    GROUP BY month, account_number ORDER BY month, account_number`);
  return rows.map((r) => ({ month: r.month, account: r.account, debitOre: Number(r.d), creditOre: Number(r.c) }));
}

/** Totals up to and including `to`, by the fastest route that answers it. */
export async function totalsThrough(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  to: string,
): Promise<Movement[]> {
  return to >= period.periodEnd
    ? periodTotals(db, companyId, period.id)
    : movements(db, companyId, { periodId: period.id, to });
}

export async function accountNames(db: Database, companyId: string, range?: { from: string; to: string }) {
  // a report of a few accounts names only those, not the whole chart (about 1 300 rows)
  const within = range ? between(accounts.number, range.from, range.to) : undefined;
  const rows = await db
    .select({ n: accounts.number, name: accounts.name, type: accounts.type })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), within))
    .all();
  return new Map(rows.map((r) => [r.n, { name: r.name, type: r.type }]));
}

/** Name and type (as the chart holds it) by account number. */
export type AccountNames = Awaited<ReturnType<typeof accountNames>>;

/** The chart in account order, as SIE #KONTO lists it. */
export async function chartInOrder(db: Database, companyId: string) {
  return db.select().from(accounts).where(eq(accounts.companyId, companyId)).orderBy(asc(accounts.number)).all();
}

export async function dimensionsInOrder(db: Database, companyId: string) {
  const [dims, codes] = await Promise.all([
    db.select().from(dimensions).where(eq(dimensions.companyId, companyId)).orderBy(asc(dimensions.dimensionId)).all(),
    db
      .select()
      .from(dimensionCodes)
      .where(eq(dimensionCodes.companyId, companyId))
      .orderBy(asc(dimensionCodes.dimensionId), asc(dimensionCodes.code))
      .all(),
  ]);
  return { dims, codes };
}

export { companyHeading } from "../companies";

/** Invoices (customer) or supplier invoices (supplier) still owed at `asOf`. */
export function openItemsAt(
  db: Database,
  companyId: string,
  asOf: string,
  party: "customer" | "supplier",
): Promise<OpenItem[]> {
  return party === "customer" ? openReceivablesAt(db, companyId, asOf) : openSupplierItemsAt(db, companyId, asOf);
}

export const byAccount = (list: Movement[]) => new Map(list.map((m) => [m.account, m]));
export const net = (m: Movement | undefined) => (m ? m.debitOre - m.creditOre : 0);

export async function postedEntriesPage(
  db: Database,
  companyId: string,
  periodId: string,
  after: { series: string; number: number } | null,
  limit: number,
) {
  return db
    .select()
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        eq(journalEntries.fiscalPeriodId, periodId),
        eq(journalEntries.status, "posted"),
        after
          ? sql`(${journalEntries.voucherSeries} > ${after.series} OR (${journalEntries.voucherSeries} = ${after.series} AND
            ${journalEntries.voucherNumber} > ${after.number}))`
          : undefined,
      ),
    )
    .orderBy(asc(journalEntries.voucherSeries), asc(journalEntries.voucherNumber))
    .limit(limit + 1)
    .all();
}

/** A page of the journal register: up to `limit` posted entries after `after`, with their lines. */
export async function journalRegisterPage(
  db: Database,
  companyId: string,
  periodId: string,
  after: { series: string; number: number } | null,
  limit: number,
) {
  const rows = await postedEntriesPage(db, companyId, periodId, after, limit);
  const entries = rows.slice(0, limit);
  return {
    entries,
    lines: await linesOf(
      db,
      entries.map((e) => e.id),
    ),
    more: rows.length > limit,
  };
}

/** Where a page of the general ledger stopped: its last line, and that account's balance after it. */
export interface LedgerPosition {
  account: string;
  date: string;
  series: string;
  number: number;
  sort: number;
  balanceOre: number;
}

export interface LedgerLine {
  account: string;
  entryId: string;
  series: string;
  number: number;
  date: string;
  sort: number;
  text: string;
  lineText: string | null;
  debitOre: number;
  creditOre: number;
}

/**
 * Posted lines (the opening entry left out) of accounts `from`..`to`, in the general
 * ledger's order, after `after`; `limit` reads one line more to tell whether a page follows.
 */
export async function generalLedgerLines(
  db: Database,
  companyId: string,
  period: Pick<FiscalPeriodRow, "id" | "periodStart" | "periodEnd">,
  range: { from: string; to: string },
  after: LedgerPosition | null,
  limit?: number,
): Promise<LedgerLine[]> {
  const rows = await db.all<{
    account: string;
    entry_id: string;
    series: string;
    number: number;
    date: string;
    sort: number;
    text: string;
    line_text: string | null;
    d: number;
    c: number;
  }>(sql`
    SELECT l.account_number AS account, e.id AS entry_id, e.voucher_series AS series, e.voucher_number AS number, e.entry_date AS
      date, l.sort_order AS sort,
           e.description AS text, l.line_description AS line_text, l.debit_ore AS d, l.credit_ore AS c
    FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
    WHERE l.company_id = ${companyId} AND l.account_number BETWEEN ${range.from} AND ${range.to}
      AND l.entry_date BETWEEN ${period.periodStart} AND ${period.periodEnd}
      AND e.fiscal_period_id = ${period.id} AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
      ${
        after
          ? sql`AND (l.account_number, l.entry_date) >= (${after.account}, ${after.date})
        AND (l.account_number, l.entry_date, e.voucher_series, e.voucher_number, l.sort_order) > (${after.account},
          ${after.date}, ${after.series}, ${after.number}, ${after.sort})`
          : sql``
      }
    ORDER BY l.account_number, l.entry_date, e.voucher_series, e.voucher_number, l.sort_order
    ${limit ? sql`LIMIT ${limit + 1}` : sql``}`);
  return rows.map((r) => ({
    account: r.account,
    entryId: r.entry_id,
    series: r.series,
    number: Number(r.number),
    date: r.date,
    sort: Number(r.sort),
    text: r.text,
    lineText: r.line_text,
    debitOre: Number(r.d),
    creditOre: Number(r.c),
  }));
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
export async function postedLinesBetween(
  db: Database,
  companyId: string,
  periodId: string,
  after: { series: string; number: number } | null,
  last: { series: string; number: number },
): Promise<RegisterLine[]> {
  const from = after ?? { series: "", number: 0 };
  const rows = await db.all<{
    entry_id: string;
    account: string;
    d: number;
    c: number;
    text: string | null;
    dims: string | null;
  }>(sql`
    SELECT l.journal_entry_id AS entry_id, l.account_number AS account, l.debit_ore AS d, l.credit_ore AS c, l.line_description
      AS text, l.dimensions AS dims
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

/** A line on a box 35/38/39 account with the source its entry names (a storno or correction: the original's). */
export interface EuSalesLine {
  entryId: string;
  account: string;
  debitOre: number;
  creditOre: number;
  sourceType: string;
  sourceId: string | null;
}

/**
 * The posted lines on these accounts dated from..to, the opening entry aside, each with the source
 * that booked it: its entry's own, or for a storno (reverses_id) or a correction (correction_of_id)
 * the original entry's, so a reversed invoice entry lowers the same buyer. Walks the lines of each
 * account in date order by index (journal_lines_account_date_idx); the accounts travel as JSON.
 */
export async function euSalesLines(
  db: Database,
  companyId: string,
  accounts: string[],
  range: { from: string; to: string },
): Promise<EuSalesLine[]> {
  const rows = await db.all<{ e: string; a: string; d: number; c: number; st: string; si: string | null }>(sql`
    SELECT l.journal_entry_id AS e, l.account_number AS a, l.debit_ore AS d, l.credit_ore AS c,
      CASE WHEN o.id IS NULL THEN e.source_type ELSE o.source_type END AS st,
      CASE WHEN o.id IS NULL THEN e.source_id ELSE o.source_id END AS si
    FROM journal_lines l
    JOIN journal_entries e ON e.id = l.journal_entry_id
    LEFT JOIN journal_entries o ON o.id = COALESCE(e.reverses_id, e.correction_of_id) AND o.company_id = e.company_id
    WHERE l.company_id = ${companyId}
      AND l.account_number IN (SELECT value FROM json_each(${JSON.stringify(accounts)}))
      AND l.entry_date >= ${range.from} AND l.entry_date <= ${range.to}
      AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
    ORDER BY l.entry_date, e.voucher_series, e.voucher_number, l.sort_order`);
  return rows.map((r) => ({
    entryId: r.e,
    account: r.a,
    debitOre: Number(r.d),
    creditOre: Number(r.c),
    sourceType: r.st,
    sourceId: r.si,
  }));
}
