import { isBalanceAccount, isResultAccount, makesResult } from "../bas";
import { isVatBalanceAccount, netVatDebitOre, vatPresentation } from "../vat-balance";
import {
  ASSET_GROUPS,
  type BalanceGroup,
  EQUITY_GROUPS,
  INCOME_LINES,
  INCOME_STEPS,
  inRanges,
  LIABILITY_GROUPS,
  lineOf,
  SUPPORTED_EQUITY,
  TOTAL_ASSETS,
  TOTAL_EQUITY,
  TOTAL_EQUITY_LIABILITIES,
  VAT_LIABILITY_LINE,
  VAT_RECEIVABLE_LINE,
} from "./k2-lines";

import { type ReportLine, type YearBooks, balansCtx, fact, periodCtx } from "./facts";

/** öre per income-statement line key: revenue positive, costs negative (credit less debit). */
function incomeByLine(year: YearBooks): Map<string, number> {
  const out = new Map<string, number>();
  for (const [account, netDebit] of year.closing) {
    if (!makesResult(account)) continue;
    const l = Object.values(INCOME_LINES).find((x) => inRanges(account, x.ranges));
    if (!l) continue;
    out.set(l.key, (out.get(l.key) ?? 0) - netDebit);
  }
  return out;
}

/** The year's result as the balance sheet holds it: what the result accounts net to (the closing ones too). */
function unbookedResultOre(year: YearBooks): number {
  let r = 0;
  for (const [account, netDebit] of year.closing) if (isResultAccount(account)) r -= netDebit;
  return r;
}

interface IncomeFigures {
  lines: Map<string, number>;
  sums: Map<string, number>;
}

export function incomeFigures(year: YearBooks): IncomeFigures {
  const lines = incomeByLine(year);
  const sums = new Map<string, number>();
  let running = 0;
  for (const step of INCOME_STEPS) {
    const s = step.lines.reduce((t, k) => t + (lines.get(k) ?? 0), 0);
    if (step.sum) sums.set(step.sum.key, s);
    running += s;
    if (step.result) sums.set(step.result.key, running);
  }
  return { lines, sums };
}

type IncomeStep = (typeof INCOME_STEPS)[number];
type FactPair = (
  ore: number,
  prevOre: number | null,
  concept: string,
  debit: boolean,
) => Pick<ReportLine, "current" | "previous">;

/** A step's heading, its lines that are not zero in either year, and its sum; nothing when all are zero. */
function stepLines(step: IncomeStep, cur: IncomeFigures, prev: IncomeFigures | null, pair: FactPair): ReportLine[] {
  const used = step.lines.filter((k) => (cur.lines.get(k) ?? 0) !== 0 || (prev?.lines.get(k) ?? 0) !== 0);
  if (used.length === 0) return [];
  const out: ReportLine[] = [];
  if (step.heading)
    out.push({ key: `${step.lines[0]}_heading`, label: step.heading, kind: "heading", current: null, previous: null });
  for (const k of used) {
    const l = INCOME_LINES[k];
    out.push({
      key: l.key,
      label: l.label,
      kind: "line",
      ...pair(cur.lines.get(k) ?? 0, prev ? (prev.lines.get(k) ?? 0) : null, l.concept, l.balance === "debit"),
    });
  }
  if (step.sum)
    out.push({
      key: step.sum.key,
      label: step.sum.label,
      kind: "sum",
      ...pair(
        cur.sums.get(step.sum.key)!,
        prev ? prev.sums.get(step.sum.key)! : null,
        step.sum.concept,
        step.sum.balance === "debit",
      ),
    });
  return out;
}

export function incomeStatement(cur: IncomeFigures, prev: IncomeFigures | null): ReportLine[] {
  const out: ReportLine[] = [];
  const pair: FactPair = (ore, prevOre, concept, debit) => ({
    current: fact(ore, concept, periodCtx(0), debit),
    previous: prevOre === null ? null : fact(prevOre, concept, periodCtx(1), debit),
  });
  for (const step of INCOME_STEPS) {
    out.push(...stepLines(step, cur, prev, pair));
    if (step.result)
      out.push({
        key: step.result.key,
        label: step.result.label,
        kind: "result",
        ...pair(
          cur.sums.get(step.result.key)!,
          prev ? prev.sums.get(step.result.key)! : null,
          step.result.concept,
          false,
        ),
      });
  }
  return out;
}

/** öre per balance-sheet line key, each side positive on its own side. */
export interface BalanceFigures {
  lines: Map<string, number>;
  assetsOre: number;
  equityLiabilitiesOre: number;
  equityOre: number;
  untaxedOre: number;
}

const allLines = (groups: BalanceGroup[]) => groups.flatMap((g) => g.lines);
const ASSET_LINES = ASSET_GROUPS.flatMap((a) => allLines(a.groups));
const OTHER_SIDE_LINES = [...allLines(EQUITY_GROUPS), ...allLines(LIABILITY_GROUPS)];

export function balanceFigures(year: YearBooks): BalanceFigures {
  const lines = new Map<string, number>();
  const add = (key: string, ore: number) => lines.set(key, (lines.get(key) ?? 0) + ore);
  for (const [account, netDebit] of year.closing) {
    if (!isBalanceAccount(account) || netDebit === 0 || isVatBalanceAccount(account)) continue;
    if (account < "2000") add(lineOf(ASSET_LINES, account)!.key, netDebit);
    else {
      const l = lineOf(OTHER_SIDE_LINES, account);
      if (l) add(l.key, -netDebit);
    }
  }
  // the VAT accounts net, as one claim or one liability (vat-balance.ts), as INK2R writes them
  const vat = vatPresentation(netVatDebitOre(year.closing));
  if (vat) add(vat.side === "receivable" ? VAT_RECEIVABLE_LINE : VAT_LIABILITY_LINE, vat.ore);
  add("year_result", unbookedResultOre(year));
  const sumOf = (ls: { key: string }[]) => ls.reduce((t, l) => t + (lines.get(l.key) ?? 0), 0);
  const assetsOre = sumOf(ASSET_LINES);
  const equityOre = sumOf(allLines(EQUITY_GROUPS));
  const untaxedOre = sumOf(LIABILITY_GROUPS[0].lines);
  return { lines, assetsOre, equityLiabilitiesOre: sumOf(OTHER_SIDE_LINES), equityOre, untaxedOre };
}

/** Equity accounts with a balance that the K2 lines do not hold (uppskrivningsfond, överkursfond, ...). */
export function equityAccountsOutsideK2(year: YearBooks): string[] {
  const seen = new Set<string>();
  for (const map of [year.opening, year.closing])
    for (const [account, ore] of map)
      if (account >= "2000" && account <= "2099" && ore !== 0 && !inRanges(account, SUPPORTED_EQUITY))
        seen.add(account);
  return [...seen].sort();
}

function balanceGroupLines(
  groups: BalanceGroup[],
  cur: BalanceFigures,
  prev: BalanceFigures | null,
  notes: Map<string, number>,
): ReportLine[] {
  const out: ReportLine[] = [];
  const pair = (concept: string, ore: (b: BalanceFigures) => number) => ({
    current: fact(ore(cur), concept, balansCtx(0)),
    previous: prev ? fact(ore(prev), concept, balansCtx(1)) : null,
  });
  for (const g of groups) {
    const used = g.lines.filter((l) => (cur.lines.get(l.key) ?? 0) !== 0 || (prev?.lines.get(l.key) ?? 0) !== 0);
    if (used.length === 0) continue;
    out.push({ key: `${g.sum.key}_heading`, label: g.heading, kind: "heading", current: null, previous: null });
    for (const l of used)
      out.push({
        key: l.key,
        label: l.label,
        kind: "line",
        note: notes.get(l.key) ?? null,
        ...pair(l.concept, (b) => b.lines.get(l.key) ?? 0),
      });
    out.push({
      key: g.sum.key,
      label: g.sum.label,
      kind: "sum",
      ...pair(g.sum.concept, (b) => g.lines.reduce((t, l) => t + (b.lines.get(l.key) ?? 0), 0)),
    });
  }
  return out;
}

export function balanceSheet(cur: BalanceFigures, prev: BalanceFigures | null, notes: Map<string, number>) {
  const total = (
    t: { key: string; label: string; concept: string },
    ore: (b: BalanceFigures) => number,
  ): ReportLine => ({
    key: t.key,
    label: t.label,
    kind: "result",
    current: fact(ore(cur), t.concept, balansCtx(0)),
    previous: prev ? fact(ore(prev), t.concept, balansCtx(1)) : null,
  });
  const assets: ReportLine[] = [];
  for (const a of ASSET_GROUPS) {
    const inner = balanceGroupLines(a.groups, cur, prev, notes);
    if (inner.length === 0) continue;
    assets.push({ key: `${a.sum.key}_heading`, label: a.heading, kind: "heading", current: null, previous: null });
    assets.push(...inner);
    const groupLines = allLines(a.groups);
    assets.push({
      ...total(a.sum, (b) => groupLines.reduce((t, l) => t + (b.lines.get(l.key) ?? 0), 0)),
      kind: "sum",
    });
  }
  assets.push(total(TOTAL_ASSETS, (b) => b.assetsOre));
  const equity = balanceGroupLines(EQUITY_GROUPS, cur, prev, notes);
  const liabilities = balanceGroupLines(LIABILITY_GROUPS, cur, prev, notes);
  return {
    assets,
    equity_and_liabilities: [
      { key: "equity_heading", label: "Eget kapital", kind: "heading", current: null, previous: null } as ReportLine,
      ...equity,
      total(TOTAL_EQUITY, (b) => b.equityOre),
      ...liabilities,
      total(TOTAL_EQUITY_LIABILITIES, (b) => b.equityLiabilitiesOre),
    ],
  };
}
