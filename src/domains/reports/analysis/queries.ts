// The reads of the cash-flow statement and the key ratios: a range's movements and the
// balances at its start and end, from the balance tables the ledger keeps (no line is read),
// then the rules of src/sweden/cash-flow.ts and src/sweden/key-ratios.ts; and the same for the
// previous fiscal year at the same relative dates (ÅRL 3 kap. 5 §), when there is one.
import type { Database } from "../../../db/client";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { toOre } from "../../../money";
import { cashFlowStatement, cashIn } from "../../../sweden/cash-flow";
import { addDays } from "../../../sweden/fiscal-year";
import { type BalanceFigures, keyRatios, resultFigures } from "../../../sweden/key-ratios";
import { sameRelativeDate } from "../../../sweden/report-layout";
import { balanceSheet } from "../builders";
import { accountNames, type Movement, movements, previousPeriod, totalsThrough } from "../queries";

/** Movements of the same account added into one. */
function merged(lists: Movement[][]): Movement[] {
  const out = new Map<string, Movement>();
  for (const m of lists.flat()) {
    const had = out.get(m.account);
    out.set(
      m.account,
      had ? { ...had, debitOre: had.debitOre + m.debitOre, creditOre: had.creditOre + m.creditOre } : m,
    );
  }
  return [...out.values()];
}

/** The balances before `from`: the opening entry and the period's movements dated earlier. */
async function balancesBefore(db: Database, companyId: string, period: FiscalPeriodRow, from: string) {
  const [opening, before] = await Promise.all([
    movements(db, companyId, { periodId: period.id, opening: "only" }),
    from > period.periodStart
      ? movements(db, companyId, { periodId: period.id, to: addDays(from, -1), opening: "exclude" })
      : Promise.resolve([]),
  ]);
  return merged([opening, before]);
}

/** The cash-flow statement of from..to, in öre. */
export async function cashFlowOf(db: Database, companyId: string, period: FiscalPeriodRow, from: string, to: string) {
  const [moves, start] = await Promise.all([
    movements(db, companyId, { periodId: period.id, from, to, opening: "exclude" }),
    balancesBefore(db, companyId, period, from),
  ]);
  return cashFlowStatement(moves, cashIn(start));
}

const ore = (kronor: number) => toOre(kronor) as number;

/** What the key ratios read of a balance sheet (the balance sheet's own sections, the VAT shown net). */
function balanceFigures(sheet: ReturnType<typeof balanceSheet>): BalanceFigures {
  const total = (keys: string[]) =>
    [...sheet.sections.assets, ...sheet.sections.equity_and_liabilities]
      .filter((s) => keys.includes(s.key))
      .reduce((sum, s) => sum + ore(s.total), 0);
  return {
    assetsOre: ore(sheet.totals.assets),
    equityOre: total(["equity"]),
    untaxedReservesOre: total(["untaxed_reserves"]),
    currentAssetsOre: total(["inventories", "current_receivables", "short_term_investments", "cash_and_bank"]),
    inventoriesOre: total(["inventories"]),
    currentLiabilitiesOre: total(["current_liabilities"]),
  };
}

/** The key ratios of from..to: its result, and the balance sheets before its start and at its end. */
export async function keyRatiosOf(db: Database, companyId: string, period: FiscalPeriodRow, from: string, to: string) {
  const [moves, start, end, names] = await Promise.all([
    movements(db, companyId, { periodId: period.id, from, to, opening: "exclude" }),
    balancesBefore(db, companyId, period, from),
    totalsThrough(db, companyId, period, to),
    accountNames(db, companyId),
  ]);
  const startSheet = balanceSheet(period, from, start, names);
  const endSheet = balanceSheet(period, to, end, names);
  const result = resultFigures(moves);
  return { result, ratios: keyRatios(balanceFigures(startSheet), balanceFigures(endSheet), result) };
}

/** The previous fiscal year and the range in it that stands where from..to stands in this one; null for a first year. */
export async function priorRange(db: Database, companyId: string, period: FiscalPeriodRow, from: string, to: string) {
  const prior = await previousPeriod(db, companyId, period);
  if (!prior) return null;
  const span = (p: FiscalPeriodRow) => ({ start: p.periodStart, end: p.periodEnd });
  return {
    period: prior,
    from: sameRelativeDate(from, span(period), span(prior)),
    to: sameRelativeDate(to, span(period), span(prior)),
  };
}
