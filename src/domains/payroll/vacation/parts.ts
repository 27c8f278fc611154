// The pieces rules.ts (both vacation years) and april-march.ts (April–March) share: the
// record and breakdown shapes and the contributions on a liability.
import { employerContributions } from "../../../sweden/payroll";
import type { MonthVacationPay, SavedDays, VacationRule } from "../../../sweden/payroll/vacation";
import { ITEM_TYPES } from "../item-types";
import type { EngineItem } from "../runs/calculate/rules";
import type { EmployeeRow } from "../rows";

/** The contributions on a liability at the employee's own rate (sign kept). */
export function contributionsOn(e: EmployeeRow, payDate: string, liabilityOre: number): number {
  if (liabilityOre === 0) return 0;
  const c = employerContributions({ birthDate: e.birthDate, payDate, basisOre: Math.abs(liabilityOre) });
  return c.ok ? Math.sign(liabilityOre) * c.totalOre : 0;
}

const dayText = (n: number) => `${n} d`;

/**
 * The month's vacation rows of a monthly-paid employee: semestertillägg (16 a §), semesteravdrag,
 * semesterlön (16 b §) and semesterersättning (the days paid out; `payoutWhy` says why, empty parts
 * left out).
 */
export function vacationItems(i: {
  rule: VacationRule;
  pay: MonthVacationPay;
  paidDays: number;
  unpaidDays: number;
  payoutOre: number;
  payoutDays: number;
  payoutWhy: string[];
}): EngineItem[] {
  const items: EngineItem[] = [];
  const paidDaysText = dayText(i.paidDays);
  if (i.pay.supplementOre)
    items.push({
      itemType: "vacation_supplement",
      description: `${ITEM_TYPES.vacation_supplement.sv} ${paidDaysText} × 0,43 %`,
      amountOre: i.pay.supplementOre,
    });
  if (i.pay.deductionOre) {
    const text =
      i.rule === "percentage"
        ? `${ITEM_TYPES.vacation_deduction.sv} ${dayText(i.paidDays + i.unpaidDays)} × 4,6 %`
        : `Obetald semester ${dayText(i.unpaidDays)} × 4,6 %`;
    items.push({ itemType: "vacation_deduction", description: text, amountOre: -i.pay.deductionOre });
  }
  if (i.pay.vacationPayOre)
    items.push({
      itemType: "vacation_pay",
      description: `${ITEM_TYPES.vacation_pay.sv} ${paidDaysText}`,
      amountOre: i.pay.vacationPayOre,
    });
  if (i.payoutOre)
    items.push({
      itemType: "vacation_payout",
      description: `${ITEM_TYPES.vacation_payout.sv} ${dayText(i.payoutDays)} (${i.payoutWhy.filter(Boolean).join(", ")})`,
      amountOre: i.payoutOre,
    });
  return items;
}

/** April–March: what the run's vacation_records row keeps of the two years (see april-march.ts). */
export interface ShiftedRecordFigures {
  vacation_year_start: string;
  earning_paid_days: number;
  earned_days: string;
  earning_day_value_ore: number;
  vacation_base_ore: number | null;
  revaluation_ore: number;
}

export interface VacationBreakdown {
  rule: VacationRule | "hourly";
  year: number;
  month: number;
  carried_from: string;
  paid_days_of_year: number;
  entitled_days: number;
  unpaid_days: number;
  non_qualifying_absence_days: number;
  absence_used: Record<string, number>;
  days_taken: { paid: number; from_saved: SavedDays; unpaid: number; advance: number };
  paid_taken: number;
  unpaid_taken: number;
  saved_taken: number;
  remaining_days: number;
  unpaid_remaining: number;
  saved_days: SavedDays;
  payout_days: number;
  payout_days_forced: number;
  payout_days_end_of_employment: number;
  payout_days_year: number;
  payout: number;
  day_value: number;
  day_value_rule: string;
  /** percentage rule: the year's semesterlönegrundande lön (kronor), fixed and variable, rounded to öre for display. */
  qualifying_pay?: {
    fixed: number;
    variable: number;
    variable_opening: number;
    variable_booked_runs: number;
    variable_this_run: number;
    total: number;
  } | null;
  supplement: number;
  vacation_pay: number;
  deduction: number;
  liability: Record<string, number>;
  ore: {
    liability_after: number;
    contributions_after: number;
    liability_change: number;
    contributions_change: number;
    day_value: number;
  };
  ends_employment: boolean;
  /** How the payslip names the vacation year: "2026", or "2026/27" for April–March. */
  vacation_year_label?: string;
  /** April–March only: the vacation year, the earning year in progress and the semesteravstämning. */
  april_march?: Record<string, unknown>;
  /** April–March only: the record's own columns. */
  shifted?: ShiftedRecordFigures;
}
