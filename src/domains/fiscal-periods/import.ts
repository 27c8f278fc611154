// The fiscal year a SIE import posts into: the company's year with the file's dates,
// or a new one when none overlaps (spec: SIE import is meant for a fresh year).
import type { CommandContext, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { fiscalPeriods } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { countEntriesInPeriod } from "../../ledger/queries";
import { fiscalYearName } from "../../sweden/fiscal-year";

export async function planPeriodForImport(
  db: Database,
  ctx: CommandContext,
  year: { start: string; end: string },
  importId: string,
): Promise<{ period: FiscalPeriodRow; statements: Statement[] }> {
  const periods = await ctx.ledger.books.periods();
  const same = periods.find((p) => p.periodStart === year.start && p.periodEnd === year.end);
  if (same) {
    if (same.lockedAt || same.isClosed) throw new ApiError("PERIOD_LOCKED", { fiscal_period_id: same.id });
    const n = await countEntriesInPeriod(db, ctx.companyId, same.id, `${importId}:`);
    if (n > 0)
      throw new ApiError(
        "CONFLICT",
        { fiscal_period_id: same.id, entries: n },
        "The fiscal year already has entries; SIE import is meant for a fresh year.",
      );
    return { period: same, statements: [] };
  }
  const overlap = periods.find((p) => !(p.periodEnd < year.start || p.periodStart > year.end));
  if (overlap)
    throw new ApiError(
      "CONFLICT",
      { fiscal_period_id: overlap.id, period_start: overlap.periodStart, period_end: overlap.periodEnd },
      "The file's #RAR 0 overlaps an existing fiscal period with other dates.",
    );
  const prior = periods
    .filter((p) => p.periodEnd < year.start)
    .sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0];
  const row: FiscalPeriodRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: fiscalYearName(year.start, year.end),
    periodStart: year.start,
    periodEnd: year.end,
    isClosed: false,
    closedAt: null,
    lockedAt: null,
    previousPeriodId: prior?.id ?? null,
    closingEntryId: null,
    createdAt: ctx.now,
    closedExternally: false,
    reopenedAt: null,
    reopenReason: null,
  };
  return { period: row, statements: [db.insert(fiscalPeriods).values(row)] };
}

/** A file without #RAR (SIE type 4I) goes into the company's year that holds its first voucher. */
export async function periodHolding(
  ctx: CommandContext,
  date: string | undefined,
): Promise<FiscalPeriodRow | undefined> {
  return date
    ? (await ctx.ledger.books.periods()).find((p) => p.periodStart <= date && p.periodEnd >= date)
    : undefined;
}
