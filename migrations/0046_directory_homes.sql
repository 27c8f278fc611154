CREATE TABLE `company_homes` (
	`company_id` text PRIMARY KEY NOT NULL,
	`database` text NOT NULL,
	`created_at` text NOT NULL,
	`moved_at` text,
	`moved_from` text
);
--> statement-breakpoint
CREATE INDEX `company_homes_database_idx` ON `company_homes` (`database`);--> statement-breakpoint
CREATE TABLE `company_moves` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`from_database` text NOT NULL,
	`to_database` text NOT NULL,
	`status` text NOT NULL,
	`tables` text,
	`error` text,
	`writes_closed_ms` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `company_moves_company_idx` ON `company_moves` (`company_id`,`created_at`);--> statement-breakpoint
-- A database that held companies before the service had ledger databases is the directory
-- (bound as DIRECTORY): its companies keep their books where they are, their home is it.
-- On a ledger database the companies table is empty and this inserts nothing.
INSERT INTO `company_homes` (`company_id`, `database`, `created_at`)
SELECT `id`, 'DIRECTORY', `created_at` FROM `companies`;
