// The pieces rules.ts (both vacation years) and april-march.ts (April–March) share: the
// month's days taken, the record and breakdown shapes, the month's rows and the
// contributions on a liability.
import { employerContributions } from "../../../sweden/payroll";
import {
  type MonthVacationPay,
  type SavedDays,
  savedTotal,
  takeVacationDays,
  type VacationRule,
} from "../../../sweden/payroll/vacation";
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

/** The month's days taken (takeVacationDays) with what they add up to: the saved days taken, the paid days of the year taken. */
export interface MonthTake {
  take: ReturnType<typeof takeVacationDays>;
  fromSaved: number;
  paidTaken: number;
}

/**
 * The month's vacation days of a member, the year's paid days first, then the saved days, the
 * unpaid days and förskott (takeVacationDays); a warning when days go beyond them. `paidTakenBefore`:
 * the year's paid days taken before this month.
 */
export function takeMonthDays(
  name: string,
  vacationDays: number,
  left: Parameters<typeof takeVacationDays>[1],
  paidTakenBefore: number,
  warnings: string[],
): MonthTake {
  const take = takeVacationDays(vacationDays, left);
  if (take.advance > 0)
    warnings.push(
      `${name}: ${take.advance} vacation day(s) beyond the paid, saved and unpaid days (förskottssemester); the remaining days go below zero`,
    );
  return { take, fromSaved: savedTotal(take.fromSaved), paidTaken: paidTakenBefore + take.paid };
}

/** 29 §: an employment that ends with days taken in advance (`leftAtEnd` below zero) is warned of; nothing is deducted. */
export function warnAdvanceAtEnd(name: string, ends: boolean, leftAtEnd: number, warnings: string[]): void {
  if (ends && leftAtEnd < 0)
    warnings.push(
      `${name}: the employment ends with ${-leftAtEnd} vacation day(s) taken in ` +
        `advance (förskottssemester); no deduction is made (semesterlagen 29 §)`,
    );
}

/**
 * The breakdown's days: taken this month, taken and left of the year (paid, unpaid), the saved
 * days after the month; nothing left once the employment ends.
 */
export function daysTakenJson(
  m: MonthTake,
  ends: boolean,
  year: { entitled: number; unpaid: number; unpaidTaken: number },
) {
  const { take } = m;
  return {
    days_taken: { paid: take.paid, from_saved: take.fromSaved, unpaid: take.unpaid, advance: take.advance },
    paid_taken: m.paidTaken,
    unpaid_taken: year.unpaidTaken + take.unpaid,
    saved_taken: m.fromSaved,
    remaining_days: ends ? 0 : year.entitled - m.paidTaken,
    unpaid_remaining: year.unpaid - year.unpaidTaken - take.unpaid,
    saved_days: ends ? {} : take.savedAfter,
  };
}

/**
 * The month's vacation rows of a monthly-paid employee: semestertillägg (16 a §), semesteravdrag,
 * semesterlön (16 b §) and semesterersättning (the days paid out, why: the days that could not be
 * saved or expired, `forcedDays`, and those paid at the employment's end, `endDays`).
 */
export function vacationItems(
  m: MonthTake & { rule: VacationRule; pay: MonthVacationPay; payoutOre: number; payoutDays: number },
  forcedDays: number,
  endDays: number,
): EngineItem[] {
  const i = {
    ...m,
    paidDays: m.take.paid + m.fromSaved,
    unpaidDays: m.take.unpaid,
    payoutWhy: [
      forcedDays ? `${forcedDays} d ej sparbara/förfallna` : "",
      endDays ? `${endDays} d vid anställningens slut` : "",
    ],
  };
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
