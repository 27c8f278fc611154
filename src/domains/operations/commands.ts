// Asynchronous operations (spec: Operation). A row per operation, work carried by the
// queue, progress written as it goes, and a terminal state that never changes
// (a trigger refuses it). An operation's own writes must commit atomically or in
// resumable chunks: if its worker dies, the minute sweep (sweep.ts) runs it again from its
// row, or rolls its partial writes back and fails it (issue #41 item 5).
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { CommandContext, Plan, Statement } from "../../commands/plan";
import { database, type Database } from "../../db/client";
import { operations } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { Job } from "../../queue";

type OperationRow = typeof operations.$inferSelect;

export const OPERATION_WEBHOOK_EVENT = "operation.completed";

export function operationJson(o: OperationRow) {
  return {
    operation_id: o.id,
    type: o.type,
    status: o.status,
    progress: o.progress ?? null,
    result: o.result ?? null,
    error: o.error ?? null,
    created_at: o.createdAt,
    started_at: o.startedAt,
    completed_at: o.completedAt,
    poll_url: `/api/v1/operations/${o.id}`,
    webhook_event: OPERATION_WEBHOOK_EVENT,
  };
}

/**
 * An uploaded file an operation reads, put in R2 by the plan that queues it: named by its
 * SHA-256 and company in the object's metadata, as every imported file is.
 */
export function operationFile(
  ctx: Pick<CommandContext, "companyId">,
  key: string,
  body: Uint8Array,
  sha256: string,
  contentType = "application/octet-stream",
): NonNullable<Plan["files"]>[number] {
  return { key, body, contentType, customMetadata: { sha256, company_id: ctx.companyId } };
}

/** The statements and the 202 handle of a new queued operation; the runner enqueues the job. */
export function planOperation(
  db: Database,
  ctx: CommandContext,
  type: string,
  input: unknown,
): { statements: Statement[]; handle: ReturnType<typeof operationJson>; job: Job } {
  const row: OperationRow = {
    id: newId(),
    companyId: ctx.companyId,
    type,
    status: "queued",
    input,
    progress: null,
    result: null,
    error: null,
    requestId: ctx.requestId,
    createdAt: ctx.now,
    startedAt: null,
    heartbeatAt: null,
    completedAt: null,
    attempts: 0,
  };
  return {
    statements: [db.insert(operations).values(row)],
    handle: operationJson(row),
    job: { type: "operation.run", operationId: row.id },
  };
}

/**
 * The plan that starts an operation: 202 with its handle, its row and `also`'s statements
 * (given the operation's id), its job after the commit, audited as `action`.
 */
export function planOperationStart(
  db: Database,
  ctx: CommandContext,
  type: string,
  input: unknown,
  action: string,
  also: (operationId: string) => Statement[] = () => [],
) {
  const op = planOperation(db, ctx, type, input);
  const operationId = op.handle.operation_id;
  return {
    status: 202,
    data: op.handle,
    statements: [...op.statements, ...also(operationId)],
    afterCommit: [op.job],
    audit: { action, resourceType: "operation", resourceId: operationId },
  } satisfies Plan;
}

export async function loadOperation(db: Database, id: string): Promise<OperationRow | undefined> {
  return db.select().from(operations).where(eq(operations.id, id)).get();
}

export interface OperationContext {
  env: Env;
  operation: OperationRow;
  /**
   * This run's claim (operations.attempts as it claimed the operation): a handler hands it to
   * its writes, which are refused (OPERATION_SUPERSEDED) once a later run has claimed the
   * operation, so a run the sweep took for dead but was only slow writes nothing more.
   */
  attempt: number;
  now: () => string;
  /** writes progress (phase, current, total) where pollers can see it */
  progress: (p: { phase: string; current?: number; total?: number }) => Promise<void>;
}

/**
 * What a handler returns when its work goes on in other queue messages (a bank file stored
 * chunk by chunk): the operation stays `running`, and the last of those messages settles it
 * with `settleOperation`. The messages keep its heartbeat fresh with `operationProgress`.
 */
export const OPERATION_CONTINUES: unique symbol = Symbol("operation continues");

export type OperationHandler = (ctx: OperationContext) => Promise<unknown>;

/**
 * Removes what an operation of one type wrote before it stalled for good (every voucher of an
 * unfinished SIE import, every row of an unfinished bank import) and ends its own record as
 * failed; the sweep then settles the operation failed. Resumable: run again, it removes the rest.
 */
export type OperationRollback = (ctx: OperationContext) => Promise<void>;

/**
 * Thrown by a handler that stops without an outcome (its work may be resumed: an unexpected
 * error mid-way, a rollback that could not finish): the operation stays `running`, and the
 * minute sweep runs it again once its heartbeat is stale, or rolls it back.
 */
export class OperationLeftRunning extends Error {}

export type OperationOutcome =
  | { status: "succeeded"; result: unknown }
  | { status: "failed"; error: { code: string; message: string; details: unknown } };

/** The running operation, and only by the run that holds the claim `attempt` when one is named. */
const heldBy = (id: string, attempt?: number) =>
  and(
    eq(operations.id, id),
    eq(operations.status, "running"),
    attempt === undefined ? undefined : eq(operations.attempts, attempt),
  );

/** Writes a running operation's progress and heartbeat (nothing once it is terminal, or taken over by a later run). */
export async function operationProgress(
  env: Env,
  id: string,
  p: { phase: string; current?: number; total?: number },
  now: string,
  attempt?: number,
): Promise<void> {
  await database(env).update(operations).set({ progress: p, heartbeatAt: now }).where(heldBy(id, attempt));
}

/**
 * Moves a running operation to its terminal state; a terminal one is left as it is (a trigger
 * refuses the change), and so is one a later run has claimed when `attempt` is named.
 */
export async function settleOperation(
  env: Env,
  id: string,
  outcome: OperationOutcome,
  now: string,
  attempt?: number,
): Promise<void> {
  await database(env)
    .update(operations)
    .set(
      outcome.status === "succeeded"
        ? { status: "succeeded", result: outcome.result ?? null, completedAt: now }
        : { status: "failed", error: outcome.error, completedAt: now },
    )
    .where(heldBy(id, attempt));
}

/** OPERATION_SUPERSEDED unless the operation is running under the claim `attempt` (a write of an operation's run checks it in the writer). */
export async function assertOperationClaim(db: Database, id: string, attempt: number): Promise<void> {
  const op = await db
    .select({ status: operations.status, attempts: operations.attempts })
    .from(operations)
    .where(eq(operations.id, id))
    .get();
  if (op?.status !== "running" || op.attempts !== attempt)
    throw new ApiError("OPERATION_SUPERSEDED", { operation_id: id, attempt, status: op?.status ?? null });
}

/** A running operation whose heartbeat is older than this has lost its worker (a queued one this old, its message). */
export const HEARTBEAT_TIMEOUT_MS = 2 * 60_000;

/**
 * Runs one operation: queued (or running with a stale heartbeat, when a worker died)
 * -> running -> succeeded with the handler's result, or failed with its error. The
 * claim is exclusive. Returns the final status; "running" when the handler handed its work
 * on to other queue messages (OPERATION_CONTINUES) or stopped without an outcome
 * (OperationLeftRunning); "superseded" when a later run claimed it meanwhile (that run settles
 * it); "busy" when another worker holds it (the caller retries later); null when there is
 * nothing to run.
 */
export async function runOperation(
  env: Env,
  id: string,
  handlers: Record<string, OperationHandler>,
  clock: () => string,
): Promise<string | null> {
  const db = database(env);
  const op = await loadOperation(db, id);
  if (!op || (op.status !== "queued" && op.status !== "running")) return null;
  const now = clock();
  const startedAt = op.startedAt ?? now;
  const attempt = await takeOperation(db, id, now, { startedAt });
  if (attempt === null) return "busy";
  const running = { ...op, status: "running" as const, startedAt, attempts: attempt };
  const handler = handlers[op.type];
  const outcome = handler
    ? await handlerOutcome(env, running, handler, attempt, clock)
    : ({
        status: "failed",
        error: { code: "NOT_IMPLEMENTED", message: `No handler for operation type ${op.type}.`, details: null },
      } satisfies OperationOutcome);
  if (outcome === "running" || outcome === "superseded") return outcome;
  await settleOperation(env, id, outcome, clock(), attempt);
  return outcome.status;
}

/**
 * Claims an operation to run (or to roll back) that is queued, or running with a stale
 * heartbeat, none since HEARTBEAT_TIMEOUT_MS before `now` (its worker died): marks it running
 * with a heartbeat now and `set`, and counts the attempt. The claim's attempt number, or null
 * when another worker holds it. Exclusive: one UPDATE.
 */
export async function takeOperation(
  db: Database,
  id: string,
  now: string,
  set: { startedAt?: string } = {},
): Promise<number | null> {
  const stale = new Date(Date.parse(now) - HEARTBEAT_TIMEOUT_MS).toISOString();
  const claim = await db
    .update(operations)
    .set({ status: "running", ...set, heartbeatAt: now, attempts: sql`${operations.attempts} + 1` })
    .where(
      and(
        eq(operations.id, id),
        or(
          eq(operations.status, "queued"),
          and(eq(operations.status, "running"), or(isNull(operations.heartbeatAt), lt(operations.heartbeatAt, stale))),
        ),
      ),
    )
    .returning({ attempts: operations.attempts });
  return claim.length ? claim[0]!.attempts : null;
}

/**
 * The handler's outcome under the claim `attempt`; "running" when it handed its work on or
 * stopped without an outcome, "superseded" when a later run claimed the operation.
 */
async function handlerOutcome(
  env: Env,
  running: OperationRow,
  handler: OperationHandler,
  attempt: number,
  clock: () => string,
): Promise<OperationOutcome | "running" | "superseded"> {
  try {
    const result = await handler({
      env,
      operation: running,
      attempt,
      now: clock,
      progress: (p) => operationProgress(env, running.id, p, clock(), attempt),
    });
    // the work goes on in other queue messages, which settle the operation
    if (result === OPERATION_CONTINUES) return "running";
    return { status: "succeeded", result };
  } catch (err) {
    return errorOutcome(running.id, err);
  }
}

/** The outcome of a handler that threw `err`. */
function errorOutcome(id: string, err: unknown): OperationOutcome | "running" | "superseded" {
  // stopped without an outcome: the sweep resumes it or rolls it back
  if (err instanceof OperationLeftRunning) return "running";
  // a later run has claimed it: that run settles it
  if (err instanceof ApiError && err.code === "OPERATION_SUPERSEDED") return "superseded";
  if (err instanceof ApiError)
    return { status: "failed", error: { code: err.code, message: err.message, details: err.details } };
  console.error("operation failed", id, err);
  return {
    status: "failed",
    error: { code: "INTERNAL_ERROR", message: "The operation failed; nothing of it was applied.", details: null },
  };
}
