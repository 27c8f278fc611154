ALTER TABLE `bank_transactions` ADD `reconciliation_link_id` text;--> statement-breakpoint
-- rows linked before this column existed carry their link (issue #29: a linked row is booked)
UPDATE `bank_transactions` SET `reconciliation_link_id` = (
	SELECT `link_id` FROM `reconciliation_links` l
	WHERE l.`company_id` = `bank_transactions`.`company_id` AND l.`side` = 'external' AND l.`item_id` = `bank_transactions`.`id`
	LIMIT 1
);
