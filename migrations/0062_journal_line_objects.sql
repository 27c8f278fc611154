-- Issue #46: the general ledger of one object from a seek, not from reading every line of the
-- accounts and dates asked for. Each posted line (the opening entry aside) has a row per object
-- it names, in the ledger's order, with the line's entry, amounts and text; kept by the ledger in the posting batch from now on
-- (src/ledger/balances.ts), filled here from the books already there.
CREATE TABLE `journal_line_objects` (
	`company_id` text NOT NULL,
	`dimension_id` integer NOT NULL,
	`object_code` text NOT NULL,
	`account_number` text NOT NULL,
	`entry_date` text NOT NULL,
	`voucher_series` text NOT NULL,
	`voucher_number` integer NOT NULL,
	`sort_order` integer NOT NULL,
	`line_id` text NOT NULL,
	`journal_entry_id` text NOT NULL,
	`debit_ore` integer NOT NULL,
	`credit_ore` integer NOT NULL,
	`line_description` text,
	PRIMARY KEY(`company_id`, `dimension_id`, `object_code`, `account_number`, `entry_date`, `voucher_series`, `voucher_number`, `sort_order`, `line_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `journal_line_objects` (`company_id`, `dimension_id`, `object_code`, `account_number`, `entry_date`, `voucher_series`, `voucher_number`, `sort_order`, `line_id`, `journal_entry_id`, `debit_ore`, `credit_ore`, `line_description`)
SELECT e.`company_id`, CAST(j.`key` AS INTEGER), CAST(j.`value` AS TEXT), l.`account_number`, e.`entry_date`,
  e.`voucher_series`, e.`voucher_number`, l.`sort_order`, l.`id`, e.`id`, l.`debit_ore`, l.`credit_ore`, l.`line_description`
FROM `journal_entries` e JOIN `journal_lines` l ON l.`journal_entry_id` = e.`id`, json_each(l.`dimensions`) j
WHERE e.`status` = 'posted' AND e.`source_type` <> 'opening_balance' AND l.`dimensions` IS NOT NULL AND j.`type` <> 'null';
