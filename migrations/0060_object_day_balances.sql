-- Issue #46: the reports by dimension at any date from per-day sums per object, kept by the
-- ledger in the posting batch as account_day_balances (0018) are. Filled here from the books
-- already there: one row per (period, dimension, day, opening entry or not, account, object),
-- summed in SQL over each posted line's dimensions map (json_each), so only sums are written.
CREATE TABLE `object_day_balances` (
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`dimension_id` integer NOT NULL,
	`entry_date` text NOT NULL,
	`opening` integer NOT NULL,
	`account_number` text NOT NULL,
	`object_code` text NOT NULL,
	`debit_ore` integer NOT NULL,
	`credit_ore` integer NOT NULL,
	PRIMARY KEY(`company_id`, `fiscal_period_id`, `dimension_id`, `entry_date`, `opening`, `account_number`, `object_code`)
);
--> statement-breakpoint
INSERT INTO `object_day_balances` (`company_id`, `fiscal_period_id`, `dimension_id`, `entry_date`, `opening`, `account_number`, `object_code`, `debit_ore`, `credit_ore`)
SELECT e.`company_id`, e.`fiscal_period_id`, CAST(j.`key` AS INTEGER), e.`entry_date`,
  CASE WHEN e.`source_type` = 'opening_balance' THEN 1 ELSE 0 END, l.`account_number`, CAST(j.`value` AS TEXT),
  SUM(l.`debit_ore`), SUM(l.`credit_ore`)
FROM `journal_entries` e JOIN `journal_lines` l ON l.`journal_entry_id` = e.`id`, json_each(l.`dimensions`) j
WHERE e.`status` = 'posted' AND l.`dimensions` IS NOT NULL AND j.`type` <> 'null'
GROUP BY 1, 2, 3, 4, 5, 6, 7;
