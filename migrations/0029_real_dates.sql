-- Issue #34: a journal entry's date is a real calendar day. The API's date schema and every
-- file parser check this already; these triggers make the database refuse any code that does
-- not (a bank row dated 2026-02-30 once became voucher 2026-02-30 and an SIE #VER line).
-- SQLite's date() returns NULL for what it cannot read and rolls over what it can
-- (date('2026-02-30') = '2026-03-02'), so a real YYYY-MM-DD day is exactly one date() returns unchanged.
CREATE TRIGGER journal_entries_real_date BEFORE INSERT ON journal_entries
WHEN date(NEW.entry_date) IS NULL OR date(NEW.entry_date) != NEW.entry_date
BEGIN
  SELECT RAISE(ABORT, 'journal entry date is not a real calendar date (YYYY-MM-DD)');
END;
CREATE TRIGGER journal_entries_real_date_update BEFORE UPDATE OF entry_date ON journal_entries
WHEN date(NEW.entry_date) IS NULL OR date(NEW.entry_date) != NEW.entry_date
BEGIN
  SELECT RAISE(ABORT, 'journal entry date is not a real calendar date (YYYY-MM-DD)');
END;
