// The one wrapper around every company write (ARCHITECTURE: the write path).
// It runs inside the company's Durable Object, one command at a time.
import { and, eq, getTableName, lt, sql } from "drizzle-orm";
import { database, type Database } from "../db/client";
import { countRoundTrips } from "../db/round-trips";
import { auditLog, idempotencyRecords, outboxEvents } from "../db/schema";
import type { Env } from "../env";
import { newId } from "../ids";
import { ApiError, toErrorResult, type ErrorResult } from "../errors/api-error";
import { Ledger } from "../ledger/engine";
import { AmountOutOfRangeError, MAX_AMOUNT_KR } from "../money";
import { insertFromJson, JSON_INSERT_CHUNK } from "../db/json-insert";
import { CompanyState } from "../writer/company-state";
import { constraintError } from "./constraints";
import type { AccessDemand } from "../writer/request";
import type {
  AuditMeta,
  Command,
  CommandContext,
  Plan,
  PlannedEvent,
  RequestContext,
  RowObjectSource,
  Statement,
} from "./plan";
import type { Job } from "../queue";
import type { CommandName, CommandWiring } from "./names";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface CommandRequest {
  name: CommandName;
  input: unknown;
  ctx: RequestContext;
  idempotency: { key: string; bodyHash: string } | null;
  /**
   * The access the writer verifies before anything else (CompanyWriter.execute): the
   * bearer's hash and what the route demands. The Worker may have ordered its checks on
   * an answer it held a while (src/http/writer-access.ts); this one is exact.
   */
  access?: (AccessDemand & { keyHash: string }) | null;
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
export async function runCommand(
  wiring: CommandWiring,
  env: Env,
  req: CommandRequest,
  state: CompanyState = new CompanyState(req.ctx.companyId),
): Promise<CommandResult> {
  const counter = countRoundTrips(env.DB);
  const counted = { ...env, DB: counter.d1 };
  // Once more (at most twice): only the ledger numbers vouchers, through this writer; a
  // number found taken means a row was written past it (by hand, or a restore). The
  // failed batch dropped the held state, so the command runs again on what D1 says.
  // AGAIN: the key's record had expired and was deleted, so it runs again under the key.
  let result = await runCounted(wiring, counted, req, state);
  for (
    let again = 0;
    again < 2 &&
    (result === AGAIN ||
      (!result.ok &&
        result.error.code === "CONFLICT" &&
        VOUCHER_INDEX.test(String(result.error.details?.constraint ?? ""))));
    again++
  ) {
    result = await runCounted(wiring, counted, req, state);
  }
  if (result === AGAIN) throw new Error(`${req.name}: the idempotency record was found expired again`);
  return { ...result, roundTrips: counter.count() };
}

/** the unique index of voucher numbers (journal_entries_voucher_idx), as D1 names it in the refusal */
const VOUCHER_INDEX =
  /^journal_entries\.company_id, journal_entries\.fiscal_period_id, journal_entries\.voucher_series, journal_entries\.voucher_number$/;
/** the primary key of idempotency_records (api key, company, key), as D1 names it in the refusal */
const IDEMPOTENCY_INDEX =
  /^idempotency_records\.api_key_id, idempotency_records\.company_id, idempotency_records\.idempotency_key$/;

/** runCounted's answer when an expired record under the key was deleted: run the command once more */
const AGAIN = Symbol("again");

type Idem = { key: string; bodyHash: string };

async function runCounted(
  wiring: CommandWiring,
  env: Env,
  req: CommandRequest,
  state: CompanyState,
): Promise<CommandResult | typeof AGAIN> {
  const db = database(env);
  const session = state.session(db, req.ctx.dryRun);
  const ctx: CommandContext = { ...req.ctx, state: session, ledger: new Ledger(db, req.ctx, session) };
  const command = wiring.commands[req.name] as Command<unknown>;
  const { planDeliveries } = wiring;
  // A dry run neither reads nor writes the idempotency store: it is a preview, and
  // previews must not be replayed in place of the real write.
  const idem = ctx.dryRun ? null : req.idempotency;

  // The idempotency key is not looked up before planning: its record is a plain insert
  // at the head of the write's batch, and the table's primary key refuses a duplicate,
  // failing the whole batch (settled in `settleDuplicate`). So a first write makes one
  // round trip; this one runs only when there is something to read: the company's state
  // dropped by the last batch that wrote its tables, and the command's readAhead.
  const prefetch = session.prefetch();
  const ahead = command.readAhead?.(db, req.input, ctx) ?? [];
  if (prefetch.reads.length || ahead.length) {
    const results = await db.batch([...(prefetch.reads as Statement[]), ...ahead] as [Statement, ...Statement[]]);
    prefetch.accept(results.slice(0, prefetch.reads.length) as unknown[]);
    if (ahead.length) ctx.readAhead = results.slice(prefetch.reads.length) as unknown[];
  }

  let plan: Plan;
  try {
    plan = await command(db, req.input, ctx, env);
  } catch (thrown) {
    // Amounts beyond what integer öre holds are the caller's input, not a fault: the
    // schemas' limits catch them first (src/http/fields.ts), this is the backstop.
    const err =
      thrown instanceof AmountOutOfRangeError
        ? new ApiError(
            "VALIDATION_ERROR",
            { limit: { max_amount_kr: MAX_AMOUNT_KR }, reason: thrown.message },
            `An amount or total exceeds the limit of ${MAX_AMOUNT_KR} kr.`,
          )
        : thrown;
    if (!(err instanceof ApiError)) throw err;
    const result = failure(err, ctx.dryRun);
    if (!idem) return result;
    // A replay of a write whose plan now fails (a commit of the draft it committed)
    // gets the stored answer; only a key never used stores this refusal, as an answer
    // too: the same key and body get the same refusal (spec: a retry with another body
    // under the same key is IDEMPOTENCY_KEY_REUSE).
    const stored = await readRecord(db, ctx, idem.key);
    if (stored && stored.expiresAt > ctx.now) return answerFromRecord(stored, idem);
    if (err.status < 500) {
      const insert = idempotencyInsert(db, ctx, idem, result);
      // an expired record under the key is replaced: its 24 hours have passed
      await (stored ? db.batch([deleteRecord(db, ctx, idem.key), insert]) : db.batch([insert]));
    }
    return result;
  }

  if (plan.unchanged) {
    // Nothing changed (a bulk create whose every item was refused): no audit row and no
    // event; only the answer is kept under the key, as a refusal's would be.
    if (plan.statements.length || plan.files?.length || plan.external)
      throw new Error(`${req.name}: an unchanged plan carries writes`);
    const answer: StoredResult = { ok: true, status: plan.status, data: plan.data, audit: null };
    if (idem && !ctx.dryRun) {
      try {
        await db.batch([idempotencyInsert(db, ctx, idem, answer)]);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        return settleDuplicate(db, ctx, idem);
      }
    }
    return { ...answer, replayed: false, dryRun: ctx.dryRun } as CommandResult;
  }

  const auditId = newId();
  const audit = auditMeta(ctx, auditId, plan);
  const result: StoredResult = { ok: true, status: plan.status, data: plan.data, audit };
  if (ctx.dryRun) return { ...result, audit: null, replayed: false, dryRun: true } as CommandResult;

  // A plan with an external step commits its record only after the step (below), so its
  // key is looked up here; the writer runs one command at a time, so nothing comes between.
  let expired = false;
  if (idem && plan.external) {
    const stored = await readRecord(db, ctx, idem.key);
    if (stored && stored.expiresAt > ctx.now) return answerFromRecord(stored, idem);
    expired = !!stored;
  }

  // Every entry the plan posts announces itself, whatever domain posted it.
  const events = withIds([...ctx.ledger.eventsFor(plan.statements), ...(plan.events ?? [])]);
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
  const record = idem
    ? idempotencyInsert(db, ctx, idem, plan.replayData === undefined ? result : { ...result, data: plan.replayData })
    : null;
  const published: Statement[] = [...outboxInserts(db, ctx, events), ...fanOut.statements];
  if (record && plan.external) published.push(...(expired ? [deleteRecord(db, ctx, idem!.key)] : []), record);
  // The record heads the batch: a duplicate key fails the batch before anything else
  // could (a replayed create would otherwise meet its own unique indexes first).
  const written = [
    ...(record && !plan.external ? [record] : []),
    ...plan.statements,
    auditRow(auditId, plan.audit.action, audit.voucher_number),
  ];

  const files = await putFiles(env, plan.files ?? []);
  if (!files)
    return failure(new ApiError("INTERNAL_ERROR", { step: "file_storage", request_id: ctx.requestId }), false);
  const batch = (plan.external ? written : [...written, ...published]) as [Statement, ...Statement[]];
  try {
    await db.batch(batch);
  } catch (err) {
    const refused = constraintError(err);
    // A refused batch wrote nothing. Any other error may have come after the commit,
    // and a row must never lose its file: the audit row tells which.
    if (files.length && (refused || !(await auditRowExists(db, auditId)))) await removeFiles(env, files);
    // A duplicate key wrote nothing and refused nothing of the company's: what the
    // writer holds stays (the numbers this plan took reach it only through a commit).
    if (record && !plan.external && isDuplicateKey(err)) return settleDuplicate(db, ctx, idem!);
    // Whatever the batch was to change, the held state is not trusted after a failure.
    session.failed();
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
      const entries = withIds(ctx.ledger.eventsFor(statements));
      const deliveries = await planDeliveries(db, ctx, entries);
      return { statements: [...outboxInserts(db, ctx, entries), ...deliveries.statements], jobs: deliveries.jobs };
    };
    const undone = await runExternal(
      db,
      plan.external,
      published,
      (action) => auditRow(newId(), action, null),
      (undo) => announce([...plan.statements, ...undo]),
    );
    session.failed();
    if (undone) {
      await enqueue(env, undone.jobs);
      return undone.result;
    }
  }
  await enqueue(env, [...(plan.afterCommit ?? []), ...fanOut.jobs]);
  return { ...result, replayed: false, dryRun: false } as CommandResult;
}

type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;

function isDuplicateKey(err: unknown): boolean {
  return IDEMPOTENCY_INDEX.test(String(constraintError(err)?.details?.constraint ?? ""));
}

/**
 * A batch refused because its key's record exists: the stored answer (same body) or
 * IDEMPOTENCY_KEY_REUSE (another body); a record past its 24 hours is deleted and the
 * command runs once more (AGAIN).
 */
async function settleDuplicate(db: Database, ctx: CommandContext, idem: Idem): Promise<CommandResult | typeof AGAIN> {
  const stored = await readRecord(db, ctx, idem.key);
  if (stored && stored.expiresAt > ctx.now) return answerFromRecord(stored, idem);
  // expired (or, impossibly in the one writer, gone since the refusal): idempotency_records
  // is this runner's table, so it may delete the stale record itself
  if (stored) await db.batch([deleteRecord(db, ctx, idem.key)]);
  return AGAIN;
}

function answerFromRecord(stored: IdempotencyRecord, idem: Idem): CommandResult {
  if (stored.bodyHash !== idem.bodyHash)
    return failure(new ApiError("IDEMPOTENCY_KEY_REUSE", { idempotency_key: idem.key }), false);
  return { ...(stored.result as StoredResult), replayed: true, dryRun: false } as CommandResult;
}

async function readRecord(db: Database, ctx: CommandContext, key: string): Promise<IdempotencyRecord | undefined> {
  return db.select().from(idempotencyRecords).where(recordIs(ctx, key)).get();
}

function deleteRecord(db: Database, ctx: CommandContext, key: string) {
  return db.delete(idempotencyRecords).where(recordIs(ctx, key));
}

function recordIs(ctx: CommandContext, key: string) {
  return and(
    eq(idempotencyRecords.apiKeyId, ctx.apiKeyId),
    eq(idempotencyRecords.companyId, ctx.companyId),
    eq(idempotencyRecords.idempotencyKey, key),
  );
}

/**
 * The plan's files, put before its batch; the keys put, or null when one could not be
 * (those already put are removed). A key must be new (If-None-Match: *), so removing a
 * file after a failed batch can only remove what this write put there.
 */
async function putFiles(env: Env, files: NonNullable<Plan["files"]>): Promise<string[] | null> {
  const results = await Promise.allSettled(
    files.map(async (f) => {
      const options = {
        onlyIf: { etagDoesNotMatch: "*" },
        httpMetadata: f.contentType ? { contentType: f.contentType } : undefined,
        customMetadata: f.customMetadata,
      };
      if (!(await env.DOCUMENTS.put(f.key, f.body, options))) throw new Error(`a file already exists at ${f.key}`);
      return f.key;
    }),
  );
  const put = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (put.length === files.length) return put;
  console.error(
    "file step failed",
    results.flatMap((r) => (r.status === "rejected" ? [r.reason] : [])),
  );
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
      return {
        result: failure(
          new ApiError("INTERNAL_ERROR", { external_step_failed: String(cause), compensated: false }),
          false,
        ),
        jobs: [],
      };
    }
    const events = await announce(undo.statements);
    try {
      await db.batch([audit(undo.action), ...undo.statements, ...events.statements]);
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

/**
 * Each event gets its id. Assigned onto the event, not spread into a copy: an event's
 * object may be a getter that builds it only when a webhook's delivery needs it.
 */
function withIds(events: PlannedEvent[]): (PlannedEvent & { id: string })[] {
  return events.map((ev) => Object.assign(ev, { id: newId() }));
}

/**
 * The outbox rows of the events: one statement each, or JSON chunks when a write makes
 * many; the events of rows the batch inserts (fromRow) have their objects built by the
 * database from those rows, in chunks of (event id, row id) pairs.
 */
function outboxInserts(db: Database, ctx: CommandContext, events: (PlannedEvent & { id: string })[]): Statement[] {
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
async function enqueue(env: Env, jobs: Job[]) {
  if (!jobs.length) return;
  try {
    await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  } catch (err) {
    console.error("enqueue failed; the cron sweep will pick the work up", err);
  }
}

export function failure(err: ApiError, dryRun: boolean): CommandResult {
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

function idempotencyInsert(db: Database, ctx: CommandContext, idem: Idem, result: StoredResult | CommandResult) {
  const { replayed: _r, dryRun: _d, ...stored } = result as CommandResult;
  // A plain insert: a record under the same key refuses it (the table's primary key),
  // failing the batch it heads; see settleDuplicate.
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
