-- Issue #34 item 4: a large bank file is stored in chunks, each its own queue message, so that
-- no single queue invocation holds the service for the whole file. bank_import_chunks records
-- each stored chunk (written in the chunk's own batch: a chunk delivered twice is stored once);
-- bank_imports gains the number of chunks and the reading's summary for the final result.
CREATE TABLE `bank_import_chunks` (
	`import_id` text NOT NULL,
	`chunk_index` integer NOT NULL,
	`company_id` text NOT NULL,
	`rows_inserted` integer NOT NULL,
	`rows_skipped_duplicate` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`import_id`, `chunk_index`)
);
--> statement-breakpoint
ALTER TABLE `bank_imports` ADD `chunks_total` integer;--> statement-breakpoint
ALTER TABLE `bank_imports` ADD `summary` text;