// The minute sweep of operations that lost their worker (issue #41 item 5). A process killed
// mid-run (kill -9, an evicted isolate, a queue message lost or dropped after its retries) leaves
// its operation `running` with a heartbeat that no longer moves, or `queued` with no message to
// run it. The sweep finds them by the heartbeat (HEARTBEAT_TIMEOUT_MS) and:
//   - runs them again from their row (operation.run), while they have been claimed fewer than
//     MAX_OPERATION_ATTEMPTS times: the handlers resume where the writes stopped (a SIE import
//     after its last chunk of vouchers, a bank import skipping its stored chunks);
//   - after that, rolls back what they wrote (the type's OperationRollback) and fails them with
//     OPERATION_STALLED, so the books hold all of an operation or none of it, and the status
//     says which.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { database } from "../../db/client";
import { operations } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import type { Job } from "../../queue";
import {
  HEARTBEAT_TIMEOUT_MS,
  loadOperation,
  operationProgress,
  settleOperation,
  takeOperation,
  type OperationRollback,
} from "./commands";

/** Runs of one operation before the sweep gives up on it: at least this many heartbeat timeouts without progress. */
export const MAX_OPERATION_ATTEMPTS = 5;

/** Stalled operations handled per sweep and database: the rest wait for the next minute. */
const SWEEP_BATCH = 20;

/** What a sweep did, for its log line and the tests. */
export interface OperationSweep {
  redriven: string[];
  rolledBack: string[];
}

/**
 * Finds the operations of this database whose worker is gone and re-drives or rolls back each.
 * `send` puts the re-drive messages on the queue.
 */
export async function sweepOperations(
  env: Env,
  clock: () => string,
  rollbacks: Record<string, OperationRollback>,
  send: (jobs: Job[]) => Promise<void>,
): Promise<OperationSweep> {
  const stale = staleBefore(clock());
  const stalled = await database(env)
    .select({ id: operations.id, attempts: operations.attempts })
    .from(operations)
    .where(
      or(
        and(eq(operations.status, "running"), or(isNull(operations.heartbeatAt), lt(operations.heartbeatAt, stale))),
        and(eq(operations.status, "queued"), lt(operations.createdAt, stale)),
      ),
    )
    .limit(SWEEP_BATCH)
    .all();
  const out: OperationSweep = { redriven: [], rolledBack: [] };
  for (const op of stalled) {
    if (op.attempts < MAX_OPERATION_ATTEMPTS) out.redriven.push(op.id);
    else if (await abandonOperation(env, op.id, clock, rollbacks)) out.rolledBack.push(op.id);
  }
  if (out.redriven.length) await send(out.redriven.map((operationId) => ({ type: "operation.run", operationId })));
  return out;
}

/**
 * Claims a stalled operation for its rollback (a run of its own, so a late write of an earlier
 * run is refused), removes what it wrote, and fails it. False when another sweep holds it. A
 * rollback that stops half-way (the process dies again) leaves the operation `running` with a
 * heartbeat that goes stale: the next sweep continues it.
 */
async function abandonOperation(
  env: Env,
  id: string,
  clock: () => string,
  rollbacks: Record<string, OperationRollback>,
): Promise<boolean> {
  const now = clock();
  const attempt = await takeOperation(database(env), id, now);
  if (attempt === null) return false;
  const operation = (await loadOperation(database(env), id))!;
  // the rollback's heartbeat: a long one (300 000 vouchers) is not taken for stalled
  const progress = (p: { phase: string; current?: number; total?: number }) =>
    operationProgress(env, id, p, clock(), attempt);
  await progress({ phase: "rolling_back" });
  let rolledBack = true;
  let reason: string | null = null;
  const rollback = rollbacks[operation.type];
  if (rollback) {
    try {
      await rollback({ env, operation, attempt, now: clock, progress });
    } catch (err) {
      // a refusal (a voucher of the import reversed meanwhile) is said in the failure; anything else is tried again
      if (!(err instanceof ApiError)) throw err;
      rolledBack = false;
      reason = err.code;
    }
  }
  await settleOperation(
    env,
    id,
    {
      status: "failed",
      error: {
        code: "OPERATION_STALLED",
        message: rolledBack
          ? "The operation stalled and was rolled back; nothing of it remains."
          : "The operation stalled; what it wrote could not be removed.",
        details: { attempts: attempt - 1, rolled_back: rolledBack, reason },
      },
    },
    clock(),
    attempt,
  );
  return true;
}

const staleBefore = (now: string) => new Date(Date.parse(now) - HEARTBEAT_TIMEOUT_MS).toISOString();
