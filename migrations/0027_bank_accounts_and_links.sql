CREATE TABLE `bank_accounts` (
	`company_id` text NOT NULL,
	`ledger_account` text NOT NULL,
	`currency` text NOT NULL,
	`iban` text,
	`clearing_number` text,
	`account_number` text,
	`bankgiro` text,
	`name` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `ledger_account`)
);
--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `reconciliation_link_id` text;--> statement-breakpoint
-- rows linked before this column existed carry their link (issue #29: a linked row is booked)
UPDATE `bank_transactions` SET `reconciliation_link_id` = (
	SELECT `link_id` FROM `reconciliation_links` l
	WHERE l.`company_id` = `bank_transactions`.`company_id` AND l.`side` = 'external' AND l.`item_id` = `bank_transactions`.`id`
	LIMIT 1
);
