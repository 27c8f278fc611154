-- Issue #32, Peppol send: the company's access point (url, encrypted token, sender id) and the
-- deliveries of invoices' Peppol documents to it, retried on the webhook schedule.
CREATE TABLE `peppol_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` text,
	`r2_key` text NOT NULL,
	`document_kind` text NOT NULL,
	`receiver_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`response_status` integer,
	`error` text,
	`message_id` text,
	`request_id` text NOT NULL,
	`created_at` text NOT NULL,
	`delivered_at` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `peppol_deliveries_invoice_idx` ON `peppol_deliveries` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `peppol_deliveries_due_idx` ON `peppol_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `company_settings` ADD `peppol_access_point_url` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `peppol_access_point_token_enc` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `peppol_sender_id` text;