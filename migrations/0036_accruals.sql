-- Issue #31, accruals (periodiseringar): an amount spread over months or moved past a period end,
-- with every entry it posted (movements, JSON) so the open amount at any date can be set against the ledger.
CREATE TABLE `accruals` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`balance_account` text NOT NULL,
	`result_account` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`start_date` text NOT NULL,
	`months` integer,
	`status` text NOT NULL,
	`cancelled_on` text,
	`movements` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `accruals_company_created_idx` ON `accruals` (`company_id`,`created_at`,`id`);
