CREATE TABLE `reconciliation_links` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`link_id` text NOT NULL,
	`account_key` text NOT NULL,
	`side` text NOT NULL,
	`item_id` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`method` text NOT NULL,
	`created_by_key_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reconciliation_links_item_idx` ON `reconciliation_links` (`company_id`,`account_key`,`item_id`);--> statement-breakpoint
CREATE INDEX `reconciliation_links_link_idx` ON `reconciliation_links` (`company_id`,`link_id`);--> statement-breakpoint
CREATE TABLE `reconciliation_signoffs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`account_key` text NOT NULL,
	`date_from` text NOT NULL,
	`through_date` text NOT NULL,
	`external_balance_ore` integer,
	`ledger_balance_ore` integer NOT NULL,
	`unexplained_difference_ore` integer,
	`note` text,
	`fingerprint` text NOT NULL,
	`signed_by_key_id` text,
	`signed_by_user_id` text,
	`signed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reconciliation_signoffs_account_idx` ON `reconciliation_signoffs` (`company_id`,`account_key`,`through_date`);
