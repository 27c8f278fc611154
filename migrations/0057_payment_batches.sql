-- The payment loop (issue #44): payment batches (a pain.001 file each) and their lines.
CREATE TABLE `payment_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`status` text NOT NULL,
	`execution_date` text NOT NULL,
	`message_id` text NOT NULL,
	`payment_information_id` text NOT NULL,
	`settlement_account` text NOT NULL,
	`number_of_transactions` integer NOT NULL,
	`control_sum_ore` integer NOT NULL,
	`file_document_id` text NOT NULL,
	`file_name` text NOT NULL,
	`status_report_message_id` text,
	`group_status` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_batches_company_idx` ON `payment_batches` (`company_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_batches_message_idx` ON `payment_batches` (`company_id`,`message_id`);--> statement-breakpoint
CREATE TABLE `payment_batch_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`supplier_invoice_id` text NOT NULL,
	`end_to_end_id` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`currency` text NOT NULL,
	`creditor` text NOT NULL,
	`status` text NOT NULL,
	`bank_status` text,
	`reason_code` text,
	`reason_text` text,
	`status_at` text,
	`bank_transaction_id` text,
	`journal_entry_id` text,
	`booked_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_batch_lines_e2e_idx` ON `payment_batch_lines` (`company_id`,`end_to_end_id`);--> statement-breakpoint
CREATE INDEX `payment_batch_lines_batch_idx` ON `payment_batch_lines` (`batch_id`);--> statement-breakpoint
CREATE INDEX `payment_batch_lines_invoice_idx` ON `payment_batch_lines` (`company_id`,`supplier_invoice_id`,`status`);
--> statement-breakpoint
CREATE TABLE `month_close_states` (
	`company_id` text NOT NULL,
	`month` text NOT NULL,
	`checked_at` text NOT NULL,
	`ready_at` text,
	PRIMARY KEY(`company_id`, `month`)
);
