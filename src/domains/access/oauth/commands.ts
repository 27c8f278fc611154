// The OAuth 2.1 authorization server (docs/sign-in-and-oauth.md): clients registered dynamically
// (RFC 7591), the authorization code with PKCE S256, access tokens that are api_keys rows of kind
// "oauth" (the granting user's, limited to the grant's scopes and companies, src/http/access.ts),
// and refresh tokens rotated at every use: a refresh token used twice means one was stolen, and the
// whole grant (its family) is revoked.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { nowIso, nowMs } from "../../../clock";
import { directory } from "../../../db/homes";
import {
  apiKeys,
  companies,
  memberships,
  oauthClients,
  oauthCodes,
  oauthGrants,
  oauthRefreshTokens,
} from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { randomToken, sha256Hex, timingSafeEqual } from "../../../http/crypto";
import { countAttempt } from "../../../http/rate-limit";
import { currentVersion } from "../../../http/versions";
import { newId } from "../../../ids";
import { revokeCredentialIds } from "../account/commands";
import { type CompanyChoice, chooseScopes, grantMode, redirectUriProblem } from "./rules";

export const ACCESS_TOKEN_TTL_MS = 3600_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 86400_000;
export const CODE_TTL_MS = 5 * 60_000;
export const REGISTRATIONS_PER_IP_PER_MINUTE = 10;
export const TOKEN_REQUESTS_PER_CLIENT_PER_MINUTE = 30;

/** A refusal in RFC 6749's own format (§5.2): { error, error_description }. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 429,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

type Client = typeof oauthClients.$inferSelect;

export async function findClient(env: Env, id: string): Promise<Client | null> {
  if (!/^[0-9A-Za-z_-]{8,100}$/.test(id)) return null;
  return (await directory(env).select().from(oauthClients).where(eq(oauthClients.id, id)).get()) ?? null;
}

/** RFC 7591: a public client (no secret; PKCE is its proof) with its redirect URIs. */
export async function registerClient(env: Env, body: unknown, ip: string) {
  try {
    await countAttempt(env, `oauth:register:${ip}`, REGISTRATIONS_PER_IP_PER_MINUTE);
  } catch {
    throw new OAuthError(429, "slow_down", "Too many registrations from this address; try again in a minute.");
  }
  const b = (body ?? {}) as Record<string, unknown>;
  const uris = b.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || uris.some((u) => typeof u !== "string"))
    throw new OAuthError(400, "invalid_redirect_uri", "redirect_uris must be 1 to 10 URIs.");
  for (const u of uris as string[]) {
    const problem = redirectUriProblem(u);
    if (problem) throw new OAuthError(400, "invalid_redirect_uri", `${u}: ${problem}`);
  }
  const grantTypes = (b.grant_types as unknown[] | undefined) ?? ["authorization_code", "refresh_token"];
  if (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token"))
    throw new OAuthError(400, "invalid_client_metadata", "grant_types: only authorization_code and refresh_token.");
  const responseTypes = (b.response_types as unknown[] | undefined) ?? ["code"];
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== "code"))
    throw new OAuthError(400, "invalid_client_metadata", "response_types: only code.");
  const name =
    typeof b.client_name === "string" && b.client_name.trim() ? b.client_name.trim().slice(0, 100) : "Unnamed app";
  const row = { id: `client_${randomToken(24)}`, name, redirectUris: uris as string[], createdAt: nowIso() };
  await directory(env).insert(oauthClients).values(row);
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(Date.parse(row.createdAt) / 1000),
    client_name: row.name,
    redirect_uris: row.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

export interface AuthorizeRequest {
  client: Client;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scopes: string[];
  resource: string | null;
}

/** What an authorize request's parameters make: the request, or an error for the client, or one only the user sees. */
export type AuthorizeCheck =
  | { ok: AuthorizeRequest }
  | { redirect: string }
  | { fatal: "unknown_client" | "redirect_uri_mismatch" };

/**
 * Checks an authorization request (OAuth 2.1 §4.1.1). An unknown client or a redirect URI that is not
 * one of the client's, exactly, is never redirected to (an open redirect): the user sees the error.
 * Every other error goes back to the client's redirect URI with `state`.
 */
export async function checkAuthorize(
  env: Env,
  q: (name: string) => string | undefined,
  issuer: string,
  origins: string[],
): Promise<AuthorizeCheck> {
  const client = await findClient(env, q("client_id") ?? "");
  if (!client) return { fatal: "unknown_client" };
  const redirectUri = q("redirect_uri") ?? "";
  if (!client.redirectUris.includes(redirectUri)) return { fatal: "redirect_uri_mismatch" };
  const state = q("state") ?? null;
  const back = (error: string, description: string) => ({
    redirect: withParams(redirectUri, { error, error_description: description, state, iss: issuer }),
  });
  if (q("response_type") !== "code") return back("unsupported_response_type", "response_type must be code");
  const challenge = q("code_challenge") ?? "";
  if (q("code_challenge_method") !== "S256")
    return back("invalid_request", "PKCE is required: code_challenge_method must be S256");
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return back("invalid_request", "code_challenge must be a base64url SHA-256");
  const scopes = chooseScopes(q("scope"));
  if ("invalid" in scopes) return back("invalid_scope", `unknown scopes: ${scopes.invalid.join(" ")}`);
  const resource = q("resource") ?? null;
  if (resource !== null && !origins.some((o) => resource === o || resource.startsWith(`${o}/`)))
    return back("invalid_target", "resource must be this service's (its /mcp or its API)");
  return { ok: { client, redirectUri, state, codeChallenge: challenge, scopes: scopes.scopes, resource } };
}

export function withParams(uri: string, params: Record<string, string | null>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

/** The user's companies a consent page offers. */
export async function companiesOfUser(env: Env, userId: string) {
  return directory(env)
    .select({ id: companies.id, name: companies.name, isSandbox: companies.isSandbox, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), isNull(companies.archivedAt)))
    .orderBy(companies.name)
    .all();
}

/** The user's consent: a grant on the picked companies and a code for it (stored as its hash). */
export async function approve(
  env: Env,
  userId: string,
  req: AuthorizeRequest,
  picked: string[],
  mine: CompanyChoice[],
) {
  const mode = grantMode(picked, mine);
  if ("problem" in mode)
    throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "company_ids", message: mode.problem }] });
  const grantId = newId();
  const code = randomToken(40);
  const db = directory(env);
  await db.batch([
    db.insert(oauthGrants).values({
      id: grantId,
      clientId: req.client.id,
      userId,
      scopes: req.scopes,
      companyIds: [...new Set(picked)],
      mode: mode.mode,
      resource: req.resource,
      createdAt: nowIso(),
    }),
    db.insert(oauthCodes).values({
      codeHash: await sha256Hex(code),
      grantId,
      clientId: req.client.id,
      redirectUri: req.redirectUri,
      codeChallenge: req.codeChallenge,
      expiresAtMs: nowMs() + CODE_TTL_MS,
    }),
  ]);
  return code;
}

async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

type Grant = typeof oauthGrants.$inferSelect;

/** A new access token (an api_keys row) and refresh token for a live grant. */
async function issueTokens(env: Env, grant: Grant) {
  const access = `service_at_${randomToken(40)}`;
  const refresh = `service_rt_${randomToken(40)}`;
  const now = nowMs();
  const db = directory(env);
  await db.batch([
    db.insert(apiKeys).values({
      id: newId(),
      userId: grant.userId,
      name: `oauth: ${grant.clientId}`,
      keyHash: await sha256Hex(access),
      keyPrefix: access.slice(0, 16),
      scopes: grant.scopes,
      mode: grant.mode,
      apiVersion: currentVersion(),
      createdAt: nowIso(),
      kind: "oauth",
      companyIds: grant.companyIds,
      expiresAtMs: now + ACCESS_TOKEN_TTL_MS,
      grantId: grant.id,
    }),
    db.insert(oauthRefreshTokens).values({
      tokenHash: await sha256Hex(refresh),
      grantId: grant.id,
      expiresAtMs: now + REFRESH_TOKEN_TTL_MS,
      createdAt: nowIso(),
    }),
  ]);
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    refresh_token: refresh,
    scope: grant.scopes.join(" "),
  };
}

async function liveGrant(env: Env, grantId: string): Promise<Grant | null> {
  const g = await directory(env).select().from(oauthGrants).where(eq(oauthGrants.id, grantId)).get();
  return g && !g.revokedAt ? g : null;
}

/** The token endpoint (OAuth 2.1 §3.2): the code with its verifier, or a refresh token. */
export async function tokenRequest(env: Env, form: (name: string) => string) {
  const clientId = form("client_id");
  const client = await findClient(env, clientId);
  if (!client) throw new OAuthError(401, "invalid_client", "Unknown client_id.");
  try {
    await countAttempt(env, `oauth:token:${client.id}`, TOKEN_REQUESTS_PER_CLIENT_PER_MINUTE);
  } catch {
    throw new OAuthError(429, "slow_down", "Too many token requests for this client; try again in a minute.");
  }
  const type = form("grant_type");
  if (type === "authorization_code") return exchangeCode(env, client, form);
  if (type === "refresh_token") return refreshTokens(env, client, form("refresh_token"));
  throw new OAuthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
}

async function exchangeCode(env: Env, client: Client, form: (name: string) => string) {
  const db = directory(env);
  const hash = await sha256Hex(form("code"));
  const code = await db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, hash)).get();
  const invalid = new OAuthError(400, "invalid_grant", "The code is unknown, expired, used, or not this client's.");
  if (!code || code.clientId !== client.id) throw invalid;
  if (code.usedAtMs !== null) {
    // a code used twice: whoever holds it is not to be trusted, nor what it gave (OAuth 2.1 §4.1.3)
    await revokeGrant(env, null, code.grantId, "code_reused");
    throw invalid;
  }
  if (code.expiresAtMs <= nowMs() || code.redirectUri !== form("redirect_uri")) throw invalid;
  const verifier = form("code_verifier");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !timingSafeEqual(await s256(verifier), code.codeChallenge))
    throw new OAuthError(400, "invalid_grant", "The code_verifier does not match the code_challenge.");
  const taken = await db
    .update(oauthCodes)
    .set({ usedAtMs: nowMs() })
    .where(and(eq(oauthCodes.codeHash, hash), isNull(oauthCodes.usedAtMs)))
    .returning({ grantId: oauthCodes.grantId });
  if (taken.length === 0) throw invalid;
  const grant = await liveGrant(env, code.grantId);
  if (!grant) throw invalid;
  return issueTokens(env, grant);
}

async function refreshTokens(env: Env, client: Client, token: string) {
  const db = directory(env);
  const hash = await sha256Hex(token);
  const row = await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, hash)).get();
  const invalid = new OAuthError(400, "invalid_grant", "The refresh token is unknown, expired, used or revoked.");
  if (!row) throw invalid;
  const grant = await directory(env).select().from(oauthGrants).where(eq(oauthGrants.id, row.grantId)).get();
  if (!grant || grant.clientId !== client.id) throw invalid;
  if (row.usedAtMs !== null) {
    // replayed: one of two holders is a thief, and which one cannot be told, so the family ends
    await revokeGrant(env, null, grant.id, "refresh_token_replayed");
    throw invalid;
  }
  if (grant.revokedAt || row.expiresAtMs <= nowMs()) throw invalid;
  const taken = await db
    .update(oauthRefreshTokens)
    .set({ usedAtMs: nowMs() })
    .where(and(eq(oauthRefreshTokens.tokenHash, hash), isNull(oauthRefreshTokens.usedAtMs)))
    .returning({ grantId: oauthRefreshTokens.grantId });
  if (taken.length === 0) {
    await revokeGrant(env, null, grant.id, "refresh_token_replayed");
    throw invalid;
  }
  return issueTokens(env, grant);
}

/**
 * RFC 7009: an access token stops at once; a refresh token ends its grant. Unknown tokens, and
 * another client's, change nothing (the answer is 200 all the same, §2.2).
 */
export async function revokeToken(env: Env, form: (name: string) => string): Promise<void> {
  const token = form("token");
  const hash = await sha256Hex(token);
  const clientId = form("client_id");
  const db = directory(env);
  if (token.startsWith("service_at_")) {
    const row = await db
      .select({ id: apiKeys.id, userId: apiKeys.userId, grantId: apiKeys.grantId })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), eq(apiKeys.kind, "oauth")))
      .get();
    if (!row?.grantId) return;
    const grant = await db.select().from(oauthGrants).where(eq(oauthGrants.id, row.grantId)).get();
    if (!grant || (clientId && grant.clientId !== clientId)) return;
    await revokeCredentialIds(env, row.userId, [row.id]);
    return;
  }
  const row = await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, hash)).get();
  if (!row) return;
  const grant = await db.select().from(oauthGrants).where(eq(oauthGrants.id, row.grantId)).get();
  if (!grant || (clientId && grant.clientId !== clientId)) return;
  await revokeGrant(env, null, grant.id, "refresh_token_revoked");
}

/**
 * Ends a grant: its refresh tokens are dead and its access tokens revoked at once (the writers
 * forget them). userId: the person revoking their own grant (another's is 404); null: the server.
 */
export async function revokeGrant(env: Env, userId: string | null, grantId: string, reason: string) {
  const db = directory(env);
  const grant = await db.select().from(oauthGrants).where(eq(oauthGrants.id, grantId)).get();
  if (!grant || (userId !== null && grant.userId !== userId))
    throw new ApiError("NOT_FOUND", { resource: "oauth_grant", id: grantId });
  const revokedAt = grant.revokedAt ?? nowIso();
  if (!grant.revokedAt)
    await db.update(oauthGrants).set({ revokedAt, revokedReason: reason }).where(eq(oauthGrants.id, grantId));
  await db
    .update(oauthRefreshTokens)
    .set({ usedAtMs: nowMs() })
    .where(and(eq(oauthRefreshTokens.grantId, grantId), isNull(oauthRefreshTokens.usedAtMs)));
  const tokens = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.grantId, grantId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAtMs, nowMs())))
    .all();
  await revokeCredentialIds(
    env,
    grant.userId,
    tokens.map((t) => t.id),
  );
  return { id: grantId, revoked_at: revokedAt };
}

/** The apps a user has granted, live ones only. */
export async function grantsOfUser(env: Env, userId: string) {
  const rows = await directory(env)
    .select({ grant: oauthGrants, clientName: oauthClients.name })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt))
    .all();
  return rows.map((r) => ({
    id: r.grant.id,
    client_id: r.grant.clientId,
    client_name: r.clientName,
    scopes: r.grant.scopes,
    company_ids: r.grant.companyIds,
    created_at: r.grant.createdAt,
  }));
}
