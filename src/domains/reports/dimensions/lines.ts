// The lines of the general ledger by dimension, read with the objects asked for filtered in SQL
// (only their lines cross the database boundary), in the general ledger's order (account, date,
// voucher, line), one page after a position when paged; and the sums a page starts from: each
// object's lines of the position's account and day up to the position.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { OPENING_SOURCE } from "../queries";
import type { LedgerLineIn } from "./rules";

/** A posted line with its object of the dimension asked for, and its place in the ledger's order. */
export type ObjectLine = LedgerLineIn & { series: string; number: number; sort: number };

/** Where a page stopped: its last line's place in the ledger's order (account, date, voucher, line). */
export interface ObjectPosition {
  account: string;
  date: string;
  series: string;
  number: number;
  sort: number;
}

/** The most lines one general ledger by dimension lists unpaged; more are refused, to be narrowed or paged. */
export const MAX_OBJECT_LINES = 50_000;

/**
 * A line's object of the dimension: its dimensions map's key "N". The path is written into the
 * SQL (the id is a validated integer 1-999), not bound, so that an index on the expression could
 * serve it (none is made: see docs/reports-by-dimension.md, Speed).
 */
export const objectOf = (dimensionId: number) =>
  sql.raw(`json_extract(l.dimensions, '$."${Math.trunc(dimensionId)}"')`);

/**
 * Only the objects asked for (none asked: every line). The codes go as one JSON array
 * (json_each): D1 binds at most 100 values a query, and 100 objects may be asked for.
 */
function objectFilter(dimensionId: number, objects: readonly string[] | undefined): SQL {
  if (!objects) return sql``;
  return sql`AND l.dimensions IS NOT NULL AND ${objectOf(dimensionId)} IN (SELECT value FROM json_each(${JSON.stringify(objects)}))`;
}

/**
 * The chart's accounts in a range, as a sub-query: a line's account is always in the chart (the
 * ledger refuses any other, and accounts are never deleted). Named one by one (IN), the index
 * journal_lines(company_id, account_number, entry_date) seeks each account's dates; over a
 * range (BETWEEN) it could only seek the accounts and read every line of the year.
 */
const chartAccounts = (companyId: string, accounts: { from: string; to: string }) =>
  sql`SELECT number FROM accounts WHERE company_id = ${companyId} AND number BETWEEN ${accounts.from} AND ${accounts.to}`;

/** After `after` in the ledger's order; the first comparison lets the index seek the account and date. */
const afterPosition = (after: ObjectPosition | null) =>
  after
    ? sql`AND (l.account_number, l.entry_date) >= (${after.account}, ${after.date})
      AND (l.account_number, l.entry_date, e.voucher_series, e.voucher_number, l.sort_order) >
        (${after.account}, ${after.date}, ${after.series}, ${after.number}, ${after.sort})`
    : sql``;

export interface LinesQuestion {
  from: string;
  to: string;
  dimensionId: number;
  /** the objects asked for; undefined: every line, with or without an object */
  objects: readonly string[] | undefined;
  accounts: { from: string; to: string };
}

/**
 * The posted lines (the opening entry aside) of the objects asked for on the accounts, dated
 * from..to, in the ledger's order after `after`; `max` lines at most (a page's limit + 1, or
 * MAX_OBJECT_LINES + 1 unpaged, to tell that more follow).
 */
export async function objectLines(
  db: Database,
  companyId: string,
  period: Pick<FiscalPeriodRow, "id">,
  q: LinesQuestion & { after: ObjectPosition | null; max: number },
): Promise<ObjectLine[]> {
  const rows = await db.all<{
    a: string;
    o: string | number | null;
    id: string;
    s: string;
    n: number;
    so: number;
    dt: string;
    t: string;
    lt: string | null;
    d: number;
    c: number;
  }>(sql`
    SELECT l.account_number AS a, ${objectOf(q.dimensionId)} AS o, e.id AS id, e.voucher_series AS s, e.voucher_number AS n,
      l.sort_order AS so, e.entry_date AS dt, e.description AS t, l.line_description AS lt, l.debit_ore AS d, l.credit_ore AS c
    FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
    WHERE l.company_id = ${companyId} AND l.account_number IN (${chartAccounts(companyId, q.accounts)})
      AND l.entry_date BETWEEN ${q.from} AND ${q.to} ${objectFilter(q.dimensionId, q.objects)} ${afterPosition(q.after)}
      AND e.fiscal_period_id = ${period.id} AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
    ORDER BY l.account_number, l.entry_date, e.voucher_series, e.voucher_number, l.sort_order
    LIMIT ${q.max}`);
  return rows.map((r) => ({
    account: r.a,
    object: r.o === null ? null : String(r.o),
    entryId: r.id,
    voucher: `${r.s}${r.n}`,
    series: r.s,
    number: Number(r.n),
    sort: Number(r.so),
    date: r.dt,
    text: r.lt ?? r.t,
    debitOre: Number(r.d),
    creditOre: Number(r.c),
  }));
}

/**
 * Per object (null: no object), the net (debit less credit) of the lines of the position's account
 * and day up to the position (the last line served): with the day balances before that day, each
 * object's balance where the next page starts, without reading the lines of the days before.
 */
export async function sameDayBefore(
  db: Database,
  companyId: string,
  period: Pick<FiscalPeriodRow, "id">,
  q: { dimensionId: number; objects: readonly string[] | undefined; at: ObjectPosition },
): Promise<{ object: string | null; ore: number }[]> {
  const rows = await db.all<{ o: string | number | null; n: number }>(sql`
    SELECT ${objectOf(q.dimensionId)} AS o, SUM(l.debit_ore) - SUM(l.credit_ore) AS n
    FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
    WHERE l.company_id = ${companyId} AND l.account_number = ${q.at.account} AND l.entry_date = ${q.at.date}
      ${objectFilter(q.dimensionId, q.objects)}
      AND (e.voucher_series, e.voucher_number, l.sort_order) <= (${q.at.series}, ${q.at.number}, ${q.at.sort})
      AND e.fiscal_period_id = ${period.id} AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
    GROUP BY o`);
  return rows.map((r) => ({ object: r.o === null ? null : String(r.o), ore: Number(r.n) }));
}
