// Bearer authentication with API keys (spec: Authentication). Keys are stored as
// SHA-256 hashes: they are long random strings, so a fast hash is the right one.
// The key lookup and the rate limiter's count run side by side (src/http/rate-limit.ts).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { directory } from "../db/homes";
import type { Env } from "../env";
import {
  accessRefusal,
  companyOfPath,
  expired,
  hasScope,
  readAccess,
  type Access,
  type AccessWriter,
  type Membership,
} from "./access";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";
import { sha256Hex } from "./crypto";
import { countRequest, type LimitVerdict, rateLimited, setRateHeaders, withinRateLimit } from "./rate-limit";
import { heldAccess, keepAccess, WriterCheck } from "./writer-access";

/** An API key, a dashboard session (service_ss_) or an OAuth access token (service_at_): docs/sign-in-and-oauth.md. */
export const KEY_PATTERN = /^service_(?:sk_(?:live|test)|ss|at)_[0-9A-Za-z]{20,}$/;

/** A session's calls about no company say which companies they mean: `X-Service-Mode: test` for sandbox ones. */
export const SESSION_MODE_HEADER = "X-Service-Mode";

/**
 * The gate's key half, around the handler: before it, the key (and, for a company path,
 * the membership) is read and the request counted; after it, a company write whose answer
 * rests on an access this isolate held is confirmed with the writer unless `execute` did.
 * The route's half (scope, membership, role) is routeGate (src/http/company-access.ts);
 * both refuse through accessRefusal (src/http/access.ts).
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const opened = await beforeHandler(c);
  if (!opened.check?.held) return withinRateLimit(c, await opened.counting, next);
  let thrown: unknown = null;
  try {
    await next();
  } catch (err) {
    thrown = err;
  }
  await afterHandler(c, opened.check, await opened.counting);
  if (thrown) throw thrown;
});

interface Opened {
  /** the rate limiter's count of this request, on its way */
  counting: Promise<LimitVerdict>;
  /** a company write's access check, when the path names a company */
  check: WriterCheck | null;
}

/** Reads the key's access and starts counting the request; sets c.var.auth and c.var.access. */
async function beforeHandler(c: Context<AppEnv>): Promise<Opened> {
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
  const access =
    held ?? (await (write ? askWriter(c.env, companyId, hash) : readAccess(directory(c.env), hash, companyId)));
  if (!access.key || expired(access.key)) throw new ApiError("UNAUTHORIZED");
  const key = access.key;
  c.set("auth", {
    apiKeyId: key.apiKeyId,
    userId: key.userId,
    scopes: key.scopes,
    mode: key.kind === "session" ? sessionMode(c, access.membership) : key.mode,
    unattendedCommitLimitOre: key.unattendedCommitLimitOre,
    staging: key.staging,
    apiVersion: key.apiVersion,
    kind: key.kind,
    companyIds: key.companyIds,
    expiresAtMs: key.expiresAtMs,
  });
  if (companyId) c.set("access", { companyId, membership: access.membership });
  if (!write) return { counting, check: null };
  const check = new WriterCheck(hash, companyId, !!held);
  c.set("writerCheck", check);
  // The access came from this isolate's memory, and the rate limiter's count is still
  // on its way: the route's checks run meanwhile, dispatch waits for the count before
  // the write goes to the writer (rateGate), and the answer waits for it in any case.
  if (held)
    c.set("rateGate", async () => {
      const verdict = await counting;
      if (!verdict.allowed) throw rateLimited(verdict);
    });
  return { counting, check };
}

/** A session acts in the company's own mode (sandbox: test), elsewhere in the one its header asks (default live). */
function sessionMode(c: Context<AppEnv>, membership: Membership | null): "live" | "test" {
  if (membership) return membership.isSandbox ? "test" : "live";
  return c.req.header(SESSION_MODE_HEADER)?.trim().toLowerCase() === "test" ? "test" : "live";
}

/**
 * After the handler of a write whose access this isolate held: unless `execute` verified
 * it, the writer is asked before the answer leaves, and its refusal is the answer; then the
 * limit's; then the route's own (the caller rethrows it).
 */
async function afterHandler(c: Context<AppEnv>, check: WriterCheck, verdict: LimitVerdict): Promise<void> {
  if (check.needsWriter) {
    const exact = await askWriter(c.env, check.companyId, check.keyHash);
    // no route declared (an unknown path): only the key was checked here before
    const route = c.get("writeOptions");
    const refusal = accessRefusal(exact, check.companyId, route ?? { scope: null, company: false, write: false });
    if (refusal) throw refusal;
  }
  if (!verdict.allowed) throw rateLimited(verdict);
  setRateHeaders(c, verdict);
}

/** The company writer's answer (CompanyWriter.authorize), kept by this isolate when positive. */
async function askWriter(env: Env, companyId: string, hash: string): Promise<Access> {
  // the binding's class implements AccessWriter (checked there); its stub answers it by RPC
  const writer = env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId)) as unknown as AccessWriter;
  const access = await writer.authorize(companyId, hash);
  keepAccess(hash, companyId, access);
  return access;
}

export { hasScope };
