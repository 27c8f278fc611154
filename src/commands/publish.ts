// What a committed write makes known: its events in the outbox (and the webhook
// deliveries they fan out to, in the same batch), the queue messages that follow the
// commit, and the external step that must follow it, with its compensation.
import { getTableName, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { insertFromJson, JSON_INSERT_CHUNK } from "../db/json-insert";
import { auditLog, outboxEvents } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";
import { newId } from "../ids";
import type { Job } from "../queue";
import { unfold, type Write } from "../writer/write";
import type { CommandContext, Plan, PlannedEvent, RowObjectSource, Statement } from "./plan";
import { type CommandResult, failure } from "./result";

/** The audit row of a write (or of its compensation). */
export function auditRow(
  db: Database,
  ctx: CommandContext,
  plan: Plan,
  id: string,
  action: string,
  voucher: string | null,
) {
  return db.insert(auditLog).values({
    id,
    companyId: ctx.companyId,
    requestId: ctx.requestId,
    apiKeyId: ctx.apiKeyId,
    userId: ctx.userId,
    action,
    resourceType: plan.audit.resourceType,
    resourceId: plan.audit.resourceId,
    voucher,
    createdAt: ctx.now,
  });
}

/**
 * Each event gets its id. Assigned onto the event, not spread into a copy: an event's
 * object may be a getter that builds it only when a webhook's delivery needs it.
 */
export function withIds(events: PlannedEvent[]): (PlannedEvent & { id: string })[] {
  return events.map((ev) => Object.assign(ev, { id: newId() }));
}

/**
 * The outbox rows of the events: one statement each, or JSON chunks when a write makes
 * many; the events of rows the batch inserts (fromRow) have their objects built by the
 * database from those rows, in chunks of (event id, row id) pairs.
 */
export function outboxInserts(
  db: Database,
  ctx: CommandContext,
  events: (PlannedEvent & { id: string })[],
): Statement[] {
  const fromRows = new Map<string, { type: string; source: RowObjectSource; pairs: [string, string][] }>();
  const plain: (PlannedEvent & { id: string })[] = [];
  for (const ev of events) {
    if (!ev.fromRow) {
      plain.push(ev);
      continue;
    }
    if (ev.previousAttributes !== undefined)
      throw new Error(`${ev.type}: an event built from its row carries no previous attributes`);
    const key = `${ev.type}\u0000${getTableName(ev.fromRow.source.table)}`;
    const group = fromRows.get(key) ?? { type: ev.type, source: ev.fromRow.source, pairs: [] };
    group.pairs.push([ev.id, ev.fromRow.id]);
    fromRows.set(key, group);
  }
  const created = Math.floor(Date.parse(ctx.now) / 1000);
  const statements: Statement[] = [];
  for (const { type, source, pairs } of fromRows.values()) {
    for (let i = 0; i < pairs.length; i += JSON_INSERT_CHUNK) {
      statements.push(
        db.insert(outboxEvents).select(
          sql`SELECT p.value ->> 0, ${ctx.companyId}, ${type}, ${ctx.apiVersion}, ${created}, ${source.object}, NULL, ${ctx.requestId}, NULL
              FROM json_each(${JSON.stringify(pairs.slice(i, i + JSON_INSERT_CHUNK))}) p JOIN ${source.table} src ON src.id = p.value ->> 1`,
        ) as Statement,
      );
    }
  }
  const rows = plain.map((ev) => ({
    id: ev.id,
    companyId: ctx.companyId,
    type: ev.type,
    apiVersion: ctx.apiVersion,
    created: Math.floor(Date.parse(ctx.now) / 1000),
    object: ev.object,
    previousAttributes: ev.previousAttributes ?? null,
    requestId: ctx.requestId,
    dispatchedAt: null,
  }));
  return [
    ...statements,
    ...(rows.length > 10 ? insertFromJson(db, outboxEvents, rows) : rows.map((r) => db.insert(outboxEvents).values(r))),
  ];
}

/** After the commit: a lost message is not lost work, the minute sweep finds due rows. */
export async function enqueue(env: Env, jobs: Job[]) {
  if (!jobs.length) return;
  try {
    await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  } catch (err) {
    console.error("enqueue failed; the cron sweep will pick the work up", err);
  }
}

/**
 * The external step after the commit. Success: the events and the idempotency record
 * are committed (or parked for a replay when the database refuses them). Failure: the compensation (storno) is committed and its error is the
 * answer; nothing is stored under the key, so a retry with it runs again.
 */
export async function runExternal(
  db: Database,
  step: NonNullable<Plan["external"]>,
  published: Statement[],
  audit: (action: string) => Statement,
  announce: (undo: Write[]) => Promise<{ statements: Statement[]; jobs: Job[] }>,
  park: (statements: Statement[]) => Promise<boolean>,
): Promise<{ result: CommandResult; jobs: Job[] } | null> {
  try {
    await step.run();
  } catch (cause) {
    let undo: Awaited<ReturnType<typeof step.compensate>>;
    try {
      undo = await step.compensate(cause);
    } catch (err) {
      console.error("compensation could not be planned: the write stands without its external step", cause, err);
      return {
        result: failure(
          new ApiError("INTERNAL_ERROR", { external_step_failed: String(cause), compensated: false }),
          false,
        ),
        jobs: [],
      };
    }
    const { statements, writes } = unfold(undo.statements);
    const events = await announce(writes);
    try {
      await db.batch([audit(undo.action), ...statements, ...events.statements]);
    } catch (err) {
      console.error("compensation failed: the write stands without its external step", err);
      return {
        result: failure(
          new ApiError(undo.error.code, { ...(undo.error.details ?? {}), compensated: false }, undo.error.message),
          false,
        ),
        jobs: [],
      };
    }
    return { result: failure(undo.error, false), jobs: events.jobs };
  }
  if (published.length) await commitOrPark(db, published as [Statement, ...Statement[]], park);
  return null;
}

/**
 * What announces a write whose external step is done (its events, deliveries, idempotency
 * record): committed, tried once more, else parked to be replayed (src/commands/parked.ts), so
 * an answer of "sent" is never left without its events.
 */
async function commitOrPark(
  db: Database,
  statements: [Statement, ...Statement[]],
  park: (statements: Statement[]) => Promise<boolean>,
) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await db.batch(statements);
      return;
    } catch (err) {
      console.error(`events after an external step not written (attempt ${attempt})`, err);
    }
  }
  await park(statements);
}
