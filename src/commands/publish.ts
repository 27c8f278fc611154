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

/** What the runner hands the external step: how its compensation is written, announced or parked. */
export interface ExternalHooks {
  /** the compensation's audit row */
  audit: (action: string) => Statement;
  /** the compensation's chain links (its storno), and the events of the write's entries and of its own */
  announce: (undo: Write[]) => Promise<{ statements: Statement[]; jobs: Job[] }>;
  /** the events of the write's own entries alone: they stand in the books until a parked compensation lands */
  announceWrite: () => Promise<{ statements: Statement[]; jobs: Job[] }>;
  /** parks a batch to be replayed as it is (src/commands/parked.ts) */
  park: (statements: Statement[]) => Promise<boolean>;
  /** parks the compensation's command, to be planned again by a job (src/commands/compensation.ts) */
  parkCompensation: (replay: { command: string; input: unknown }) => Promise<boolean>;
}

/**
 * The external step after the commit. Success: the events and the idempotency record
 * are committed (or parked for a replay when the database refuses them). Failure: the compensation (storno) is committed and its error is the
 * answer, or, when it cannot be planned or written now, parked until it lands (`parkUndo`);
 * nothing is stored under the key, so a retry with it runs again.
 */
export async function runExternal(
  db: Database,
  step: NonNullable<Plan["external"]>,
  published: Statement[],
  hooks: ExternalHooks,
): Promise<{ result: CommandResult; jobs: Job[] } | null> {
  try {
    await step.run();
  } catch (cause) {
    return compensate(db, step, cause, hooks);
  }
  if (published.length) await commitOrPark(db, published as [Statement, ...Statement[]], hooks.park);
  return null;
}

type Undo = Awaited<ReturnType<NonNullable<Plan["external"]>["compensate"]>>;

/** The compensation planned and committed in one batch with its announcement; else parked. */
async function compensate(
  db: Database,
  step: NonNullable<Plan["external"]>,
  cause: unknown,
  hooks: ExternalHooks,
): Promise<{ result: CommandResult; jobs: Job[] }> {
  let undo: Undo | null = null;
  let batch: { statements: Statement[]; entries: boolean } | null = null;
  try {
    undo = await step.compensate(cause);
    const { statements, writes } = unfold(undo.statements);
    const events = await hooks.announce(writes);
    const entries = writes.some((w) => w.chained.length || w.numbers.length);
    batch = { statements: [hooks.audit(undo.action), ...statements, ...events.statements], entries };
    await db.batch(batch.statements as [Statement, ...Statement[]]);
    return { result: failure(undo.error, false), jobs: events.jobs };
  } catch (err) {
    console.error("the compensation of a failed external step was not written at once; it is parked", cause, err);
    return { result: await parkUndo(db, step, cause, { undo, batch }, hooks), jobs: [] };
  }
}

/**
 * A compensation not written at once. A step that names its compensation's command
 * (ExternalStep.replay) has it run by a job, planned again on fresh state: its storno then
 * takes a free voucher number and the chain's head of then. Meanwhile the write's entries
 * stand, so their events are committed now (or parked). A step without one, whose undo posts
 * no entry, has its batch parked as it is. The answer stays the step's error, saying whether
 * the compensation is queued; the storno it would name is planned again, so it names none.
 */
async function parkUndo(
  db: Database,
  step: NonNullable<Plan["external"]>,
  cause: unknown,
  planned: { undo: Undo | null; batch: { statements: Statement[]; entries: boolean } | null },
  hooks: ExternalHooks,
): Promise<CommandResult> {
  let queued = false;
  if (step.replay) {
    const announced = await hooks.announceWrite().catch((err) => {
      console.error("the events of a write whose compensation is parked could not be planned", err);
      return null;
    });
    if (announced?.statements.length)
      await commitOrPark(db, announced.statements as [Statement, ...Statement[]], hooks.park);
    queued = await hooks.parkCompensation(step.replay(cause));
  } else if (planned.batch && !planned.batch.entries) queued = await hooks.park(planned.batch.statements);
  else console.error("a compensation that posts entries names no command to replay it: it is lost", cause);
  const compensation = queued ? "queued" : "not_queued";
  const error = planned.undo?.error;
  if (!error)
    return failure(
      new ApiError("EXTERNAL_STEP_FAILED", { step_error: errorText(cause), compensated: false, compensation }),
      false,
    );
  const details = { ...(error.details ?? {}), compensated: false, compensation };
  if ("reversal_entry_id" in details) details.reversal_entry_id = null;
  return failure(new ApiError(error.code, details, error.message), false);
}

const errorText = (cause: unknown) => String(cause instanceof Error ? cause.message : cause);

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
