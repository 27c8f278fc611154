CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`document_group_id` text NOT NULL,
	`version` integer NOT NULL,
	`is_current_version` integer NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`file_size_bytes` integer NOT NULL,
	`sha256_hash` text NOT NULL,
	`r2_key` text NOT NULL,
	`upload_source` text NOT NULL,
	`journal_entry_id` text,
	`journal_entry_line_id` text,
	`created_at` text NOT NULL,
	`linked_at` text
);
--> statement-breakpoint
CREATE INDEX `documents_company_created_idx` ON `documents` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `documents_entry_idx` ON `documents` (`company_id`,`journal_entry_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_group_version_idx` ON `documents` (`document_group_id`,`version`);--> statement-breakpoint
-- A document that supports a posted entry never changes (BFL 7 kap), and no document is deleted.
CREATE TRIGGER documents_no_delete BEFORE DELETE ON documents
BEGIN
  SELECT RAISE(ABORT, 'archived documents are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER documents_posted_immutable BEFORE UPDATE ON documents
WHEN OLD.journal_entry_id IS NOT NULL
  AND (SELECT status FROM journal_entries WHERE id = OLD.journal_entry_id) = 'posted'
BEGIN
  SELECT RAISE(ABORT, 'documents linked to a posted entry are immutable');
END;
