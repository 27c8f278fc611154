// Hands a command to its company's writer (the CompanyWriter Durable Object), which
// runs the company's commands one at a time. The HTTP pipeline submits requests
// this way, and so does background work (import chunks, scheduled sweeps): every
// company write has one door.
import type { Env } from "../env";
import type { RequestContext } from "./plan";
import type { CommandRequest, CommandResult } from "./runner";

export async function submit(env: Env, req: CommandRequest): Promise<CommandResult> {
  const stub = env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(req.ctx.companyId));
  return (await stub.execute(req)) as CommandResult;
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
