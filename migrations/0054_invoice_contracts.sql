CREATE TABLE `invoice_contract_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`contract_id` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`invoice_id` text NOT NULL,
	`version_id` text NOT NULL,
	`scheduled_date` text NOT NULL,
	`invoice_date` text NOT NULL,
	`action` text NOT NULL,
	`action_status` text NOT NULL,
	`action_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_contract_invoices_period_idx` ON `invoice_contract_invoices` (`contract_id`,`period_start`);--> statement-breakpoint
CREATE INDEX `invoice_contract_invoices_action_idx` ON `invoice_contract_invoices` (`action_status`);--> statement-breakpoint
CREATE TABLE `invoice_contract_pauses` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`contract_id` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_contract_pauses_contract_idx` ON `invoice_contract_pauses` (`contract_id`);--> statement-breakpoint
CREATE TABLE `invoice_contract_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`contract_id` text NOT NULL,
	`effective_from` text NOT NULL,
	`items` text NOT NULL,
	`our_reference` text,
	`your_reference` text,
	`notes` text,
	`subtotal_ore` integer NOT NULL,
	`vat_ore` integer NOT NULL,
	`total_ore` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_contract_versions_from_idx` ON `invoice_contract_versions` (`contract_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `invoice_contracts` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`name` text,
	`interval` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`invoice_day` text NOT NULL,
	`invoice_month_offset` integer DEFAULT 0 NOT NULL,
	`days_in_advance` integer DEFAULT 0 NOT NULL,
	`action` text NOT NULL,
	`payment_terms_days` integer,
	`status` text NOT NULL,
	`next_run_on` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_contracts_company_idx` ON `invoice_contracts` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoice_contracts_next_run_idx` ON `invoice_contracts` (`next_run_on`);