// One instance per company (named by the company id). It runs that company's writes
// strictly one after another: the input gate of a Durable Object does not serialise
// across awaited D1 calls, so the queue is explicit. Voucher numbers and idempotency
// keys are therefore decided by a single writer.
import { DurableObject } from "cloudflare:workers";
import { runCommand, type CommandRequest, type CommandResult } from "../src/commands/runner";
import type { Env } from "../src/env";

export class CompanyWriter extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();

  execute(request: CommandRequest): Promise<CommandResult> {
    const run = this.tail.then(() => runCommand(this.env, request));
    this.tail = run.catch(() => undefined);
    return run;
  }
}
