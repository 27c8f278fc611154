ALTER TABLE `invoice_payments` ADD `reversed_at` text;--> statement-breakpoint
ALTER TABLE `invoice_payments` ADD `reversal_date` text;--> statement-breakpoint
ALTER TABLE `invoice_payments` ADD `reversal_journal_entry_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `pdf_document_id` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_items` ADD `credited_item_id` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_payments` ADD `reversed_at` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_payments` ADD `reversal_date` text;--> statement-breakpoint
ALTER TABLE `supplier_invoice_payments` ADD `reversal_journal_entry_id` text;