import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Periodiseringar (src/domains/accruals): a prepaid expense or accrued income (17xx), an
 * accrued expense or prepaid income (29xx), spread over months or moved past a period end.
 * Every entry it posted is in `movements`; the row changes only when it is cancelled.
 */
export const accruals = sqliteTable(
  "accruals",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    kind: text("kind", { enum: ["spread", "period_end"] }).notNull(),
    description: text("description").notNull(),
    /** the 17xx or 29xx account that holds what is open */
    balanceAccount: text("balance_account").notNull(),
    /** the revenue or expense account the amount belongs to (class 3-8) */
    resultAccount: text("result_account").notNull(),
    amountOre: integer("amount_ore").notNull(),
    /** spread: the first day of its first month; period_end: the period's last day */
    startDate: text("start_date").notNull(),
    /** spread: the number of months; null for period_end */
    months: integer("months"),
    status: text("status", { enum: ["active", "cancelled"] }).notNull(),
    cancelledOn: text("cancelled_on"),
    /**
     * JSON [{ date, amount_ore, role, journal_entry_id }]: every entry that moved the
     * balance account, amount positive when the accrual grows (the open amount at a date is
     * the sum of those dated on or before it)
     */
    movements: text("movements").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("accruals_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);
