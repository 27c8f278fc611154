-- Issue #41 item 5: an operation whose worker died is found by the minute sweep (a stale
-- heartbeat) and run again from its row, at most a few times; `attempts` counts the runs that
-- claimed it, so a run knows whether a later one has taken the operation over (its writes are
-- then refused), and the sweep knows when to stop re-driving and roll the operation back.
ALTER TABLE `operations` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `operations_status_heartbeat_idx` ON `operations` (`status`,`heartbeat_at`);
--> statement-breakpoint
-- The rows per chunk an import's chunks were cut in, so that a run again (after its worker died)
-- cuts the file the same way whatever BANK_IMPORT_CHUNK_ROWS says now: chunk n is the same rows.
ALTER TABLE `bank_imports` ADD `chunk_rows` integer;
