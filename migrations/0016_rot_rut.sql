-- Issue 18: ROT and RUT on invoices, the 1513 receivable and Skatteverket's claim file.
ALTER TABLE `invoices` ADD `deduction_ore` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `deduction_type` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `work_type` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `labor_hours_hundredths` integer;--> statement-breakpoint
CREATE TABLE `invoice_deductions` (
	`invoice_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`year` integer NOT NULL,
	`rate_rot_bp` integer NOT NULL,
	`rate_rut_bp` integer NOT NULL,
	`labour_rot_ore` integer NOT NULL,
	`labour_rut_ore` integer NOT NULL,
	`deduction_rot_ore` integer NOT NULL,
	`deduction_rut_ore` integer NOT NULL,
	`credited_labour_rot_ore` integer DEFAULT 0 NOT NULL,
	`credited_labour_rut_ore` integer DEFAULT 0 NOT NULL,
	`rejected_ore` integer DEFAULT 0 NOT NULL,
	`work` text NOT NULL,
	`other_cost_ore` integer NOT NULL,
	`housing_designation` text,
	`apartment_number` text,
	`brf_org_number` text,
	`created_at` text NOT NULL
);--> statement-breakpoint
CREATE INDEX `invoice_deductions_company_year_idx` ON `invoice_deductions` (`company_id`,`year`);--> statement-breakpoint
CREATE TABLE `invoice_deduction_buyers` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`year` integer NOT NULL,
	`sort_order` integer NOT NULL,
	`personnummer_enc` text NOT NULL,
	`personnummer_masked` text NOT NULL,
	`share_bp` integer NOT NULL,
	`labour_rot_ore` integer NOT NULL,
	`labour_rut_ore` integer NOT NULL,
	`deduction_rot_ore` integer NOT NULL,
	`deduction_rut_ore` integer NOT NULL,
	`reversed_rot_ore` integer DEFAULT 0 NOT NULL,
	`reversed_rut_ore` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX `invoice_deduction_buyers_invoice_idx` ON `invoice_deduction_buyers` (`invoice_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `invoice_deduction_buyers_company_year_idx` ON `invoice_deduction_buyers` (`company_id`,`year`);--> statement-breakpoint
CREATE TABLE `rot_rut_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`type` text NOT NULL,
	`year` integer NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`buyer_count` integer NOT NULL,
	`case_count` integer NOT NULL,
	`claimed_ore` integer NOT NULL,
	`approved_ore` integer,
	`r2_key` text NOT NULL,
	`decision_date` text,
	`settlement_account` text,
	`decision_journal_entry_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);--> statement-breakpoint
CREATE INDEX `rot_rut_claims_company_created_idx` ON `rot_rut_claims` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `rot_rut_claim_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`claim_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`invoice_number` text NOT NULL,
	`type` text NOT NULL,
	`payment_date` text NOT NULL,
	`buyer_count` integer NOT NULL,
	`claimed_ore` integer NOT NULL,
	`rejected_ore` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `rot_rut_claim_invoices_once_idx` ON `rot_rut_claim_invoices` (`company_id`,`invoice_id`,`type`);--> statement-breakpoint
CREATE INDEX `rot_rut_claim_invoices_claim_idx` ON `rot_rut_claim_invoices` (`claim_id`);
