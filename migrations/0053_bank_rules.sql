CREATE TABLE `bank_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	`mode` text NOT NULL,
	`is_active` integer NOT NULL,
	`conditions` text NOT NULL,
	`action` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_rules_company_idx` ON `bank_rules` (`company_id`,`position`);--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `bank_rule_id` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `bank_rule_outcome` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `bank_rule_proposal` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `bank_rule_at` text;