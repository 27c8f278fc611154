-- Issue #31: the fixed-asset register (anläggningsregister), its depreciation runs and each asset's booked depreciation.
CREATE TABLE `fixed_assets` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`acquisition_date` text NOT NULL,
	`acquisition_value_ore` integer NOT NULL,
	`depreciation_start` text NOT NULL,
	`useful_life_months` integer NOT NULL,
	`asset_account` text NOT NULL,
	`accumulated_account` text,
	`cost_account` text,
	`supplier_invoice_id` text,
	`supplier_invoice_item_id` text,
	`acquisition_journal_entry_id` text,
	`status` text NOT NULL,
	`disposal_date` text,
	`sale_price_ore` integer,
	`disposal_journal_entry_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fixed_assets_company_created_idx` ON `fixed_assets` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `fixed_assets_supplier_item_idx` ON `fixed_assets` (`company_id`,`supplier_invoice_item_id`);--> statement-breakpoint
CREATE TABLE `depreciation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`period_from` text NOT NULL,
	`period_to` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`total_ore` integer NOT NULL,
	`journal_entry_id` text,
	`voucher_series` text,
	`voucher_number` integer,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `depreciation_runs_company_from_idx` ON `depreciation_runs` (`company_id`,`period_from`);--> statement-breakpoint
CREATE TABLE `fixed_asset_depreciations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`asset_id` text NOT NULL,
	`run_id` text,
	`entry_date` text NOT NULL,
	`through_month` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`journal_entry_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fixed_asset_depreciations_asset_idx` ON `fixed_asset_depreciations` (`company_id`,`asset_id`,`entry_date`);
--> statement-breakpoint
CREATE TABLE `tax_depreciations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`opening_tax_value_ore` integer NOT NULL,
	`additions_ore` integer NOT NULL,
	`sale_proceeds_ore` integer NOT NULL,
	`chosen_rule` text NOT NULL,
	`tax_depreciation_ore` integer NOT NULL,
	`plan_depreciation_ore` integer NOT NULL,
	`over_depreciation_change_ore` integer NOT NULL,
	`closing_tax_value_ore` integer NOT NULL,
	`journal_entry_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_depreciations_company_period_idx` ON `tax_depreciations` (`company_id`,`fiscal_period_id`);
