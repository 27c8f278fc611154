CREATE TABLE `budget_lines` (
	`budget_id` text NOT NULL,
	`company_id` text NOT NULL,
	`account_number` text NOT NULL,
	`month` text NOT NULL,
	`dimensions` text NOT NULL,
	`amount_ore` integer NOT NULL,
	PRIMARY KEY(`budget_id`, `account_number`, `month`, `dimensions`)
);
--> statement-breakpoint
CREATE INDEX `budget_lines_company_idx` ON `budget_lines` (`company_id`,`budget_id`);--> statement-breakpoint
CREATE TABLE `budgets` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `budgets_company_period_name_idx` ON `budgets` (`company_id`,`fiscal_period_id`,`name`);