CREATE TABLE `bank_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`operation_id` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`r2_key` text NOT NULL,
	`settlement_account` text NOT NULL,
	`format` text,
	`format_detected` text,
	`mapping` text,
	`currency` text,
	`status` text NOT NULL,
	`rows_inserted` integer NOT NULL,
	`rows_skipped_duplicate` integer NOT NULL,
	`rows_rejected` integer NOT NULL,
	`started_by_key_id` text,
	`started_by_user_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_imports_company_idx` ON `bank_imports` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`settlement_account` text NOT NULL,
	`source` text NOT NULL,
	`import_id` text,
	`bank_format` text,
	`date` text NOT NULL,
	`value_date` text,
	`description` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`currency` text NOT NULL,
	`amount_foreign_ore` integer,
	`currency_foreign` text,
	`merchant_name` text,
	`counterparty_account` text,
	`reference` text,
	`reference_type` text,
	`ocr_references` text NOT NULL,
	`external_id` text,
	`dedupe_key` text NOT NULL,
	`balance_after_ore` integer,
	`details` text,
	`journal_entry_id` text,
	`is_business` integer,
	`category` text,
	`account_number` text,
	`vat_treatment` text,
	`template_id` text,
	`invoice_id` text,
	`supplier_invoice_id` text,
	`potential_invoice_id` text,
	`reconciliation_method` text,
	`is_ignored` integer NOT NULL,
	`ignored_at` text,
	`booked_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_dedupe_idx` ON `bank_transactions` (`company_id`,`settlement_account`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `bank_transactions_company_idx` ON `bank_transactions` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bank_transactions_date_idx` ON `bank_transactions` (`company_id`,`date`);--> statement-breakpoint
CREATE INDEX `bank_transactions_amount_idx` ON `bank_transactions` (`company_id`,`amount_ore`);--> statement-breakpoint
CREATE TABLE `bank_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`merchant_key` text NOT NULL,
	`category` text,
	`account_number` text NOT NULL,
	`vat_treatment` text NOT NULL,
	`use_count` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_templates_merchant_idx` ON `bank_templates` (`company_id`,`merchant_key`);
