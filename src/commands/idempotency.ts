// The idempotency store (spec: Idempotency): a record per (API key, company, key) holding
// the body's hash and the answer, for 24 hours. A record is a plain insert at the head
// of the write's batch; the table's primary key refuses a second one, failing the batch,
// and `settleDuplicate` then answers from the record that is there.
import { and, eq, lt, notInArray } from "drizzle-orm";
import { database, type Database } from "../db/client";
import { idempotencyRecords } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";
import type { RequestContext } from "../writer/request";
import { type CommandResult, failure, type StoredResult } from "./result";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The key a write was sent with, and the hash of its method, path and body. */
export interface Idem {
  key: string;
  bodyHash: string;
}

type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;

/**
 * What a record under the key says of this write: the stored answer (same body),
 * IDEMPOTENCY_KEY_REUSE (another body), or null when there is no record in force; an
 * expired record is reported so that the caller replaces it.
 */
export async function lookUp(
  db: Database,
  ctx: RequestContext,
  idem: Idem,
): Promise<{ answer: CommandResult } | { expired: boolean }> {
  const stored = await db.select().from(idempotencyRecords).where(recordIs(ctx, idem.key)).get();
  if (stored && stored.expiresAt > ctx.now) return { answer: answerFromRecord(stored, idem) };
  return { expired: !!stored };
}

function answerFromRecord(stored: IdempotencyRecord, idem: Idem): CommandResult {
  if (stored.bodyHash !== idem.bodyHash)
    return failure(new ApiError("IDEMPOTENCY_KEY_REUSE", { idempotency_key: idem.key }), false);
  return { ...(stored.result as StoredResult), replayed: true, dryRun: false };
}

/** A plain insert: a record under the same key refuses it (the table's primary key), failing the batch it heads. */
export function recordInsert(db: Database, ctx: RequestContext, idem: Idem, stored: StoredResult) {
  return db.insert(idempotencyRecords).values({
    apiKeyId: ctx.apiKeyId,
    companyId: ctx.companyId,
    idempotencyKey: idem.key,
    bodyHash: idem.bodyHash,
    statusCode: stored.status,
    result: stored,
    createdAt: ctx.now,
    expiresAt: new Date(Date.parse(ctx.now) + IDEMPOTENCY_TTL_MS).toISOString(),
  });
}

/** Removes an expired record, which a new one under the same key replaces. */
export function recordDelete(db: Database, ctx: RequestContext, key: string) {
  return db.delete(idempotencyRecords).where(recordIs(ctx, key));
}

function recordIs(ctx: RequestContext, key: string) {
  return and(
    eq(idempotencyRecords.apiKeyId, ctx.apiKeyId),
    eq(idempotencyRecords.companyId, ctx.companyId),
    eq(idempotencyRecords.idempotencyKey, key),
  );
}

/**
 * A refusal is an answer too: the same key and body get the same refusal, while a replay
 * of a write whose plan now fails (a commit of the draft it committed) gets its stored
 * answer. 5xx answers are not kept, so a retry runs again.
 */
export async function keepRefusal(
  db: Database,
  ctx: RequestContext,
  idem: Idem,
  refusal: CommandResult,
): Promise<CommandResult> {
  const found = await lookUp(db, ctx, idem);
  if ("answer" in found) return found.answer;
  if (refusal.status < 500) {
    const insert = recordInsert(db, ctx, idem, stripRun(refusal));
    await (found.expired ? db.batch([recordDelete(db, ctx, idem.key), insert]) : db.batch([insert]));
  }
  return refusal;
}

/**
 * A batch refused because its key's record exists: the stored answer, or null when the
 * record had passed its 24 hours and was deleted here (the write is then run once more).
 */
export async function settleDuplicate(db: Database, ctx: RequestContext, idem: Idem): Promise<CommandResult | null> {
  const found = await lookUp(db, ctx, idem);
  if ("answer" in found) return found.answer;
  // expired (or, impossibly in the one writer, gone since the refusal): idempotency_records
  // is this module's table, so it deletes the stale record itself
  if (found.expired) await db.batch([recordDelete(db, ctx, idem.key)]);
  return null;
}

/** The answer as it is kept: without whether this run was a replay or a preview. */
export function stripRun(result: CommandResult): StoredResult {
  const { replayed: _r, dryRun: _d, roundTrips: _t, bookmark: _b, ...stored } = result;
  return stored;
}

/**
 * Lookups already ignore expired rows; the minute sweep reclaims the space. `except`: companies
 * whose books are being moved (src/writer/move.ts movingCompanies): theirs wait for the switch.
 */
export async function sweepIdempotency(env: Env, now: string, except: string[] = []): Promise<void> {
  const expired = lt(idempotencyRecords.expiresAt, now);
  await database(env)
    .delete(idempotencyRecords)
    .where(except.length ? and(expired, notInArray(idempotencyRecords.companyId, except)) : expired);
}
