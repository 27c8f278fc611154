// The fiscal year a SIE import posts into: the company's year with the file's dates,
// or a new one when none overlaps (spec: SIE import is meant for a fresh year).
import { and, eq } from "drizzle-orm";
import type { CommandContext, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { fiscalPeriods } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { countEntriesInPeriod } from "../../../ledger/queries";
import { fiscalYearName } from "../../../sweden/fiscal-year";

export async function planPeriodForImport(
  db: Database,
  ctx: CommandContext,
  year: { start: string; end: string },
  importId: string,
  /** the previous year, when the same import creates it in the same batch */
  priorId?: string,
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
    previousPeriodId: priorId ?? prior?.id ?? null,
    closingEntryId: null,
    createdAt: ctx.now,
    closedExternally: false,
    reopenedAt: null,
    reopenReason: null,
  };
  return { period: row, statements: [db.insert(fiscalPeriods).values(row)] };
}

/**
 * The previous year a SIE file carries (#RAR -1), kept as a closed year of its figures
 * (src/domains/imports/sie-balances.ts priorYearOf): created when the company has no
 * period overlapping it; reused when it is the one this import created (a resumed run:
 * `done` when it is already closed); otherwise not kept, with the reason, for the
 * company's own year is then the comparison year and the continuity check compares it.
 */
export async function planPriorPeriodForImport(
  db: Database,
  ctx: CommandContext,
  prior: { start: string; end: string },
  year: { start: string },
  importId: string,
): Promise<{ period: FiscalPeriodRow | null; done: boolean; statements: Statement[]; warning: string | null }> {
  const none = (why: string) => ({
    period: null,
    done: false,
    statements: [],
    warning: `the previous year (#RAR -1) is not kept: ${why}`,
  });
  if (prior.end >= year.start) return none("it does not end before #RAR 0 begins");
  const periods = await ctx.ledger.books.periods();
  const same = periods.find((p) => p.periodStart === prior.start && p.periodEnd === prior.end);
  if (same) {
    const others = await countEntriesInPeriod(db, ctx.companyId, same.id, `${importId}:`);
    if (others > 0 || (same.isClosed && !same.closedExternally))
      return none("the company already keeps that year; the continuity check compares its closing with this opening");
    // a closed year left empty (an import rolled back, issue #41 item 5) is opened again to take the figures
    if (same.isClosed && (await countEntriesInPeriod(db, ctx.companyId, same.id)) === 0)
      return { period: same, done: false, statements: [planReopenEmptyPriorYear(db, ctx, same.id)], warning: null };
    return { period: same, done: same.isClosed, statements: [], warning: null };
  }
  if (periods.some((p) => !(p.periodEnd < prior.start || p.periodStart > prior.end)))
    return none("it overlaps a fiscal period of the company");
  const row: FiscalPeriodRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: fiscalYearName(prior.start, prior.end),
    periodStart: prior.start,
    periodEnd: prior.end,
    isClosed: false,
    closedAt: null,
    lockedAt: null,
    previousPeriodId:
      periods.filter((p) => p.periodEnd < prior.start).sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0]?.id ??
      null,
    closingEntryId: null,
    createdAt: ctx.now,
    closedExternally: false,
    reopenedAt: null,
    reopenReason: null,
  };
  return { period: row, done: false, statements: [db.insert(fiscalPeriods).values(row)], warning: null };
}

/**
 * The previous year a SIE import keeps, once its figures are posted: locked and closed
 * as closed_externally, its year-end having been made in the other program (such a year
 * can be reopened, see closePeriod).
 */
export function planCloseAsPriorYear(db: Database, ctx: CommandContext, periodId: string): Statement {
  return db
    .update(fiscalPeriods)
    .set({ lockedAt: ctx.now, isClosed: true, closedAt: ctx.now, closedExternally: true })
    .where(and(eq(fiscalPeriods.id, periodId), eq(fiscalPeriods.companyId, ctx.companyId)));
}

/** An empty previous year closed by an import that was rolled back, unlocked to take the next import's figures. */
function planReopenEmptyPriorYear(db: Database, ctx: CommandContext, periodId: string): Statement {
  return db
    .update(fiscalPeriods)
    .set({ lockedAt: null, isClosed: false, closedAt: null, closedExternally: false })
    .where(and(eq(fiscalPeriods.id, periodId), eq(fiscalPeriods.companyId, ctx.companyId)));
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
