// The one wrapper around every company write (ARCHITECTURE: the write path).
// It runs inside the company's Durable Object, one command at a time.
import { and, eq, gt, lt } from "drizzle-orm";
import { database, type Database } from "../db/client";
import { countRoundTrips } from "../db/round-trips";
import { auditLog, idempotencyRecords, outboxEvents } from "../db/schema";
import type { Env } from "../env";
import { newId } from "../ids";
import { ApiError, toErrorResult, type ErrorResult } from "../http/api-error";
import type { AuditMeta } from "../http/envelope";
import { Ledger } from "../ledger/engine";
import { AmountOutOfRangeError } from "../ledger/money";
import { MAX_AMOUNT_KR } from "../http/fields";
import { insertFromJson } from "../db/json-insert";
import { CompanyState } from "./company-state";
import { constraintError } from "./constraints";
import type { Command, CommandContext, Plan, PlannedEvent, RequestContext, Statement } from "./plan";
import type { Job } from "../jobs/types";
import { COMMANDS, planDeliveries, type CommandName } from "./registry";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface CommandRequest {
  name: CommandName;
  input: unknown;
  ctx: RequestContext;
  idempotency: { key: string; bodyHash: string } | null;
}

export type CommandResult = (
  | { ok: true; status: number; data: unknown; audit: AuditMeta | null; replayed: boolean; dryRun: boolean }
  | { ok: false; status: number; error: ErrorResult; replayed: boolean; dryRun: boolean }
) & { roundTrips?: number };

type StoredResult =
  | { ok: true; status: number; data: unknown; audit: AuditMeta | null }
  | { ok: false; status: number; error: ErrorResult };

/**
 * `state` is the company's slow-changing state, held by its writer across commands; a
 * caller outside the writer (a test) gets a cold one, read from D1.
 */
export async function runCommand(env: Env, req: CommandRequest, state: CompanyState = new CompanyState(req.ctx.companyId)): Promise<CommandResult> {
  const counter = countRoundTrips(env.DB);
  let result = await runCounted({ ...env, DB: counter.d1 }, req, state);
  if (!result.ok && result.error.code === "CONFLICT" && VOUCHER_INDEX.test(String(result.error.details?.constraint ?? ""))) {
    // Only the ledger numbers vouchers, through this writer; a number found taken means
    // a row was written past it (by hand, or a restore). The failed batch dropped the
    // held state, so the command runs once more on what D1 says.
    result = await runCounted({ ...env, DB: counter.d1 }, req, state);
  }
  return { ...result, roundTrips: counter.count() };
}

/** the unique index of voucher numbers (journal_entries_voucher_idx), as D1 names it in the refusal */
const VOUCHER_INDEX = /^journal_entries\.company_id, journal_entries\.fiscal_period_id, journal_entries\.voucher_series, journal_entries\.voucher_number$/;

async function runCounted(env: Env, req: CommandRequest, state: CompanyState): Promise<CommandResult> {
  const db = database(env);
  const session = state.session(db, req.ctx.dryRun);
  const ctx: CommandContext = { ...req.ctx, state: session, ledger: new Ledger(db, req.ctx, session) };
  // A dry run neither reads nor writes the idempotency store: it is a preview, and
  // previews must not be replayed in place of the real write.
  const idem = ctx.dryRun ? null : req.idempotency;

  if (idem) {
    // One round trip: the idempotency lookup, and the company's state that is missing
    // (dropped by the last batch that wrote its tables), read with it.
    const prefetch = session.prefetch();
    const command = COMMANDS[req.name] as Command<unknown>;
    const ahead = command.readAhead?.(db, req.input, ctx.companyId) ?? [];
    const [found, ...sections] = await db.batch([
      db
        .select()
        .from(idempotencyRecords)
        .where(
          and(
            eq(idempotencyRecords.apiKeyId, ctx.apiKeyId),
            eq(idempotencyRecords.companyId, ctx.companyId),
            eq(idempotencyRecords.idempotencyKey, idem.key),
            gt(idempotencyRecords.expiresAt, ctx.now),
          ),
        )
        .limit(1),
      ...(prefetch.reads as Statement[]),
      ...ahead,
    ]);
    prefetch.accept(sections.slice(0, prefetch.reads.length) as unknown[]);
    if (ahead.length) ctx.readAhead = sections.slice(prefetch.reads.length);
    const stored = (found as (typeof idempotencyRecords.$inferSelect)[])[0];
    if (stored) {
      if (stored.bodyHash !== idem.bodyHash) {
        return failure(new ApiError("IDEMPOTENCY_KEY_REUSE", { idempotency_key: idem.key }), false);
      }
      return { ...(stored.result as StoredResult), replayed: true, dryRun: false } as CommandResult;
    }
  }

  let plan: Plan;
  try {
    plan = await (COMMANDS[req.name] as Command<unknown>)(db, req.input, ctx, env);
  } catch (thrown) {
    // Amounts beyond what integer öre holds are the caller's input, not a fault: the
    // schemas' limits catch them first (src/http/fields.ts), this is the backstop.
    const err =
      thrown instanceof AmountOutOfRangeError
        ? new ApiError("VALIDATION_ERROR", { limit: { max_amount_kr: MAX_AMOUNT_KR }, reason: thrown.message }, `An amount or total exceeds the limit of ${MAX_AMOUNT_KR} kr.`)
        : thrown;
    if (!(err instanceof ApiError)) throw err;
    const result = failure(err, ctx.dryRun);
    // A refusal is an answer too: the same key and body get the same refusal
    // (spec: a retry with another body under the same key is IDEMPOTENCY_KEY_REUSE).
    if (idem && err.status < 500) await db.batch([idempotencyInsert(db, ctx, idem, result)]);
    return result;
  }

  if (plan.unchanged) {
    // Nothing changed (a bulk create whose every item was refused): no audit row and no
    // event; only the answer is kept under the key, as a refusal's would be.
    if (plan.statements.length || plan.files?.length || plan.external) throw new Error(`${req.name}: an unchanged plan carries writes`);
    const answer: StoredResult = { ok: true, status: plan.status, data: plan.data, audit: null };
    if (idem && !ctx.dryRun) await db.batch([idempotencyInsert(db, ctx, idem, answer)]);
    return { ...answer, replayed: false, dryRun: ctx.dryRun } as CommandResult;
  }

  const auditId = newId();
  const audit = auditMeta(ctx, auditId, plan);
  const result: StoredResult = { ok: true, status: plan.status, data: plan.data, audit };
  if (ctx.dryRun) return { ...result, audit: null, replayed: false, dryRun: true } as CommandResult;

  // Every entry the plan posts announces itself, whatever domain posted it.
  const events = [...ctx.ledger.eventsFor(plan.statements), ...(plan.events ?? [])].map((ev) => ({ ...ev, id: newId() }));
  // Each event fans out to the company's active webhooks for its type, in this batch:
  // a delivery exists if and only if its event committed.
  const fanOut = await planDeliveries(db, ctx, events);
  const auditRow = (id: string, action: string, voucher: string | null) =>
    db.insert(auditLog).values({
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
  const published: Statement[] = [...outboxInserts(db, ctx, events), ...fanOut.statements];
  if (idem) published.push(idempotencyInsert(db, ctx, idem, plan.replayData === undefined ? result : { ...result, data: plan.replayData }));
  const written = [...plan.statements, auditRow(auditId, plan.audit.action, audit.voucher_number)];

  const files = await putFiles(env, plan.files ?? []);
  if (!files) return failure(new ApiError("INTERNAL_ERROR", { step: "file_storage", request_id: ctx.requestId }), false);
  const batch = (plan.external ? written : [...written, ...published]) as [Statement, ...Statement[]];
  try {
    await db.batch(batch);
  } catch (err) {
    // Whatever the batch was to change, the held state is not trusted after a failure.
    session.failed();
    const refused = constraintError(err);
    // A refused batch wrote nothing. Any other error may have come after the commit,
    // and a row must never lose its file: the audit row tells which.
    if (files.length && (refused || !(await auditRowExists(db, auditId)))) await removeFiles(env, files);
    if (refused) return failure(refused, false);
    console.error("batch failed", req.name, ctx.requestId, err);
    return failure(new ApiError("BOOKKEEPING_DATABASE_ERROR", { request_id: ctx.requestId }), false);
  }
  if (!plan.external) session.committed(batch);
  if (plan.external) {
    // The step and its compensation write after this batch: the held state is dropped
    // rather than followed through them (a rare path: an emailed invoice).
    session.failed();
    // If the step fails, the entries the plan posted and their storno both stand in the
    // books, so both announce themselves with the compensation.
    const announce = async (statements: Statement[]) => {
      const entries = ctx.ledger.eventsFor(statements).map((ev) => ({ ...ev, id: newId() }));
      const deliveries = await planDeliveries(db, ctx, entries);
      return { statements: [...outboxInserts(db, ctx, entries), ...deliveries.statements], jobs: deliveries.jobs };
    };
    const undone = await runExternal(db, plan.external, published, (action) => auditRow(newId(), action, null), (undo) => announce([...plan.statements, ...undo]));
    session.failed();
    if (undone) {
      await enqueue(env, undone.jobs);
      return undone.result;
    }
  }
  await enqueue(env, [...(plan.afterCommit ?? []), ...fanOut.jobs]);
  return { ...result, replayed: false, dryRun: false } as CommandResult;
}

/**
 * The plan's files, put before its batch; the keys put, or null when one could not be
 * (those already put are removed). A key must be new (If-None-Match: *), so removing a
 * file after a failed batch can only remove what this write put there.
 */
async function putFiles(env: Env, files: NonNullable<Plan["files"]>): Promise<string[] | null> {
  const results = await Promise.allSettled(
    files.map(async (f) => {
      const options = { onlyIf: { etagDoesNotMatch: "*" }, httpMetadata: f.contentType ? { contentType: f.contentType } : undefined, customMetadata: f.customMetadata };
      if (!(await env.DOCUMENTS.put(f.key, f.body, options))) throw new Error(`a file already exists at ${f.key}`);
      return f.key;
    }),
  );
  const put = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (put.length === files.length) return put;
  console.error("file step failed", results.flatMap((r) => (r.status === "rejected" ? [r.reason] : [])));
  await removeFiles(env, put);
  return null;
}

/** A file left behind by a failed delete is only wasted space, never a missing record. */
async function removeFiles(env: Env, keys: string[]) {
  if (!keys.length) return;
  try {
    await env.DOCUMENTS.delete(keys);
  } catch (err) {
    console.error("files of a failed write could not be removed", keys, err);
  }
}

/** Unknown counts as committed: keeping an orphan file is the lesser harm. */
async function auditRowExists(db: Database, auditId: string): Promise<boolean> {
  try {
    return !!(await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, auditId)).get());
  } catch {
    return true;
  }
}

/**
 * The external step after the commit. Success: the events and the idempotency record
 * are committed. Failure: the compensation (storno) is committed and its error is the
 * answer; nothing is stored under the key, so a retry with it runs again.
 */
async function runExternal(
  db: Database,
  step: NonNullable<Plan["external"]>,
  published: Statement[],
  audit: (action: string) => Statement,
  announce: (undo: Statement[]) => Promise<{ statements: Statement[]; jobs: Job[] }>,
): Promise<{ result: CommandResult; jobs: Job[] } | null> {
  try {
    await step.run();
  } catch (cause) {
    let undo: Awaited<ReturnType<typeof step.compensate>>;
    try {
      undo = await step.compensate(cause);
    } catch (err) {
      console.error("compensation could not be planned: the write stands without its external step", cause, err);
      return { result: failure(new ApiError("INTERNAL_ERROR", { external_step_failed: String(cause), compensated: false }), false), jobs: [] };
    }
    const events = await announce(undo.statements);
    try {
      await db.batch([audit(undo.action), ...undo.statements, ...events.statements]);
    } catch (err) {
      console.error("compensation failed: the write stands without its external step", err);
      return { result: failure(new ApiError(undo.error.code, { ...(undo.error.details ?? {}), compensated: false }, undo.error.message), false), jobs: [] };
    }
    return { result: failure(undo.error, false), jobs: events.jobs };
  }
  if (published.length) {
    try {
      await db.batch(published as [Statement, ...Statement[]]);
    } catch (err) {
      console.error("events after an external step could not be written", err);
    }
  }
  return null;
}

/** Idempotency records live 24 hours (spec: Limits); lookups already ignore expired rows, the sweep reclaims the space. */
export async function sweepIdempotency(env: Env, now: string): Promise<void> {
  await database(env).delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, now));
}

/** The outbox rows of the events: one statement each, or JSON chunks when an import posts thousands. */
function outboxInserts(db: Database, ctx: CommandContext, events: (PlannedEvent & { id: string })[]): Statement[] {
  const rows = events.map((ev) => ({
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
  return rows.length > 10 ? insertFromJson(db, outboxEvents, rows) : rows.map((r) => db.insert(outboxEvents).values(r));
}

/** After the commit: a lost message is not lost work, the minute sweep finds due rows. */
async function enqueue(env: Env, jobs: Job[]) {
  if (!jobs.length) return;
  try {
    await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  } catch (err) {
    console.error("enqueue failed; the cron sweep will pick the work up", err);
  }
}

function failure(err: ApiError, dryRun: boolean): CommandResult {
  return { ok: false, status: err.status, error: toErrorResult(err), replayed: false, dryRun };
}

function auditMeta(ctx: CommandContext, auditId: string, plan: Plan): AuditMeta {
  const v = plan.audit.voucher;
  const base = `/api/v1/companies/${ctx.companyId}`;
  return {
    voucher_number: v ? `${v.series}${v.number}` : null,
    voucher_url: v ? `${base}/journal-entries/${v.entryId}` : null,
    audit_trail_url: `${base}/audit-trail/${auditId}`,
    immutable_at: v ? v.immutableAt : null,
  };
}

function idempotencyInsert(db: Database, ctx: CommandContext, idem: { key: string; bodyHash: string }, result: StoredResult | CommandResult) {
  const { replayed: _r, dryRun: _d, ...stored } = result as CommandResult;
  // An expired record under the same key is replaced: the 24-hour window has passed.
  return db
    .insert(idempotencyRecords)
    .values({
      apiKeyId: ctx.apiKeyId,
      companyId: ctx.companyId,
      idempotencyKey: idem.key,
      bodyHash: idem.bodyHash,
      statusCode: stored.status,
      result: stored,
      createdAt: ctx.now,
      expiresAt: new Date(Date.parse(ctx.now) + IDEMPOTENCY_TTL_MS).toISOString(),
    })
    .onConflictDoUpdate({
      target: [idempotencyRecords.apiKeyId, idempotencyRecords.companyId, idempotencyRecords.idempotencyKey],
      set: {
        bodyHash: idem.bodyHash,
        statusCode: stored.status,
        result: stored,
        createdAt: ctx.now,
        expiresAt: new Date(Date.parse(ctx.now) + IDEMPOTENCY_TTL_MS).toISOString(),
      },
    });
}
