ALTER TABLE `fiscal_periods` ADD `closed_externally` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `fiscal_periods` ADD `reopened_at` text;--> statement-breakpoint
ALTER TABLE `fiscal_periods` ADD `reopen_reason` text;