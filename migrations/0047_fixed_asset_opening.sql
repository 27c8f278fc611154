-- Issue #40 item 8: an opening asset register for a taken-over company. An asset acquired
-- before the company's first fiscal year here is registered as of that year's first day with
-- the accumulated depreciation the opening balances already carry; nothing is posted.
ALTER TABLE `fixed_assets` ADD `opening_date` text;--> statement-breakpoint
ALTER TABLE `fixed_assets` ADD `opening_accumulated_ore` integer DEFAULT 0 NOT NULL;
