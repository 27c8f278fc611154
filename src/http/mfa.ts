// Two-step verification for the actions that need it (spec: Authentication 8, MFA_REQUIRED).
// The second step is a TOTP code (RFC 6238, src/http/totp.ts) from the authenticator app of
// the user the action is for, sent as `X-Service-MFA: <6 digits>`. A user enrols through the
// operators' API (POST /admin/v1/users/{id}/mfa, src/domains/admin), which stores the secret
// encrypted (src/secrets.ts). The actions, and why (docs/platform.md):
//   - creating a live API key (POST /admin/v1/api-keys, mode live): the key's user;
//   - closing a fiscal year, and reopening one (POST .../fiscal-periods/{id}/close, /reopen)
//     with a live key: the key's user. A test key acts only on sandbox companies, and is exempt.
// A request without the header, with a code that is not the current one, with a code already
// used (RFC 6238 §5.2: the user's last accepted time step is stored, and no code of that step or
// an earlier one proves anything again), or for a user who has not enrolled is refused 403
// MFA_REQUIRED before its body is read, and changes nothing. Guessing is bounded per user:
// MFA_MAX_FAILURES wrong codes within MFA_FAILURE_WINDOW_MS lock the user's checks for
// MFA_LOCK_MS (429 MFA_TOO_MANY_ATTEMPTS with Retry-After), the right code included.
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { nowMs } from "../clock";
import { directory } from "../db/homes";
import { mfaChecks, users } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";
import { decryptSecret } from "../secrets";
import type { AppEnv } from "./context";
import { base32Decode, matchedTotpStep } from "./totp";

export const MFA_HEADER = "X-Service-MFA";

/** Why the second step failed: the refusal's details.reason. */
type MfaFailure = "not_enrolled" | "code_missing" | "code_invalid" | "code_used";

/** Wrong codes a user may send within MFA_FAILURE_WINDOW_MS before checks are locked. */
export const MFA_MAX_FAILURES = 5;
export const MFA_FAILURE_WINDOW_MS = 15 * 60_000;
/** How long the user's checks stay locked once the limit is reached. */
export const MFA_LOCK_MS = 15 * 60_000;

function mfaRequired(reason: MfaFailure, action: string, userId: string): ApiError {
  const enrol = `POST /admin/v1/users/${userId}/mfa`;
  const texts: Record<MfaFailure, { en: string; sv: string; hint: string }> = {
    not_enrolled: {
      en: `This action requires two-step verification, and the user has not enrolled an authenticator.`,
      sv: "Åtgärden kräver tvåstegsverifiering och användaren har ingen autentiseringsapp registrerad.",
      hint: `Enrol the user's authenticator app (${enrol}, through the dashboard), then send its current code in ${MFA_HEADER}.`,
    },
    code_missing: {
      en: `This action requires two-step verification: send the current code in ${MFA_HEADER}.`,
      sv: `Åtgärden kräver tvåstegsverifiering: skicka den aktuella koden i ${MFA_HEADER}.`,
      hint: `Send ${MFA_HEADER}: <the 6-digit code the user's authenticator app shows now>.`,
    },
    code_invalid: {
      en: `The code in ${MFA_HEADER} is not the current one.`,
      sv: `Koden i ${MFA_HEADER} är inte den aktuella.`,
      hint: `Send the 6-digit code the user's authenticator app shows now; check the device's clock if codes keep failing.`,
    },
    code_used: {
      en: `The code in ${MFA_HEADER} has already been used; each code proves one action.`,
      sv: `Koden i ${MFA_HEADER} har redan använts; varje kod gäller en åtgärd.`,
      hint: `Wait for the authenticator app to show a new code (at most 30 seconds) and send that one.`,
    },
  };
  const t = texts[reason];
  return new ApiError("MFA_REQUIRED", { header: MFA_HEADER, action, reason, user_id: userId }, t.en).withTexts({
    sv: t.sv,
    hint: t.hint,
  });
}

function mfaLocked(action: string, userId: string, lockedUntilMs: number, now: number): ApiError {
  const seconds = Math.max(1, Math.ceil((lockedUntilMs - now) / 1000));
  return new ApiError(
    "MFA_TOO_MANY_ATTEMPTS",
    {
      header: MFA_HEADER,
      action,
      user_id: userId,
      max_failures: MFA_MAX_FAILURES,
      locked_until: new Date(lockedUntilMs).toISOString(),
    },
    `Too many wrong codes in ${MFA_HEADER} for this user: two-step verification is locked for ${seconds} s.`,
    { "Retry-After": String(seconds) },
  );
}

/** The user's TOTP secret (null when not enrolled or undecryptable) and the lock on their checks. */
async function mfaStateOf(env: Env, userId: string) {
  const row = await directory(env)
    .select({ enc: users.mfaSecretEnc, lockedUntil: mfaChecks.lockedUntil })
    .from(users)
    .leftJoin(mfaChecks, eq(mfaChecks.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  const plain = row?.enc ? await decryptSecret(env.PII_ENCRYPTION_KEY, row.enc) : null;
  return { secret: plain ? base32Decode(plain) : null, lockedUntil: row?.lockedUntil ?? null };
}

/**
 * Counts a wrong code in one statement (parallel guesses each count): the count restarts
 * when the window has passed, and reaching the limit sets the lock. Answers the lock's end.
 */
async function recordFailure(env: Env, userId: string, now: number): Promise<number | null> {
  const fresh = sql`(${mfaChecks.failuresSince} IS NULL OR ${mfaChecks.failuresSince} <= ${now - MFA_FAILURE_WINDOW_MS})`;
  const count = sql`(CASE WHEN ${fresh} THEN 1 ELSE ${mfaChecks.failures} + 1 END)`;
  const row = await directory(env)
    .insert(mfaChecks)
    .values({ userId, failures: 1, failuresSince: now, lockedUntil: MFA_MAX_FAILURES <= 1 ? now + MFA_LOCK_MS : null })
    .onConflictDoUpdate({
      target: mfaChecks.userId,
      set: {
        failures: count,
        failuresSince: sql`CASE WHEN ${fresh} THEN ${now} ELSE ${mfaChecks.failuresSince} END`,
        lockedUntil: sql`CASE WHEN ${count} >= ${MFA_MAX_FAILURES} THEN ${now + MFA_LOCK_MS} ELSE ${mfaChecks.lockedUntil} END`,
      },
    })
    .returning({ lockedUntil: mfaChecks.lockedUntil })
    .get();
  return row?.lockedUntil != null && row.lockedUntil > now ? row.lockedUntil : null;
}

/**
 * Accepts `step` for the user in one statement: only while the checks are not locked and the
 * step is later than the last accepted one, so two requests with one code prove one action.
 */
async function acceptStep(env: Env, userId: string, step: number, now: number): Promise<boolean> {
  const rows = await directory(env)
    .insert(mfaChecks)
    .values({ userId, lastStep: step, failures: 0 })
    .onConflictDoUpdate({
      target: mfaChecks.userId,
      set: { lastStep: step, failures: 0, failuresSince: null },
      setWhere: and(
        or(isNull(mfaChecks.lastStep), lt(mfaChecks.lastStep, step)),
        or(isNull(mfaChecks.lockedUntil), lte(mfaChecks.lockedUntil, now)),
      ),
    })
    .returning({ userId: mfaChecks.userId });
  return rows.length === 1;
}

/** A new secret's codes are its own: the old secret's last used step no longer binds them (re-enrolment). */
export async function forgetUsedStep(env: Env, userId: string): Promise<void> {
  await directory(env).update(mfaChecks).set({ lastStep: null }).where(eq(mfaChecks.userId, userId));
}

/** Throws MFA_REQUIRED unless `code` is the user's current TOTP code, unused; MFA_TOO_MANY_ATTEMPTS while locked. */
export async function proveSecondStep(
  env: Env,
  userId: string,
  code: string | undefined,
  action: string,
): Promise<void> {
  const { secret, lockedUntil } = await mfaStateOf(env, userId);
  if (!secret) throw mfaRequired("not_enrolled", action, userId);
  const now = nowMs();
  if (lockedUntil !== null && lockedUntil > now) throw mfaLocked(action, userId, lockedUntil, now);
  const sent = code?.trim();
  if (!sent) throw mfaRequired("code_missing", action, userId);
  const step = await matchedTotpStep(secret, sent, now);
  if (step === null) {
    const locked = await recordFailure(env, userId, now);
    throw locked === null ? mfaRequired("code_invalid", action, userId) : mfaLocked(action, userId, locked, now);
  }
  if (await acceptStep(env, userId, step, now)) return;
  // refused by the statement: a lock set by a parallel guess, or the step already used
  const after = await mfaStateOf(env, userId);
  if (after.lockedUntil !== null && after.lockedUntil > now) throw mfaLocked(action, userId, after.lockedUntil, now);
  throw mfaRequired("code_used", action, userId);
}

/**
 * The gate of a route whose action needs two-step verification when done with a live key
 * (defineRoute's `mfa`): the key's user proves it. A test key is exempt: it acts only on
 * sandbox companies (src/http/access.ts), whose books are not anyone's accounts.
 */
export function liveKeyMfaGate(action: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get("auth");
    if (auth.mode === "live") await proveSecondStep(c.env, auth.userId, c.req.header(MFA_HEADER), action);
    await next();
  });
}
