-- Issue #30: the VAT return (momsdeklaration) made in one call, stored with its boxes and its transfer entry.
CREATE TABLE `vat_returns` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`corrects_id` text,
	`period` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`boxes` text NOT NULL,
	`declared_boxes` text NOT NULL,
	`box_49` integer NOT NULL,
	`settlement_ore` integer NOT NULL,
	`rounding_ore` integer NOT NULL,
	`journal_entry_id` text,
	`voucher_series` text,
	`voucher_number` integer,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `vat_returns_company_created_idx` ON `vat_returns` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `vat_returns_company_period_idx` ON `vat_returns` (`company_id`,`period_start`);--> statement-breakpoint
CREATE UNIQUE INDEX `vat_returns_one_original_idx` ON `vat_returns` (`company_id`,`period_start`,`period_end`) WHERE "vat_returns"."kind" = 'original';--> statement-breakpoint
-- A return is immutable once stored: a correction is a new row, never an edit.
CREATE TRIGGER vat_returns_no_update BEFORE UPDATE ON vat_returns
BEGIN
  SELECT RAISE(ABORT, 'a VAT return is immutable: make a correction return');
END;--> statement-breakpoint
CREATE TRIGGER vat_returns_no_delete BEFORE DELETE ON vat_returns
BEGIN
  SELECT RAISE(ABORT, 'a VAT return is immutable: make a correction return');
END;
