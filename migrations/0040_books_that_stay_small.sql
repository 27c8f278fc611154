-- Issue #33, books that stay small (docs/scaling.md, "Capacity beyond one database").
-- The entry-cover index summed lines for reports that now read day balances; the last
-- line-summing read (an account's balance through a date) reads them too, and the reads of
-- lines by entry use journal_lines_entry_idx.
DROP INDEX `journal_lines_entry_cover_idx`;--> statement-breakpoint
-- Delivered outbox events are pruned after a retention window, oldest first: by `created`.
-- Nothing reads a company's events in order, so the (company, created) index goes.
DROP INDEX `outbox_company_created_idx`;--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox_events` (`created`);--> statement-breakpoint
-- An event is kept while a delivery of it may still be sent: only those deliveries are indexed.
CREATE INDEX `deliveries_open_event_idx` ON `webhook_deliveries` (`event_id`) WHERE status IN ('pending', 'in_flight', 'failed') AND webhook_id IS NOT NULL;
