CREATE TABLE `reconciliation_tax_account_rows` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`date` text NOT NULL,
	`description` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`balance_after_ore` integer,
	`source` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_by_key_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reconciliation_tax_account_rows_dedupe_idx` ON `reconciliation_tax_account_rows` (`company_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `reconciliation_tax_account_rows_date_idx` ON `reconciliation_tax_account_rows` (`company_id`,`date`);
