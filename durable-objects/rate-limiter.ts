// One instance per API key: a fixed one-minute window. Kept in memory; if the object
// is evicted the window starts afresh, which can only ever be in the caller's favour
// by at most one window.
//
// The object grants requests of the window, not single counts: a Worker isolate asks
// for a few at a time and counts them itself (src/http/rate-limit.ts), so most requests
// need no call here. Never more than `limit` are granted in a window, so the limit is
// never exceeded; near it, one at a time, so a key served by one isolate is refused at
// exactly the 101st request.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";
import type { RateGrant, RateLimiterRpc } from "../src/http/rate-limit";

export class RateLimiter extends DurableObject<Env> implements RateLimiterRpc {
  private windowStart = 0;
  private count = 0;

  async grant(limit: number, want: number): Promise<RateGrant> {
    const window = Math.floor(Date.now() / 60_000) * 60_000;
    if (window !== this.windowStart) {
      this.windowStart = window;
      this.count = 0;
    }
    const left = Math.max(0, limit - this.count);
    // a batch only while plenty is left, so that what an idle isolate holds is small
    const granted = left === 0 ? 0 : left >= 4 * want ? want : 1;
    this.count += granted;
    return { granted, ungranted: left - granted, resetAt: Math.floor((window + 60_000) / 1000) };
  }
}
