-- Issue #30, the tax account: skattekonto rows imported from Skatteverket's transaction list
-- (source 'file', the import's operation id) and booked against their counter account (the
-- entry posted from the row); the row's place in its statement, so rows of one day keep
-- Skatteverket's order and the last row's saldo is the statement's balance.
ALTER TABLE `reconciliation_tax_account_rows` ADD `import_id` text;--> statement-breakpoint
ALTER TABLE `reconciliation_tax_account_rows` ADD `journal_entry_id` text;--> statement-breakpoint
ALTER TABLE `reconciliation_tax_account_rows` ADD `position` integer;
