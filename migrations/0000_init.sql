CREATE TABLE `account_balances` (
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`account_number` text NOT NULL,
	`debit_ore` integer NOT NULL,
	`credit_ore` integer NOT NULL,
	PRIMARY KEY(`company_id`, `fiscal_period_id`, `account_number`)
);
--> statement-breakpoint
CREATE TABLE `accounts` (
	`company_id` text NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`is_active` integer NOT NULL,
	`k2_excluded` integer NOT NULL,
	`is_custom` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `number`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`key_prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`mode` text NOT NULL,
	`unattended_commit_limit_ore` integer,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`request_id` text NOT NULL,
	`api_key_id` text,
	`user_id` text,
	`action` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text,
	`voucher` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_company_created_idx` ON `audit_log` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `bas_accounts` (
	`number` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`k2_excluded` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`org_number` text,
	`entity_type` text NOT NULL,
	`vat_registered` integer NOT NULL,
	`moms_period` text,
	`accounting_method` text NOT NULL,
	`f_skatt` integer NOT NULL,
	`fiscal_year_start_month` integer NOT NULL,
	`is_sandbox` integer NOT NULL,
	`trial_ends_at` text NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `company_settings` (
	`company_id` text PRIMARY KEY NOT NULL,
	`invoice_default_days` integer,
	`bankgiro` text,
	`plusgiro` text,
	`bank_clearing_number` text,
	`bank_account_number` text,
	`iban` text,
	`bic` text,
	`email_sender_name` text,
	`email_reply_to` text,
	`default_voucher_series` text DEFAULT 'A' NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `fiscal_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`is_closed` integer DEFAULT false NOT NULL,
	`closed_at` text,
	`locked_at` text,
	`previous_period_id` text,
	`closing_entry_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fiscal_periods_company_start_idx` ON `fiscal_periods` (`company_id`,`period_start`);--> statement-breakpoint
CREATE TABLE `idempotency_records` (
	`api_key_id` text NOT NULL,
	`company_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`body_hash` text NOT NULL,
	`status_code` integer NOT NULL,
	`result` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`api_key_id`, `company_id`, `idempotency_key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_expires_idx` ON `idempotency_records` (`expires_at`);--> statement-breakpoint
CREATE TABLE `journal_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`voucher_series` text NOT NULL,
	`voucher_number` integer DEFAULT 0 NOT NULL,
	`entry_date` text NOT NULL,
	`description` text NOT NULL,
	`status` text NOT NULL,
	`source_type` text NOT NULL,
	`source_id` text,
	`reverses_id` text,
	`reversed_by_id` text,
	`correction_of_id` text,
	`total_ore` integer NOT NULL,
	`created_at` text NOT NULL,
	`posted_at` text,
	`cancelled_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fiscal_period_id`) REFERENCES `fiscal_periods`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `journal_entries_voucher_idx` ON `journal_entries` (`company_id`,`fiscal_period_id`,`voucher_series`,`voucher_number`) WHERE voucher_number > 0;--> statement-breakpoint
CREATE INDEX `journal_entries_company_created_idx` ON `journal_entries` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `journal_entries_company_date_idx` ON `journal_entries` (`company_id`,`fiscal_period_id`,`entry_date`);--> statement-breakpoint
CREATE TABLE `journal_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`journal_entry_id` text NOT NULL,
	`sort_order` integer NOT NULL,
	`account_number` text NOT NULL,
	`debit_ore` integer NOT NULL,
	`credit_ore` integer NOT NULL,
	`line_description` text,
	FOREIGN KEY (`journal_entry_id`) REFERENCES `journal_entries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `journal_lines_entry_idx` ON `journal_lines` (`journal_entry_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `journal_lines_company_account_idx` ON `journal_lines` (`company_id`,`account_number`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`company_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `user_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`);--> statement-breakpoint
CREATE TABLE `outbox_events` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`type` text NOT NULL,
	`api_version` text NOT NULL,
	`created` integer NOT NULL,
	`object` text NOT NULL,
	`previous_attributes` text,
	`request_id` text NOT NULL,
	`dispatched_at` text
);
--> statement-breakpoint
CREATE INDEX `outbox_company_created_idx` ON `outbox_events` (`company_id`,`created`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);