// Fiscal periods: the first is made with the company; later ones follow on, twelve
// months each (BFL 3 kap 1 §). Lock blocks every write dated in the period until
// unlocked, or with a lock_date every write dated on or before that date (a filed VAT
// quarter frozen while the next is booked); close (year-end.ts) makes it permanent.
import { and, desc, eq, gte, lte } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { fiscalPeriodLockDates, fiscalPeriods } from "../../../db/schema";
import { draftCount } from "../../../ledger/queries";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { fiscalYearName, nextFiscalYear } from "../../../sweden/fiscal-year";

export function periodJson(p: FiscalPeriodRow, lockDate: string | null = null) {
  return {
    id: p.id,
    name: p.name,
    period_start: p.periodStart,
    period_end: p.periodEnd,
    is_closed: p.isClosed,
    closed_at: p.closedAt,
    locked_at: p.lockedAt,
    previous_period_id: p.previousPeriodId,
    closing_entry_id: p.closingEntryId,
    lock_date: p.lockedAt || p.isClosed ? p.periodEnd : lockDate,
    closed_externally: p.closedExternally,
    reopened_at: p.reopenedAt,
    reopen_reason: p.reopenReason,
    created_at: p.createdAt,
  };
}

export async function listPeriods(db: Database, companyId: string) {
  return db
    .select()
    .from(fiscalPeriods)
    .where(eq(fiscalPeriods.companyId, companyId))
    .orderBy(desc(fiscalPeriods.periodStart))
    .all();
}

/** The lock dates inside periods (not those locked as a whole), by period id. */
export async function lockDatesOf(db: Database, companyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(fiscalPeriodLockDates)
    .where(eq(fiscalPeriodLockDates.companyId, companyId))
    .all();
  return new Map(rows.map((r) => [r.fiscalPeriodId, r.lockDate]));
}

export async function loadPeriod(db: Database, companyId: string, id: string): Promise<FiscalPeriodRow> {
  const p = await db
    .select()
    .from(fiscalPeriods)
    .where(and(eq(fiscalPeriods.companyId, companyId), eq(fiscalPeriods.id, id)))
    .get();
  if (!p) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_period_id: id });
  return p;
}

export const createNextPeriod: Command<Record<string, never>> = async (db, _input, ctx) => {
  const [latest] = await listPeriods(db, ctx.companyId);
  if (!latest) throw new ApiError("PERIOD_NOT_FOUND", {}, "The company has no fiscal period to follow on from.");
  const { start, end } = nextFiscalYear(latest.periodEnd);
  const row: FiscalPeriodRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: fiscalYearName(start, end),
    periodStart: start,
    periodEnd: end,
    isClosed: false,
    closedAt: null,
    lockedAt: null,
    previousPeriodId: latest.id,
    closingEntryId: null,
    createdAt: ctx.now,
    closedExternally: false,
    reopenedAt: null,
    reopenReason: null,
  };
  return {
    status: 201,
    data: periodJson(row),
    statements: [db.insert(fiscalPeriods).values(row)],
    audit: { action: "fiscal_period.created", resourceType: "fiscal_period", resourceId: row.id },
  };
};

/**
 * Lock the whole period, or with lock_date every date up to and including it. Rule
 * order: PERIOD_NOT_FOUND > VALIDATION_ERROR (lock_date outside the period) >
 * PERIOD_LOCK_ALREADY_LOCKED (closed, or a lock_date inside a period locked that far) >
 * PERIOD_LOCK_HAS_DRAFTS (drafts dated in what would be locked). Locking the whole of a
 * period already locked as a whole (by a VAT return of its last VAT period, say) answers
 * 200 with the period as it is and writes nothing.
 * A lock_date on or after the period's end locks the whole period.
 */
export const lockPeriod: Command<{ id: string; lock_date?: string }> = async (db, input, ctx) => {
  const p = await loadPeriod(db, ctx.companyId, input.id);
  const lockDates = await lockDatesOf(db, ctx.companyId);
  const current = lockDates.get(p.id) ?? null;
  const wanted = input.lock_date;
  if (wanted !== undefined && wanted < p.periodStart)
    throw fieldError("lock_date", `must be inside the period (${p.periodStart} to ${p.periodEnd})`);
  const whole = wanted === undefined || wanted >= p.periodEnd;
  // the whole year already locked (the return of its last VAT period locks it): the lock asked for holds, so it succeeds (issue #40)
  if (whole && p.lockedAt && !p.isClosed)
    return {
      status: 200,
      data: { id: p.id, locked_at: p.lockedAt, is_closed: false, lock_date: p.periodEnd },
      statements: [],
      unchanged: true,
      audit: { action: "fiscal_period.locked", resourceType: "fiscal_period", resourceId: p.id },
    };
  assertNotLockedAlready(p, whole, current, wanted);
  const drafts = await draftCount(db, ctx.companyId, p.id, whole ? undefined : wanted);
  if (drafts > 0) throw new ApiError("PERIOD_LOCK_HAS_DRAFTS", { fiscal_period_id: p.id, draft_count: drafts });
  const statements = lockStatements(db, p, whole ? null : wanted!, ctx);
  const row = whole ? { ...p, lockedAt: ctx.now } : p;
  const json = periodJson(row, whole ? current : wanted!);
  return {
    status: 200,
    data: { id: p.id, locked_at: row.lockedAt, is_closed: p.isClosed, lock_date: json.lock_date },
    statements,
    audit: { action: "fiscal_period.locked", resourceType: "fiscal_period", resourceId: p.id },
    events: [{ type: "period.locked", object: json, previousAttributes: { locked_at: null, lock_date: current } }],
  };
};

/**
 * PERIOD_LOCK_ALREADY_LOCKED when the period is locked as a whole or closed, or (a lock
 * date asked for) already locked up to that date or later.
 */
function assertNotLockedAlready(p: FiscalPeriodRow, whole: boolean, current: string | null, wanted?: string): void {
  if (p.lockedAt || p.isClosed || (!whole && current !== null && current >= wanted!)) {
    throw new ApiError("PERIOD_LOCK_ALREADY_LOCKED", {
      fiscal_period_id: p.id,
      locked_at: p.lockedAt,
      is_closed: p.isClosed,
      lock_date: p.lockedAt || p.isClosed ? p.periodEnd : current,
    });
  }
}

/** The lock's write: the whole period (`lockDate` null), or its lock date set to `lockDate`. */
function lockStatements(
  db: Database,
  p: FiscalPeriodRow,
  lockDate: string | null,
  ctx: { companyId: string; now: string },
) {
  return lockDate === null
    ? [db.update(fiscalPeriods).set({ lockedAt: ctx.now }).where(eq(fiscalPeriods.id, p.id))]
    : [
        db
          .insert(fiscalPeriodLockDates)
          .values({ fiscalPeriodId: p.id, companyId: ctx.companyId, lockDate, lockedAt: ctx.now })
          .onConflictDoUpdate({
            target: fiscalPeriodLockDates.fiscalPeriodId,
            set: { lockDate, lockedAt: ctx.now },
          }),
      ];
}

/**
 * Unlock, one lock at a time, the latest first. A period locked as a whole opens the dates
 * after its lock date and keeps that date: a declared VAT quarter stays frozen while a
 * December entry is corrected. A period with only a lock date (nothing later locked) loses
 * it: reopening a declared quarter is its own, deliberate, call. A closed period stays closed.
 */
export const unlockPeriod: Command<{ id: string }> = async (db, input, ctx) => {
  const p = await loadPeriod(db, ctx.companyId, input.id);
  if (p.isClosed) throw new ApiError("PERIOD_UNLOCK_CLOSED", { fiscal_period_id: p.id });
  const current = (await lockDatesOf(db, ctx.companyId)).get(p.id) ?? null;
  if (!p.lockedAt && current === null) throw new ApiError("PERIOD_UNLOCK_NOT_LOCKED", { fiscal_period_id: p.id });
  const row = { ...p, lockedAt: null };
  const keptLockDate = p.lockedAt ? current : null;
  return {
    status: 200,
    data: { id: p.id, locked_at: null, is_closed: p.isClosed, lock_date: keptLockDate },
    statements: p.lockedAt
      ? [db.update(fiscalPeriods).set({ lockedAt: null }).where(eq(fiscalPeriods.id, p.id))]
      : [db.delete(fiscalPeriodLockDates).where(eq(fiscalPeriodLockDates.fiscalPeriodId, p.id))],
    audit: { action: "fiscal_period.unlocked", resourceType: "fiscal_period", resourceId: p.id },
    events: [
      {
        type: "period.unlocked",
        object: periodJson(row, keptLockDate),
        previousAttributes: { locked_at: p.lockedAt, lock_date: p.lockedAt ? p.periodEnd : current },
      },
    ],
  };
};

/** How many bank transactions dated from..to still need a booking (handed in by the registry: this domain imports no bank domain). */
export type UnbookedTransactions = (db: Database, companyId: string, from: string, to: string) => Promise<number>;

/**
 * lock, refused with PERIOD_HAS_UNBOOKED_TRANSACTIONS (count in details) while bank
 * transactions dated in what would be locked are neither booked nor ignored (spec:
 * Fiscal period, lock: no uncategorised business transactions). Checked before drafts.
 */
export const lockPeriodChecked = (unbooked: UnbookedTransactions): Command<{ id: string; lock_date?: string }> =>
  async function lockPeriodChecked(db, input, ctx, env) {
    const p = await loadPeriod(db, ctx.companyId, input.id);
    const to = input.lock_date !== undefined && input.lock_date < p.periodEnd ? input.lock_date : p.periodEnd;
    if (!p.lockedAt && !p.isClosed && to >= p.periodStart) {
      const count = await unbooked(db, ctx.companyId, p.periodStart, to);
      if (count > 0)
        throw new ApiError("PERIOD_HAS_UNBOOKED_TRANSACTIONS", { fiscal_period_id: p.id, count, through_date: to });
    }
    return lockPeriod(db, input, ctx, env);
  };

/** The month's close sweep (month-close): the companies with a fiscal period covering `date`. */
export async function companiesWithPeriodCovering(db: Database, date: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: fiscalPeriods.companyId })
    .from(fiscalPeriods)
    .where(and(lte(fiscalPeriods.periodStart, date), gte(fiscalPeriods.periodEnd, date)))
    .all();
  return rows.map((r) => r.id);
}
