-- Issue #29 item 19: the vacation year per company (semesterlagen 3 §). Existing companies stay on
-- the calendar year (the column's default), so nothing changes for them; a new company gets the
-- Act's default, 'april_march', from company creation. vacation_records gains what the April–March
-- year needs: the vacation year's first day, the earning year in progress (paid days, days earned,
-- day value), the percentage rule's base of the vacation year and the semesteravstämning.
ALTER TABLE `company_settings` ADD `vacation_year` text DEFAULT 'calendar' NOT NULL;--> statement-breakpoint
ALTER TABLE `vacation_records` ADD `vacation_year_start` text;--> statement-breakpoint
ALTER TABLE `vacation_records` ADD `earning_paid_days` integer;--> statement-breakpoint
ALTER TABLE `vacation_records` ADD `earned_days` text;--> statement-breakpoint
ALTER TABLE `vacation_records` ADD `earning_day_value_ore` integer;--> statement-breakpoint
ALTER TABLE `vacation_records` ADD `vacation_base_ore` integer;--> statement-breakpoint
ALTER TABLE `vacation_records` ADD `revaluation_ore` integer DEFAULT 0 NOT NULL;