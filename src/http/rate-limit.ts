// 100 requests per minute per key (spec: Limits). The counter lives in one Durable
// Object per key, so every isolate of the Worker sees the same window.
import { createMiddleware } from "hono/factory";
import { ApiError } from "./api-error";
import type { AppEnv } from "./context";

export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const limit = Number(c.env.RATE_LIMIT_PER_MINUTE) || 100;
  const stub = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(c.get("auth").apiKeyId));
  const verdict = await stub.hit(limit);
  const headers = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(verdict.remaining),
    "X-RateLimit-Reset": String(verdict.resetAt),
  };
  if (!verdict.allowed) {
    throw new ApiError("RATE_LIMITED", { limit, reset_at: verdict.resetAt }, undefined, {
      ...headers,
      "Retry-After": String(verdict.retryAfterSeconds),
    });
  }
  await next();
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
});
