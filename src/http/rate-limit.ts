// 100 requests per minute per key (spec: Limits). The counter lives in one Durable
// Object per key (named by the SHA-256 of the bearer), so every isolate of the Worker
// sees the same window. The Worker asks it beside the key lookup (src/http/auth.ts),
// not after it: a bearer that turns out to be no key has counted against a window that
// belongs to no one, and is answered 401 whatever the count says.
import type { Context, Next } from "hono";
import type { RateVerdict } from "../../durable-objects/rate-limiter";
import type { Env } from "../env";
import { ApiError } from "./api-error";
import type { AppEnv } from "./context";

export type LimitVerdict = RateVerdict & { limit: number };

/** Counts one request against the key's window. */
export async function countRequest(env: Env, keyHash: string): Promise<LimitVerdict> {
  const limit = Number(env.RATE_LIMIT_PER_MINUTE) || 100;
  const verdict = await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyHash)).hit(limit);
  return { ...verdict, limit };
}

function rateHeaders(verdict: LimitVerdict): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(verdict.limit),
    "X-RateLimit-Remaining": String(verdict.remaining),
    "X-RateLimit-Reset": String(verdict.resetAt),
  };
}

/** The refusal of a request beyond the window. */
export function rateLimited(verdict: LimitVerdict): ApiError {
  return new ApiError("RATE_LIMITED", { limit: verdict.limit, reset_at: verdict.resetAt }, undefined, {
    ...rateHeaders(verdict),
    "Retry-After": String(verdict.retryAfterSeconds),
  });
}

/** The window's headers on an answer that went through. */
export function setRateHeaders(c: Context<AppEnv>, verdict: LimitVerdict): void {
  for (const [k, v] of Object.entries(rateHeaders(verdict))) c.header(k, v);
}

/** RATE_LIMITED when the window is full; otherwise the request goes on, and its answer carries the window's headers. */
export async function withinRateLimit(c: Context<AppEnv>, verdict: LimitVerdict, next: Next): Promise<void> {
  if (!verdict.allowed) throw rateLimited(verdict);
  await next();
  setRateHeaders(c, verdict);
}
