// One instance per company (named by the company id). It runs that company's writes
// strictly one after another: the input gate of a Durable Object does not serialise
// across awaited D1 calls, so the queue is explicit. Voucher numbers and idempotency
// keys are therefore decided by a single writer.
//
// Because every write of the company passes here, the object also holds the company's
// slow-changing state (src/commands/company-state.ts: periods, settings, chart,
// dimensions, webhooks, next voucher numbers) and the access answers for its company
// (src/http/access.ts: keys and roles), so a warm write reads neither from D1. Both are
// dropped by the object itself after a batch that writes their tables, or by `forget`
// from the few paths that write outside a command. A restart starts cold.
import { DurableObject } from "cloudflare:workers";
import { CompanyState } from "../src/commands/company-state";
import { runCommand, type CommandRequest, type CommandResult } from "../src/commands/runner";
import { database } from "../src/db/client";
import type { Env } from "../src/env";
import { AccessCache, type Access } from "../src/http/access";

export class CompanyWriter extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();
  private state: CompanyState | null = null;
  private access: AccessCache | null = null;

  execute(request: CommandRequest): Promise<CommandResult> {
    const state = (this.state ??= new CompanyState(request.ctx.companyId));
    const run = this.tail.then(() => runCommand(this.env, request, state));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The key (by hash) and its user's role in this company, for a write about to be dispatched here. */
  authorize(companyId: string, keyHash: string): Promise<Access> {
    this.access ??= new AccessCache(companyId);
    return this.access.authorize(database(this.env), keyHash);
  }

  /**
   * Drops what the object holds: `state` the company's state (after a write outside a
   * command), `keyHash` a revoked key, `userId` a user whose role changed.
   */
  forget(what: { state?: boolean; keyHash?: string; userId?: string }): void {
    if (what.state) this.state?.forget();
    if (what.keyHash) this.access?.forgetKey(what.keyHash);
    if (what.userId) this.access?.forgetUser(what.userId);
  }
}
