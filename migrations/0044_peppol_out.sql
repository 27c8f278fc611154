-- Issue #32, Peppol out: a customer's Peppol endpoint id and whether it wants e-invoices, and
-- the buyer's order reference on an invoice (Peppol BT-13).
ALTER TABLE `customers` ADD `peppol_endpoint_scheme` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `peppol_endpoint_value` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `e_invoice` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `order_reference` text;
