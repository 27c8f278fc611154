// The budgets' reads and the JSON shape of a budget. A line's amount is öre with the ledger's
// sign; `dimensions` is its objects as sorted JSON ({} for none).
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { budgetLines, budgets } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";

export type BudgetRow = typeof budgets.$inferSelect;
type LineRow = Pick<typeof budgetLines.$inferSelect, "accountNumber" | "month" | "dimensions" | "amountOre">;

export async function loadBudget(db: Database, companyId: string, id: string): Promise<BudgetRow> {
  const row = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.companyId, companyId), eq(budgets.id, id)))
    .get();
  if (!row) throw new ApiError("BUDGET_NOT_FOUND", { budget_id: id });
  return row;
}

/** The budget of the fiscal year that has this name, if any. */
export async function budgetNamed(db: Database, companyId: string, periodId: string, name: string) {
  return db
    .select()
    .from(budgets)
    .where(and(eq(budgets.companyId, companyId), eq(budgets.fiscalPeriodId, periodId), eq(budgets.name, name)))
    .get();
}

export async function linesOfBudget(db: Database, companyId: string, budgetId: string): Promise<LineRow[]> {
  return db
    .select({
      accountNumber: budgetLines.accountNumber,
      month: budgetLines.month,
      dimensions: budgetLines.dimensions,
      amountOre: budgetLines.amountOre,
    })
    .from(budgetLines)
    .where(and(eq(budgetLines.companyId, companyId), eq(budgetLines.budgetId, budgetId)))
    .orderBy(asc(budgetLines.accountNumber), asc(budgetLines.month), asc(budgetLines.dimensions))
    .all();
}

function head(row: BudgetRow, lineCount: number, totalOre: number) {
  return {
    id: row.id,
    fiscal_period_id: row.fiscalPeriodId,
    name: row.name,
    line_count: lineCount,
    total: fromOre(totalOre),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function budgetJson(row: BudgetRow, lines: readonly LineRow[]) {
  let totalOre = 0;
  for (const l of lines) totalOre += l.amountOre;
  return {
    ...head(row, lines.length, totalOre),
    lines: lines.map((l) => ({
      account_number: l.accountNumber,
      month: l.month,
      dimensions: JSON.parse(l.dimensions) as Record<string, string>,
      amount: fromOre(l.amountOre),
    })),
  };
}

/** The company's budgets (of one fiscal year), each with its line count and total, by year and name. */
export async function listBudgets(db: Database, companyId: string, periodId: string | undefined) {
  const rows = await db.all<{ id: string; n: number; t: number | null }>(sql`
    SELECT b.id AS id, COUNT(l.budget_id) AS n, SUM(l.amount_ore) AS t
    FROM budgets b LEFT JOIN budget_lines l ON l.budget_id = b.id AND l.company_id = b.company_id
    WHERE b.company_id = ${companyId} ${periodId ? sql`AND b.fiscal_period_id = ${periodId}` : sql``}
    GROUP BY b.id`);
  const figures = new Map(rows.map((r) => [r.id, r]));
  const list = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.companyId, companyId), periodId ? eq(budgets.fiscalPeriodId, periodId) : undefined))
    .orderBy(asc(budgets.fiscalPeriodId), asc(budgets.name))
    .all();
  return list.map((b) => head(b, Number(figures.get(b.id)?.n ?? 0), Number(figures.get(b.id)?.t ?? 0)));
}

/** A budget's amounts for the reports: per account, month and objects, in öre with the ledger's sign. */
export interface BudgetAmount {
  account: string;
  month: string;
  objects: Record<string, string>;
  amountOre: number;
}

/**
 * The budget the reports compare with: BUDGET_NOT_FOUND unless it is the company's and of the
 * fiscal year the report covers; its lines of the months from..to touch.
 */
export async function budgetForReport(
  db: Database,
  companyId: string,
  budgetId: string,
  period: { id: string },
  range: { from: string; to: string },
): Promise<{ id: string; name: string; amounts: BudgetAmount[] }> {
  const row = await loadBudget(db, companyId, budgetId);
  if (row.fiscalPeriodId !== period.id)
    throw new ApiError(
      "BUDGET_NOT_FOUND",
      { budget_id: budgetId, fiscal_period_id: period.id },
      "The budget is of another fiscal year than the report's.",
    );
  const from = range.from.slice(0, 7);
  const to = range.to.slice(0, 7);
  const lines = (await linesOfBudget(db, companyId, budgetId)).filter((l) => l.month >= from && l.month <= to);
  return {
    id: row.id,
    name: row.name,
    amounts: lines.map((l) => ({
      account: l.accountNumber,
      month: l.month,
      objects: JSON.parse(l.dimensions) as Record<string, string>,
      amountOre: l.amountOre,
    })),
  };
}

/** The budgets of a fiscal year, for the SIE export's #PBUDGET. */
export async function budgetsOfPeriod(db: Database, companyId: string, periodId: string) {
  return db
    .select()
    .from(budgets)
    .where(and(eq(budgets.companyId, companyId), eq(budgets.fiscalPeriodId, periodId)))
    .orderBy(asc(budgets.name))
    .all();
}
