// Sign-in, sessions, passkeys and OAuth (issue 47, migrations/0059_sign_in_and_oauth.sql,
// docs/sign-in-and-oauth.md). The directory's tables. Secrets are stored as SHA-256 hex;
// *_ms columns are ms since the epoch.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const signInLinks = sqliteTable("sign_in_links", {
  id: text("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  email: text("email").notNull(),
  name: text("name"),
  expiresAtMs: integer("expires_at_ms").notNull(),
  usedAtMs: integer("used_at_ms"),
  createdAt: text("created_at").notNull(),
});

export const signInPending = sqliteTable("sign_in_pending", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id").notNull(),
  method: text("method").notNull(),
  expiresAtMs: integer("expires_at_ms").notNull(),
  usedAtMs: integer("used_at_ms"),
});

export const passkeys = sqliteTable(
  "passkeys",
  {
    /** the credential id, base64url */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** the COSE public key, base64url */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  id: text("id").primaryKey(),
  challenge: text("challenge").notNull(),
  userId: text("user_id"),
  purpose: text("purpose", { enum: ["register", "authenticate"] }).notNull(),
  expiresAtMs: integer("expires_at_ms").notNull(),
  usedAtMs: integer("used_at_ms"),
});

export const signInEvents = sqliteTable(
  "sign_in_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    email: text("email"),
    event: text("event").notNull(),
    method: text("method").notNull(),
    reason: text("reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("sign_in_events_user_idx").on(t.userId, t.createdAt)],
);

export const oauthClients = sqliteTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
  createdAt: text("created_at").notNull(),
});

export const oauthGrants = sqliteTable(
  "oauth_grants",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id").notNull(),
    userId: text("user_id").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    companyIds: text("company_ids", { mode: "json" }).$type<string[]>().notNull(),
    mode: text("mode", { enum: ["live", "test"] }).notNull(),
    resource: text("resource"),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("oauth_grants_user_idx").on(t.userId)],
);

export const oauthCodes = sqliteTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  grantId: text("grant_id").notNull(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  expiresAtMs: integer("expires_at_ms").notNull(),
  usedAtMs: integer("used_at_ms"),
});

export const oauthRefreshTokens = sqliteTable(
  "oauth_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    grantId: text("grant_id").notNull(),
    expiresAtMs: integer("expires_at_ms").notNull(),
    usedAtMs: integer("used_at_ms"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("oauth_refresh_tokens_grant_idx").on(t.grantId)],
);
