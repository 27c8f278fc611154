// Bearer authentication with API keys (spec: Authentication). Keys are stored as
// SHA-256 hashes: they are long random strings, so a fast hash is the right one.
import { and, eq, isNull } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { database } from "../db/client";
import { apiKeys } from "../db/schema";
import { ApiError } from "./api-error";
import type { AppEnv } from "./context";
import { sha256Hex } from "./crypto";

export const KEY_PATTERN = /^service_sk_(live|test)_[0-9A-Za-z]{20,}$/;

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match || !KEY_PATTERN.test(match[1])) throw new ApiError("UNAUTHORIZED");
  const hash = await sha256Hex(match[1]);
  const key = await database(c.env)
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .get();
  if (!key) throw new ApiError("UNAUTHORIZED");
  c.set("auth", {
    apiKeyId: key.id,
    userId: key.userId,
    scopes: key.scopes,
    mode: key.mode,
    unattendedCommitLimitOre: key.unattendedCommitLimitOre,
  });
  await next();
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
