// Bank transactions (spec: Bank transaction; Transactions; Imports: POST .../imports/bank).
// Owned by src/domains/bank-transactions. Money is integer öre of the row's currency.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

/** One bank file handed to POST .../imports/bank; the file itself is kept in R2 under r2_key. */
export const bankImports = sqliteTable(
  "bank_imports",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    operationId: text("operation_id").notNull(),
    fileName: text("file_name").notNull(),
    fileSizeBytes: integer("file_size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    r2Key: text("r2_key").notNull(),
    settlementAccount: text("settlement_account").notNull(),
    /** the format the caller named, or null for detection */
    format: text("format"),
    formatDetected: text("format_detected"),
    /** generic_csv column mapping, as sent */
    mapping: text("mapping", { mode: "json" }).$type<Record<string, string | number> | null>(),
    currency: text("currency"),
    /** processing: the file was read and checked, its chunks are being stored (issue #34 item 4) */
    status: text("status", { enum: ["queued", "processing", "succeeded", "failed"] }).notNull(),
    rowsInserted: integer("rows_inserted").notNull(),
    rowsSkippedDuplicate: integer("rows_skipped_duplicate").notNull(),
    rowsRejected: integer("rows_rejected").notNull(),
    startedByKeyId: text("started_by_key_id"),
    startedByUserId: text("started_by_user_id"),
    createdAt: text("created_at").notNull(),
    /** a file stored in chunks: how many (null until the file is read, or when it is stored in one step) */
    chunksTotal: integer("chunks_total"),
    /** the rows per chunk they were cut in: a run again cuts the file the same way (issue #41 item 5) */
    chunkRows: integer("chunk_rows"),
    /** what the file's reading gave (rejected rows, statements, warnings), kept for the operation's result */
    summary: text("summary", { mode: "json" }).$type<Record<string, unknown> | null>(),
    /** a large CSV file read in byte ranges: its head and ranges (null when read whole; docs/bank-transactions.md, Large files) */
    split: text("split", { mode: "json" }).$type<Record<string, unknown> | null>(),
  },
  (t) => [index("bank_imports_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * The chunks of a bank file already stored: one row per chunk, written in the same batch as the
 * chunk's transactions, so a chunk delivered twice is stored once and the counts add up.
 */
export const bankImportChunks = sqliteTable(
  "bank_import_chunks",
  {
    importId: text("import_id").notNull(),
    chunkIndex: integer("chunk_index").notNull(),
    companyId: text("company_id").notNull(),
    rowsInserted: integer("rows_inserted").notNull(),
    rowsSkippedDuplicate: integer("rows_skipped_duplicate").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunkIndex] })],
);

/**
 * The byte ranges of a large file already read: one row per range with what it found (counts,
 * dates, edges, rejections), written by the writer, so the range that reports last is known and
 * the whole-file checks are decided on these facts before any row is stored.
 */
export const bankImportRanges = sqliteTable(
  "bank_import_ranges",
  {
    importId: text("import_id").notNull(),
    rangeIndex: integer("range_index").notNull(),
    companyId: text("company_id").notNull(),
    facts: text("facts", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rangeIndex] })],
);

export type BankCategoryVat = "none" | "standard_25" | "reduced_12" | "reduced_6" | "representation_12";

export const bankTransactions = sqliteTable(
  "bank_transactions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** the BAS account the money is on (1930 unless the import or ingest names another) */
    settlementAccount: text("settlement_account").notNull(),
    source: text("source", { enum: ["file", "api"] }).notNull(),
    importId: text("import_id"),
    bankFormat: text("bank_format"),
    date: text("date").notNull(),
    valueDate: text("value_date"),
    description: text("description").notNull(),
    amountOre: integer("amount_ore").notNull(),
    currency: text("currency").notNull(),
    amountForeignOre: integer("amount_foreign_ore"),
    currencyForeign: text("currency_foreign"),
    merchantName: text("merchant_name"),
    counterpartyAccount: text("counterparty_account"),
    reference: text("reference"),
    referenceType: text("reference_type"),
    ocrReferences: text("ocr_references", { mode: "json" }).$type<string[]>().notNull(),
    externalId: text("external_id"),
    /** "ext:<external id>" or "hash:<sha-256 of date|amount|normalised description>" */
    dedupeKey: text("dedupe_key").notNull(),
    balanceAfterOre: integer("balance_after_ore"),
    details: text("details", { mode: "json" }).$type<Record<string, string>>(),
    journalEntryId: text("journal_entry_id"),
    isBusiness: bool("is_business"),
    category: text("category"),
    accountNumber: text("account_number"),
    vatTreatment: text("vat_treatment"),
    templateId: text("template_id"),
    invoiceId: text("invoice_id"),
    supplierInvoiceId: text("supplier_invoice_id"),
    potentialInvoiceId: text("potential_invoice_id"),
    reconciliationMethod: text("reconciliation_method"),
    /**
     * the reconciliation link that ties the row to journal lines booked by another document
     * (a salary run's payment, an invoice's mark-paid): the row is booked, by that entry
     */
    reconciliationLinkId: text("reconciliation_link_id"),
    isIgnored: bool("is_ignored").notNull(),
    ignoredAt: text("ignored_at"),
    bookedAt: text("booked_at"),
    /** the bank rule that last acted on the row, and what it did (issue #43, docs/bank-rules.md) */
    bankRuleId: text("bank_rule_id"),
    /** booked, matched_invoice, matched_supplier_invoice, private, ignored, proposed */
    bankRuleOutcome: text("bank_rule_outcome"),
    /** what a propose-mode rule (or a booking refused) would have done, as the API shows it */
    bankRuleProposal: text("bank_rule_proposal", { mode: "json" }).$type<Record<string, unknown>>(),
    bankRuleAt: text("bank_rule_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("bank_transactions_dedupe_idx").on(t.companyId, t.settlementAccount, t.dedupeKey),
    index("bank_transactions_company_idx").on(t.companyId, t.createdAt),
    index("bank_transactions_date_idx").on(t.companyId, t.date),
    index("bank_transactions_amount_idx").on(t.companyId, t.amountOre),
  ],
);

/** Booking templates, remembered per merchant by categorize (counterparty templates). */
export const bankTemplates = sqliteTable(
  "bank_templates",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** normalised merchant name */
    merchantKey: text("merchant_key").notNull(),
    category: text("category"),
    accountNumber: text("account_number").notNull(),
    vatTreatment: text("vat_treatment").notNull(),
    useCount: integer("use_count").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("bank_templates_merchant_idx").on(t.companyId, t.merchantKey)],
);

/**
 * The bank accounts the company has registered for its settlement (19xx) accounts: which
 * currency the account holds and how the bank names it, so that a statement of another
 * account or currency is refused instead of booked to it. A settlement account without a
 * registration is a SEK account whose bank account number is not known.
 */
export const bankAccounts = sqliteTable(
  "bank_accounts",
  {
    companyId: text("company_id").notNull(),
    /** the BAS account the bank account is booked on (19xx) */
    ledgerAccount: text("ledger_account").notNull(),
    /** ISO 4217: the currency of the bank account and of every row booked to it */
    currency: text("currency").notNull(),
    /** IBAN without spaces */
    iban: text("iban"),
    clearingNumber: text("clearing_number"),
    accountNumber: text("account_number"),
    bankgiro: text("bankgiro"),
    name: text("name"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.ledgerAccount] })],
);
