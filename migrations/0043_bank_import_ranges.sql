-- Issue #34 item 4: a large CSV bank file is read in byte ranges, each its own queue message.
-- bank_imports.split keeps the file's head and ranges; bank_import_ranges what each range found,
-- so the whole-file checks are decided on those facts before any row is stored.
ALTER TABLE `bank_imports` ADD `split` text;--> statement-breakpoint
CREATE TABLE `bank_import_ranges` (
	`import_id` text NOT NULL,
	`range_index` integer NOT NULL,
	`company_id` text NOT NULL,
	`facts` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`import_id`, `range_index`)
);
