CREATE TABLE `invoice_deduction_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`claim_id` text NOT NULL,
	`decision_date` text NOT NULL,
	`paid_out_ore` integer NOT NULL,
	`rejected_ore` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_deduction_decisions_invoice_idx` ON `invoice_deduction_decisions` (`invoice_id`,`decision_date`);