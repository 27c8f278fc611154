-- Issue #31, the tax: the corporate-tax calculation of an aktiebolag's fiscal year (the
-- taxable result, its adjustments, the periodiseringsfond and the tax), kept so that the
-- INK2 files and the annual report read the same figures; entry_id is the entry that booked
-- the fund, its reversals and the tax (null when nothing was to be booked). One per period.
CREATE TABLE `tax_calculations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`fiscal_period_id` text NOT NULL,
	`entry_id` text,
	`calculation` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_calculations_period_idx` ON `tax_calculations` (`company_id`,`fiscal_period_id`);
