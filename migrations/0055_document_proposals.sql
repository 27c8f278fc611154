CREATE TABLE `document_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`document_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`pages` integer NOT NULL,
	`fields` text NOT NULL,
	`warnings` text NOT NULL,
	`supplier_id` text,
	`supplier_matched_by` text,
	`supplier_invoice_id` text,
	`journal_entry_id` text,
	`created_at` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE INDEX `document_proposals_company_document_idx` ON `document_proposals` (`company_id`,`document_id`);