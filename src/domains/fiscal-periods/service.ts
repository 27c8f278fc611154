// Fiscal periods: the first is made with the company; later ones follow on, twelve
// months each (BFL 3 kap 1 §). Lock blocks every write dated in the period until
// unlocked; close (year-end issue) makes it permanent.
import { and, count, desc, eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { fiscalPeriods } from "../../db/schema";
import { draftCount } from "../../ledger/queries";
import { ApiError } from "../../http/api-error";
import { newId } from "../../ids";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { fiscalYearName, nextFiscalYear } from "../../sweden/fiscal-year";

export function periodJson(p: FiscalPeriodRow) {
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
    created_at: p.createdAt,
  };
}

export async function listPeriods(db: Database, companyId: string) {
  return db.select().from(fiscalPeriods).where(eq(fiscalPeriods.companyId, companyId)).orderBy(desc(fiscalPeriods.periodStart)).all();
}

async function loadPeriod(db: Database, companyId: string, id: string): Promise<FiscalPeriodRow> {
  const p = await db.select().from(fiscalPeriods).where(and(eq(fiscalPeriods.companyId, companyId), eq(fiscalPeriods.id, id))).get();
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
  };
  return {
    status: 201,
    data: periodJson(row),
    statements: [db.insert(fiscalPeriods).values(row)],
    audit: { action: "fiscal_period.created", resourceType: "fiscal_period", resourceId: row.id },
  };
};

export const lockPeriod: Command<{ id: string }> = async (db, input, ctx) => {
  const p = await loadPeriod(db, ctx.companyId, input.id);
  if (p.lockedAt || p.isClosed) throw new ApiError("PERIOD_LOCK_ALREADY_LOCKED", { fiscal_period_id: p.id, locked_at: p.lockedAt, is_closed: p.isClosed });
  const drafts = await draftCount(db, ctx.companyId, p.id);
  if (drafts > 0) throw new ApiError("PERIOD_LOCK_HAS_DRAFTS", { fiscal_period_id: p.id, draft_count: drafts });
  const row = { ...p, lockedAt: ctx.now };
  return {
    status: 200,
    data: { id: p.id, locked_at: row.lockedAt, is_closed: p.isClosed },
    statements: [db.update(fiscalPeriods).set({ lockedAt: ctx.now }).where(eq(fiscalPeriods.id, p.id))],
    audit: { action: "fiscal_period.locked", resourceType: "fiscal_period", resourceId: p.id },
    events: [{ type: "period.locked", object: periodJson(row), previousAttributes: { locked_at: null } }],
  };
};

export const unlockPeriod: Command<{ id: string }> = async (db, input, ctx) => {
  const p = await loadPeriod(db, ctx.companyId, input.id);
  if (p.isClosed) throw new ApiError("PERIOD_UNLOCK_CLOSED", { fiscal_period_id: p.id });
  if (!p.lockedAt) throw new ApiError("PERIOD_UNLOCK_NOT_LOCKED", { fiscal_period_id: p.id });
  const row = { ...p, lockedAt: null };
  return {
    status: 200,
    data: { id: p.id, locked_at: null, is_closed: p.isClosed },
    statements: [db.update(fiscalPeriods).set({ lockedAt: null }).where(eq(fiscalPeriods.id, p.id))],
    audit: { action: "fiscal_period.unlocked", resourceType: "fiscal_period", resourceId: p.id },
    events: [{ type: "period.unlocked", object: periodJson(row), previousAttributes: { locked_at: p.lockedAt } }],
  };
};
