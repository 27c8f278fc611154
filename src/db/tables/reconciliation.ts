// Reconciliation (spec: Reconciliation; Reconciliation item; Sign-off).
// Owned by src/domains/reconciliation. Money is integer öre (SEK).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Explicit links between bank transactions (side external) and journal lines (side ledger)
 * of one reconciliation account. The rows of one link share link_id; the sums of the two
 * sides are equal. An item is in at most one link; unlinking deletes the link's rows.
 */
export const reconciliationLinks = sqliteTable(
  "reconciliation_links",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    linkId: text("link_id").notNull(),
    accountKey: text("account_key").notNull(),
    side: text("side", { enum: ["external", "ledger"] }).notNull(),
    /** a bank transaction id (external) or a journal line id (ledger) */
    itemId: text("item_id").notNull(),
    amountOre: integer("amount_ore").notNull(),
    /** how the link was made: explicit pairs, use_proposals, or the bank run's auto_link */
    method: text("method", { enum: ["manual", "proposal", "auto"] }).notNull(),
    createdByKeyId: text("created_by_key_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("reconciliation_links_item_idx").on(t.companyId, t.accountKey, t.itemId),
    index("reconciliation_links_link_idx").on(t.companyId, t.linkId),
  ],
);

/**
 * A sign-off of one account through a date, with the figures of that moment and a
 * fingerprint of the books behind them; a later change to those books shows it reopened.
 */
export const reconciliationSignoffs = sqliteTable(
  "reconciliation_signoffs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    accountKey: text("account_key").notNull(),
    dateFrom: text("date_from").notNull(),
    throughDate: text("through_date").notNull(),
    externalBalanceOre: integer("external_balance_ore"),
    ledgerBalanceOre: integer("ledger_balance_ore").notNull(),
    unexplainedDifferenceOre: integer("unexplained_difference_ore"),
    note: text("note"),
    /** "ledger:<lines>:<debit öre>:<credit öre>|external:<rows>:<sum öre>" at signing */
    fingerprint: text("fingerprint").notNull(),
    signedByKeyId: text("signed_by_key_id"),
    signedByUserId: text("signed_by_user_id"),
    signedAt: text("signed_at").notNull(),
  },
  (t) => [index("reconciliation_signoffs_account_idx").on(t.companyId, t.accountKey, t.throughDate)],
);

/**
 * The company's skattekonto (tax account at Skatteverket) as registered through the API
 * (source manual): one row per transaction of Skatteverket's statement, signed as the
 * company's balance there moves (a payment in positive, a charge negative), with the
 * statement's saldo after it when given. Reconciled against account 1630.
 */
export const reconciliationTaxAccountRows = sqliteTable(
  "reconciliation_tax_account_rows",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    date: text("date").notNull(),
    description: text("description").notNull(),
    amountOre: integer("amount_ore").notNull(),
    /** Skatteverket's saldo after this transaction, öre; null when not given */
    balanceAfterOre: integer("balance_after_ore"),
    /**
     * "manual" (registered through the API), "file" (Skatteverket's transaction list imported,
     * POST .../imports/skattekonto); skatteverket_api is not available to this service
     */
    source: text("source", { enum: ["manual", "file"] }).notNull(),
    /** the import (its operation's id) that brought the row; null when registered through the API */
    importId: text("import_id"),
    /**
     * the row's place in the statement or file it came with (0-based, oldest first): rows of one
     * day keep the statement's order, so the last row's saldo is the statement's balance
     */
    position: integer("position"),
    /** the entry booked from this row (POST .../skattekonto/transactions/{id}/book): 1630 against the counter account */
    journalEntryId: text("journal_entry_id"),
    /** date|amount|description|saldo|n-th identical row of the batch: a statement registered twice adds nothing */
    dedupeKey: text("dedupe_key").notNull(),
    createdByKeyId: text("created_by_key_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("reconciliation_tax_account_rows_dedupe_idx").on(t.companyId, t.dedupeKey),
    index("reconciliation_tax_account_rows_date_idx").on(t.companyId, t.date),
  ],
);
