-- Issue #31, the annual report (K2): the model of a fiscal year's årsredovisning as POST
-- .../fiscal-periods/{id}/annual-report answered it, with the documents holding its PDF and
-- its inline XBRL (R2, the documents table). One per period; a new POST replaces the row.
CREATE TABLE `annual_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`model` text NOT NULL,
	`pdf_document_id` text NOT NULL,
	`ixbrl_document_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `annual_reports_period_idx` ON `annual_reports` (`company_id`,`fiscal_period_id`);
