import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The verifiable ledger (issue #45, docs/verifiable-ledger.md, migration 0058): each posted
 * entry's place in its company's chain. `hash` is SHA-256 (hex) over the entry's canonical
 * form, which names `prev_hash` (src/ledger/chain.ts). Append-only (triggers).
 */
export const ledgerChain = sqliteTable(
  "ledger_chain",
  {
    companyId: text("company_id").notNull(),
    /** 1, 2, 3, ... per company, without gaps */
    seq: integer("seq").notNull(),
    /** "entry" */
    kind: text("kind").notNull(),
    /** the journal entry's id */
    refId: text("ref_id").notNull(),
    hash: text("hash").notNull(),
    prevHash: text("prev_hash").notNull(),
    chainedAt: text("chained_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.seq] }),
    uniqueIndex("ledger_chain_ref_idx").on(t.companyId, t.kind, t.refId),
  ],
);

/** Companies with entries posted before the chain existed, not yet chained (src/ledger/chain-backfill.ts). */
export const ledgerChainPending = sqliteTable("ledger_chain_pending", {
  companyId: text("company_id").primaryKey(),
  since: text("since").notNull(),
});

/**
 * A closed fiscal year's seal (a year reopened and closed again has one per close; the last counts):
 * the chain's head when it closed, its counts and totals, signed.
 */
export const fiscalYearSeals = sqliteTable(
  "fiscal_year_seals",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    chainSeq: integer("chain_seq").notNull(),
    chainHash: text("chain_hash").notNull(),
    entryCount: integer("entry_count").notNull(),
    lineCount: integer("line_count").notNull(),
    debitTotalOre: integer("debit_total_ore").notNull(),
    creditTotalOre: integer("credit_total_ore").notNull(),
    sealedAt: text("sealed_at").notNull(),
    keyId: text("key_id").notNull(),
    signature: text("signature").notNull(),
    /** the exact text signed (canonical JSON, docs/verifiable-ledger.md) */
    payload: text("payload").notNull(),
  },
  (t) => [index("fiscal_year_seals_period_idx").on(t.companyId, t.fiscalPeriodId, t.sealedAt)],
);
