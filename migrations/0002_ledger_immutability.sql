-- Bokföringslagen 5 kap: a posted verifikation is never changed or removed; it is
-- corrected by a new entry. The ledger engine obeys this; these triggers make the
-- database refuse any code that does not.
CREATE TRIGGER journal_lines_no_update BEFORE UPDATE ON journal_lines
BEGIN
  SELECT RAISE(ABORT, 'journal lines are immutable');
END;

CREATE TRIGGER journal_lines_no_delete BEFORE DELETE ON journal_lines
BEGIN
  SELECT RAISE(ABORT, 'journal lines are immutable');
END;

CREATE TRIGGER journal_entries_no_delete BEFORE DELETE ON journal_entries
BEGIN
  SELECT RAISE(ABORT, 'journal entries are never deleted');
END;

-- A posted or cancelled entry may change in one way only: reversed_by_id is set once.
CREATE TRIGGER journal_entries_final_immutable BEFORE UPDATE ON journal_entries
WHEN OLD.status IN ('posted', 'cancelled') AND (
  NEW.status IS NOT OLD.status OR NEW.voucher_number IS NOT OLD.voucher_number
  OR NEW.voucher_series IS NOT OLD.voucher_series OR NEW.entry_date IS NOT OLD.entry_date
  OR NEW.description IS NOT OLD.description OR NEW.fiscal_period_id IS NOT OLD.fiscal_period_id
  OR NEW.total_ore IS NOT OLD.total_ore OR NEW.reverses_id IS NOT OLD.reverses_id
  OR NEW.correction_of_id IS NOT OLD.correction_of_id OR NEW.posted_at IS NOT OLD.posted_at
  OR NEW.cancelled_at IS NOT OLD.cancelled_at OR NEW.created_at IS NOT OLD.created_at
  OR NEW.company_id IS NOT OLD.company_id OR NEW.source_type IS NOT OLD.source_type
  OR NEW.source_id IS NOT OLD.source_id
  OR (OLD.reversed_by_id IS NOT NULL AND NEW.reversed_by_id IS NOT OLD.reversed_by_id)
)
BEGIN
  SELECT RAISE(ABORT, 'posted journal entries are immutable');
END;
