import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The fixed-asset register (anläggningsregister, src/domains/fixed-assets): one row per asset,
 * registered by hand or from a supplier invoice's line. The acquisition is booked by the
 * purchase (or by `book_acquisition` on a hand registration); the row only describes the plan.
 */
export const fixedAssets = sqliteTable(
  "fixed_assets",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    category: text("category", { enum: ["inventarier", "datorer", "byggnader", "mark", "immateriella"] }).notNull(),
    acquisitionDate: text("acquisition_date").notNull(),
    acquisitionValueOre: integer("acquisition_value_ore").notNull(),
    /** the first month depreciated ("2026-03"): the month the asset was taken into use */
    depreciationStart: text("depreciation_start").notNull(),
    /** 0 for land: never depreciated */
    usefulLifeMonths: integer("useful_life_months").notNull(),
    assetAccount: text("asset_account").notNull(),
    /** null for land (never depreciated) */
    accumulatedAccount: text("accumulated_account"),
    costAccount: text("cost_account"),
    supplierInvoiceId: text("supplier_invoice_id"),
    supplierInvoiceItemId: text("supplier_invoice_item_id"),
    /** the entry `book_acquisition` posted; null when the purchase was booked elsewhere */
    acquisitionJournalEntryId: text("acquisition_journal_entry_id"),
    status: text("status", { enum: ["active", "disposed"] }).notNull(),
    disposalDate: text("disposal_date"),
    salePriceOre: integer("sale_price_ore"),
    disposalJournalEntryId: text("disposal_journal_entry_id"),
    /**
     * an opening asset (a taken-over company, migration 0047): the first day of the company's
     * first fiscal year here, as of which it was registered; null for an asset acquired in the books
     */
    openingDate: text("opening_date"),
    /** the accumulated depreciation the opening balances carry for it (booked by the earlier program), öre */
    openingAccumulatedOre: integer("opening_accumulated_ore").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("fixed_assets_company_created_idx").on(t.companyId, t.createdAt, t.id),
    uniqueIndex("fixed_assets_supplier_item_idx").on(t.companyId, t.supplierInvoiceItemId),
  ],
);

/**
 * A depreciation run: one entry for every asset over a range of months of one fiscal year.
 * Months never overlap between runs of a company (checked by the command, which the company's
 * writer runs one at a time; the unique index guards the first month).
 */
export const depreciationRuns = sqliteTable(
  "depreciation_runs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** "2026-01" */
    periodFrom: text("period_from").notNull(),
    periodTo: text("period_to").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    totalOre: integer("total_ore").notNull(),
    /** null when nothing was left to depreciate (a run of zeros still closes its months) */
    journalEntryId: text("journal_entry_id"),
    voucherSeries: text("voucher_series"),
    voucherNumber: integer("voucher_number"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("depreciation_runs_company_from_idx").on(t.companyId, t.periodFrom)],
);

/** Each asset's share of a booked depreciation (a run's, or the catch-up a disposal books). */
export const fixedAssetDepreciations = sqliteTable(
  "fixed_asset_depreciations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    assetId: text("asset_id").notNull(),
    /** the run; null for a disposal's depreciation up to its month */
    runId: text("run_id"),
    entryDate: text("entry_date").notNull(),
    /** the last month this amount depreciates */
    throughMonth: text("through_month").notNull(),
    amountOre: integer("amount_ore").notNull(),
    journalEntryId: text("journal_entry_id").notNull(),
  },
  (t) => [index("fixed_asset_depreciations_asset_idx").on(t.companyId, t.assetId, t.entryDate)],
);

/**
 * The year-end tax depreciation of inventarier (räkenskapsenlig avskrivning), one per fiscal
 * year: the figures of both rules, the chosen depreciation, and the change in
 * överavskrivningar it booked.
 */
export const taxDepreciations = sqliteTable(
  "tax_depreciations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    openingTaxValueOre: integer("opening_tax_value_ore").notNull(),
    additionsOre: integer("additions_ore").notNull(),
    saleProceedsOre: integer("sale_proceeds_ore").notNull(),
    chosenRule: text("chosen_rule", { enum: ["30", "20"] }).notNull(),
    taxDepreciationOre: integer("tax_depreciation_ore").notNull(),
    planDepreciationOre: integer("plan_depreciation_ore").notNull(),
    /** credit positive on 2153: more tax depreciation than the plan's */
    overDepreciationChangeOre: integer("over_depreciation_change_ore").notNull(),
    closingTaxValueOre: integer("closing_tax_value_ore").notNull(),
    journalEntryId: text("journal_entry_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("tax_depreciations_company_period_idx").on(t.companyId, t.fiscalPeriodId)],
);
