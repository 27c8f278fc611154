// One instance per company (named by the company id). It runs that company's writes
// strictly one after another: the input gate of a Durable Object does not serialise
// across awaited D1 calls, so the queue is explicit. Voucher numbers and idempotency
// keys are therefore decided by a single writer.
//
// Because every write of the company passes here, the object also holds the company's
// slow-changing state (src/writer/company-state.ts: periods, settings, chart,
// dimensions, webhooks, next voucher numbers) and the access answers for its company
// (src/http/access.ts: keys and roles), so a warm write reads neither from D1. Both are
// dropped by the object itself after a batch that writes their tables, or by `forget`
// from the few paths that write outside a command. A restart starts cold.
import { DurableObject } from "cloudflare:workers";
import { CompanyState } from "../src/writer/company-state";
import { WIRING } from "../src/app/commands";
import { failure, type CommandResult } from "../src/commands/result";
import { runCommand, type CommandRequest } from "../src/commands/runner";
import type { CommandWriter, ForgetWhat } from "../src/commands/submit";
import { bindingOf, directory, homeOf, isMigrated, notMigrated } from "../src/db/homes";
import { namedBookmark } from "../src/db/session";
import type { Env } from "../src/env";
import { ApiError } from "../src/errors/api-error";
import { AccessCache, accessRefusal, type Access, type AccessWriter } from "../src/http/access";
import { nowIso } from "../src/clock";
import { newId } from "../src/ids";
import {
  closesWrites,
  type MoveFaults,
  type CompanyMover,
  type MoveRequestAnswer,
  type MoveRow,
  movingRefusal,
  pendingMoves,
  recordMove,
} from "../src/writer/move";
import { type StepOutcome, stepMove } from "../src/writer/move-steps";

export class CompanyWriter extends DurableObject<Env> implements CommandWriter, AccessWriter, CompanyMover {
  private tail: Promise<unknown> = Promise.resolve();
  private state: CompanyState | null = null;
  private access: AccessCache | null = null;
  /** the company's home database (src/db/homes.ts), read from the directory once and held */
  private home: string | null = null;

  /**
   * The move under way (src/writer/move.ts): commands are refused at once from its request to
   * its switch. Kept in the object's storage too, since a move spans many invocations and the
   * object may be evicted or restarted between them; read back before any request is served.
   */
  private movingId: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.movingId = (await ctx.storage.get<string>("moving")) ?? null;
    });
  }

  execute(request: CommandRequest): Promise<CommandResult> {
    if (this.movingId) return Promise.resolve(failure(movingRefusal(), request.ctx.dryRun));
    const state = (this.state ??= new CompanyState(request.ctx.companyId));
    const run = this.tail.then(async () => {
      // a move that began while this command waited its turn
      if (this.movingId) return failure(movingRefusal(), request.ctx.dryRun);
      const verified = request.access ? await this.verify(request) : request;
      if ("ok" in verified) return verified;
      const home = await this.homeFor(verified);
      if (home instanceof ApiError) return failure(home, verified.ctx.dryRun);
      this.access ??= new AccessCache(verified.ctx.companyId);
      const env = { ...this.env, DB: bindingOf(this.env, home) };
      const result = await runCommand(WIRING, env, verified, state, this.access);
      return { ...result, bookmark: namedBookmark(home, result.bookmark) };
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Where the company's books live: held once read. A company being created has no home in
   * the directory yet: its creation names the database it was placed on (companies.create
   * writes the directory's entry after the books' first batch, src/domains/companies).
   */
  private async homeFor(request: CommandRequest): Promise<string | ApiError> {
    const companyId = request.ctx.companyId;
    const home =
      this.home ??
      (await homeOf(directory(this.env), companyId)) ??
      (request.name === "companies.create" ? (request.placement ?? null) : null);
    if (!home) return new ApiError("NOT_FOUND", { resource: "company", id: companyId });
    if (!(await isMigrated(this.env, home))) return notMigrated(home);
    const moving = this.home
      ? undefined
      : (await pendingMoves(directory(this.env), companyId)).find((m) => closesWrites(m.status));
    if (moving) {
      // a move recorded before this object knew of it (it restarted in between): its alarm carries it on
      await this.closeWrites(moving.id);
      await this.resumeMoves(companyId);
      return movingRefusal();
    }
    if (request.name !== "companies.create") this.home = home;
    return home;
  }

  /**
   * The access of a write, verified before anything else (a revoked key does not even
   * get a replay): refused as the Worker would refuse it (401, 403, 404), or the request
   * with who asks taken from this exact answer.
   */
  private async verify(request: CommandRequest): Promise<CommandRequest | CommandResult> {
    const { keyHash, ...demand } = request.access!;
    const companyId = request.ctx.companyId;
    this.access ??= new AccessCache(companyId);
    const access = await this.access.authorize(directory(this.env), keyHash);
    const refusal = accessRefusal(access, companyId, demand);
    if (refusal) return failure(refusal, false);
    const key = access.key!;
    return {
      ...request,
      ctx: {
        ...request.ctx,
        apiKeyId: key.apiKeyId,
        userId: key.userId,
        role: access.membership?.role ?? request.ctx.role,
        unattendedCommitLimitOre: key.unattendedCommitLimitOre,
      },
    };
  }

  /** The key (by hash) and its user's role in this company, for a write about to be dispatched here. */
  authorize(companyId: string, keyHash: string): Promise<Access> {
    this.access ??= new AccessCache(companyId);
    return this.access.authorize(directory(this.env), keyHash);
  }

  /**
   * Records a move of the company's books to database `to`, closes the company's writes and
   * starts the move (in the alarm, so that it outlives the request that asked). Refused while
   * another move of it has work left.
   */
  async requestMove(companyId: string, to: string, now: string): Promise<MoveRequestAnswer> {
    const dir = directory(this.env);
    const from = await homeOf(dir, companyId);
    if (!from) return { refused: "NOT_FOUND", message: "No such company." };
    if (from === to) return { refused: "VALIDATION_ERROR", message: `The company's books are in ${to} already.` };
    if ((await pendingMoves(dir, companyId)).length)
      return { refused: "CONFLICT", message: "Another move of this company is under way." };
    const move = await recordMove(dir, companyId, from, to, newId(), now);
    await this.closeWrites(move.id);
    await this.resumeMoves(companyId);
    return { move };
  }

  /** Sets the alarm to carry the company's pending move on (the minute sweep of stalled moves). */
  async resumeMove(companyId: string): Promise<void> {
    await this.resumeMoves(companyId);
  }

  private async resumeMoves(companyId: string): Promise<void> {
    await this.ctx.storage.put("companyId", companyId);
    await this.ctx.storage.setAlarm(Date.now());
  }

  private async closeWrites(moveId: string): Promise<void> {
    if (this.movingId === moveId) return;
    this.movingId = moveId;
    await this.ctx.storage.put("moving", moveId);
  }

  private async openWrites(): Promise<void> {
    if (this.movingId === null) return;
    this.movingId = null;
    await this.ctx.storage.delete("moving");
  }

  /**
   * The alarm runs the next step of the company's move, one step per invocation (each under
   * D1's queries per invocation), and sets itself for the one after. A step that throws (a
   * crash) is retried by the runtime (alarms are at least once); the step resumes where it stopped.
   */
  async alarm(): Promise<void> {
    const companyId = await this.ctx.storage.get<string>("companyId");
    if (!companyId) return;
    const [move] = await pendingMoves(directory(this.env), companyId);
    if (!move) return this.openWrites();
    const outcome = await this.stepMove(move.id, {});
    const at = outcome && this.nextStepAt(outcome);
    if (at) await this.ctx.storage.setAlarm(at);
  }

  /** When the move's next step is due; null when it has ended. */
  private nextStepAt({ move, retryLater, waitMs }: StepOutcome): number | null {
    if (move.status === "succeeded" || move.status === "failed") return null;
    if (retryLater) return Date.now() + 60_000;
    const pause = Number(this.env.MOVE_STEP_PAUSE_MS ?? "0");
    return Date.now() + Math.max(waitMs, Number.isFinite(pause) && pause > 0 ? pause : 0);
  }

  /**
   * One step of a move, in the writer's line (no command of the company runs beside it).
   * `faults` only from a test (test/integration/company-move.test.ts), which runs steps itself.
   */
  async runMove(moveId: string, faults: MoveFaults = {}): Promise<MoveRow | null> {
    return (await this.stepMove(moveId, faults))?.move ?? null;
  }

  private stepMove(moveId: string, faults: MoveFaults): Promise<StepOutcome | null> {
    const run = this.tail.then(async () => {
      const outcome = await stepMove(this.env, moveId, nowIso, this.graceMs(), faults);
      if (!outcome) return null;
      const { move } = outcome;
      if (closesWrites(move.status)) await this.closeWrites(move.id);
      else if (this.movingId === move.id) await this.openWrites();
      // after the switch nothing held of the old home is kept: the home, the state, the access
      if (outcome.switched) {
        this.home = move.toDatabase;
        this.state?.forget();
        this.access = null;
      }
      return outcome;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Milliseconds between a move's switch and the deletion of the rows it left (MOVE_CLEANUP_GRACE_SECONDS, default 90). */
  private graceMs(): number {
    const grace = Number(this.env.MOVE_CLEANUP_GRACE_SECONDS ?? "90");
    return (Number.isFinite(grace) && grace >= 0 ? grace : 90) * 1000;
  }

  /**
   * Drops what the object holds: `state` the company's state (after a write outside a
   * command), `keyHash` a revoked key, `userId` a user whose role changed.
   */
  forget(what: ForgetWhat): void {
    if (what.state) this.state?.forget();
    if (what.keyHash) this.access?.forgetKey(what.keyHash);
    if (what.userId) this.access?.forgetUser(what.userId);
  }
}
