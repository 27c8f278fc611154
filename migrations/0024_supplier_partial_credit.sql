-- Issue 29 item 14: a supplier credit note's item names the item it credits (partial credits)
ALTER TABLE `supplier_invoice_items` ADD `credited_item_id` text;