// The dates a report covers: each report's defaults, and the check that they lie inside
// the fiscal period asked for (a report never mixes two years' books).
import { ApiError } from "../../errors/api-error";
import type { FiscalPeriodRow } from "../../ledger/engine";

type PeriodDates = Pick<FiscalPeriodRow, "periodStart" | "periodEnd">;

function requireInside(period: PeriodDates, date: string, name: string) {
  if (date < period.periodStart || date > period.periodEnd) {
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: name, message: `must be within the period ${period.periodStart}..${period.periodEnd}` }] },
      `${name} must be inside the fiscal period.`,
    );
  }
}

function requireOrdered(from: string, to: string) {
  if (from > to)
    throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "from_date", message: "from_date is after to_date" }] });
}

/** Trial balance: to_date, by default the period's end. */
export function trialBalanceDate(period: PeriodDates, toDate: string | undefined): string {
  const to = toDate ?? period.periodEnd;
  requireInside(period, to, "to_date");
  return to;
}

/** Balance sheet: as_of or to_date; by default the period's end (a balansräkning is drawn up per the balance-sheet date). */
export function balanceSheetDate(period: PeriodDates, q: { as_of?: string; to_date?: string }): string {
  const asOf = q.as_of ?? q.to_date ?? period.periodEnd;
  requireInside(period, asOf, q.as_of ? "as_of" : "to_date");
  return asOf;
}

/** Income statement: from_date..to_date inside the period, by default the whole period. */
export function incomeStatementRange(
  period: PeriodDates,
  q: { from_date?: string; to_date?: string },
): { from: string; to: string } {
  const from = q.from_date ?? period.periodStart;
  const to = q.to_date ?? period.periodEnd;
  requireInside(period, from, "from_date");
  requireInside(period, to, "to_date");
  requireOrdered(from, to);
  return { from, to };
}

/**
 * VAT declaration: a period (narrowed by from_date/to_date inside it) or a free range,
 * since a moms period (month, quarter) need not be a fiscal period.
 */
export function vatDeclarationRange(
  period: PeriodDates | null,
  q: { from_date?: string; to_date?: string },
): { from: string; to: string } {
  let from = q.from_date;
  let to = q.to_date;
  if (period) {
    from ??= period.periodStart;
    to ??= period.periodEnd;
    requireInside(period, from, "from_date");
    requireInside(period, to, "to_date");
  } else if (!from || !to) {
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "period_id", message: "give period_id, or from_date and to_date" }],
    });
  }
  requireOrdered(from, to);
  return { from, to };
}
