// The books: the BAS reference chart, a company's chart, fiscal periods, journal entries and
// lines, and the balances the ledger keeps (owned by src/ledger and src/domains/accounts).
// Money is integer öre (columns named *_ore); never REAL.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies } from "./identity";

const bool = (name: string) => integer(name, { mode: "boolean" });

/** The BAS reference chart, seeded by a migration; companies copy it on creation. */
export const basAccounts = sqliteTable("bas_accounts", {
  number: text("number").primaryKey(),
  name: text("name").notNull(),
  type: text("type", { enum: ["asset", "equity", "liability", "revenue", "expense"] }).notNull(),
  k2Excluded: bool("k2_excluded").notNull(),
});

export const accounts = sqliteTable(
  "accounts",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    number: text("number").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: ["asset", "equity", "liability", "revenue", "expense"] }).notNull(),
    isActive: bool("is_active").notNull(),
    k2Excluded: bool("k2_excluded").notNull(),
    isCustom: bool("is_custom").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.number] })],
);

export const fiscalPeriods = sqliteTable(
  "fiscal_periods",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    isClosed: bool("is_closed").notNull().default(false),
    closedAt: text("closed_at"),
    lockedAt: text("locked_at"),
    previousPeriodId: text("previous_period_id"),
    closingEntryId: text("closing_entry_id"),
    createdAt: text("created_at").notNull(),
    /** closed as a year whose year-end was made in another program (its closing entry imported); only such a year is reopened */
    closedExternally: bool("closed_externally").notNull().default(false),
    /** the last reopening of a year closed elsewhere: when, and the reason given */
    reopenedAt: text("reopened_at"),
    reopenReason: text("reopen_reason"),
  },
  (t) => [uniqueIndex("fiscal_periods_company_start_idx").on(t.companyId, t.periodStart)],
);

export const journalEntries = sqliteTable(
  "journal_entries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    fiscalPeriodId: text("fiscal_period_id")
      .notNull()
      .references(() => fiscalPeriods.id),
    voucherSeries: text("voucher_series").notNull(),
    // 0 while a draft or cancelled; > 0 once posted.
    voucherNumber: integer("voucher_number").notNull().default(0),
    entryDate: text("entry_date").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: ["draft", "posted", "cancelled"] }).notNull(),
    sourceType: text("source_type").notNull(),
    sourceId: text("source_id"),
    reversesId: text("reverses_id"),
    reversedById: text("reversed_by_id"),
    correctionOfId: text("correction_of_id"),
    totalOre: integer("total_ore").notNull(),
    createdAt: text("created_at").notNull(),
    postedAt: text("posted_at"),
    cancelledAt: text("cancelled_at"),
  },
  (t) => [
    // The last line of defence for "never two the same": the serialised writer
    // decides the number, this index refuses a second one.
    uniqueIndex("journal_entries_voucher_idx")
      .on(t.companyId, t.fiscalPeriodId, t.voucherSeries, t.voucherNumber)
      .where(sql`voucher_number > 0`),
    index("journal_entries_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("journal_entries_company_date_idx").on(t.companyId, t.fiscalPeriodId, t.entryDate),
    index("journal_entries_register_idx").on(t.companyId, t.fiscalPeriodId, t.voucherSeries, t.voucherNumber),
  ],
);

export const journalLines = sqliteTable(
  "journal_lines",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    journalEntryId: text("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id),
    sortOrder: integer("sort_order").notNull(),
    accountNumber: text("account_number").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
    lineDescription: text("line_description"),
    /** { dimension id: code }, validated against the company's dimensions */
    dimensions: text("dimensions", { mode: "json" }).$type<Record<string, string>>(),
    /**
     * the entry's date, copied when the line is written (an entry's date never changes, a draft's
     * neither): the general ledger walks an account's lines in date order by index
     */
    entryDate: text("entry_date").notNull().default(""),
  },
  (t) => [
    index("journal_lines_entry_idx").on(t.journalEntryId, t.sortOrder),
    // the general ledger's order: a page of one account is a range of this index
    index("journal_lines_account_date_idx").on(t.companyId, t.accountNumber, t.entryDate),
  ],
);

/** Per-period movement of every account, kept by the ledger engine in the posting batch. */
export const accountBalances = sqliteTable(
  "account_balances",
  {
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    accountNumber: text("account_number").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.fiscalPeriodId, t.accountNumber] })],
);

/**
 * Movement of every account per day, kept by the ledger engine in the posting batch:
 * a report to any date sums at most a year of days per account instead of the lines.
 * The opening entry (ingående balans) is kept apart (opening = 1) because reports show
 * it apart from the year's movement.
 */
export const accountDayBalances = sqliteTable(
  "account_day_balances",
  {
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    entryDate: text("entry_date").notNull(),
    opening: integer("opening", { mode: "boolean" }).notNull(),
    accountNumber: text("account_number").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.fiscalPeriodId, t.entryDate, t.opening, t.accountNumber] })],
);
