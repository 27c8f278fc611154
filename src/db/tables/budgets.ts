import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Budgets (src/domains/budgets, issue #46): a company's named budget versions per fiscal
 * year. The lines are per account and month, optionally per object (dimensions map).
 */
export const budgets = sqliteTable(
  "budgets",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    /** the version's name, unique within the company's fiscal year */
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("budgets_company_period_name_idx").on(t.companyId, t.fiscalPeriodId, t.name)],
);

/**
 * A budget's amount for one account, month and object combination, in öre with the ledger's
 * sign (debit positive, as SIE #PBUDGET): a revenue budget is negative.
 */
export const budgetLines = sqliteTable(
  "budget_lines",
  {
    budgetId: text("budget_id").notNull(),
    companyId: text("company_id").notNull(),
    accountNumber: text("account_number").notNull(),
    /** YYYY-MM, inside the budget's fiscal year */
    month: text("month").notNull(),
    /** the objects as JSON text with sorted keys, {"1":"100"}; {} for none: part of the key */
    dimensions: text("dimensions").notNull(),
    amountOre: integer("amount_ore").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.budgetId, t.accountNumber, t.month, t.dimensions] }),
    index("budget_lines_company_idx").on(t.companyId, t.budgetId),
  ],
);
