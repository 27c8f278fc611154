CREATE TABLE `fiscal_period_lock_dates` (
	`fiscal_period_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`lock_date` text NOT NULL,
	`locked_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `voucher_gap_explanations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`voucher_series` text NOT NULL,
	`gap_start` integer NOT NULL,
	`gap_end` integer NOT NULL,
	`explanation` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `voucher_gap_explanations_range_idx` ON `voucher_gap_explanations` (`company_id`,`fiscal_period_id`,`voucher_series`,`gap_start`,`gap_end`);--> statement-breakpoint
CREATE TABLE `currency_revaluations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`as_of_date` text NOT NULL,
	`revaluation_entry_id` text,
	`result` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `currency_revaluations_period_idx` ON `currency_revaluations` (`company_id`,`fiscal_period_id`);--> statement-breakpoint
CREATE TABLE `compliance_settings` (
	`company_id` text PRIMARY KEY NOT NULL,
	`annual_turnover_sek` integer NOT NULL,
	`has_employees` integer NOT NULL,
	`eu_trade` integer NOT NULL,
	`eu_sales_list_period` text NOT NULL,
	`updated_at` text NOT NULL
);
