-- Issue 12: VAT treatment of sales and purchases, the seller's address on invoices,
-- OCR references, partial credit notes.
ALTER TABLE `articles` ADD `supply_type` text DEFAULT 'services' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `supply_type` text DEFAULT 'services' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `vat_treatment` text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `credited_item_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `ocr_number` text;--> statement-breakpoint
CREATE INDEX `invoices_company_ocr_idx` ON `invoices` (`company_id`,`ocr_number`) WHERE ocr_number IS NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_invoice_items` ADD `supply_type` text DEFAULT 'services' NOT NULL;--> statement-breakpoint
ALTER TABLE `supplier_invoice_items` ADD `vat_treatment` text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `address_line1` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `address_line2` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `postal_code` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `city` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `country` text DEFAULT 'SE' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `email` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `website` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `vat_number` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `late_payment_interest_rate` text;
