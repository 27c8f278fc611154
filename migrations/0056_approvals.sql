CREATE TABLE `approval_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`command` text NOT NULL,
	`input` text NOT NULL,
	`preview` text NOT NULL,
	`approvers` text NOT NULL,
	`trigger` text NOT NULL,
	`requested_by` text NOT NULL,
	`api_key_id` text NOT NULL,
	`status` text NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`reason` text,
	`result` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `approval_requests_company_idx` ON `approval_requests` (`company_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `approval_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	`active` integer NOT NULL,
	`min_amount_ore` integer,
	`max_amount_ore` integer,
	`supplier_ids` text,
	`account_numbers` text,
	`dimensions` text,
	`steps` text NOT NULL,
	`in_order` integer NOT NULL,
	`allow_registrant` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `approval_rules_company_idx` ON `approval_rules` (`company_id`,`position`);--> statement-breakpoint
CREATE TABLE `approval_settings` (
	`company_id` text PRIMARY KEY NOT NULL,
	`require_mfa` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `supplier_invoice_approvals` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`supplier_invoice_id` text NOT NULL,
	`round` integer NOT NULL,
	`step` integer,
	`user_id` text NOT NULL,
	`decision` text NOT NULL,
	`reason` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supplier_invoice_approvals_invoice_idx` ON `supplier_invoice_approvals` (`company_id`,`supplier_invoice_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `staging` text;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `approval_status` text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `approval_plan` text;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `approval_round` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `registered_by` text;