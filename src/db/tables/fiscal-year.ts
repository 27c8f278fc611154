// The fiscal year's life beyond the period row: lock dates inside a year, explained
// gaps in voucher series, currency revaluations at a closing date, and the company's
// compliance settings for the tax calendar. Owned by domains/fiscal-periods (the first
// three, and tax_calculations) and domains/compliance (compliance_settings); see test/architecture.test.ts.
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A lock up to a date inside a fiscal period (a filed VAT quarter frozen while the next
 * is booked): no entry dated on or before lock_date. One row per period; it moves only
 * forward, and unlock removes it.
 */
export const fiscalPeriodLockDates = sqliteTable("fiscal_period_lock_dates", {
  fiscalPeriodId: text("fiscal_period_id").primaryKey(),
  companyId: text("company_id").notNull(),
  lockDate: text("lock_date").notNull(),
  lockedAt: text("locked_at").notNull(),
});

/** A gap in a voucher series that someone has explained (BFL 5 kap 7 §: an unbroken series, or the gap accounted for). */
export const voucherGapExplanations = sqliteTable(
  "voucher_gap_explanations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    voucherSeries: text("voucher_series").notNull(),
    gapStart: integer("gap_start").notNull(),
    gapEnd: integer("gap_end").notNull(),
    explanation: text("explanation").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("voucher_gap_explanations_range_idx").on(
      t.companyId,
      t.fiscalPeriodId,
      t.voucherSeries,
      t.gapStart,
      t.gapEnd,
    ),
  ],
);

/** The one currency revaluation of a fiscal period (revaluation_entry_id null when nothing was open). */
export const currencyRevaluations = sqliteTable(
  "currency_revaluations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    asOfDate: text("as_of_date").notNull(),
    revaluationEntryId: text("revaluation_entry_id"),
    /** the items re-rated, their rates and differences, as the operation's result shows them */
    result: text("result", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("currency_revaluations_period_idx").on(t.companyId, t.fiscalPeriodId)],
);

/**
 * The corporate-tax calculation of a fiscal year (issue #31), as POST .../tax answered it:
 * the taxable result, its adjustments, the periodiseringsfond and the tax; entry_id is the
 * entry that booked them (null when nothing was to be booked). One per period.
 */
export const taxCalculations = sqliteTable(
  "tax_calculations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    entryId: text("entry_id"),
    calculation: text("calculation", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("tax_calculations_period_idx").on(t.companyId, t.fiscalPeriodId)],
);

/** What the tax calendar needs beyond the company row; absent means the defaults (see domains/compliance). */
export const complianceSettings = sqliteTable("compliance_settings", {
  companyId: text("company_id").primaryKey(),
  annualTurnoverSek: integer("annual_turnover_sek").notNull(),
  hasEmployees: integer("has_employees", { mode: "boolean" }).notNull(),
  euTrade: integer("eu_trade", { mode: "boolean" }).notNull(),
  euSalesListPeriod: text("eu_sales_list_period", { enum: ["monthly", "quarterly"] }).notNull(),
  updatedAt: text("updated_at").notNull(),
});
