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
import { nowIso, nowMs } from "../src/clock";
import { newId } from "../src/ids";
import {
  cleanUp,
  copyAndSwitch,
  type MoveFaults,
  type CompanyMover,
  type MoveRequestAnswer,
  type MoveRow,
  loadMove,
  movingRefusal,
  pendingMoves,
  recordMove,
} from "../src/writer/move";

export class CompanyWriter extends DurableObject<Env> implements CommandWriter, AccessWriter, CompanyMover {
  private tail: Promise<unknown> = Promise.resolve();
  private state: CompanyState | null = null;
  private access: AccessCache | null = null;
  /** the company's home database (src/db/homes.ts), read from the directory once and held */
  private home: string | null = null;

  /** the move under way (src/writer/move.ts): commands are refused until its switch */
  private moving: MoveRow | null = null;

  execute(request: CommandRequest): Promise<CommandResult> {
    if (this.moving) return Promise.resolve(failure(movingRefusal(), request.ctx.dryRun));
    const state = (this.state ??= new CompanyState(request.ctx.companyId));
    const run = this.tail.then(async () => {
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
    if (!this.home && (await pendingMoves(directory(this.env), companyId)).some((m) => m.status !== "cleaning")) {
      // a move this object started before it restarted: its alarm carries it on
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
   * Records a move of the company's books to database `to` and starts it (in the alarm, so
   * that it outlives the request that asked). Refused while another move of it has work left.
   */
  async requestMove(companyId: string, to: string, now: string): Promise<MoveRequestAnswer> {
    const dir = directory(this.env);
    const from = await homeOf(dir, companyId);
    if (!from) return { refused: "NOT_FOUND", message: "No such company." };
    if (from === to) return { refused: "VALIDATION_ERROR", message: `The company's books are in ${to} already.` };
    if ((await pendingMoves(dir, companyId)).length)
      return { refused: "CONFLICT", message: "Another move of this company is under way." };
    const move = await recordMove(dir, companyId, from, to, newId(), now);
    await this.resumeMoves(companyId);
    return { move };
  }

  private async resumeMoves(companyId: string): Promise<void> {
    await this.ctx.storage.put("companyId", companyId);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** The alarm carries the company's moves on: a move to copy and switch, or a cleanup due. */
  async alarm(): Promise<void> {
    const companyId = await this.ctx.storage.get<string>("companyId");
    if (!companyId) return;
    for (const move of await pendingMoves(directory(this.env), companyId)) {
      const ended = await this.runMove(move.id);
      if (ended?.status === "cleaning") await this.ctx.storage.setAlarm(Date.now() + this.cleanupDelayMs(ended));
    }
  }

  /**
   * One move's next step, in the writer's line: copy and switch, or clean up once the grace
   * has passed. `faults` only from a test (test/integration/company-move.test.ts).
   */
  async runMove(moveId: string, faults: MoveFaults = {}): Promise<MoveRow | null> {
    const run = this.tail.then(() => this.moveStep(moveId, faults));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async moveStep(moveId: string, faults: MoveFaults): Promise<MoveRow | null> {
    const dir = directory(this.env);
    const move = await loadMove(dir, moveId);
    if (!move || move.status === "succeeded" || move.status === "failed") return move ?? null;
    if (move.status === "cleaning") {
      if (this.cleanupDelayMs(move) > 0) return move;
      return cleanUp(this.env, move, nowIso, faults).catch(async (err) => {
        // tried again by the alarm; the books are whole in the new home meanwhile
        console.error("move cleanup failed; retried", move.id, err);
        await this.ctx.storage.setAlarm(Date.now() + 60_000);
        return { ...move, error: { step: "cleanup", message: String(err) } };
      });
    }
    this.moving = move;
    try {
      const ended = await copyAndSwitch(this.env, move, nowIso, faults);
      // after the switch nothing held of the old home is kept: the home, the state, the access
      if (ended.status === "cleaning") {
        this.home = move.toDatabase;
        this.state?.forget();
        this.access = null;
      }
      return ended;
    } finally {
      this.moving = null;
    }
  }

  /** Milliseconds until the rows a switched move left may be deleted (MOVE_CLEANUP_GRACE_SECONDS, default 90). */
  private cleanupDelayMs(move: MoveRow): number {
    const grace = Number(this.env.MOVE_CLEANUP_GRACE_SECONDS ?? "90");
    const due = Date.parse(move.updatedAt) + (Number.isFinite(grace) ? grace : 90) * 1000;
    // the service's clock, as `updatedAt` was written by it (nowIso): Date.now() differs from it
    // when a test has moved the clock, and the cleanup then waited that long
    return Math.max(0, due - nowMs());
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
