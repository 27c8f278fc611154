CREATE TABLE `invoice_items` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`sort_order` integer NOT NULL,
	`description` text NOT NULL,
	`quantity` text NOT NULL,
	`unit` text,
	`unit_price_ore` integer NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`net_ore` integer NOT NULL,
	`article_id` text,
	`revenue_account` text NOT NULL,
	`dimensions` text
);
--> statement-breakpoint
CREATE INDEX `invoice_items_invoice_idx` ON `invoice_items` (`invoice_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `invoice_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`payment_date` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`amount_sek_ore` integer NOT NULL,
	`exchange_rate_difference_ore` integer NOT NULL,
	`journal_entry_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_payments_invoice_idx` ON `invoice_payments` (`invoice_id`,`payment_date`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`customer_name` text NOT NULL,
	`invoice_number` text,
	`number_series` text,
	`number_seq` integer,
	`document_type` text NOT NULL,
	`status` text NOT NULL,
	`is_credit_note` integer NOT NULL,
	`credited_invoice_id` text,
	`credit_reason` text,
	`invoice_date` text NOT NULL,
	`due_date` text NOT NULL,
	`currency` text NOT NULL,
	`exchange_rate` text,
	`subtotal_ore` integer NOT NULL,
	`vat_ore` integer NOT NULL,
	`vat_breakdown` text NOT NULL,
	`total_ore` integer NOT NULL,
	`total_sek_ore` integer,
	`paid_ore` integer NOT NULL,
	`credited_ore` integer NOT NULL,
	`default_dimensions` text,
	`is_self_billed` integer NOT NULL,
	`external_invoice_number` text,
	`received_date` text,
	`our_reference` text,
	`your_reference` text,
	`notes` text,
	`journal_entry_id` text,
	`sent_at` text,
	`paid_at` text,
	`cancelled_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoices_company_created_idx` ON `invoices` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_company_customer_idx` ON `invoices` (`company_id`,`customer_id`,`status`);--> statement-breakpoint
CREATE INDEX `invoices_company_status_due_idx` ON `invoices` (`company_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_credited_idx` ON `invoices` (`company_id`,`credited_invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_self_billed_idx` ON `invoices` (`company_id`,`customer_id`,`external_invoice_number`) WHERE is_self_billed = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_company_series_seq_idx` ON `invoices` (`company_id`,`number_series`,`number_seq`) WHERE number_seq IS NOT NULL;--> statement-breakpoint
CREATE TABLE `supplier_invoice_items` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`supplier_invoice_id` text NOT NULL,
	`sort_order` integer NOT NULL,
	`description` text,
	`amount_ore` integer NOT NULL,
	`account_number` text NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`vat_ore` integer NOT NULL,
	`apply_slp` integer NOT NULL,
	`dimensions` text
);
--> statement-breakpoint
CREATE INDEX `supplier_invoice_items_invoice_idx` ON `supplier_invoice_items` (`supplier_invoice_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `supplier_invoice_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`supplier_invoice_id` text NOT NULL,
	`payment_date` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`amount_sek_ore` integer NOT NULL,
	`exchange_rate_difference_ore` integer NOT NULL,
	`settlement_account` text NOT NULL,
	`journal_entry_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supplier_invoice_payments_invoice_idx` ON `supplier_invoice_payments` (`supplier_invoice_id`,`payment_date`);--> statement-breakpoint
CREATE TABLE `supplier_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`supplier_id` text NOT NULL,
	`supplier_name` text NOT NULL,
	`arrival_number` integer NOT NULL,
	`supplier_invoice_number` text NOT NULL,
	`status` text NOT NULL,
	`dispute_reason` text,
	`is_credit_note` integer NOT NULL,
	`credited_invoice_id` text,
	`invoice_date` text NOT NULL,
	`due_date` text NOT NULL,
	`currency` text NOT NULL,
	`exchange_rate` text NOT NULL,
	`subtotal_ore` integer NOT NULL,
	`vat_ore` integer NOT NULL,
	`total_ore` integer NOT NULL,
	`total_sek_ore` integer NOT NULL,
	`paid_ore` integer NOT NULL,
	`credited_ore` integer NOT NULL,
	`default_dimensions` text,
	`payment_reference` text,
	`notes` text,
	`registration_journal_entry_id` text,
	`payment_journal_entry_id` text,
	`approved_at` text,
	`paid_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supplier_invoices_company_created_idx` ON `supplier_invoices` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `supplier_invoices_company_supplier_idx` ON `supplier_invoices` (`company_id`,`supplier_id`,`status`);--> statement-breakpoint
CREATE INDEX `supplier_invoices_company_status_due_idx` ON `supplier_invoices` (`company_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `supplier_invoices_credited_idx` ON `supplier_invoices` (`company_id`,`credited_invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_invoices_arrival_idx` ON `supplier_invoices` (`company_id`,`arrival_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `supplier_invoices_number_idx` ON `supplier_invoices` (`company_id`,`supplier_id`,`supplier_invoice_number`) WHERE is_credit_note = 0;