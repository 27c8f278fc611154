// The comparative column of the printed statements (ÅRL 3 kap. 5 §: each item with the
// previous fiscal year's figure): the previous period's balance sheet or income statement
// at the same relative date (report-layout.ts sameRelativeDate), built by the same
// builders as this year's, or null for a company's first fiscal year.
import type { Database } from "../../db/client";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { sameRelativeDate } from "../../sweden/report-layout";
import { balanceSheet, incomeStatement } from "./builders";
import { accountNames, movementsWithin, previousPeriod, totalsThrough } from "./queries";

const span = (p: FiscalPeriodRow) => ({ start: p.periodStart, end: p.periodEnd });

/** The previous fiscal year's balance sheet at the date corresponding to `asOf`. */
export async function priorBalanceSheet(db: Database, companyId: string, period: FiscalPeriodRow, asOf: string) {
  const prior = await previousPeriod(db, companyId, period);
  if (!prior) return null;
  const at = sameRelativeDate(asOf, span(period), span(prior));
  const [closing, names] = await Promise.all([totalsThrough(db, companyId, prior, at), accountNames(db, companyId)]);
  return balanceSheet(prior, at, closing, names);
}

/** The previous fiscal year's income statement over the dates corresponding to `from`–`to`. */
export async function priorIncomeStatement(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  from: string,
  to: string,
) {
  const prior = await previousPeriod(db, companyId, period);
  if (!prior) return null;
  const range = {
    from: sameRelativeDate(from, span(period), span(prior)),
    to: sameRelativeDate(to, span(period), span(prior)),
  };
  const [moves, names] = await Promise.all([
    movementsWithin(db, companyId, prior, range.from, range.to),
    accountNames(db, companyId),
  ]);
  return incomeStatement(prior, range.from, range.to, moves, names);
}
