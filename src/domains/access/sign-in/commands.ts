// Sign-in for people (docs/sign-in-and-oauth.md): a one-time link by email, then the second step
// the user enrolled (TOTP); or a passkey. Each ends in a session (an api_keys row of kind
// "session"). Every sign-in and failed sign-in is written to sign_in_events, the trail of sign-in.
import { emailConfigured, sendMail } from "../../../mail";
import {
  generateAuthenticationOptions,
  type AuthenticationResponseJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, eq, gt, isNull } from "drizzle-orm";
import { nowIso, nowMs } from "../../../clock";
import { directory } from "../../../db/homes";
import {
  apiKeys,
  passkeys,
  signInEvents,
  signInLinks,
  signInPending,
  users,
  webauthnChallenges,
} from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { randomToken, sha256Hex } from "../../../http/crypto";
import { proveSecondStep } from "../../../http/mfa";
import { countAttempt } from "../../../http/rate-limit";
import { currentVersion } from "../../../http/versions";
import { newId } from "../../../ids";
import { SESSION_TTL_MS } from "../web/session";

/** A sign-in link works once, within 15 minutes. */
export const LINK_TTL_MS = 15 * 60_000;
/** The second step must follow the first within 5 minutes. */
export const PENDING_TTL_MS = 5 * 60_000;
/** A WebAuthn challenge is answered once, within 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Links asked a minute: per address, and per client address. */
export const LINKS_PER_EMAIL_PER_MINUTE = 3;
export const LINKS_PER_IP_PER_MINUTE = 10;
/** Attempts a minute per client address: link uses, second-step codes, passkey answers. */
export const ATTEMPTS_PER_IP_PER_MINUTE = 20;

export interface Client {
  ip: string;
  userAgent: string;
}

interface TrailEvent {
  userId?: string | null;
  email?: string | null;
  event: "link_sent" | "signed_in" | "sign_in_failed" | "signed_out" | "session_revoked";
  method: "email_link" | "totp" | "passkey" | "session";
  reason?: string;
}

/** One row of the trail of sign-in. */
export async function recordSignIn(env: Env, client: Client, e: TrailEvent): Promise<void> {
  await directory(env)
    .insert(signInEvents)
    .values({
      id: newId(),
      userId: e.userId ?? null,
      email: e.email ?? null,
      event: e.event,
      method: e.method,
      reason: e.reason ?? null,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 300),
      createdAt: nowIso(),
    });
}

/** A new session for the user: the cookie's value, stored as its hash (src/domains/access/web/session.ts). */
export async function startSession(env: Env, userId: string, client: Client, method: TrailEvent["method"]) {
  const token = `service_ss_${randomToken(40)}`;
  await directory(env)
    .insert(apiKeys)
    .values({
      id: newId(),
      userId,
      name: `session: ${client.userAgent.slice(0, 120) || "unknown browser"}`,
      keyHash: await sha256Hex(token),
      keyPrefix: token.slice(0, 16),
      scopes: ["*"],
      mode: "live",
      apiVersion: currentVersion(),
      createdAt: nowIso(),
      kind: "session",
      expiresAtMs: nowMs() + SESSION_TTL_MS,
    });
  await recordSignIn(env, client, { userId, event: "signed_in", method });
  return token;
}

/**
 * Sends a one-time link to the address. The answer is the same whether or not a user has it (no
 * enumeration); the user is made when the link is used. Without a mail API the link is only given
 * back in development (npm start), never when deployed.
 */
export async function requestLink(
  env: Env,
  input: { email: string; name: string | null; baseUrl: string; lang: "sv" | "en" },
  client: Client,
): Promise<{ devLink: string | null }> {
  const email = input.email.trim().toLowerCase();
  await countAttempt(env, `link:email:${await sha256Hex(email)}`, LINKS_PER_EMAIL_PER_MINUTE);
  await countAttempt(env, `link:ip:${client.ip}`, LINKS_PER_IP_PER_MINUTE);
  const dev = env.ENVIRONMENT === "development";
  if (!emailConfigured(env) && !dev) throw new ApiError("SIGN_IN_EMAIL_NOT_CONFIGURED");
  const token = randomToken(40);
  await directory(env)
    .insert(signInLinks)
    .values({
      id: newId(),
      tokenHash: await sha256Hex(token),
      email,
      name: input.name,
      expiresAtMs: nowMs() + LINK_TTL_MS,
      createdAt: nowIso(),
    });
  const link = `${input.baseUrl}/sign-in/link?token=${token}`;
  await recordSignIn(env, client, { email, event: "link_sent", method: "email_link" });
  if (!emailConfigured(env)) return { devLink: link };
  await sendSignInEmail(env, email, link, input.lang);
  return { devLink: null };
}

async function sendSignInEmail(env: Env, to: string, link: string, lang: "sv" | "en"): Promise<void> {
  const sv = lang === "sv";
  try {
    await sendMail(env, {
      to,
      fromName: "Bokföring API",
      replyTo: null,
      subject: sv ? "Din inloggningslänk" : "Your sign-in link",
      text: sv
        ? `Logga in med länken nedan. Den fungerar en gång, i 15 minuter.\n\n${link}\n\nBad du inte om den kan du bortse från mejlet.`
        : `Sign in with the link below. It works once, for 15 minutes.\n\n${link}\n\nIf you did not ask for it, ignore this email.`,
    });
  } catch (err) {
    throw new ApiError("SIGN_IN_EMAIL_NOT_CONFIGURED", { provider: String((err as Error)?.message ?? err) });
  }
}

export type FirstStep = { session: string } | { pending: string };

/** Uses a link (once): the user (made now on a first sign-in), then a session or the second step. */
export async function useLink(env: Env, token: string, client: Client): Promise<FirstStep> {
  await countAttempt(env, `signin:ip:${client.ip}`, ATTEMPTS_PER_IP_PER_MINUTE);
  const now = nowMs();
  const db = directory(env);
  const used = /^[0-9A-Za-z]{40}$/.test(token)
    ? await db
        .update(signInLinks)
        .set({ usedAtMs: now })
        .where(
          and(
            eq(signInLinks.tokenHash, await sha256Hex(token)),
            isNull(signInLinks.usedAtMs),
            gt(signInLinks.expiresAtMs, now),
          ),
        )
        .returning({ email: signInLinks.email, name: signInLinks.name })
    : [];
  if (used.length === 0) {
    await recordSignIn(env, client, { event: "sign_in_failed", method: "email_link", reason: "link_invalid" });
    throw new ApiError("SIGN_IN_LINK_INVALID");
  }
  const { email, name } = used[0];
  await db
    .insert(users)
    .values({ id: newId(), email, name: name || email.split("@")[0], createdAt: nowIso() })
    .onConflictDoNothing({ target: users.email });
  const user = await db.select().from(users).where(eq(users.email, email)).get();
  if (!user) throw new ApiError("SIGN_IN_FAILED");
  if (!user.mfaSecretEnc) return { session: await startSession(env, user.id, client, "email_link") };
  const pending = randomToken(40);
  await db.insert(signInPending).values({
    tokenHash: await sha256Hex(pending),
    userId: user.id,
    method: "email_link",
    expiresAtMs: now + PENDING_TTL_MS,
  });
  return { pending };
}

/** The second step of a sign-in: the user's current TOTP code (locked after 5 wrong ones, src/http/mfa.ts). */
export async function secondStep(env: Env, pending: string, code: string, client: Client): Promise<string> {
  await countAttempt(env, `signin:ip:${client.ip}`, ATTEMPTS_PER_IP_PER_MINUTE);
  const db = directory(env);
  const hash = await sha256Hex(pending);
  const row = await db
    .select()
    .from(signInPending)
    .where(
      and(eq(signInPending.tokenHash, hash), isNull(signInPending.usedAtMs), gt(signInPending.expiresAtMs, nowMs())),
    )
    .get();
  if (!row) {
    await recordSignIn(env, client, { event: "sign_in_failed", method: "totp", reason: "no_pending_sign_in" });
    throw new ApiError("SIGN_IN_FAILED", { reason: "no_pending_sign_in" });
  }
  try {
    await proveSecondStep(env, row.userId, code, "sign_in");
  } catch (err) {
    const reason = err instanceof ApiError ? String(err.details?.reason ?? err.code) : "error";
    await recordSignIn(env, client, { userId: row.userId, event: "sign_in_failed", method: "totp", reason });
    throw err;
  }
  const taken = await db
    .update(signInPending)
    .set({ usedAtMs: nowMs() })
    .where(and(eq(signInPending.tokenHash, hash), isNull(signInPending.usedAtMs)))
    .returning({ userId: signInPending.userId });
  if (taken.length === 0) throw new ApiError("SIGN_IN_FAILED", { reason: "no_pending_sign_in" });
  return startSession(env, row.userId, client, "totp");
}

/** A challenge kept server side for one ceremony. */
export async function keepChallenge(
  env: Env,
  challenge: string,
  purpose: "register" | "authenticate",
  userId: string | null,
) {
  const id = randomToken(24);
  await directory(env)
    .insert(webauthnChallenges)
    .values({ id, challenge, userId, purpose, expiresAtMs: nowMs() + CHALLENGE_TTL_MS });
  return id;
}

/** Takes a challenge (once): its value, or null when unknown, used, expired or of another purpose or user. */
export async function takeChallenge(env: Env, id: string, purpose: "register" | "authenticate", userId: string | null) {
  const rows = await directory(env)
    .update(webauthnChallenges)
    .set({ usedAtMs: nowMs() })
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAtMs),
        gt(webauthnChallenges.expiresAtMs, nowMs()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId });
  const row = rows[0];
  if (!row || (userId !== null && row.userId !== userId)) return null;
  return row.challenge;
}

/** The options of a passkey sign-in (discoverable credentials: no user named first). */
export async function passkeySignInOptions(env: Env, rpID: string, client: Client) {
  await countAttempt(env, `signin:ip:${client.ip}`, ATTEMPTS_PER_IP_PER_MINUTE);
  const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
  return { challenge_id: await keepChallenge(env, options.challenge, "authenticate", null), options };
}

/** Verifies a passkey's answer to its challenge: a session for its user. */
export async function passkeySignIn(
  env: Env,
  input: { challengeId: string; response: AuthenticationResponseJSON },
  site: { origin: string; rpID: string },
  client: Client,
): Promise<string> {
  await countAttempt(env, `signin:ip:${client.ip}`, ATTEMPTS_PER_IP_PER_MINUTE);
  const fail = async (reason: string, userId: string | null = null) => {
    await recordSignIn(env, client, { userId, event: "sign_in_failed", method: "passkey", reason });
    return new ApiError("PASSKEY_VERIFICATION_FAILED", { reason });
  };
  const challenge = await takeChallenge(env, input.challengeId, "authenticate", null);
  if (!challenge) throw await fail("challenge_invalid");
  const db = directory(env);
  const key = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, String(input.response?.id ?? "")))
    .get();
  if (!key) throw await fail("unknown_passkey");
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      credential: {
        id: key.id,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: (key.transports ?? undefined) as never,
      },
      requireUserVerification: false,
    });
  } catch {
    throw await fail("signature_invalid", key.userId);
  }
  if (!verified.verified) throw await fail("signature_invalid", key.userId);
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: nowIso() })
    .where(eq(passkeys.id, key.id));
  return startSession(env, key.userId, client, "passkey");
}
