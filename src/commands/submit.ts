// Hands a command to its company's writer (the CompanyWriter Durable Object), which
// runs the company's commands one at a time. The HTTP pipeline submits requests
// this way, and so does background work (import chunks, scheduled sweeps): every
// company write has one door.
import type { Env } from "../env";
import type { RequestContext } from "./plan";
import type { CommandResult } from "./result";
import type { CommandRequest } from "./runner";

/** What a write tells a writer to drop: see `forgetInWriter`. */
export interface ForgetWhat {
  state?: boolean;
  keyHash?: string;
  userId?: string;
}

/** The company's writer as the write path calls it (durable-objects/company-writer.ts implements it). */
export interface CommandWriter {
  execute(request: CommandRequest): Promise<CommandResult>;
  forget(what: ForgetWhat): void | Promise<void>;
}

/** The company's writer, by its id. */
export function companyWriter(env: Pick<Env, "COMPANY_WRITER">, companyId: string): CommandWriter {
  // the binding's class implements CommandWriter (checked there); its stub answers it by RPC
  return env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId)) as unknown as CommandWriter;
}

export async function submit(env: Env, req: CommandRequest): Promise<CommandResult> {
  return companyWriter(env, req.ctx.companyId).execute(req);
}

/**
 * Tells a company's writer to drop what it holds after a write that did not pass through
 * it (src/writer/company-state.ts, src/http/access.ts): `state` after a change of the
 * company's state tables outside a command, `keyHash` a revoked key, `userId` a changed role.
 */
export async function forgetInWriter(
  env: Pick<Env, "COMPANY_WRITER">,
  companyId: string,
  what: ForgetWhat,
): Promise<void> {
  await companyWriter(env, companyId).forget(what);
}

/** Who background work acts as: the service itself, or the caller that started it. */
export function backgroundContext(
  env: Pick<Env, "SERVICE_VERSION">,
  companyId: string,
  requestId: string,
  now: string,
  actor?: { apiKeyId: string; userId: string },
  dryRun = false,
): RequestContext {
  return {
    companyId,
    requestId,
    apiKeyId: actor?.apiKeyId ?? "system",
    userId: actor?.userId ?? "system",
    role: "owner",
    unattendedCommitLimitOre: null,
    dryRun,
    now,
    apiVersion: env.SERVICE_VERSION,
  };
}
