// The SIE export's period balances by object and its period budget (SIE 4C §§ 8.9-8.13,
// 11: #PSALDO and #PBUDGET årsnr period konto {objektlista} saldo): per month and account the
// whole ({}) and each object's part, as other programs write them (an object's part counts
// every line that names the object, so a line with two dimensions counts in both).
import type { Database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { amount, objectList, record } from "../../sweden/sie/write";
import { budgetForReport, budgetsOfPeriod } from "../budgets";
import { monthlyObjectBalances } from "./dimensions/queries";

const period6 = (month: string) => month.replace("-", "");

/** #PSALDO of each object (the whole's {} lines are written beside them by the export). */
export async function objectSaldoRecords(db: Database, companyId: string, period: FiscalPeriodRow) {
  return (await monthlyObjectBalances(db, companyId, period.id))
    .filter((b) => b.ore !== 0)
    .map((b) => record("#PSALDO", 0, period6(b.month), b.account, objectList(b.objects), amount(b.ore)));
}

/**
 * The budget the export writes: the one asked for (of this period, else BUDGET_NOT_FOUND), else
 * the period's only budget; none when the period has several and none is asked for.
 */
async function budgetToWrite(db: Database, companyId: string, period: FiscalPeriodRow, budgetId: string | undefined) {
  if (!budgetId) {
    const all = await budgetsOfPeriod(db, companyId, period.id);
    if (all.length !== 1) return null;
    budgetId = all[0].id;
  }
  const range = { from: period.periodStart, to: period.periodEnd };
  return budgetForReport(db, companyId, budgetId, period, range).catch((err) => {
    throw err instanceof ApiError ? new ApiError("BUDGET_NOT_FOUND", { budget_id: budgetId }) : err;
  });
}

/** #PBUDGET: per month and account the whole, then each object's part, in öre with the ledger's sign. */
export async function budgetRecords(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  budgetId: string | undefined,
): Promise<string[]> {
  const budget = await budgetToWrite(db, companyId, period, budgetId);
  if (!budget) return [];
  const sums = new Map<string, { month: string; account: string; objects: Record<string, string>; ore: number }>();
  const add = (month: string, account: string, objects: Record<string, string>, ore: number) => {
    const key = `${month}\u0000${account}\u0000${objectList(objects)}`;
    const s = sums.get(key);
    if (s) s.ore += ore;
    else sums.set(key, { month, account, objects, ore });
  };
  for (const b of budget.amounts) {
    add(b.month, b.account, {}, b.amountOre);
    for (const [dimension, code] of Object.entries(b.objects))
      add(b.month, b.account, { [dimension]: code }, b.amountOre);
  }
  return [...sums.values()]
    .filter((s) => s.ore !== 0)
    .sort(
      (a, b) =>
        a.month.localeCompare(b.month) ||
        a.account.localeCompare(b.account) ||
        objectList(a.objects).localeCompare(objectList(b.objects)),
    )
    .map((s) => record("#PBUDGET", 0, period6(s.month), s.account, objectList(s.objects), amount(s.ore)));
}
