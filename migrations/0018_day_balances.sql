-- Issue #19: reports at any date from per-day balances, and the general ledger paged by
-- an index in date order. Both are filled from the books already there.
CREATE TABLE `account_day_balances` (
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`entry_date` text NOT NULL,
	`opening` integer NOT NULL,
	`account_number` text NOT NULL,
	`debit_ore` integer NOT NULL,
	`credit_ore` integer NOT NULL,
	PRIMARY KEY(`company_id`, `fiscal_period_id`, `entry_date`, `opening`, `account_number`)
);
--> statement-breakpoint
INSERT INTO `account_day_balances` (`company_id`, `fiscal_period_id`, `entry_date`, `opening`, `account_number`, `debit_ore`, `credit_ore`)
SELECT e.`company_id`, e.`fiscal_period_id`, e.`entry_date`, CASE WHEN e.`source_type` = 'opening_balance' THEN 1 ELSE 0 END, l.`account_number`, SUM(l.`debit_ore`), SUM(l.`credit_ore`)
FROM `journal_entries` e JOIN `journal_lines` l ON l.`journal_entry_id` = e.`id`
WHERE e.`status` = 'posted'
GROUP BY e.`company_id`, e.`fiscal_period_id`, e.`entry_date`, CASE WHEN e.`source_type` = 'opening_balance' THEN 1 ELSE 0 END, l.`account_number`;
--> statement-breakpoint
ALTER TABLE `journal_lines` ADD `entry_date` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Lines are immutable (0002); the copy of the entry's date is the one change ever made to
-- existing lines, done with the guard lifted inside this migration and put back at once.
DROP TRIGGER `journal_lines_no_update`;
--> statement-breakpoint
UPDATE `journal_lines` SET `entry_date` = (SELECT e.`entry_date` FROM `journal_entries` e WHERE e.`id` = `journal_lines`.`journal_entry_id`);
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_update BEFORE UPDATE ON journal_lines
BEGIN
  SELECT RAISE(ABORT, 'journal lines are immutable');
END;
--> statement-breakpoint
DROP INDEX `journal_lines_company_account_idx`;
--> statement-breakpoint
CREATE INDEX `journal_lines_account_date_idx` ON `journal_lines` (`company_id`,`account_number`,`entry_date`);
