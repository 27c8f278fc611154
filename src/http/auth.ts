// Bearer authentication with API keys (spec: Authentication). Keys are stored as
// SHA-256 hashes: they are long random strings, so a fast hash is the right one.
// The key lookup and the rate limiter's count run side by side (src/http/rate-limit.ts).
import { createMiddleware } from "hono/factory";
import { database } from "../db/client";
import type { Env } from "../env";
import { accessRefusal, companyOfPath, hasScope, readAccess, type Access, type AccessWriter } from "./access";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";
import { sha256Hex } from "./crypto";
import { countRequest, rateLimited, setRateHeaders, withinRateLimit } from "./rate-limit";
import { heldAccess, keepAccess } from "./writer-access";

export const KEY_PATTERN = /^service_sk_(live|test)_[0-9A-Za-z]{20,}$/;

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match || !KEY_PATTERN.test(match[1])) throw new ApiError("UNAUTHORIZED");
  const hash = await sha256Hex(match[1]);
  // A company write goes to the company's writer anyway: that object answers from what
  // it holds (no D1 round trip when warm), and this isolate keeps its answers a minute
  // (src/http/writer-access.ts) so the write then makes one call to it, `execute`, which
  // verifies the access itself first. Anything else reads the key and, for a company
  // path, the membership in one query (src/http/access.ts).
  const companyId = companyOfPath(c.req.path);
  const write = !!companyId && c.req.method !== "GET" && c.req.method !== "HEAD";
  const held = write ? heldAccess(hash, companyId) : null;
  const counting = countRequest(c.env, hash);
  const [access, early] = held
    ? [held, null]
    : await Promise.all([
        write ? askWriter(c.env, companyId, hash) : readAccess(database(c.env), hash, companyId),
        counting,
      ]);
  if (!access.key) throw new ApiError("UNAUTHORIZED");
  const key = access.key;
  c.set("auth", {
    apiKeyId: key.apiKeyId,
    userId: key.userId,
    scopes: key.scopes,
    mode: key.mode,
    unattendedCommitLimitOre: key.unattendedCommitLimitOre,
    apiVersion: key.apiVersion,
  });
  if (companyId) c.set("access", { companyId, membership: access.membership });
  if (!write) return withinRateLimit(c, early!, next);
  c.set("writerAccess", { keyHash: hash, companyId, held: !!held, verified: false });
  if (!held) return withinRateLimit(c, early!, next);
  // The access came from this isolate's memory, and the rate limiter's count is still
  // on its way: the route's checks run meanwhile, dispatch waits for the count before
  // the write goes to the writer (rateGate), and the answer waits for it in any case.
  // Unless `execute` verified the access, the writer is asked before the answer leaves,
  // and its refusal is the answer; then the limit's; then the route's own.
  c.set("rateGate", async () => {
    const verdict = await counting;
    if (!verdict.allowed) throw rateLimited(verdict);
  });
  let thrown: unknown = null;
  try {
    await next();
  } catch (err) {
    thrown = err;
  }
  const verdict = await counting;
  if (!c.get("writerAccess")?.verified) {
    const exact = await askWriter(c.env, companyId, hash);
    // no route declared (an unknown path): only the key was checked here before
    const route = c.get("writeOptions");
    const refusal = accessRefusal(exact, companyId, route ?? { scope: null, company: false, write: false });
    if (refusal) throw refusal;
  }
  if (!verdict.allowed) throw rateLimited(verdict);
  if (thrown) throw thrown;
  setRateHeaders(c, verdict);
});

/** The company writer's answer (CompanyWriter.authorize), kept by this isolate when positive. */
async function askWriter(env: Env, companyId: string, hash: string): Promise<Access> {
  // the binding's class implements AccessWriter (checked there); its stub answers it by RPC
  const writer = env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId)) as unknown as AccessWriter;
  const access = await writer.authorize(companyId, hash);
  keepAccess(hash, companyId, access);
  return access;
}

export { hasScope };
