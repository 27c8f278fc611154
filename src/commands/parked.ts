// Writes parked until the database takes them (issue #42). A write with an external step (an
// emailed invoice) commits its books first, then runs the step, then commits what announces it:
// the outbox events, their webhook deliveries and the idempotency record. When that last batch
// fails (D1 overloaded, an isolate restarting), the API has already done what it says, so the
// announcement must not be lost: the batch is written to R2 as SQL text with its parameters and
// replayed by a job, and by the minute sweep if the job itself could not be sent.
//
// A replay is safe to repeat. D1 runs a batch as one transaction, so either every row of it is
// there or none is; every statement of such a batch inserts rows under ids fixed when the write
// was planned, so a batch that did land before (a failure reported after the commit) fails its
// replay on a UNIQUE constraint, which counts as done.
import { DIRECTORY, directory, homeOf } from "../db/homes";
import type { Statement } from "../db/statement";
import type { Env } from "../env";
import { newId } from "../ids";

/** Where parked batches wait: one object per batch, under its database's name. */
export const PARKED_PREFIX = "parked-writes/";

interface ParkedStatement {
  sql: string;
  params: unknown[];
}

interface ParkedBatch {
  companyId: string;
  parkedAt: string;
  statements: ParkedStatement[];
}

/** A statement of a batch as SQL text and its parameters (drizzle's own rendering of it). */
export function statementText(statement: Statement): ParkedStatement {
  const s = statement as unknown as {
    toSQL?: () => { sql: string; params: unknown[] };
    getQuery?: () => { sql: string; params: unknown[] };
  };
  const q = s.toSQL ? s.toSQL() : s.getQuery?.();
  if (!q) throw new Error("a statement drizzle cannot render as SQL");
  return { sql: q.sql, params: q.params };
}

/**
 * Parks a batch that could not be committed: kept in R2 and replayed by a job. Returns false
 * when even R2 refused it (then only the log holds it).
 */
export async function parkBatch(
  env: Pick<Env, "DOCUMENTS" | "JOBS" | "DIRECTORY">,
  companyId: string,
  statements: Statement[],
  now: string,
): Promise<boolean> {
  const home = (await homeOf(directory(env), companyId).catch(() => null)) ?? DIRECTORY;
  const key = `${PARKED_PREFIX}${home}/${now.slice(0, 19).replace(/\D/g, "")}-${newId()}.json`;
  const batch: ParkedBatch = { companyId, parkedAt: now, statements: statements.map(statementText) };
  try {
    await env.DOCUMENTS.put(key, JSON.stringify(batch), { httpMetadata: { contentType: "application/json" } });
  } catch (err) {
    console.error("a parked write could not be kept", key, JSON.stringify(batch), err);
    return false;
  }
  // the minute sweep replays it if this message is lost
  await env.JOBS.send({ type: "statements.replay", home, key }).catch((err) => {
    console.error("replay job not sent; the minute sweep replays the parked write", key, err);
  });
  return true;
}

const isDuplicate = (err: unknown) => /UNIQUE constraint failed/i.test(String((err as Error)?.message ?? err));

/**
 * Replays one parked batch into `db` (the batch's home) and removes it. A batch that already
 * landed (UNIQUE constraint) is removed too. Any other failure throws: the job is retried.
 */
export async function replayParked(
  env: Pick<Env, "DOCUMENTS">,
  db: D1Database,
  key: string,
): Promise<"replayed" | "gone" | "already"> {
  const object = await env.DOCUMENTS.get(key);
  if (!object) return "gone";
  const batch = (await object.json()) as ParkedBatch;
  let outcome: "replayed" | "already" = "replayed";
  try {
    await db.batch(batch.statements.map((s) => db.prepare(s.sql).bind(...(s.params as unknown[]))));
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    outcome = "already";
  }
  await env.DOCUMENTS.delete(key);
  return outcome;
}

/** Parked batches of a database older than a minute (their job lost or failing): each replayed. */
export async function sweepParked(env: Pick<Env, "DOCUMENTS">, db: D1Database, home: string, nowMs: number) {
  const listed = await env.DOCUMENTS.list({ prefix: `${PARKED_PREFIX}${home}/`, limit: 100 });
  let replayed = 0;
  for (const o of listed.objects) {
    if (nowMs - o.uploaded.getTime() < 60_000) continue;
    try {
      await replayParked(env, db, o.key);
      replayed++;
    } catch (err) {
      console.error("a parked write could not be replayed yet", o.key, err);
    }
  }
  return replayed;
}
