// The entries of a booked salary run (bookingOf) and the run's totals: pure, from the run's rows.
// Accounts: BAS-kontoplanen 2026 (../shared/data/bas/BAS_kontoplan_2026.csv).
import type { EngineLine } from "../../../../ledger/engine";
import { itemType, SALARY_ACCOUNTS } from "../../item-types";
import { effectiveTaxOre, periodOf, totalsOf } from "../rules";
import type { EmployeeRow, LineItemRow, RunEmployeeRow, SalaryRunRow } from "../../rows";

/**
 * Benefits (förmåner) in the books (issue #40): the month's benefit value, the amount in the tax
 * and contribution bases and in the AGI (012/013), is booked in the salary entry on the BAS
 * account of its kind (BAS 2026 group 738 "Kostnader för förmåner till anställda": 7381 fri
 * bostad, 7382 fria måltider, 7385 fri bil, 7389 övriga kostnader för förmåner) against the group
 * account 7380 as counter-account. The benefit is not paid out and its real cost is booked when
 * the company pays for it (the car's leasing, the lunches), so the pair leaves the result and
 * group 738 unchanged: it records the declared value by kind, so that wages (7010/7210/7220) +
 * benefits (the 738x debits) reconcile with the AGI from the books (avgifter basis report).
 * BAS 2026 names no counter-account for benefit values; 7399 "Motkonto förmåner", which some
 * payroll programs use, is not a BAS 2026 account and not in a company's chart.
 */
export const BENEFIT_ACCOUNTS = {
  car_benefit: "7385",
  meal_benefit: "7382",
  housing_benefit: "7381",
  other_benefit: "7389",
} as const;
export const BENEFIT_COUNTER_ACCOUNT = "7380";

type Amounts = Map<string, number>;
const add = (m: Amounts, account: string, ore: number) => m.set(account, (m.get(account) ?? 0) + ore);

/** Debit (positive) or credit (negative) per account as engine lines, zero sums left out. */
function linesOf(signed: Amounts, text: (account: string) => string): EngineLine[] {
  return [...signed]
    .filter(([, ore]) => ore !== 0)
    .map(([accountNumber, ore]) => ({
      accountNumber,
      debitOre: Math.max(ore, 0),
      creditOre: ore < 0 ? -ore : 0,
      lineDescription: text(accountNumber),
    }));
}

/**
 * The run's entries (all dated the payment date, in the run's voucher series):
 * 1. salary: Debit salary accounts (cash gross) and reimbursement accounts; Credit 2710
 *    (preliminary tax), net deduction accounts and the settlement account (net pay); the
 *    benefits' values Debit 7381/7382/7385/7389 / Credit 7380 (BENEFIT_ACCOUNTS).
 * 2. employer contributions: Debit 7510 the per-employee contributions, Credit 2731 Skatteverket's
 *    figure for the month (declaredContributionsOfRun, the AGI's 487), the difference on 3740
 *    (öres- och kronutjämning; `avgifterRounding`, usually a credit of a few kronor).
 * 3. vacation (when the liability changed; bookRun): Debit 7290 / Credit 2920 the change in the
 *    vacation pay liability, Debit 7519 / Credit 2940 the change in the contributions on it.
 * 4. pension from salary exchange (when any): Debit 7412 / Credit 2930, and the special payroll
 *    tax Debit 7533 / Credit 2514.
 */
const BENEFIT_TEXT: Record<string, string> = {
  "7385": "Bilförmån",
  "7382": "Kostförmån",
  "7381": "Bostadsförmån",
  "7389": "Övriga förmåner",
  "7380": "Motkonto förmånsvärden",
};

function salaryLineText(account: string, period: string, settlement: string): string {
  if (account === "2710") return `Preliminärskatt ${period}`;
  if (account === settlement) return `Nettolön ${period}`;
  const benefit = BENEFIT_TEXT[account];
  return benefit ? `${benefit} ${period}` : `Lön ${period}`;
}

export function bookingOf(
  run: SalaryRunRow,
  members: RunEmployeeRow[],
  people: Map<string, EmployeeRow>,
  items: LineItemRow[],
  avgifterRounding: number,
) {
  const salary: Amounts = new Map();
  const byMember = new Map(members.map((m) => [m.id, m]));
  const settlement = run.settlementAccount ?? "1930";
  for (const m of members) {
    const e = people.get(m.employeeId)!;
    add(salary, SALARY_ACCOUNTS[e.personnelCategory], m.grossOre);
    add(salary, "2710", -effectiveTaxOre(m));
    add(salary, settlement, -m.netOre);
  }
  for (const i of items) {
    if (!byMember.has(i.salaryRunEmployeeId)) continue;
    const cat = itemType(i.itemType).category;
    if (cat === "reimbursement") add(salary, i.accountNumber!, i.amountOre);
    if (cat === "deduction") add(salary, i.accountNumber!, -i.amountOre);
    if (cat === "benefit") {
      add(salary, BENEFIT_ACCOUNTS[i.itemType as keyof typeof BENEFIT_ACCOUNTS], i.amountOre);
      add(salary, BENEFIT_COUNTER_ACCOUNT, -i.amountOre);
    }
  }
  const period = periodOf(run);
  const totals = totalsOf(members);
  return {
    salary: linesOf(salary, (a) => salaryLineText(a, period, settlement)),
    avgifter: linesOf(
      new Map([
        ["7510", totals.totalAvgifterOre],
        ["2731", -(totals.totalAvgifterOre + avgifterRounding)],
        ["3740", avgifterRounding],
      ]),
      (a) => (a === "3740" ? `Avrundning arbetsgivaravgifter enligt AGI ${period}` : `Arbetsgivaravgifter ${period}`),
    ),
    pension: linesOf(
      new Map([
        ["7412", totals.totalPensionOre],
        ["2930", -totals.totalPensionOre],
        ["7533", totals.totalSpecialPayrollTaxOre],
        ["2514", -totals.totalSpecialPayrollTaxOre],
      ]),
      (a) =>
        a === "7533" || a === "2514"
          ? `Särskild löneskatt löneväxling ${period}`
          : `Pensionspremie löneväxling ${period}`,
    ),
  };
}
