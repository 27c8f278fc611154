// Writes parked until the database takes them (issue #42). A write with an external step (an
// emailed invoice) commits its books first, then runs the step, then commits what announces it:
// the outbox events, their webhook deliveries and the idempotency record. When that last batch
// fails (D1 overloaded, an isolate restarting), the API has already done what it says, so the
// announcement must not be lost: the batch is written to R2 as SQL text with its parameters and
// replayed by a job, and by the minute sweep if the job itself could not be sent.
//
// When R2 refuses the batch as well, the replay job carries it in its message (up to
// INLINE_LIMIT bytes; a queue message holds 128 KB), and the queue retries that job until the
// database takes it. Only a batch neither R2 nor the queue would take is left to the log.
//
// A replay is safe to repeat. D1 runs a batch as one transaction, so either every row of it is
// there or none is; every statement of such a batch inserts rows under ids fixed when the write
// was planned, so a batch that did land before (a failure reported after the commit) fails its
// replay on a UNIQUE constraint, which counts as done.
import { DIRECTORY, directory, homeOf } from "../db/homes";
import type { Statement } from "../db/statement";
import type { Env } from "../env";
import { newId } from "../ids";
import type { ParkedBatch } from "../queue";

/** Where parked batches wait: one object per batch, under its database's name. */
export const PARKED_PREFIX = "parked-writes/";

type ParkedStatement = ParkedBatch["statements"][number];

/** The largest batch a replay job carries in its own message (JSON bytes), below the queue's 128 KB. */
export const INLINE_LIMIT = 100_000;

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
 * Parks a batch that could not be committed: kept in R2 and replayed by a job, or carried by
 * the job itself when R2 refuses it. Returns false when neither took it (then only the log
 * holds it).
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
  const text = JSON.stringify(batch);
  try {
    await env.DOCUMENTS.put(key, text, { httpMetadata: { contentType: "application/json" } });
  } catch (err) {
    console.error("a parked write could not be kept in R2; its replay job carries it", key, err);
    return sendInline(env, { home, key, batch }, text);
  }
  // the minute sweep replays it if this message is lost
  await env.JOBS.send({ type: "statements.replay", home, key }).catch((err) => {
    console.error("replay job not sent; the minute sweep replays the parked write", key, err);
  });
  return true;
}

/** The replay job with the batch in its message: retried by the queue until the database takes it. */
async function sendInline(
  env: Pick<Env, "JOBS">,
  job: { home: string; key: string; batch: ParkedBatch },
  text: string,
): Promise<boolean> {
  try {
    if (new TextEncoder().encode(text).byteLength > INLINE_LIMIT) throw new Error(`${text.length} characters`);
    await env.JOBS.send({ type: "statements.replay", ...job });
    return true;
  } catch (err) {
    console.error("a parked write could not be kept", job.key, text, err);
    return false;
  }
}

/** Replays a batch carried by its job. A batch that already landed (UNIQUE constraint) counts as done. */
export async function replayInline(db: D1Database, batch: ParkedBatch): Promise<"replayed" | "already"> {
  return commitParked(db, batch);
}

async function commitParked(db: D1Database, batch: ParkedBatch): Promise<"replayed" | "already"> {
  try {
    await db.batch(batch.statements.map((s) => db.prepare(s.sql).bind(...(s.params as unknown[]))));
    return "replayed";
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    return "already";
  }
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
  const outcome = await commitParked(db, (await object.json()) as ParkedBatch);
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
