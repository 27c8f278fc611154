// Asynchronous operations (spec: Operation). A row per operation, work carried by the
// queue, progress written as it goes, and a terminal state that never changes
// (a trigger refuses it). An operation's own writes must commit atomically or in
// resumable chunks: if its worker dies, the queue runs it again from the row.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { CommandContext, Statement } from "../../commands/plan";
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
  };
  return {
    statements: [db.insert(operations).values(row)],
    handle: operationJson(row),
    job: { type: "operation.run", operationId: row.id },
  };
}

export async function loadOperation(db: Database, id: string): Promise<OperationRow | undefined> {
  return db.select().from(operations).where(eq(operations.id, id)).get();
}

export interface OperationContext {
  env: Env;
  operation: OperationRow;
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

export type OperationOutcome =
  | { status: "succeeded"; result: unknown }
  | { status: "failed"; error: { code: string; message: string; details: unknown } };

/** Writes a running operation's progress and heartbeat (nothing once it is terminal). */
export async function operationProgress(
  env: Env,
  id: string,
  p: { phase: string; current?: number; total?: number },
  now: string,
): Promise<void> {
  await database(env)
    .update(operations)
    .set({ progress: p, heartbeatAt: now })
    .where(and(eq(operations.id, id), eq(operations.status, "running")));
}

/** Moves a running operation to its terminal state; a terminal one is left as it is (a trigger refuses the change). */
export async function settleOperation(env: Env, id: string, outcome: OperationOutcome, now: string): Promise<void> {
  await database(env)
    .update(operations)
    .set(
      outcome.status === "succeeded"
        ? { status: "succeeded", result: outcome.result ?? null, completedAt: now }
        : { status: "failed", error: outcome.error, completedAt: now },
    )
    .where(and(eq(operations.id, id), eq(operations.status, "running")));
}

/** A running operation whose heartbeat is older than this has lost its worker. */
export const HEARTBEAT_TIMEOUT_MS = 2 * 60_000;

/**
 * Runs one operation: queued (or running with a stale heartbeat, when a worker died)
 * -> running -> succeeded with the handler's result, or failed with its error. The
 * claim is exclusive. Returns the final status; "running" when the handler handed its work
 * on to other queue messages (OPERATION_CONTINUES); "busy" when another worker holds it
 * (the caller retries later); null when there is nothing to run.
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
  const stale = new Date(Date.parse(now) - HEARTBEAT_TIMEOUT_MS).toISOString();
  const claim = await db
    .update(operations)
    .set({ status: "running", startedAt, heartbeatAt: now })
    .where(
      and(
        eq(operations.id, id),
        or(
          eq(operations.status, "queued"),
          and(eq(operations.status, "running"), or(isNull(operations.heartbeatAt), lt(operations.heartbeatAt, stale))),
        ),
      ),
    )
    .run();
  if (!claim.meta.changes) return "busy";
  const running = { ...op, status: "running" as const, startedAt };
  const handler = handlers[op.type];
  let outcome: OperationOutcome;
  if (!handler) {
    outcome = {
      status: "failed",
      error: { code: "NOT_IMPLEMENTED", message: `No handler for operation type ${op.type}.`, details: null },
    };
  } else {
    try {
      const result = await handler({
        env,
        operation: running,
        now: clock,
        progress: (p) => operationProgress(env, id, p, clock()),
      });
      // the work goes on in other queue messages, which settle the operation
      if (result === OPERATION_CONTINUES) return "running";
      outcome = { status: "succeeded", result };
    } catch (err) {
      if (err instanceof ApiError)
        outcome = { status: "failed", error: { code: err.code, message: err.message, details: err.details } };
      else {
        console.error("operation failed", id, err);
        outcome = {
          status: "failed",
          error: { code: "INTERNAL_ERROR", message: "The operation failed; nothing of it was applied.", details: null },
        };
      }
    }
  }
  await settleOperation(env, id, outcome, clock());
  return outcome.status;
}
