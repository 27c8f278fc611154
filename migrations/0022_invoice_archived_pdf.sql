-- Issue 29 item 5: the PDF of an issued invoice or credit note, archived in R2 as a document
ALTER TABLE `invoices` ADD `pdf_document_id` text;