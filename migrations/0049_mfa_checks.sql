-- Two-step verification (src/http/mfa.ts, issue 41 item 10): a code is used once (RFC 6238
-- §5.2: the last accepted time step per user), and guesses are limited per user (wrong codes
-- since failures_since; at the limit, checks are locked until locked_until). Times are ms
-- since the epoch. One row per user who has sent a code; the directory's table.
CREATE TABLE `mfa_checks` (
	`user_id` text PRIMARY KEY NOT NULL,
	`last_step` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`failures_since` integer,
	`locked_until` integer
);
