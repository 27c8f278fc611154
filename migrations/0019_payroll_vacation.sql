CREATE TABLE `vacation_records` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`salary_run_id` text NOT NULL,
	`salary_run_employee_id` text NOT NULL,
	`year` integer NOT NULL,
	`month` integer NOT NULL,
	`payment_date` text NOT NULL,
	`rule` text NOT NULL,
	`paid_days_of_year` integer NOT NULL,
	`entitled_days` integer NOT NULL,
	`unpaid_days` integer NOT NULL,
	`paid_taken` integer NOT NULL,
	`unpaid_taken` integer NOT NULL,
	`saved_taken` integer NOT NULL,
	`remaining_days` integer NOT NULL,
	`saved` text NOT NULL,
	`payout_days` integer NOT NULL,
	`payout_days_year` integer NOT NULL,
	`absence_used` text NOT NULL,
	`day_value_ore` integer NOT NULL,
	`liability_ore` integer NOT NULL,
	`contributions_ore` integer NOT NULL,
	`liability_change_ore` integer NOT NULL,
	`contributions_change_ore` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vacation_records_run_employee_unique` ON `vacation_records` (`salary_run_id`,`employee_id`);--> statement-breakpoint
CREATE INDEX `vacation_records_employee_idx` ON `vacation_records` (`company_id`,`employee_id`,`year`,`month`);--> statement-breakpoint
CREATE TABLE `payroll_opening_balances` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`year` integer NOT NULL,
	`cutover_date` text NOT NULL,
	`ytd_gross_ore` integer NOT NULL,
	`ytd_benefits_ore` integer NOT NULL,
	`ytd_tax_ore` integer NOT NULL,
	`ytd_net_ore` integer NOT NULL,
	`ytd_avgifter_ore` integer NOT NULL,
	`paid_days_remaining` integer NOT NULL,
	`unpaid_days_remaining` integer NOT NULL,
	`saved_days` text NOT NULL,
	`vacation_debt_ore` integer NOT NULL,
	`vacation_debt_contributions_ore` integer NOT NULL,
	`absence_used` text NOT NULL,
	`karens_occasions_ytd` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payroll_opening_balances_employee_unique` ON `payroll_opening_balances` (`company_id`,`employee_id`);--> statement-breakpoint
ALTER TABLE `salary_runs` ADD `vacation_entry_id` text;
