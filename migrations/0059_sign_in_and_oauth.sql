-- Access for people, apps and agents (issue 47, docs/sign-in-and-oauth.md). The directory's tables;
-- like every migration they exist in every database (one schema), used only in the directory.
-- Every secret (link, session, access and refresh token, authorization code) is stored as its SHA-256;
-- times named *_ms are ms since the epoch.

-- A credential is a key (kind 'key'), a dashboard session (kind 'session', the session cookie's
-- value) or an OAuth access token (kind 'oauth', of a grant): all three authenticate as api_keys rows.
ALTER TABLE `api_keys` ADD `kind` text DEFAULT 'key' NOT NULL;
--> statement-breakpoint
-- an OAuth access token acts only on these companies (JSON array); null: every company of the user
ALTER TABLE `api_keys` ADD `company_ids` text;
--> statement-breakpoint
ALTER TABLE `api_keys` ADD `expires_at_ms` integer;
--> statement-breakpoint
ALTER TABLE `api_keys` ADD `grant_id` text;
--> statement-breakpoint
CREATE INDEX `api_keys_grant_idx` ON `api_keys` (`grant_id`);
--> statement-breakpoint
-- One-time sign-in links sent by email: 15 minutes, used once.
CREATE TABLE `sign_in_links` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_token_idx` ON `sign_in_links` (`token_hash`);
--> statement-breakpoint
-- A sign-in that passed its first step and waits for the second (TOTP): 5 minutes, used once.
CREATE TABLE `sign_in_pending` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`method` text NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer
);
--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text
);
--> statement-breakpoint
CREATE INDEX `passkeys_user_idx` ON `passkeys` (`user_id`);
--> statement-breakpoint
-- WebAuthn challenges, kept server side: 5 minutes, used once.
CREATE TABLE `webauthn_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`challenge` text NOT NULL,
	`user_id` text,
	`purpose` text NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer
);
--> statement-breakpoint
-- The audit trail of sign-in (about no company, so not audit_log): every sign-in, failed sign-in,
-- link sent, sign-out and revoked session.
CREATE TABLE `sign_in_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`email` text,
	`event` text NOT NULL,
	`method` text NOT NULL,
	`reason` text,
	`ip` text,
	`user_agent` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_events_user_idx` ON `sign_in_events` (`user_id`, `created_at`);
--> statement-breakpoint
CREATE TABLE `oauth_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`redirect_uris` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
-- A user's consent to a client: scopes on chosen companies. Its tokens die with it.
CREATE TABLE `oauth_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`user_id` text NOT NULL,
	`scopes` text NOT NULL,
	`company_ids` text NOT NULL,
	`mode` text NOT NULL,
	`resource` text,
	`created_at` text NOT NULL,
	`revoked_at` text,
	`revoked_reason` text
);
--> statement-breakpoint
CREATE INDEX `oauth_grants_user_idx` ON `oauth_grants` (`user_id`);
--> statement-breakpoint
CREATE TABLE `oauth_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`grant_id` text NOT NULL,
	`client_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`code_challenge` text NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer
);
--> statement-breakpoint
-- Refresh tokens of a grant (the grant is the family): each is used once; using one twice revokes the grant.
CREATE TABLE `oauth_refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`grant_id` text NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `oauth_refresh_tokens_grant_idx` ON `oauth_refresh_tokens` (`grant_id`);
