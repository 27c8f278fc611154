// The account's own writes and reads: API keys, sessions, passkeys and the authenticator of the
// signed-in person. A revoked credential is forgotten at once by the writers of the user's
// companies, which hold keys they have seen (src/http/access.ts), as the admin API's revoke does.
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { nowIso, nowMs } from "../../../clock";
import { forgetInWriter } from "../../../commands/submit";
import { directory } from "../../../db/homes";
import { apiKeys, passkeys, users } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError, fieldError } from "../../../errors/api-error";
import { randomToken, sha256Hex } from "../../../http/crypto";
import { forgetUsedStep, proveSecondStep } from "../../../http/mfa";
import { base32Encode, newTotpSecret, otpauthUri } from "../../../http/totp";
import { currentVersion } from "../../../http/versions";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { encryptSecret } from "../../../secrets";
import { companyIdsOfUser } from "../../companies";
import { keepChallenge, takeChallenge } from "../sign-in/commands";
import type { KeyStaging } from "../../../db/tables/identity";

type KeyRow = typeof apiKeys.$inferSelect;

export function keyJson(k: KeyRow) {
  return {
    id: k.id,
    name: k.name,
    key_prefix: k.keyPrefix,
    scopes: k.scopes,
    mode: k.mode,
    unattended_commit_limit: k.unattendedCommitLimitOre === null ? null : k.unattendedCommitLimitOre / 100,
    api_version: k.apiVersion,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
  };
}

export async function me(env: Env, userId: string) {
  const db = directory(env);
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ApiError("UNAUTHORIZED");
  const count = await db.select({ n: sql<number>`count(*)` }).from(passkeys).where(eq(passkeys.userId, userId)).get();
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    mfa_enrolled: !!user.mfaSecretEnc,
    passkeys: count?.n ?? 0,
  };
}

export async function listKeys(env: Env, userId: string) {
  const rows = await directory(env)
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.kind, "key")))
    .orderBy(desc(apiKeys.createdAt))
    .all();
  return rows.map(keyJson);
}

/** A new user; null when the address has one already (the unique index decides between two at once). */
export async function createUser(env: Env, email: string, name: string) {
  const row = { id: newId(), email: email.toLowerCase(), name, createdAt: nowIso() };
  const inserted = await directory(env)
    .insert(users)
    .values(row)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length ? row : null;
}

/**
 * A key of the user's; a live key needs their second step (docs/platform.md), from the dashboard
 * as through the admin API. `version` is asked after the second step (the admin API pins one).
 */
export async function createKey(
  env: Env,
  userId: string,
  body: { name: string; scopes: string[]; mode: "live" | "test"; unattended_commit_limit?: number },
  mfaCode: string | undefined,
  version: () => string = currentVersion,
  // the operators' API sets a key's staged writes (docs/approvals.md), checked after the second step
  staging: () => Promise<KeyStaging | null> = async () => null,
) {
  if (body.mode === "live") await proveSecondStep(env, userId, mfaCode, "api_keys.create_live");
  let limitOre: number | null = null;
  if (body.unattended_commit_limit !== undefined) {
    limitOre = toOre(body.unattended_commit_limit);
    if (limitOre === null) throw fieldError("unattended_commit_limit", "at most two decimals");
  }
  const apiVersion = version();
  const held = await staging();
  const key = `service_sk_${body.mode}_${randomToken(40)}`;
  const row: KeyRow = {
    id: newId(),
    userId,
    name: body.name,
    keyHash: await sha256Hex(key),
    keyPrefix: key.slice(0, 20),
    scopes: [...new Set(body.scopes)],
    mode: body.mode,
    unattendedCommitLimitOre: limitOre,
    staging: held,
    apiVersion,
    createdAt: nowIso(),
    revokedAt: null,
    kind: "key",
    companyIds: null,
    expiresAtMs: null,
    grantId: null,
  };
  await directory(env).insert(apiKeys).values(row);
  return { ...keyJson(row), key };
}

/** Tells the writers of the user's companies to forget these credentials (by hash). */
export async function forgetCredentials(env: Env, userId: string, hashes: string[]): Promise<void> {
  if (hashes.length === 0) return;
  const companies = await companyIdsOfUser(directory(env), userId);
  await Promise.all(
    companies.flatMap((companyId) => hashes.map((keyHash) => forgetInWriter(env, companyId, { keyHash }))),
  );
}

/**
 * Revokes a credential at once. userId and kind: one of the person's own keys or sessions (another
 * user's is answered 404); null: any credential by id (the operators' admin API).
 */
export async function revokeCredential(env: Env, userId: string | null, id: string, kind: "key" | "session" | null) {
  const db = directory(env);
  const row = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.id, id),
        userId === null ? undefined : eq(apiKeys.userId, userId),
        kind === null ? undefined : eq(apiKeys.kind, kind),
      ),
    )
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: kind === "session" ? "session" : "api_key", id });
  const revokedAt = row.revokedAt ?? nowIso();
  if (!row.revokedAt) await db.update(apiKeys).set({ revokedAt }).where(eq(apiKeys.id, id));
  // told again on a repeated revoke, so a revoke whose telling failed can be retried
  await forgetCredentials(env, row.userId, [row.keyHash]);
  return { id, revoked_at: revokedAt };
}

/** Revokes credentials by id (a grant's access tokens), telling the writers. */
export async function revokeCredentialIds(env: Env, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = directory(env);
  const rows = await db.select({ hash: apiKeys.keyHash }).from(apiKeys).where(inArray(apiKeys.id, ids)).all();
  await db
    .update(apiKeys)
    .set({ revokedAt: nowIso() })
    .where(and(inArray(apiKeys.id, ids), isNull(apiKeys.revokedAt)));
  await forgetCredentials(
    env,
    userId,
    rows.map((r) => r.hash),
  );
}

export async function listSessions(env: Env, userId: string, currentId: string) {
  const rows = await directory(env)
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        eq(apiKeys.kind, "session"),
        isNull(apiKeys.revokedAt),
        gt(apiKeys.expiresAtMs, nowMs()),
      ),
    )
    .orderBy(desc(apiKeys.createdAt))
    .all();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: r.createdAt,
    expires_at: new Date(r.expiresAtMs ?? 0).toISOString(),
    current: r.id === currentId,
  }));
}

/** Enrols (or, with the current code, replaces) the person's authenticator; the secret is shown once. */
export async function enrolTotp(env: Env, userId: string, mfaCode: string | undefined) {
  const db = directory(env);
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ApiError("NOT_FOUND", { resource: "user", id: userId });
  // replacing a secret is itself a second-step action: whoever holds the session (or the admin token) alone cannot
  if (user.mfaSecretEnc) await proveSecondStep(env, userId, mfaCode, "users.mfa_reenrol");
  const secret = base32Encode(newTotpSecret());
  const enrolledAt = nowIso();
  await db
    .update(users)
    .set({ mfaSecretEnc: await encryptSecret(env.PII_ENCRYPTION_KEY, secret), mfaEnrolledAt: enrolledAt })
    .where(eq(users.id, userId));
  await forgetUsedStep(env, userId);
  return {
    user_id: userId,
    secret,
    otpauth_uri: otpauthUri(secret, user.email, "Bokföring API"),
    enrolled_at: enrolledAt,
  };
}

export async function listPasskeys(env: Env, userId: string) {
  const rows = await directory(env).select().from(passkeys).where(eq(passkeys.userId, userId)).all();
  return rows.map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt, last_used_at: p.lastUsedAt }));
}

export async function passkeyRegistrationOptions(env: Env, userId: string, rpID: string) {
  const db = directory(env);
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ApiError("UNAUTHORIZED");
  const existing = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).all();
  const options = await generateRegistrationOptions({
    rpName: "Bokföring API",
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id) as Uint8Array<ArrayBuffer>,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { challenge_id: await keepChallenge(env, options.challenge, "register", userId), options };
}

export async function registerPasskey(
  env: Env,
  userId: string,
  body: { challenge_id: string; name?: string; response: Record<string, unknown> },
  site: { origin: string; rpID: string },
) {
  const challenge = await takeChallenge(env, body.challenge_id, "register", userId);
  if (!challenge) throw new ApiError("PASSKEY_VERIFICATION_FAILED", { reason: "challenge_invalid" });
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: body.response as never,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw new ApiError("PASSKEY_VERIFICATION_FAILED", { reason: "attestation_invalid" });
  }
  if (!verified.verified || !verified.registrationInfo)
    throw new ApiError("PASSKEY_VERIFICATION_FAILED", { reason: "attestation_invalid" });
  const cred = verified.registrationInfo.credential;
  const row = {
    id: cred.id,
    userId,
    publicKey: isoBase64URL.fromBuffer(cred.publicKey),
    counter: cred.counter,
    transports: cred.transports ?? null,
    name: body.name || "passkey",
    createdAt: nowIso(),
    lastUsedAt: null,
  };
  const inserted = await directory(env)
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (inserted.length === 0)
    throw new ApiError("CONFLICT", { resource: "passkey" }, "This passkey is already registered.");
  return { id: row.id, name: row.name, created_at: row.createdAt, last_used_at: null };
}

export async function deletePasskey(env: Env, userId: string, id: string) {
  const gone = await directory(env)
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw new ApiError("NOT_FOUND", { resource: "passkey", id });
  return { id, revoked_at: nowIso() };
}
