-- Issue #29 item 18, the platform rules. An API key keeps the dated API version it was
-- created under (spec: Versioning 5: a new version becomes the default for new keys and
-- webhooks); keys made before this column existed were made under the first release.
ALTER TABLE `api_keys` ADD `api_version` text DEFAULT '2026-05-12' NOT NULL;--> statement-breakpoint
-- Two-step verification: a user's TOTP secret (RFC 6238), AES-GCM encrypted like the other
-- secrets (src/secrets.ts), and when it was enrolled. Null: the user has not enrolled.
ALTER TABLE `users` ADD `mfa_secret_enc` text;--> statement-breakpoint
ALTER TABLE `users` ADD `mfa_enrolled_at` text;
