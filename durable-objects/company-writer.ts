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

export class CompanyWriter extends DurableObject<Env> implements CommandWriter, AccessWriter {
  private tail: Promise<unknown> = Promise.resolve();
  private state: CompanyState | null = null;
  private access: AccessCache | null = null;
  /** the company's home database (src/db/homes.ts), read from the directory once and held */
  private home: string | null = null;

  execute(request: CommandRequest): Promise<CommandResult> {
    const state = (this.state ??= new CompanyState(request.ctx.companyId));
    const run = this.tail.then(async () => {
      const verified = request.access ? await this.verify(request) : request;
      if ("ok" in verified) return verified;
      const home = await this.homeFor(verified);
      if (home instanceof ApiError) return failure(home, verified.ctx.dryRun);
      const result = await runCommand(WIRING, { ...this.env, DB: bindingOf(this.env, home) }, verified, state);
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
   * Drops what the object holds: `state` the company's state (after a write outside a
   * command), `keyHash` a revoked key, `userId` a user whose role changed.
   */
  forget(what: ForgetWhat): void {
    if (what.state) this.state?.forget();
    if (what.keyHash) this.access?.forgetKey(what.keyHash);
    if (what.userId) this.access?.forgetUser(what.userId);
  }
}
