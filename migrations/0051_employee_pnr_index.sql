-- Issue #41 item 15: the personnummer's blind index is keyed per company ("v2.<hex>").
-- Rows written before hold the old index (the same in every company); the minute sweep
-- (payroll.personnummer_index_sweep) rewrites them from the encrypted personnummer, which
-- SQL cannot do. This partial index holds exactly those rows, so the sweep finds them without
-- reading the table and reads nothing once they are done.
CREATE INDEX `employees_pnr_legacy_idx` ON `employees` (`company_id`,`personnummer_hash`) WHERE substr(personnummer_hash, 1, 3) <> 'v2.';
