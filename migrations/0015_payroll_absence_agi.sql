CREATE TABLE `agi_declarations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`salary_run_id` text NOT NULL,
	`period_year` integer NOT NULL,
	`period_month` integer NOT NULL,
	`xml` text NOT NULL,
	`total_cash_pay` integer NOT NULL,
	`total_benefits` integer NOT NULL,
	`total_tax` integer NOT NULL,
	`total_contributions` integer NOT NULL,
	`contributions_by_rate` text NOT NULL,
	`employee_count` integer NOT NULL,
	`generated_at` text NOT NULL,
	`generated_by` text NOT NULL,
	`submission_reference` text,
	`submission_recorded_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agi_declarations_run_unique` ON `agi_declarations` (`salary_run_id`);--> statement-breakpoint
CREATE INDEX `agi_declarations_company_period_idx` ON `agi_declarations` (`company_id`,`period_year`,`period_month`);--> statement-breakpoint
CREATE TABLE `agi_specification_numbers` (
	`company_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`number` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `employee_id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agi_specification_numbers_number_unique` ON `agi_specification_numbers` (`company_id`,`number`);
--> statement-breakpoint
CREATE TABLE `salary_absence_days` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`absence_date` text NOT NULL,
	`absence_type` text NOT NULL,
	`hours_hundredths` integer,
	`notes` text,
	`salary_run_employee_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `salary_absence_days_employee_date_unique` ON `salary_absence_days` (`company_id`,`employee_id`,`absence_date`);
