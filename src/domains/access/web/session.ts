// The session of the service's own pages, and their CSRF protection (docs/sign-in-and-oauth.md).
//
// A session is an api_keys row of kind "session": the cookie's value is its bearer (service_ss_...),
// stored as its SHA-256, so the pages call the API with it and every check a key meets applies
// (src/http/auth.ts). Revoking a session is revoking that row.
//
// CSRF: every form POST of the pages carries the value of the __Host-csrf cookie in a hidden field
// (double submit: a page of another origin can neither read the cookie nor set a __Host- one), and
// its Origin (or, without one, its Referer) must be this origin when the browser sends it. The
// session cookie is SameSite=Lax besides, so a cross-site POST does not carry it at all.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { nowMs } from "../../../clock";
import { directory } from "../../../db/homes";
import { apiKeys, users } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { randomToken, sha256Hex, timingSafeEqual } from "../../../http/crypto";
import { cookieOf, setCookie } from "./html";

export const SESSION_COOKIE = "__Host-session";
export const CSRF_COOKIE = "__Host-csrf";
/** A sign-in waiting for its second step. */
export const PENDING_COOKIE = "__Host-pending";

/** Sessions last 8 hours from sign-in, then the user signs in again (no sliding renewal). */
export const SESSION_TTL_MS = 8 * 3600_000;

export interface PageSession {
  /** the cookie's value: the bearer the pages call the API with */
  token: string;
  sessionId: string;
  userId: string;
  email: string;
  name: string;
}

/** The signed-in user of this request, or null (no cookie, unknown, revoked or expired session). */
export async function currentSession(c: Context<AppEnv>): Promise<PageSession | null> {
  const token = cookieOf(c, SESSION_COOKIE);
  if (!token || !/^service_ss_[0-9A-Za-z]{20,}$/.test(token)) return null;
  const row = await directory(c.env)
    .select({ id: apiKeys.id, userId: apiKeys.userId, email: users.email, name: users.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.keyHash, await sha256Hex(token)),
        eq(apiKeys.kind, "session"),
        isNull(apiKeys.revokedAt),
        gt(apiKeys.expiresAtMs, nowMs()),
      ),
    )
    .get();
  return row ? { token, sessionId: row.id, userId: row.userId, email: row.email, name: row.name } : null;
}

/** The page's CSRF token: the cookie's, set now when the browser has none. */
export function csrfToken(c: Context<AppEnv>): string {
  const kept = cookieOf(c, CSRF_COOKIE);
  if (kept && /^[0-9A-Za-z]{32}$/.test(kept)) return kept;
  const fresh = randomToken(32);
  setCookie(c, CSRF_COOKIE, fresh, 7 * 86400);
  return fresh;
}

/** Refuses a POST of the pages that did not come from them: 403 CSRF_CHECK_FAILED. */
export function checkCsrf(c: Context<AppEnv>, sent: string | undefined | null): void {
  const origin = new URL(c.req.url).origin;
  const from = c.req.header("Origin") ?? refererOrigin(c.req.header("Referer"));
  const kept = cookieOf(c, CSRF_COOKIE);
  const sameOrigin = from === undefined || from === origin;
  if (!sameOrigin || !kept || !sent || !timingSafeEqual(kept, sent))
    throw new ApiError("CSRF_CHECK_FAILED", { origin: from ?? null });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "invalid";
  }
}

/** The client's address as Cloudflare reports it (rate limits and the sign-in trail). */
export function clientIp(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "unknown";
}

/**
 * Where to go after sign-in: only a path of this service ("/..." but not "//..." nor "/\\..."), so a
 * crafted ?next= cannot send the user elsewhere (open redirect).
 */
export function safeNext(next: string | null | undefined): string {
  if (typeof next !== "string" || next[0] !== "/" || next.startsWith("//") || next.startsWith("/\\"))
    return "/dashboard";
  if (/[\u0000-\u001f\\]/.test(next)) return "/dashboard";
  return next;
}
