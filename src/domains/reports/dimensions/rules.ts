// The reports by dimension, decided from what the queries read and nothing else (no I/O):
// which columns a report has (an object each and "no object", the months of the range, or
// one), which column a movement counts in, and the income statement and general ledger laid
// out over those columns. Sums are integer öre; kronor only on the way out.
import { fromOre, sumOre } from "../../../money";
import { makesResult } from "../../../sweden/bas";
import { monthsOf } from "../../../sweden/fiscal-year";
import { GROSS_MARGIN_KEYS, INCOME_SECTIONS, OPERATING_KEYS, sectionOf } from "../../../sweden/report-layout";

/** How a report by dimension lays its columns: an object each, a month each, or one column. */
export type Breakdown = "object" | "month" | "none";

export interface Column {
  key: string;
  label: string;
  /** the column's object; null for "no object" and for month and total columns */
  object: string | null;
  /** YYYY-MM of a month column */
  month: string | null;
}

export const NO_OBJECT = { key: "none", label: "Utan objekt" } as const;

/** A dimension's objects as the reports need them. */
export interface ObjectRef {
  code: string;
  name: string;
}

export interface ColumnQuestion {
  breakdown: Breakdown;
  /** the objects asked for; null: all of them (and "no object") */
  selected: string[] | null;
  objects: readonly ObjectRef[];
  from: string;
  to: string;
}

/** The codes asked for that the dimension does not have. */
export function unknownObjects(selected: readonly string[], objects: readonly ObjectRef[]): string[] {
  const known = new Set(objects.map((o) => o.code));
  return selected.filter((code) => !known.has(code));
}

export function columnsOf(q: ColumnQuestion): Column[] {
  const nameOf = new Map(q.objects.map((o) => [o.code, o.name]));
  const objectColumn = (code: string): Column => ({
    key: code,
    label: nameOf.get(code) ?? code,
    object: code,
    month: null,
  });
  if (q.breakdown === "month") return monthsOf(q.from, q.to).map((m) => ({ key: m, label: m, object: null, month: m }));
  if (q.breakdown === "none") return [{ key: "total", label: "Totalt", object: null, month: null }];
  if (q.selected) return q.selected.map(objectColumn);
  return [...q.objects.map((o) => objectColumn(o.code)), { ...NO_OBJECT, object: null, month: null }];
}

/** The column a movement (or line) of `object` in `month` counts in, or -1 when the report leaves it out. */
export function columnFinder(q: ColumnQuestion, columns: readonly Column[]) {
  const chosen = q.selected ? new Set(q.selected) : null;
  const index = new Map(columns.map((c, i) => [c.key, i]));
  return (object: string | null, month: string): number => {
    if (chosen && (object === null || !chosen.has(object))) return -1;
    if (q.breakdown === "month") return index.get(month) ?? -1;
    if (q.breakdown === "none") return 0;
    return index.get(object ?? NO_OBJECT.key) ?? -1;
  };
}

/** An amount of one account in one column, in öre, revenue positive and costs negative (as the income statement shows them). */
export interface ColumnAmount {
  account: string;
  column: number;
  ore: number;
}

/** Outcome and, when a budget is shown, budget and difference (outcome less budget) of a row, per column. */
export interface Figures {
  amounts: number[];
  total: number;
  budget?: number[];
  budget_total?: number;
  difference?: number[];
  difference_total?: number;
}

const zeros = (n: number) => new Array<number>(n).fill(0);

function figures(outcome: number[], budget: number[] | null): Figures {
  const out: Figures = { amounts: outcome.map(fromOre), total: fromOre(sumOre(outcome)) };
  if (!budget) return out;
  const difference = outcome.map((o, i) => o - budget[i]);
  return {
    ...out,
    budget: budget.map(fromOre),
    budget_total: fromOre(sumOre(budget)),
    difference: difference.map(fromOre),
    difference_total: fromOre(sumOre(difference)),
  };
}

/** Per account, the amount of every column. */
function byAccount(amounts: readonly ColumnAmount[], width: number) {
  const rows = new Map<string, number[]>();
  for (const a of amounts) {
    if (!makesResult(a.account) || a.column < 0) continue;
    let row = rows.get(a.account);
    if (!row) rows.set(a.account, (row = zeros(width)));
    row[a.column] += a.ore;
  }
  return rows;
}

function addInto(target: number[], row: readonly number[]) {
  for (let i = 0; i < row.length; i++) target[i] += row[i];
}

const isZero = (row: readonly number[] | null) => !row || row.every((v) => v === 0);

/** Each section's accounts with an amount or a budget in some column, and each section's sums per column. */
function sectionRows(
  width: number,
  actual: Map<string, number[]>,
  planned: Map<string, number[]> | null,
  names: ReadonlyMap<string, { name: string }>,
) {
  const accounts = [...new Set([...actual.keys(), ...(planned?.keys() ?? [])])].sort();
  const sectionTotals = new Map(INCOME_SECTIONS.map((s) => [s.key, { outcome: zeros(width), budget: zeros(width) }]));
  const sections = INCOME_SECTIONS.map((s) => ({ key: s.key, name: s.name, accounts: [] as unknown[] }));
  for (const account of accounts) {
    const section = sectionOf(INCOME_SECTIONS, account);
    const o = actual.get(account) ?? zeros(width);
    const b = planned ? (planned.get(account) ?? zeros(width)) : null;
    if (!section || (isZero(o) && isZero(b))) continue;
    const totals = sectionTotals.get(section.key)!;
    addInto(totals.outcome, o);
    if (b) addInto(totals.budget, b);
    sections
      .find((x) => x.key === section.key)!
      .accounts.push({ account_number: account, name: names.get(account)?.name ?? null, ...figures(o, b) });
  }
  return { sections, sectionTotals };
}

/**
 * The income statement laid over the columns: the sections of ÅRL bilaga 2 (report-layout.ts),
 * each account's amount per column, and the subtotals per column. With a budget, every row and
 * subtotal carries budget and difference beside the outcome.
 */
export function columnStatement(
  width: number,
  outcome: readonly ColumnAmount[],
  budget: readonly ColumnAmount[] | null,
  names: ReadonlyMap<string, { name: string }>,
) {
  const actual = byAccount(outcome, width);
  const planned = budget ? byAccount(budget, width) : null;
  const { sections, sectionTotals } = sectionRows(width, actual, planned, names);
  const sum = (keys: readonly string[], side: "outcome" | "budget") => {
    const total = zeros(width);
    for (const key of keys) addInto(total, sectionTotals.get(key)![side]);
    return total;
  };
  const step = (keys: readonly string[]) => figures(sum(keys, "outcome"), planned ? sum(keys, "budget") : null);
  const all = INCOME_SECTIONS.map((s) => s.key);
  return {
    sections: sections.map((s) => ({ ...s, ...step([s.key]) })),
    gross_margin: step(GROSS_MARGIN_KEYS),
    operating_result: step(OPERATING_KEYS),
    result_after_financial_items: step([...OPERATING_KEYS, "financial_items"]),
    net_result: step(all),
  };
}

/** A movement's amount as the income statement shows it: credit less debit. */
export const resultOre = (m: { debitOre: number; creditOre: number }) => m.creditOre - m.debitOre;

/** A line of the general ledger by dimension, as the query read it. */
export interface LedgerLineIn {
  account: string;
  object: string | null;
  entryId: string;
  voucher: string;
  date: string;
  text: string;
  debitOre: number;
  creditOre: number;
}

type StatementFigures = ReturnType<typeof columnStatement>["net_result"];

/** A one-column statement's figures as outcome, budget and difference. */
function compared(f: StatementFigures) {
  return { outcome: f.total, budget: f.budget_total ?? 0, difference: f.difference_total ?? 0 };
}

/** The income statement against a budget: a one-column statement with its budget, each row as outcome, budget and difference. */
export function budgetComparison(
  budget: { id: string; name: string },
  outcome: readonly ColumnAmount[],
  planned: readonly ColumnAmount[],
  names: ReadonlyMap<string, { name: string }>,
) {
  const s = columnStatement(1, outcome, planned, names);
  return {
    budget,
    sections: s.sections.map((section) => ({
      key: section.key,
      name: section.name,
      accounts: (section.accounts as (StatementFigures & { account_number: string; name: string | null })[]).map(
        (a) => ({ account_number: a.account_number, name: a.name, ...compared(a) }),
      ),
      ...compared(section),
    })),
    gross_margin: compared(s.gross_margin),
    operating_result: compared(s.operating_result),
    result_after_financial_items: compared(s.result_after_financial_items),
    net_result: compared(s.net_result),
  };
}
