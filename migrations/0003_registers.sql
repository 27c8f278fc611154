CREATE TABLE `articles` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`number` text NOT NULL,
	`name` text NOT NULL,
	`unit` text NOT NULL,
	`default_price_ore` integer NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`revenue_account` text NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_company_number_idx` ON `articles` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `articles_company_created_idx` ON `articles` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`org_number` text,
	`vat_number` text,
	`country` text NOT NULL,
	`address_line1` text,
	`address_line2` text,
	`postal_code` text,
	`city` text,
	`phone` text,
	`contact_name` text,
	`default_payment_terms` integer NOT NULL,
	`notes` text,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`customer_type` text NOT NULL,
	`vat_number_validated` integer NOT NULL,
	`personal_number_enc` text
);
--> statement-breakpoint
CREATE INDEX `customers_company_created_idx` ON `customers` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `customers_company_org_idx` ON `customers` (`company_id`,`org_number`) WHERE org_number IS NOT NULL;--> statement-breakpoint
CREATE TABLE `dimension_codes` (
	`company_id` text NOT NULL,
	`dimension_id` integer NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `dimension_id`, `code`)
);
--> statement-breakpoint
CREATE TABLE `dimensions` (
	`company_id` text NOT NULL,
	`dimension_id` integer NOT NULL,
	`name` text NOT NULL,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `dimension_id`)
);
--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`org_number` text,
	`vat_number` text,
	`country` text NOT NULL,
	`address_line1` text,
	`address_line2` text,
	`postal_code` text,
	`city` text,
	`phone` text,
	`contact_name` text,
	`default_payment_terms` integer NOT NULL,
	`notes` text,
	`archived_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`supplier_type` text NOT NULL,
	`bankgiro` text,
	`plusgiro` text,
	`iban` text,
	`bic` text,
	`default_expense_account` text,
	`default_currency` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `suppliers_company_created_idx` ON `suppliers` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_company_org_idx` ON `suppliers` (`company_id`,`org_number`) WHERE org_number IS NOT NULL;--> statement-breakpoint
ALTER TABLE `journal_lines` ADD `dimensions` text;