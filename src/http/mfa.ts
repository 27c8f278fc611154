// Two-step verification for the actions that need it (spec: Authentication 8, MFA_REQUIRED).
// The second step is a TOTP code (RFC 6238, src/http/totp.ts) from the authenticator app of
// the user the action is for, sent as `X-Service-MFA: <6 digits>`. A user enrols through the
// operators' API (POST /admin/v1/users/{id}/mfa, src/domains/admin), which stores the secret
// encrypted (src/secrets.ts). The actions, and why (docs/platform.md):
//   - creating a live API key (POST /admin/v1/api-keys, mode live): the key's user;
//   - closing a fiscal year, and reopening one (POST .../fiscal-periods/{id}/close, /reopen)
//     with a live key: the key's user. A test key acts only on sandbox companies, and is exempt.
// A request without the header, with a code that is not the current one, or for a user who has
// not enrolled is refused 403 MFA_REQUIRED before its body is read, and changes nothing.
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { nowMs } from "../clock";
import { directory } from "../db/homes";
import { users } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";
import { decryptSecret } from "../secrets";
import type { AppEnv } from "./context";
import { base32Decode, verifyTotp } from "./totp";

export const MFA_HEADER = "X-Service-MFA";

/** Why the second step failed: the refusal's details.reason. */
type MfaFailure = "not_enrolled" | "code_missing" | "code_invalid";

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
  };
  const t = texts[reason];
  return new ApiError("MFA_REQUIRED", { header: MFA_HEADER, action, reason, user_id: userId }, t.en).withTexts({
    sv: t.sv,
    hint: t.hint,
  });
}

/** The user's TOTP secret, or null when the user has not enrolled (or it cannot be decrypted). */
async function secretOf(env: Env, userId: string): Promise<Uint8Array | null> {
  const row = await directory(env).select({ enc: users.mfaSecretEnc }).from(users).where(eq(users.id, userId)).get();
  if (!row?.enc) return null;
  const plain = await decryptSecret(env.PII_ENCRYPTION_KEY, row.enc);
  return plain ? base32Decode(plain) : null;
}

/** Throws MFA_REQUIRED unless `code` is the user's current TOTP code. */
export async function proveSecondStep(
  env: Env,
  userId: string,
  code: string | undefined,
  action: string,
): Promise<void> {
  const secret = await secretOf(env, userId);
  if (!secret) throw mfaRequired("not_enrolled", action, userId);
  const sent = code?.trim();
  if (!sent) throw mfaRequired("code_missing", action, userId);
  if (!(await verifyTotp(secret, sent, nowMs()))) throw mfaRequired("code_invalid", action, userId);
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
