CREATE TABLE `sie_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`sha256` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size_bytes` integer NOT NULL,
	`r2_key` text NOT NULL,
	`operation_id` text NOT NULL,
	`status` text NOT NULL,
	`update_account_names` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sie_imports_company_sha_idx` ON `sie_imports` (`company_id`,`sha256`);