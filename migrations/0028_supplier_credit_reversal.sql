ALTER TABLE `supplier_invoices` ADD `credit_reversed_at` text;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `credit_reversal_date` text;--> statement-breakpoint
ALTER TABLE `supplier_invoices` ADD `credit_reversal_journal_entry_id` text;