// Budgets (issue #46, docs/budgets.md): named budget versions per fiscal year, per account
// and month, optionally per object; created, replaced and deleted through the API, imported
// from a CSV or a SIE file's #PBUDGET lines; read by the reports (budget beside outcome) and
// the SIE export (#PBUDGET).
// Owns: budgets, budget_lines.
export { registerBudgetRoutes } from "./routes";
export { createBudget, deleteBudget, importBudget, replaceBudget } from "./commands";
export { type BudgetAmount, budgetForReport, budgetsOfPeriod, linesOfBudget } from "./queries";
