import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Movement of every account per day and per object of each dimension a line names (issue #46:
 * the reports by dimension at any date without reading lines), kept by the ledger engine in
 * the posting batch beside account_day_balances (src/ledger/balances.ts). A line with the
 * dimensions map {"1": "100", "6": "P1"} adds to two rows: (1, "100") and (6, "P1"). A line
 * without an object of dimension N adds to no row of N: its "no object" figure is the
 * account's day balance less the day's rows of N. The opening entry is kept apart (opening = 1).
 */
export const objectDayBalances = sqliteTable(
  "object_day_balances",
  {
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    dimensionId: integer("dimension_id").notNull(),
    entryDate: text("entry_date").notNull(),
    opening: integer("opening", { mode: "boolean" }).notNull(),
    accountNumber: text("account_number").notNull(),
    objectCode: text("object_code").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.companyId, t.fiscalPeriodId, t.dimensionId, t.entryDate, t.opening, t.accountNumber, t.objectCode],
    }),
  ],
);

/**
 * Each posted line's place under each object it names, in the general ledger's order (account,
 * date, voucher, line), kept by the ledger engine in the posting batch beside object_day_balances
 * (issue #46: the general ledger of one object seeks its lines instead of reading every line of
 * the accounts and dates asked for and picking the object's out of each line's dimensions map).
 * A line with {"1": "100", "6": "P1"} has two rows. The opening entry has none: the general
 * ledger lists no opening lines (its opening balance comes from the day balances). A WITHOUT
 * ROWID table (migration 0062): the key is the row, so the place costs no second index. Beside
 * the key, the line's entry, amounts and text (the general ledger's columns), as posted lines
 * never change.
 */
export const journalLineObjects = sqliteTable(
  "journal_line_objects",
  {
    companyId: text("company_id").notNull(),
    dimensionId: integer("dimension_id").notNull(),
    objectCode: text("object_code").notNull(),
    accountNumber: text("account_number").notNull(),
    entryDate: text("entry_date").notNull(),
    voucherSeries: text("voucher_series").notNull(),
    voucherNumber: integer("voucher_number").notNull(),
    sortOrder: integer("sort_order").notNull(),
    lineId: text("line_id").notNull(),
    // the line's own columns, so that its general ledger joins the entry alone (half the reads)
    journalEntryId: text("journal_entry_id").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
    lineDescription: text("line_description"),
  },
  (t) => [
    primaryKey({
      columns: [
        t.companyId,
        t.dimensionId,
        t.objectCode,
        t.accountNumber,
        t.entryDate,
        t.voucherSeries,
        t.voucherNumber,
        t.sortOrder,
        t.lineId,
      ],
    }),
  ],
);
