// 100 requests per minute per key (spec: Limits). The window lives in one Durable
// Object per key (named by the SHA-256 of the bearer), so every isolate of the Worker
// counts against the same window. The Worker asks it beside the key lookup
// (src/http/auth.ts), not after it: a bearer that turns out to be no key has counted
// against a window that belongs to no one, and is answered 401 whatever the count says.
//
// The object grants this isolate up to LEASE requests of the window at a time, which the
// isolate then spends itself: most requests make no call to it (the call was a tenth of
// a write's cost, docs/scaling.md). The limit holds exactly: nothing is granted beyond it.
// The price is that requests granted to one isolate and not used there are not available
// to another until the window resets (at most LEASE - 1 a key and isolate, and only while
// a quarter of the window is still free; near the limit the object grants one at a time).
// X-RateLimit-Remaining is the window's ungranted requests plus what this isolate holds:
// exact for a key served by one isolate, an upper bound across several.
import type { Context, Next } from "hono";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";

export interface RateGrant {
  /** requests of the window granted by this call (0: the window is full) */
  granted: number;
  /** requests of the window not granted to anyone yet, after this call */
  ungranted: number;
  /** unix seconds when the window resets */
  resetAt: number;
}

/** The key's RateLimiter Durable Object (durable-objects/rate-limiter.ts implements it). */
export interface RateLimiterRpc {
  grant(limit: number, want: number): Promise<RateGrant>;
}

function rateLimiter(env: Env, keyHash: string): RateLimiterRpc {
  // the binding's class implements RateLimiterRpc (checked there); its stub answers it by RPC
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyHash)) as unknown as RateLimiterRpc;
}

export interface LimitVerdict {
  allowed: boolean;
  remaining: number;
  /** unix seconds when the window resets */
  resetAt: number;
  retryAfterSeconds: number;
  limit: number;
}

/** Requests asked of the key's window at a time. */
const LEASE = 8;
/** Keys whose leases an isolate keeps before it drops those of past windows. */
const MAX_LEASES = 1000;

interface Lease {
  limit: number;
  resetAt: number;
  /** granted to this isolate, not yet spent */
  held: number;
  /** not granted to anyone when last asked */
  ungranted: number;
}

const leases = new Map<string, Lease>();

function verdict(lease: Lease, allowed: boolean, nowMs: number): LimitVerdict {
  return {
    allowed,
    remaining: allowed ? lease.ungranted + lease.held : 0,
    resetAt: lease.resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil(lease.resetAt - nowMs / 1000)),
    limit: lease.limit,
  };
}

/** The asks of a window's object under way from this isolate: one a key at a time. */
const asking = new Map<string, Promise<unknown>>();

/**
 * Counts one request against the key's window: from what this isolate holds, else asked
 * of the window's object. One ask a key at a time, and requests that arrive meanwhile
 * wait for it: so no request is refused while this isolate holds, or is being granted,
 * a request of the window that it could take.
 */
export async function countRequest(env: Env, keyHash: string): Promise<LimitVerdict> {
  const limit = Number(env.RATE_LIMIT_PER_MINUTE) || 100;
  for (;;) {
    const lease = leases.get(keyHash);
    if (lease && lease.limit === limit && lease.held > 0 && Date.now() < lease.resetAt * 1000) {
      lease.held--;
      return verdict(lease, true, Date.now());
    }
    const pending = asking.get(keyHash);
    if (pending) {
      await pending;
      continue;
    }
    const ask = rateLimiter(env, keyHash).grant(limit, LEASE);
    asking.set(
      keyHash,
      ask.catch(() => undefined),
    );
    let grant: RateGrant;
    try {
      grant = await ask;
    } finally {
      asking.delete(keyHash);
    }
    const kept = keep(keyHash, limit, grant);
    if (grant.granted === 0) return verdict(kept, false, Date.now());
  }
}

/** The lease after a grant, joined with what is still held of the same window. */
function keep(keyHash: string, limit: number, grant: RateGrant): Lease {
  const before = leases.get(keyHash);
  const same = before && before.limit === limit && before.resetAt === grant.resetAt;
  const lease: Lease = {
    limit,
    resetAt: grant.resetAt,
    held: (same ? before.held : 0) + grant.granted,
    ungranted: same ? Math.min(before.ungranted, grant.ungranted) : grant.ungranted,
  };
  leases.delete(keyHash);
  leases.set(keyHash, lease);
  if (leases.size > MAX_LEASES) {
    const now = Date.now() / 1000;
    for (const [k, l] of leases) if (l.resetAt <= now || leases.size > MAX_LEASES) leases.delete(k);
  }
  return lease;
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

/**
 * One attempt against a named window of `limit` a minute (sign-in: links asked per address and per
 * client address, codes and passkeys tried; OAuth: registrations and token requests). The same
 * Durable Object per name as the keys' windows, asked for one at a time (no lease: these are rare).
 * RATE_LIMITED with Retry-After when the window is full.
 */
export async function countAttempt(env: Env, name: string, limit: number): Promise<void> {
  const grant = await rateLimiter(env, `attempt:${name}`).grant(limit, 1);
  if (grant.granted > 0) return;
  const lease: Lease = { limit, resetAt: grant.resetAt, held: 0, ungranted: 0 };
  throw rateLimited(verdict(lease, false, Date.now()));
}
