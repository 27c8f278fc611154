// One instance per API key: a fixed one-minute window. Kept in memory; if the object
// is evicted the window starts afresh, which can only ever be in the caller's favour
// by at most one window.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";

export interface RateVerdict {
  allowed: boolean;
  remaining: number;
  /** unix seconds when the window resets */
  resetAt: number;
  retryAfterSeconds: number;
}

export class RateLimiter extends DurableObject<Env> {
  private windowStart = 0;
  private count = 0;

  hit(limit: number): RateVerdict {
    const now = Date.now();
    const window = Math.floor(now / 60_000) * 60_000;
    if (window !== this.windowStart) {
      this.windowStart = window;
      this.count = 0;
    }
    const resetMs = window + 60_000;
    const allowed = this.count < limit;
    if (allowed) this.count++;
    return {
      allowed,
      remaining: Math.max(0, limit - this.count),
      resetAt: Math.floor(resetMs / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((resetMs - now) / 1000)),
    };
  }
}
