// The lines of the general ledger by dimension, in the general ledger's order (account, date,
// voucher, line), one page after a position when paged: the objects asked for are sought by
// their lines' places (journal_line_objects, kept by the ledger), so only their lines are read;
// and the sums a page starts from: each object's lines of the position's account and day up to
// the position.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { byCodeUnits } from "../../../text";
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
 * A line's object of the dimension: its dimensions map's key "N" (the id is a validated integer
 * 1-999, written into the path). Read this way only where every line is listed.
 */
const objectOf = (dimensionId: number) => sql.raw(`json_extract(l.dimensions, '$."${Math.trunc(dimensionId)}"')`);

/**
 * The chart's accounts in a range, as a sub-query: a line's account is always in the chart (the
 * ledger refuses any other, and accounts are never deleted). Named one by one (IN), the index
 * journal_lines(company_id, account_number, entry_date) seeks each account's dates; over a
 * range (BETWEEN) it could only seek the accounts and read every line of the year.
 */
const chartAccounts = (companyId: string, accounts: { from: string; to: string }) =>
  sql`SELECT number FROM accounts WHERE company_id = ${companyId} AND number BETWEEN ${accounts.from} AND ${accounts.to}`;

/**
 * Where a line's place in the ledger's order is read: an object's lines from their places
 * (journal_line_objects, one seek per object and account), every line from the lines and their
 * entries (the objects asked for are then none: every line, with or without an object).
 */
interface Source {
  from: SQL;
  where: SQL;
  object: SQL;
  account: SQL;
  date: SQL;
  /** (series, number, line) */
  voucher: SQL;
}

function sourceOf(companyId: string, dimensionId: number, objects: readonly string[] | undefined): Source {
  if (!objects)
    return {
      from: sql`journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id`,
      where: sql`l.company_id = ${companyId}`,
      object: objectOf(dimensionId),
      account: sql`l.account_number`,
      date: sql`l.entry_date`,
      voucher: sql`e.voucher_series, e.voucher_number, l.sort_order`,
    };
  // One object is an equality, so the key gives the ledger's order and a page stops after its
  // lines; several are one JSON array (json_each: D1 binds at most 100 values a query, and 100
  // objects may be asked for), and SQLite then sorts every line of the range. A place carries
  // its line's columns under the lines' names (amounts, text, entry), so it is read as `l` and
  // joined to its entry alone.
  const asked =
    objects.length === 1
      ? sql`l.object_code = ${objects[0]}`
      : sql`l.object_code IN (SELECT value FROM json_each(${JSON.stringify(objects)}))`;
  return {
    from: sql`journal_line_objects l JOIN journal_entries e ON e.id = l.journal_entry_id`,
    where: sql`l.company_id = ${companyId} AND l.dimension_id = ${Math.trunc(dimensionId)} AND ${asked}`,
    object: sql`l.object_code`,
    account: sql`l.account_number`,
    date: sql`l.entry_date`,
    voucher: sql`l.voucher_series, l.voucher_number, l.sort_order`,
  };
}

/** After `after` in the ledger's order; the first comparison lets the index seek the account and date. */
const afterPosition = (src: Source, after: ObjectPosition | null) =>
  after
    ? sql`AND (${src.account}, ${src.date}) >= (${after.account}, ${after.date})
      AND (${src.account}, ${src.date}, ${src.voucher}) >
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
  const objects = q.objects ?? [];
  if (objects.length < 2 || objects.length * q.max > MERGED_ROWS) return linesOfSource(db, companyId, period, q);
  // several objects on a page: each object's first `max` lines in the key's order, merged here,
  // instead of SQLite sorting every line of the objects in the range to keep `max` of them
  const each = await Promise.all(
    objects.map((object) => linesOfSource(db, companyId, period, { ...q, objects: [object] })),
  );
  return each.flat().sort(ledgerOrder).slice(0, q.max);
}

/** The most lines the queries of several objects may bring together to merge (each up to a page). */
const MERGED_ROWS = 20_000;

/** The general ledger's order: account, date, voucher series and number, line. */
function ledgerOrder(x: ObjectLine, y: ObjectLine): number {
  return (
    byCodeUnits(x.account, y.account) ||
    byCodeUnits(x.date, y.date) ||
    byCodeUnits(x.series, y.series) ||
    x.number - y.number ||
    x.sort - y.sort
  );
}

/** One query's lines: of every line (no objects asked), of one object or of several sorted by SQLite. */
async function linesOfSource(
  db: Database,
  companyId: string,
  period: Pick<FiscalPeriodRow, "id">,
  q: LinesQuestion & { after: ObjectPosition | null; max: number },
): Promise<ObjectLine[]> {
  const src = sourceOf(companyId, q.dimensionId, q.objects);
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
    SELECT ${src.account} AS a, ${src.object} AS o, e.id AS id, e.voucher_series AS s, e.voucher_number AS n,
      l.sort_order AS so, e.entry_date AS dt, e.description AS t, l.line_description AS lt, l.debit_ore AS d, l.credit_ore AS c
    FROM ${src.from}
    WHERE ${src.where} AND ${src.account} IN (${chartAccounts(companyId, q.accounts)})
      AND ${src.date} BETWEEN ${q.from} AND ${q.to} ${afterPosition(src, q.after)}
      AND e.fiscal_period_id = ${period.id} AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
    ORDER BY ${src.account}, ${src.date}, ${src.voucher}
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
  const src = sourceOf(companyId, q.dimensionId, q.objects);
  const rows = await db.all<{ o: string | number | null; n: number }>(sql`
    SELECT ${src.object} AS o, SUM(l.debit_ore) - SUM(l.credit_ore) AS n
    FROM ${src.from}
    WHERE ${src.where} AND ${src.account} = ${q.at.account} AND ${src.date} = ${q.at.date}
      AND (${src.voucher}) <= (${q.at.series}, ${q.at.number}, ${q.at.sort})
      AND e.fiscal_period_id = ${period.id} AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
    GROUP BY o`);
  return rows.map((r) => ({ object: r.o === null ? null : String(r.o), ore: Number(r.n) }));
}
