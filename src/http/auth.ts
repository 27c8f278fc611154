// Bearer authentication with API keys (spec: Authentication). Keys are stored as
// SHA-256 hashes: they are long random strings, so a fast hash is the right one.
// The key lookup and the rate limiter's count run side by side (src/http/rate-limit.ts).
import { createMiddleware } from "hono/factory";
import { database } from "../db/client";
import { companyOfPath, readAccess } from "./access";
import { ApiError } from "./api-error";
import type { AppEnv } from "./context";
import { sha256Hex } from "./crypto";
import { countRequest, withinRateLimit } from "./rate-limit";

export const KEY_PATTERN = /^service_sk_(live|test)_[0-9A-Za-z]{20,}$/;

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match || !KEY_PATTERN.test(match[1])) throw new ApiError("UNAUTHORIZED");
  const hash = await sha256Hex(match[1]);
  // A company write is about to go to the company's writer anyway: that object answers
  // from what it holds (no D1 round trip when warm). Anything else reads the key and,
  // for a company path, the membership in one query (src/http/access.ts).
  const companyId = companyOfPath(c.req.path);
  const [access, verdict] = await Promise.all([
    companyId && c.req.method !== "GET" && c.req.method !== "HEAD"
      ? c.env.COMPANY_WRITER.get(c.env.COMPANY_WRITER.idFromName(companyId)).authorize(companyId, hash)
      : readAccess(database(c.env), hash, companyId),
    countRequest(c.env, hash),
  ]);
  if (!access.key) throw new ApiError("UNAUTHORIZED");
  const key = access.key;
  c.set("auth", {
    apiKeyId: key.apiKeyId,
    userId: key.userId,
    scopes: key.scopes,
    mode: key.mode,
    unattendedCommitLimitOre: key.unattendedCommitLimitOre,
  });
  if (companyId) c.set("access", { companyId, membership: access.membership });
  await withinRateLimit(c, verdict, next);
});

export function hasScope(scopes: string[], required: string): boolean {
  return scopes.includes("*") || scopes.includes(required);
}

export function requireScope(scope: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!hasScope(c.get("auth").scopes, scope)) {
      throw new ApiError("INSUFFICIENT_SCOPE", { required_scope: scope }, `This endpoint requires the scope ${scope}.`);
    }
    await next();
  });
}
