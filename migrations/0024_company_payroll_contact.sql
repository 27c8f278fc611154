ALTER TABLE `company_settings` ADD `payroll_contact_name` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `payroll_contact_phone` text;--> statement-breakpoint
ALTER TABLE `company_settings` ADD `payroll_contact_email` text;