CREATE TABLE `employees` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`personnummer_enc` text NOT NULL,
	`personnummer_hash` text NOT NULL,
	`personnummer_prefix` text NOT NULL,
	`birth_date` text NOT NULL,
	`email` text,
	`employment_type` text NOT NULL,
	`personnel_category` text NOT NULL,
	`employment_start` text NOT NULL,
	`employment_end` text,
	`salary_type` text NOT NULL,
	`monthly_salary_ore` integer,
	`hourly_rate_ore` integer,
	`salary_exchange_ore` integer NOT NULL,
	`f_skatt_status` text NOT NULL,
	`tax_table_number` integer,
	`tax_column` integer,
	`tax_decided_percent` text,
	`tax_decision_reference` text,
	`clearing_number` text,
	`bank_account_number` text,
	`bank_name` text,
	`vacation_rule` text NOT NULL,
	`vacation_days_per_year` integer NOT NULL,
	`is_active` integer NOT NULL,
	`deactivated_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `employees_company_pnr_unique` ON `employees` (`company_id`,`personnummer_hash`);--> statement-breakpoint
CREATE INDEX `employees_company_created_idx` ON `employees` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `salary_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`period_year` integer NOT NULL,
	`period_month` integer NOT NULL,
	`payment_date` text NOT NULL,
	`voucher_series` text NOT NULL,
	`status` text NOT NULL,
	`total_gross_ore` integer NOT NULL,
	`total_benefits_ore` integer NOT NULL,
	`total_reimbursements_ore` integer NOT NULL,
	`total_deductions_ore` integer NOT NULL,
	`total_tax_ore` integer NOT NULL,
	`total_net_ore` integer NOT NULL,
	`total_avgifter_ore` integer NOT NULL,
	`total_pension_ore` integer NOT NULL,
	`total_special_payroll_tax_ore` integer NOT NULL,
	`settlement_account` text,
	`warnings` text NOT NULL,
	`calculated_at` text,
	`approved_at` text,
	`approved_by` text,
	`paid_at` text,
	`paid_by` text,
	`booked_at` text,
	`booked_by` text,
	`salary_entry_id` text,
	`avgifter_entry_id` text,
	`pension_entry_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `salary_runs_company_period_unique` ON `salary_runs` (`company_id`,`period_year`,`period_month`);--> statement-breakpoint
CREATE INDEX `salary_runs_company_created_idx` ON `salary_runs` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `salary_run_employees` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`salary_run_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`hours_hundredths` integer,
	`gross_ore` integer NOT NULL,
	`benefits_ore` integer NOT NULL,
	`reimbursements_ore` integer NOT NULL,
	`deductions_ore` integer NOT NULL,
	`tax_basis_ore` integer NOT NULL,
	`avgifter_basis_ore` integer NOT NULL,
	`tax_calculated_ore` integer NOT NULL,
	`tax_override_ore` integer,
	`avgifter_calculated_ore` integer NOT NULL,
	`avgifter_override_ore` integer,
	`pension_ore` integer NOT NULL,
	`special_payroll_tax_ore` integer NOT NULL,
	`net_ore` integer NOT NULL,
	`breakdown` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `salary_run_employees_run_employee_unique` ON `salary_run_employees` (`salary_run_id`,`employee_id`);--> statement-breakpoint
CREATE INDEX `salary_run_employees_run_idx` ON `salary_run_employees` (`salary_run_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `salary_line_items` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`salary_run_id` text NOT NULL,
	`salary_run_employee_id` text NOT NULL,
	`item_type` text NOT NULL,
	`description` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`account_number` text,
	`source` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `salary_line_items_run_employee_idx` ON `salary_line_items` (`salary_run_employee_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `salary_line_items_run_idx` ON `salary_line_items` (`salary_run_id`);
