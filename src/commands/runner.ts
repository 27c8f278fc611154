// The one wrapper around every company write (ARCHITECTURE: the write path). It runs
// inside the company's Durable Object, one command at a time, as a pipeline:
//   read     the company's state the writer lacks and the command's declared reads, in one round trip
//   plan     the command reads, checks its rules and returns a plan (a refusal is kept under the key)
//   stamp    the audit row, the events of its writes and their webhook deliveries, the idempotency record
//   store    the plan's files, before the batch
//   commit   one atomic D1 batch; then the writes' numbers and drafts reach the company's state
//   publish  the external step and its compensation, then the queue messages
// Idempotency (idempotency.ts), files (files.ts) and what is published (publish.ts)
// are modules of their own.
import { database, type Database } from "../db/client";
import { countRoundTrips } from "../db/round-trips";
import { sessionDatabase } from "../db/session";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";
import { newId } from "../ids";
import { CHAIN_HEAD, type ChainHead, chainAfterRead, planChain } from "../ledger/chain";
import { Ledger } from "../ledger/engine";
import { signReceipt } from "../ledger/signing";
import { AmountOutOfRangeError, MAX_AMOUNT_KR } from "../money";
import type { Job } from "../queue";
import { CompanyState } from "../writer/company-state";
import type { AccessDemand } from "../writer/request";
import { unfold, type Write } from "../writer/write";
import { batchRefusal } from "./constraints";
import { wroteCompanyRow } from "./directory-copy";
import { putFiles, removeFilesOfFailedBatch } from "./files";
import { parkBatch } from "./parked";
import { parkCompensation } from "./compensation";
import { type Idem, keepRefusal, lookUp, recordDelete, recordInsert, settleDuplicate } from "./idempotency";
import type { CommandName, CommandWiring, PlanDeliveries } from "./names";
import type {
  AnyCommand,
  AuditMeta,
  CommandContext,
  HeldAccess,
  Plan,
  PlannedEvent,
  RequestContext,
  StagedWrite,
  Statement,
} from "./plan";
import { auditRow, enqueue, type ExternalHooks, outboxInserts, runExternal, withIds } from "./publish";
import { type CommandResult, failure, fresh, type StoredResult, type StoredSuccess } from "./result";

export interface CommandRequest {
  name: CommandName;
  input: unknown;
  ctx: RequestContext;
  idempotency: Idem | null;
  /**
   * The access the writer verifies before anything else (CompanyWriter.execute): the
   * bearer's hash and what the route demands. The Worker may have ordered its checks on
   * an answer it held a while (src/http/writer-access.ts); this one is exact.
   */
  access?: (AccessDemand & { keyHash: string }) | null;
  /** companies.create: the ledger database the new company was placed on (src/db/homes.ts placeCompany) */
  placement?: string;
}

/** One run of the pipeline: an answer, or a reason to run the command once more. */
type Attempt =
  | { answer: CommandResult }
  // only the ledger numbers vouchers, through this writer; a number found taken means a
  // row was written past it (by hand, or a restore): the failed batch dropped the held
  // state, so the command runs again on what D1 says
  | { retry: "voucher_number_taken"; answer: CommandResult }
  // the key's record had passed its 24 hours and was deleted: the command runs under the key
  | { retry: "idempotency_record_expired" };

/** Runs after the first, at most. */
const RETRIES = 2;

/**
 * `state` is the company's slow-changing state, held by its writer across commands; a
 * caller outside the writer (a test) gets a cold one, read from D1. `heldAccess` is the
 * writer's access answers (CommandContext.heldAccess).
 */
export async function runCommand(
  wiring: CommandWiring,
  env: Env,
  req: CommandRequest,
  state: CompanyState = new CompanyState(req.ctx.companyId),
  heldAccess?: HeldAccess,
): Promise<CommandResult> {
  // the primary, in a session: its bookmark goes back with the answer, so the caller's
  // next read can ask for at least this state (src/http/read-session.ts)
  const session = sessionDatabase(env.DB, "first-primary");
  const counter = countRoundTrips(session.d1);
  const counted = { ...env, DB: counter.d1 };
  for (let run = 0; ; run++) {
    const attempt = await attemptCommand(wiring, counted, req, state, heldAccess);
    if ("retry" in attempt && run < RETRIES) continue;
    if (!("answer" in attempt)) throw new Error(`${req.name}: the idempotency record was found expired again`);
    return { ...attempt.answer, roundTrips: counter.count(), bookmark: session.bookmark() };
  }
}

async function attemptCommand(
  wiring: CommandWiring,
  env: Env,
  req: CommandRequest,
  state: CompanyState,
  heldAccess: HeldAccess | undefined,
): Promise<Attempt> {
  const db = database(env);
  const session = state.session(db, req.ctx.dryRun);
  const ctx: CommandContext = { ...req.ctx, state: session, ledger: new Ledger(db, req.ctx, session), heldAccess };
  // another command planned in this run (a staged write's commit by its approver): in this
  // session, or as a dry run in a session of its own that nothing commits
  ctx.planCommand = async (name, input, over) => {
    const sub = { ...req.ctx, ...over };
    const own = over.dryRun ? state.session(db, true) : session;
    const planned = await planOrRefusal(
      commandNamed(wiring, name),
      db,
      input,
      { ...ctx, ...over, state: own, ledger: new Ledger(db, sub, own) },
      env,
    );
    if (planned instanceof ApiError) throw planned;
    return planned;
  };
  const command = wiring.commands[req.name] as AnyCommand<unknown>;
  // A dry run neither reads nor writes the idempotency store: it is a preview, and
  // previews must not be replayed in place of the real write.
  const idem = ctx.dryRun ? null : req.idempotency;

  const plan = await planOrStaged(wiring, command, db, req, ctx, env, state);
  if (plan instanceof ApiError) {
    const refusal = failure(plan, ctx.dryRun);
    return { answer: idem ? await keepRefusal(db, ctx, idem, refusal) : refusal };
  }
  if (plan.unchanged) return keepUnchanged(db, ctx, idem, plan, req.name);

  const auditId = newId();
  const result: StoredSuccess = {
    ok: true,
    status: plan.status,
    data: plan.data,
    audit: auditMeta(ctx, auditId, plan),
  };
  if (ctx.dryRun) return { answer: { ...result, audit: null, replayed: false, dryRun: true } };
  // A plan with an external step commits its record only after the step, so its key is
  // looked up here; the writer runs one command at a time, so nothing comes between.
  let expired = false;
  if (idem && plan.external) {
    const found = await lookUp(db, ctx, idem);
    if ("answer" in found) return { answer: found.answer };
    expired = found.expired;
  }
  const stamped = await stamp(env, db, ctx, plan, { idem, expired, result, auditId }, wiring.planDeliveries);
  const committed = await commit(env, db, ctx, plan, stamped, idem, req.name, wiring);
  if (committed) return committed;
  return { answer: await publish(env, db, ctx, plan, stamped, wiring.planDeliveries) };
}

/**
 * The idempotency key is not looked up before planning: its record is a plain insert at
 * the head of the write's batch (settleDuplicate). So a first write makes one round trip;
 * this one runs only when there is something to read: the company's state dropped by the
 * last batch that wrote its tables, and the reads the command declares. Their value, or
 * null when the command declares none (or none now).
 */
async function readFirst(db: Database, command: AnyCommand<unknown>, input: unknown, ctx: CommandContext) {
  const prefetch = ctx.state.prefetch();
  const reads = typeof command === "function" ? null : command.reads(db, input, ctx);
  const ahead = reads?.statements ?? [];
  if (!prefetch.reads.length && !ahead.length) return reads ? reads.value([]) : null;
  const results = await db.batch([...(prefetch.reads as Statement[]), ...ahead] as [Statement, ...Statement[]]);
  prefetch.accept(results.slice(0, prefetch.reads.length) as unknown[]);
  return reads ? reads.value(results.slice(prefetch.reads.length) as unknown[]) : null;
}

function commandNamed(wiring: CommandWiring, name: string): AnyCommand<unknown> {
  const command = (wiring.commands as Record<string, AnyCommand<unknown>>)[name];
  if (!command) throw new Error(`no command ${name}`);
  return command;
}

/**
 * The command's plan, or, when the key stages it (docs/approvals.md), the plan of the approval
 * request it becomes: a command the key names in `staging.commands`, or a refusal over the key's
 * unattended limit when `staging.over_limit`. A key that does not stage gets the refusal.
 */
async function planOrStaged(
  wiring: CommandWiring,
  command: AnyCommand<unknown>,
  db: Database,
  req: CommandRequest,
  ctx: CommandContext,
  env: Env,
  state: CompanyState,
): Promise<Plan | ApiError> {
  const staging = ctx.staging;
  const stage = wiring.stageCommand;
  if (!staging || !stage || req.name === stage) return planOrRefusal(command, db, req.input, ctx, env);
  let trigger: StagedWrite["trigger"] = "staged_command";
  if (!staging.commands.includes(req.name)) {
    const plan = await planOrRefusal(command, db, req.input, ctx, env);
    if (!(plan instanceof ApiError && plan.code === "UNATTENDED_COMMIT_LIMIT_EXCEEDED" && staging.over_limit))
      return plan;
    trigger = "over_limit";
  }
  // what the write would do without the key's limit, as a dry run: the answer the approver commits
  const previewCtx = { ...req.ctx, dryRun: true, unattendedCommitLimitOre: null };
  const session = state.session(db, true);
  const preview = await planOrRefusal(
    command,
    db,
    req.input,
    { ...ctx, ...previewCtx, state: session, ledger: new Ledger(db, previewCtx, session) },
    env,
  );
  if (preview instanceof ApiError) return preview;
  if (preview.external) return new ApiError("APPROVAL_REQUEST_NOT_STAGEABLE", { command: req.name });
  const staged: StagedWrite = {
    command: req.name,
    input: req.input,
    preview: { status: preview.status, data: preview.data },
    trigger,
  };
  return planOrRefusal(wiring.commands[stage] as AnyCommand<unknown>, db, staged, ctx, env);
}

/** The command's plan (its declared reads first), or its refusal; anything else it throws is a fault. */
async function planOrRefusal(
  command: AnyCommand<unknown>,
  db: Database,
  input: unknown,
  ctx: CommandContext,
  env: Env,
): Promise<Plan | ApiError> {
  try {
    const read = await readFirst(db, command, input, ctx);
    return typeof command === "function"
      ? await command(db, input, ctx, env)
      : await command.plan(db, input, ctx, env, read);
  } catch (thrown) {
    // Amounts beyond what integer öre holds are the caller's input, not a fault: the
    // schemas' limits catch them first (src/http/fields.ts), this is the backstop.
    if (thrown instanceof AmountOutOfRangeError)
      return new ApiError(
        "VALIDATION_ERROR",
        { limit: { max_amount_kr: MAX_AMOUNT_KR }, reason: thrown.message },
        `An amount or total exceeds the limit of ${MAX_AMOUNT_KR} kr.`,
      );
    if (thrown instanceof ApiError) return thrown;
    throw thrown;
  }
}

/**
 * Nothing changed (a bulk create whose every item was refused): no audit row and no
 * event; only the answer is kept under the key, as a refusal's would be.
 */
async function keepUnchanged(
  db: Database,
  ctx: CommandContext,
  idem: Idem | null,
  plan: Plan,
  name: string,
): Promise<Attempt> {
  if (plan.statements.length || plan.files?.length || plan.external)
    throw new Error(`${name}: an unchanged plan carries writes`);
  const answer: StoredResult = { ok: true, status: plan.status, data: plan.data, audit: null };
  if (idem && !ctx.dryRun) {
    try {
      await db.batch([recordInsert(db, ctx, idem, answer)]);
    } catch (err) {
      if (batchRefusal(err)?.kind !== "idempotency_key") throw err;
      const stored = await settleDuplicate(db, ctx, idem);
      return stored ? { answer: stored } : { retry: "idempotency_record_expired" };
    }
  }
  return { answer: fresh(answer, ctx.dryRun) };
}

/** A planned write with everything the runner adds to it, ready to commit. */
interface Stamped {
  result: StoredSuccess;
  auditId: string;
  /** the ledger's writes the plan carries: applied to the company's state after the batch */
  writes: Write[];
  /** the idempotency record, heading `written` (or in `published` after an external step) */
  record: Statement | null;
  /** the plan's statements and its audit row, with the record first */
  written: Statement[];
  /** the outbox rows and webhook deliveries (and the record, after an external step) */
  published: Statement[];
  /** the deliveries' queue messages */
  jobs: Job[];
  /** the company's chain after the batch, when it chains entries (src/ledger/chain.ts) */
  chainHead: ChainHead | null;
}

async function stamp(
  env: Env,
  db: Database,
  ctx: CommandContext,
  plan: Plan,
  run: { idem: Idem | null; expired: boolean; result: StoredSuccess; auditId: string },
  planDeliveries: PlanDeliveries,
): Promise<Stamped> {
  const { idem, result, auditId } = run;
  const { statements, writes } = unfold(plan.statements);
  // The entries the batch posts take their places in the company's chain, in the same
  // batch; the answer's audit block carries the signed receipt (docs/verifiable-ledger.md).
  const chain = await planChain(
    db,
    ctx.state,
    writes.flatMap((w) => w.chained),
    ctx.now,
  );
  if (chain?.links.length && result.audit) {
    const first = chain.links[0]!.seq;
    const receipt = await signReceipt(env, ctx.companyId, first, chain.head.seq, chain.head.hash);
    result.audit = { ...result.audit, chain: receipt };
  }
  // Every entry the plan posts announces itself (its write carries the event), whatever
  // domain posted it; each event fans out to the company's active webhooks for its type
  // in the same batch, so a delivery exists if and only if its event committed.
  const events = withIds([...writes.flatMap((w) => w.events), ...(plan.events ?? [])]);
  const fanOut = await planDeliveries(db, ctx, events);
  const record = idem
    ? recordInsert(db, ctx, idem, plan.replayData === undefined ? result : { ...result, data: plan.replayData })
    : null;
  const published: Statement[] = [...outboxInserts(db, ctx, events), ...fanOut.statements];
  if (record && plan.external) published.push(...(run.expired ? [recordDelete(db, ctx, idem!.key)] : []), record);
  const voucher = result.audit?.voucher_number ?? null;
  // The record heads the batch: a duplicate key fails the batch before anything else
  // could (a replayed create would otherwise meet its own unique indexes first).
  const written = [
    ...(record && !plan.external ? [record] : []),
    ...statements,
    ...(chain?.statements ?? []),
    auditRow(db, ctx, plan, auditId, plan.audit.action, voucher),
  ];
  return {
    result,
    auditId,
    writes,
    record,
    written,
    published,
    jobs: fanOut.jobs,
    chainHead: chain?.head ?? [...writes].reverse().find((w) => w.chainHead)?.chainHead ?? null,
  };
}

/** Stores the files and commits the batch: null when it committed, else the attempt's outcome. */
async function commit(
  env: Env,
  db: Database,
  ctx: CommandContext,
  plan: Plan,
  stamped: Stamped,
  idem: Idem | null,
  name: string,
  wiring: CommandWiring,
): Promise<Attempt | null> {
  const files = await putFiles(env, plan.files ?? []);
  if (!files)
    return {
      answer: failure(new ApiError("INTERNAL_ERROR", { step: "file_storage", request_id: ctx.requestId }), false),
    };
  const batch = (plan.external ? stamped.written : [...stamped.written, ...stamped.published]) as [
    Statement,
    ...Statement[],
  ];
  try {
    await db.batch(batch);
  } catch (err) {
    const refusal = batchRefusal(err);
    await removeFilesOfFailedBatch(env, db, files, refusal !== null, stamped.auditId);
    if (refusal?.kind === "idempotency_key") {
      // A duplicate key wrote nothing and refused nothing of the company's: what the
      // writer holds stays (the numbers this plan took reach it only through a commit).
      const stored = await settleDuplicate(db, ctx, idem!);
      return stored ? { answer: stored } : { retry: "idempotency_record_expired" };
    }
    // Whatever the batch was to change, the held state is not trusted after a failure.
    ctx.state.failed();
    if (refusal?.kind === "voucher_number")
      return { retry: "voucher_number_taken", answer: failure(refusal.error, false) };
    if (refusal) return { answer: failure(refusal.error, false) };
    console.error("batch failed", name, ctx.requestId, err);
    return { answer: failure(new ApiError("BOOKKEEPING_DATABASE_ERROR", { request_id: ctx.requestId }), false) };
  }
  if (!plan.external) heldAfterCommit(ctx, batch, stamped);
  if (wroteCompanyRow(batch)) await wiring.copyCompanyRow(env, db, ctx.companyId);
  return null;
}

/** What the company's state learns from a committed batch: its numbers and drafts, and the chain's new head. */
function heldAfterCommit(ctx: CommandContext, batch: Statement[], stamped: Stamped): void {
  ctx.state.committed(batch, stamped.writes);
  if (stamped.chainHead) ctx.state.advance(CHAIN_HEAD, stamped.chainHead);
}

/** After the commit: the external step (and its compensation if it fails), then the queue messages. */
async function publish(
  env: Env,
  db: Database,
  ctx: CommandContext,
  plan: Plan,
  stamped: Stamped,
  planDeliveries: PlanDeliveries,
): Promise<CommandResult> {
  if (plan.external) {
    // The step and its compensation write after this batch: the held state is dropped
    // rather than followed through them (a rare path: an emailed invoice).
    ctx.state.failed();
    const undone = await runExternal(
      db,
      plan.external,
      stamped.published,
      externalHooks(env, db, ctx, plan, stamped, planDeliveries),
    );
    ctx.state.failed();
    if (undone) {
      await enqueue(env, undone.jobs);
      return undone.result;
    }
  }
  await enqueue(env, [...(plan.afterCommit ?? []), ...stamped.jobs]);
  return fresh(stamped.result, false);
}

/**
 * How the external step's compensation is written, announced or parked. If the step fails,
 * the entries the plan posted and their storno both stand in the books, so both announce
 * themselves with the compensation; when the compensation is parked, the plan's entries
 * announce themselves alone (under the same event ids, so that a batch that did land after all
 * is not announced twice).
 */
function externalHooks(
  env: Env,
  db: Database,
  ctx: CommandContext,
  plan: Plan,
  stamped: Stamped,
  planDeliveries: PlanDeliveries,
): ExternalHooks {
  const announceAll = async (entries: (PlannedEvent & { id: string })[]) => {
    const deliveries = await planDeliveries(db, ctx, entries);
    return { statements: [...outboxInserts(db, ctx, entries), ...deliveries.statements], jobs: deliveries.jobs };
  };
  const own = () => stamped.writes.flatMap((w) => w.events);
  return {
    audit: (action) => auditRow(db, ctx, plan, newId(), action, null),
    announce: async (undo) => {
      const announced = await announceAll(withIds([...own(), ...undo.flatMap((w) => w.events)]));
      // the storno takes its places in the chain in the compensation's own batch
      const chained = await chainAfterRead(
        db,
        ctx.companyId,
        undo.flatMap((w) => w.chained),
        ctx.now,
      );
      return { statements: [...chained, ...announced.statements], jobs: announced.jobs };
    },
    announceWrite: () => announceAll(keepIds(own())),
    park: (statements) => parkBatch(env, ctx.companyId, statements, ctx.now),
    parkCompensation: (replay) =>
      parkCompensation(env, { ...replay, companyId: ctx.companyId, requestId: ctx.requestId, parkedAt: ctx.now }),
  };
}

/** The events with the ids they were given already (withIds), new ones for the others. */
function keepIds(events: PlannedEvent[]): (PlannedEvent & { id: string })[] {
  return events.map((ev) =>
    "id" in ev && typeof ev.id === "string" ? (ev as PlannedEvent & { id: string }) : withIds([ev])[0]!,
  );
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
