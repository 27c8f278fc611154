// The outbox's retention (issue #33, "Books that stay small"): an event row records that a
// write announced something and is what its webhook deliveries were made from. Each
// delivery keeps its own copy of the body, and nothing reads an event back, so once every
// delivery of an event is over the row only takes space (a fifth of the books' bytes,
// docs/scaling.md). Events older than the retention window are deleted by the minute
// schedule, oldest first, a bounded number a run; one whose delivery may still be sent
// stays. This module owns outbox_events, so it is the one that deletes them; the condition
// on the deliveries is the webhooks domain's, handed in by the composition root.
import { and, inArray, lte, not, notInArray, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db/client";
import { outboxEvents } from "../db/schema";

/** The window when OUTBOX_RETENTION_DAYS is unset (docs/webhooks-and-operations.md, "Retention"). */
export const DEFAULT_RETENTION_DAYS = 30;
/** Events deleted at most a run when OUTBOX_PRUNE_BATCH is unset: one short statement a minute. */
export const DEFAULT_PRUNE_BATCH = 1000;

/** The retention settings as the Worker's variables give them. */
export interface RetentionSettings {
  OUTBOX_RETENTION_DAYS?: string;
  OUTBOX_PRUNE_BATCH?: string;
}

/**
 * A setting as a whole number of at least `min`, else the default. A bad value must not stop
 * the schedule nor prune more than meant, so it is logged and the default used.
 */
function wholeSetting(name: string, value: string | undefined, min: number, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (Number.isInteger(n) && n >= min) return n;
  console.error(`${name} must be a whole number of at least ${min}; using ${fallback}`, value);
  return fallback;
}

/** The window in days (0 prunes every finished event at once; a benchmark uses it) and the batch bound. */
export function retentionSettings(vars: RetentionSettings): { days: number; batch: number } {
  return {
    days: wholeSetting("OUTBOX_RETENTION_DAYS", vars.OUTBOX_RETENTION_DAYS, 0, DEFAULT_RETENTION_DAYS),
    batch: wholeSetting("OUTBOX_PRUNE_BATCH", vars.OUTBOX_PRUNE_BATCH, 1, DEFAULT_PRUNE_BATCH),
  };
}

/** Whether an event (a column of the outer query) must stay: a delivery of it may still be sent. */
export type EventHeld = (db: Database, eventId: SQLWrapper) => SQL;

/**
 * Deletes up to `batch` events created at or before `now` minus `days`, oldest first, leaving those
 * `held` keeps. One statement: the choice and the deletion cannot be separated by a write.
 * Returns how many were deleted; a second run over the same rows deletes none. `except`: companies
 * whose books are being moved (their events wait for the switch, src/writer/move.ts movingCompanies).
 */
export async function pruneOutbox(
  db: Database,
  now: number,
  { days, batch }: { days: number; batch: number },
  held: EventHeld,
  except: string[] = [],
): Promise<number> {
  const cutoff = Math.floor(now / 1000) - days * 86_400;
  const oldest = db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      and(
        lte(outboxEvents.created, cutoff),
        not(held(db, outboxEvents.id)),
        except.length ? notInArray(outboxEvents.companyId, except) : undefined,
      ),
    )
    .orderBy(outboxEvents.created)
    .limit(batch);
  const res = await db.delete(outboxEvents).where(inArray(outboxEvents.id, oldest)).run();
  return res.meta.changes ?? 0;
}
