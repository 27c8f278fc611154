-- Issue 29 item 12: a payment of an invoice or a supplier invoice reversed (makulerad)
ALTER TABLE `invoice_payments` ADD `reversed_at` text;--> statement-breakpoint
ALTER TABLE `invoice_payments` ADD `reversal_date` text;--> statement-breakpoint
ALTER TABLE `invoice_payments` ADD `reversal_journal_entry_id` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_payments` ADD `reversed_at` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_payments` ADD `reversal_date` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_payments` ADD `reversal_journal_entry_id` text;