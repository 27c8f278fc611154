// The reads of the reports by dimension (cost centre, project): the lines' movements per
// account, object and month, the lines themselves for the general ledger, and the
// dimension with its objects. A line's object of dimension N is its dimensions map's key
// "N" (journal_lines.dimensions, JSON); a line without that key has "no object".
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { dimensionCodes, dimensions } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { budgetForReport } from "../../budgets";
import { accountNames, movementsWithin } from "../queries";
import { MAX_OBJECT_LINES, type ObjectPosition, objectLines, sameDayBefore } from "./lines";
import { objectLedgerPage } from "./pages";
import {
  type Breakdown,
  type ColumnAmount,
  budgetComparison,
  columnFinder,
  columnStatement,
  columnsOf,
  resultOre,
  unknownObjects,
} from "./rules";

/** Debit and credit of one account, one object (null: no object) and one month (YYYY-MM). */
export interface ObjectMovement {
  account: string;
  object: string | null;
  month: string;
  debitOre: number;
  creditOre: number;
}

/** The dimension and every object (code) it has, archived ones too: lines keep naming them. */
export async function loadDimensionObjects(db: Database, companyId: string, dimensionId: number) {
  const [dimension, codes] = await Promise.all([
    db
      .select()
      .from(dimensions)
      .where(and(eq(dimensions.companyId, companyId), eq(dimensions.dimensionId, dimensionId)))
      .get(),
    db
      .select({ code: dimensionCodes.code, name: dimensionCodes.name, archivedAt: dimensionCodes.archivedAt })
      .from(dimensionCodes)
      .where(and(eq(dimensionCodes.companyId, companyId), eq(dimensionCodes.dimensionId, dimensionId)))
      .orderBy(asc(dimensionCodes.code))
      .all(),
  ]);
  if (!dimension) throw new ApiError("NOT_FOUND", { resource: "dimension", id: dimensionId });
  return { id: dimension.dimensionId, name: dimension.name, objects: codes };
}

export type DimensionObjects = Awaited<ReturnType<typeof loadDimensionObjects>>;

/** Debit and credit sums keyed by account and a second key (a month, or "" for none). */
type Sums = Map<string, { account: string; key: string; d: number; c: number }>;

/**
 * Per account (and month) the sums of the account's day balances less those of the objects:
 * the movement of the lines with no object of the dimension (a line names at most one object
 * of a dimension, so the objects' sums and the rest add up to the account's).
 */
function noObjectRest(
  totals: { a: string; m: string; d: number; c: number }[],
  objects: { a: string; m: string; d: number; c: number }[],
) {
  const rest: Sums = new Map();
  for (const t of totals) rest.set(`${t.a}|${t.m}`, { account: t.a, key: t.m, d: Number(t.d), c: Number(t.c) });
  for (const o of objects) {
    const r = rest.get(`${o.a}|${o.m}`) ?? { account: o.a, key: o.m, d: 0, c: 0 };
    r.d -= Number(o.d);
    r.c -= Number(o.c);
    rest.set(`${o.a}|${o.m}`, r);
  }
  return [...rest.values()].filter((r) => r.d !== 0 || r.c !== 0);
}

/**
 * The posted movements of the accounts `accounts.from`..`accounts.to` dated from..to in the
 * period, the opening entry aside, per account, object of the dimension and month: sums of
 * the day balances the ledger keeps (object_day_balances, account_day_balances for the
 * lines with no object), never the lines, so the time is the days' and not the lines'.
 */
export async function objectMovements(
  db: Database,
  companyId: string,
  period: Pick<FiscalPeriodRow, "id">,
  q: { from: string; to: string; dimensionId: number; accounts: { from: string; to: string } },
): Promise<ObjectMovement[]> {
  const [objects, totals] = await Promise.all([
    db.all<{ a: string; o: string; m: string; d: number; c: number }>(sql`
      SELECT account_number AS a, object_code AS o, substr(entry_date, 1, 7) AS m, SUM(debit_ore) AS d, SUM(credit_ore) AS c
      FROM object_day_balances
      WHERE company_id = ${companyId} AND fiscal_period_id = ${period.id} AND dimension_id = ${q.dimensionId}
        AND entry_date BETWEEN ${q.from} AND ${q.to} AND opening = 0
        AND account_number BETWEEN ${q.accounts.from} AND ${q.accounts.to}
      GROUP BY a, o, m`),
    db.all<{ a: string; m: string; d: number; c: number }>(sql`
      SELECT account_number AS a, substr(entry_date, 1, 7) AS m, SUM(debit_ore) AS d, SUM(credit_ore) AS c
      FROM account_day_balances
      WHERE company_id = ${companyId} AND fiscal_period_id = ${period.id}
        AND entry_date BETWEEN ${q.from} AND ${q.to} AND opening = 0
        AND account_number BETWEEN ${q.accounts.from} AND ${q.accounts.to}
      GROUP BY a, m`),
  ]);
  const withObject = objects.map((r) => ({
    account: r.a,
    object: String(r.o),
    month: r.m,
    debitOre: Number(r.d),
    creditOre: Number(r.c),
  }));
  const without = noObjectRest(totals, objects).map((r) => ({
    account: r.account,
    object: null,
    month: r.key,
    debitOre: r.d,
    creditOre: r.c,
  }));
  return [...withObject, ...without];
}

/**
 * Each account's and object's balance before `from` in the period: the opening entry and the
 * days before it, from the day balances (the lines with no object: the account's less the objects').
 */
export async function objectOpenings(
  db: Database,
  companyId: string,
  period: Pick<FiscalPeriodRow, "id">,
  q: { from: string; dimensionId: number; accounts: { from: string; to: string } },
): Promise<{ account: string; object: string | null; ore: number }[]> {
  const [objects, totals] = await Promise.all([
    db.all<{ a: string; o: string; m: string; d: number; c: number }>(sql`
      SELECT account_number AS a, object_code AS o, '' AS m, SUM(debit_ore) AS d, SUM(credit_ore) AS c
      FROM object_day_balances
      WHERE company_id = ${companyId} AND fiscal_period_id = ${period.id} AND dimension_id = ${q.dimensionId}
        AND (opening = 1 OR entry_date < ${q.from}) AND account_number BETWEEN ${q.accounts.from} AND ${q.accounts.to}
      GROUP BY a, o`),
    db.all<{ a: string; m: string; d: number; c: number }>(sql`
      SELECT account_number AS a, '' AS m, SUM(debit_ore) AS d, SUM(credit_ore) AS c
      FROM account_day_balances
      WHERE company_id = ${companyId} AND fiscal_period_id = ${period.id}
        AND (opening = 1 OR entry_date < ${q.from}) AND account_number BETWEEN ${q.accounts.from} AND ${q.accounts.to}
      GROUP BY a`),
  ]);
  return [
    ...objects.map((r) => ({ account: r.a, object: String(r.o), ore: Number(r.d) - Number(r.c) })),
    ...noObjectRest(totals, objects).map((r) => ({ account: r.account, object: null, ore: r.d - r.c })),
  ];
}

// ---- the reports: the reads, then the rules (rules.ts) over what they read ----

export interface DimensionQuestion {
  from: string;
  to: string;
  dimensionId: number;
  objects: string[] | undefined;
}

/** The dimension, refused when it lacks an object asked for (400 VALIDATION_ERROR on objects). */
export async function dimensionFor(db: Database, companyId: string, q: DimensionQuestion) {
  const dimension = await loadDimensionObjects(db, companyId, q.dimensionId);
  const unknown = unknownObjects(q.objects ?? [], dimension.objects);
  if (unknown.length)
    throw new ApiError("VALIDATION_ERROR", {
      fields: unknown.map((code) => ({ path: "objects", message: `dimension ${q.dimensionId} has no object ${code}` })),
    });
  return dimension;
}

export const RESULT_ACCOUNTS = { from: "3000", to: "8999" } as const;

/** The budget a report compares with, as amounts in the statement's sign (revenue positive) per column; null without one. */
export async function budgetColumns(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  q: { budgetId: string | undefined; from: string; to: string; dimensionId: number | null },
) {
  if (!q.budgetId) return null;
  const budget = await budgetForReport(db, companyId, q.budgetId, period, q);
  return {
    ref: { id: budget.id, name: budget.name },
    place: (find: (object: string | null, month: string) => number): ColumnAmount[] =>
      budget.amounts.map((b) => ({
        account: b.account,
        column: find(q.dimensionId === null ? null : (b.objects[String(q.dimensionId)] ?? null), b.month),
        ore: -b.amountOre,
      })),
  };
}

/** The income statement by dimension: the movements of the result accounts per object and month, laid over the columns. */
export async function dimensionIncomeStatement(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  q: DimensionQuestion & { breakdown: Breakdown; budgetId: string | undefined },
) {
  const [dimension, moves, names, budget] = await Promise.all([
    dimensionFor(db, companyId, q),
    objectMovements(db, companyId, period, { ...q, accounts: RESULT_ACCOUNTS }),
    accountNames(db, companyId),
    budgetColumns(db, companyId, period, q),
  ]);
  const question = { ...q, breakdown: q.breakdown, selected: q.objects ?? null, objects: dimension.objects };
  const columns = columnsOf(question);
  const find = columnFinder(question, columns);
  const outcome = moves.map((m) => ({ account: m.account, column: find(m.object, m.month), ore: resultOre(m) }));
  const statement = columnStatement(columns.length, outcome, budget?.place(find) ?? null, names);
  return {
    dimension: { id: dimension.id, name: dimension.name },
    objects: q.objects ?? null,
    breakdown: q.breakdown,
    budget: budget?.ref ?? null,
    columns,
    ...statement,
  };
}

/** The general ledger by dimension: each object's lines by account, refused past MAX_OBJECT_LINES lines unpaged. */
export async function dimensionGeneralLedger(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  q: DimensionQuestion & { accounts: { from: string; to: string }; page: LedgerPage | null },
) {
  if (q.page) return dimensionLedgerPage(db, companyId, period, { ...q, page: q.page });
  // unpaged: the whole range as one page, refused when it holds more than MAX_OBJECT_LINES lines
  const whole = await dimensionLedgerPage(db, companyId, period, {
    ...q,
    page: { limit: MAX_OBJECT_LINES, after: null },
  });
  if (whole.next)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [
        {
          path: "from_date",
          message: `more than ${MAX_OBJECT_LINES} lines: narrow the dates or the accounts, or page`,
        },
      ],
    });
  return whole;
}

/** A page asked for: its size, and where the page before stopped (null: the first page). */
export interface LedgerPage {
  limit: number;
  after: ObjectPosition | null;
}

/** Each object's balance on the position's account just after the position: day balances before its day, that day's lines up to it. */
async function balancesAt(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  q: DimensionQuestion & { after: ObjectPosition | null },
) {
  if (!q.after) return [];
  const at = q.after;
  const [before, sameDay] = await Promise.all([
    objectOpenings(db, companyId, period, { ...q, from: at.date, accounts: { from: at.account, to: at.account } }),
    sameDayBefore(db, companyId, period, { ...q, at }),
  ]);
  const sums = new Map<string | null, number>();
  for (const s of [...before, ...sameDay]) sums.set(s.object, (sums.get(s.object) ?? 0) + s.ore);
  return [...sums].map(([object, ore]) => ({ object, ore }));
}

/** One page of the general ledger by dimension, and the last line served when more follow. */
async function dimensionLedgerPage(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  q: DimensionQuestion & { accounts: { from: string; to: string }; page: LedgerPage },
) {
  const { limit, after } = q.page;
  const [dimension, openings, moves, fetched, start, names] = await Promise.all([
    dimensionFor(db, companyId, q),
    objectOpenings(db, companyId, period, q),
    objectMovements(db, companyId, period, q),
    objectLines(db, companyId, period, { ...q, after, max: limit + 1 }),
    balancesAt(db, companyId, period, { ...q, after }),
    accountNames(db, companyId, q.accounts),
  ]);
  const question = { ...q, breakdown: "object" as const, selected: q.objects ?? null, objects: dimension.objects };
  const input = { openings, moves, after, start, fetched, limit, accountTo: q.accounts.to };
  const page = objectLedgerPage(question, columnsOf(question), input, names);
  const last = page.more ? fetched[limit - 1] : null;
  return { report: { dimension: { id: dimension.id, name: dimension.name }, objects: page.objects }, next: last };
}

/** The income statement of from..to against a budget (the income-statement route's budget_comparison). */
export async function incomeStatementBudget(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  q: { from: string; to: string; budgetId: string },
) {
  const [moves, names, budget] = await Promise.all([
    movementsWithin(db, companyId, period, q.from, q.to),
    accountNames(db, companyId),
    budgetColumns(db, companyId, period, { ...q, dimensionId: null }),
  ]);
  const whole = () => 0;
  const outcome = moves.map((m) => ({ account: m.account, column: 0, ore: resultOre(m) }));
  return budgetComparison(budget!.ref, outcome, budget!.place(whole), names);
}

/** Each month's, account's and object's posted balance (the opening entry aside), every dimension a line names: SIE's #PSALDO per object. */
export async function monthlyObjectBalances(db: Database, companyId: string, periodId: string) {
  const rows = await db.all<{ m: string; a: string; k: number; v: string; n: number }>(sql`
    SELECT substr(entry_date, 1, 7) AS m, account_number AS a, dimension_id AS k, object_code AS v,
      SUM(debit_ore) - SUM(credit_ore) AS n
    FROM object_day_balances
    WHERE company_id = ${companyId} AND fiscal_period_id = ${periodId} AND opening = 0
    GROUP BY m, a, k, v ORDER BY m, a, k, v`);
  return rows.map((r) => ({
    month: r.m,
    account: r.a,
    objects: { [String(r.k)]: String(r.v) },
    ore: Number(r.n),
  }));
}
