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
