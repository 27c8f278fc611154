-- The verifiable ledger (issue #45, docs/verifiable-ledger.md). Every posted journal entry
-- gets a place in its company's chain: a gapless sequence number and a SHA-256 over the
-- entry's canonical form and the previous entry's hash, written in the batch that posts it
-- (src/ledger/chain.ts). A SQL migration cannot compute SHA-256, so entries posted before
-- this migration are chained once, in posting order, by the company's writer: the companies
-- that have such entries are listed in ledger_chain_pending and chained lazily, a bounded
-- number of entries per command (src/ledger/chain-backfill.ts), or by
-- POST /companies/{id}/ledger/chain-backfill.
CREATE TABLE ledger_chain (
  company_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  ref_id TEXT NOT NULL,
  hash TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  chained_at TEXT NOT NULL,
  PRIMARY KEY (company_id, seq)
);
CREATE UNIQUE INDEX ledger_chain_ref_idx ON ledger_chain (company_id, kind, ref_id);

CREATE TABLE ledger_chain_pending (
  company_id TEXT PRIMARY KEY NOT NULL,
  since TEXT NOT NULL
);

CREATE TABLE fiscal_year_seals (
  id TEXT PRIMARY KEY NOT NULL,
  company_id TEXT NOT NULL,
  fiscal_period_id TEXT NOT NULL,
  chain_seq INTEGER NOT NULL,
  chain_hash TEXT NOT NULL,
  entry_count INTEGER NOT NULL,
  line_count INTEGER NOT NULL,
  debit_total_ore INTEGER NOT NULL,
  credit_total_ore INTEGER NOT NULL,
  sealed_at TEXT NOT NULL,
  key_id TEXT NOT NULL,
  signature TEXT NOT NULL,
  payload TEXT NOT NULL
);
-- a year closed elsewhere may be reopened and closed again: each close seals it anew, the last seal counts
CREATE INDEX fiscal_year_seals_period_idx ON fiscal_year_seals (company_id, fiscal_period_id, sealed_at);

-- Bokföringslagen 5 kap: what the chain and a seal say is never changed or removed.
CREATE TRIGGER ledger_chain_no_update BEFORE UPDATE ON ledger_chain
BEGIN
  SELECT RAISE(ABORT, 'the ledger chain is append-only');
END;
CREATE TRIGGER ledger_chain_no_delete BEFORE DELETE ON ledger_chain
BEGIN
  SELECT RAISE(ABORT, 'the ledger chain is append-only');
END;
CREATE TRIGGER fiscal_year_seals_no_update BEFORE UPDATE ON fiscal_year_seals
BEGIN
  SELECT RAISE(ABORT, 'a fiscal year seal is never changed');
END;
CREATE TRIGGER fiscal_year_seals_no_delete BEFORE DELETE ON fiscal_year_seals
BEGIN
  SELECT RAISE(ABORT, 'a fiscal year seal is never changed');
END;

INSERT INTO ledger_chain_pending (company_id, since)
  SELECT DISTINCT company_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM journal_entries WHERE status = 'posted';
