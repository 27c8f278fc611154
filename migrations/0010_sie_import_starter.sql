ALTER TABLE `sie_imports` ADD `started_by_key_id` text;--> statement-breakpoint
ALTER TABLE `sie_imports` ADD `started_by_user_id` text;