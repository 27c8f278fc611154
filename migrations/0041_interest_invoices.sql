-- Issue #32, interest invoices (räntefakturor): an invoice's kind (standard | interest), and on an
-- interest invoice the invoice it charges interest on, the days it covers and how it was computed.
ALTER TABLE `invoices` ADD `kind` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `interest_of_invoice_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `interest_from` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `interest_to` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `interest_detail` text;--> statement-breakpoint
CREATE INDEX `invoices_interest_of_idx` ON `invoices` (`company_id`,`interest_of_invoice_id`) WHERE interest_of_invoice_id IS NOT NULL;