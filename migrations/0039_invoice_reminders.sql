-- Issue #32, reminders: payment reminders of outbound invoices (fee booked at issue, interest
-- stated), and the company's reminder fee and automatic reminder interval.
CREATE TABLE `invoice_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`reminder_number` integer NOT NULL,
	`reminder_date` text NOT NULL,
	`remaining_ore` integer NOT NULL,
	`fee_ore` integer NOT NULL,
	`interest_ore` integer,
	`interest_days` integer NOT NULL,
	`pay_by` text NOT NULL,
	`automatic` integer NOT NULL,
	`sent_to` text NOT NULL,
	`journal_entry_id` text,
	`created_at` text NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_reminders_number_idx` ON `invoice_reminders` (`invoice_id`,`reminder_number`);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `reminder_fee_ore` integer;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `auto_reminder_days` integer;
