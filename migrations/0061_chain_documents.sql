-- The verifiable ledger, version 2 (issue #45, docs/verifiable-ledger.md, "Documents"): an
-- entry's canonical form names the SHA-256 of the documents linked to it when it was chained,
-- and a document linked to an entry already chained takes a place of its own (kind 'document',
-- ref_id the document's id). Each chain row records the version of the form its hash covers:
-- the rows written before this migration are version 1 (no documents), every row written
-- after it version 2 (the column's default: the chain's inserts do not name it).
ALTER TABLE ledger_chain ADD COLUMN v INTEGER NOT NULL DEFAULT 2;

-- the chain is append-only: its guard is lifted for this one statement and put back as it was
DROP TRIGGER ledger_chain_no_update;
UPDATE ledger_chain SET v = 1;
CREATE TRIGGER ledger_chain_no_update BEFORE UPDATE ON ledger_chain
BEGIN
  SELECT RAISE(ABORT, 'the ledger chain is append-only');
END;
