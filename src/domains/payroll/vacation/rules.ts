// The calendar year's vacation of a run (semesterlagen; the rules are src/sweden/payroll/vacation.ts):
// pure, from the records, opening balances and absence the commands read.
import { fromOre } from "../../../money";
import {
  type AbsenceDayIn,
  aprilMarchYearOf,
  employmentMonthsInYear,
  isVacationDay,
  type SavedDays,
  turnOfYear,
} from "../../../sweden/payroll/vacation";
import type { Cutover } from "./april-march";
import type { VacationBreakdown } from "./parts";
import type { EmployeeRow, OpeningRow, RunEmployeeRow, VacationRecordRow } from "../rows";

export const pad = (n: number) => String(n).padStart(2, "0");
export const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);

/** The month of the cutover that the opening balance covers: the cutover month when the date is its last day. */
export function coveredMonth(o: OpeningRow): number {
  const y = Number(o.cutoverDate.slice(0, 4));
  const m = Number(o.cutoverDate.slice(5, 7));
  return o.cutoverDate === lastDay(y, m) ? m : m - 1;
}

/**
 * April–March: the opening balance a run starts from: the employee has one and no record after the
 * month its cutover covered (a run after the cutover carries on from its own record).
 */
export function cutoverOf(opening: OpeningRow | undefined, prev: VacationRecordRow | undefined): Cutover | null {
  if (!opening) return null;
  const y = Number(opening.cutoverDate.slice(0, 4));
  const covered = coveredMonth(opening);
  const coveredPeriod = covered === 0 ? (y - 1) * 100 + 12 : y * 100 + covered;
  if (prev && prev.year * 100 + prev.month > coveredPeriod) return null;
  const m = Number(opening.cutoverDate.slice(5, 7));
  return { opening, vacationYear: aprilMarchYearOf(y, m), coveredPeriod };
}

/**
 * 3 a §: the month's vacation days: whole days of type vacation on weekdays that are not holidays or
 * eves. Part days are not vacation days: a warning names them.
 */
export function monthVacationDays(
  own: AbsenceDayIn[],
  monthFrom: string,
  monthTo: string,
  name: string,
  warnings: string[],
) {
  const monthVacation = own.filter((d) => d.type === "vacation" && d.date >= monthFrom && d.date <= monthTo);
  const partDays = monthVacation.filter((d) => d.hoursHundredths !== null).length;
  if (partDays)
    warnings.push(
      `${name}: ${partDays} vacation day(s) registered with hours; vacation is taken in whole days (semesterlagen 3 a §) and they were not counted`,
    );
  return monthVacation.filter((d) => d.hoursHundredths === null && isVacationDay(d.date)).length;
}

/** The balance carried into the run's year before the month: from the last record, the opening balance, or nothing. */
export interface Carried {
  source: "record" | "opening" | "new";
  saved: SavedDays;
  paidTaken: number;
  unpaidTaken: number;
  payoutDaysYear: number;
  forcedPayoutDays: number;
  liabilityOre: number;
  contributionsOre: number;
  /** The last month of the run's year already accrued. */
  lastMonth: number;
  opening: OpeningRow | null;
}

export function carried(
  e: EmployeeRow,
  year: number,
  prev: VacationRecordRow | undefined,
  opening: OpeningRow | undefined,
): Carried {
  const startMonth = employmentMonthsInYear(year, e.employmentStart, e.employmentEnd).first;
  const fresh = {
    paidTaken: 0,
    unpaidTaken: 0,
    payoutDaysYear: 0,
    lastMonth: Math.max(0, Math.min(12, startMonth - 1)),
    opening: null,
  };
  const openingThisYear = opening && opening.year === year && (!prev || prev.year < year) ? opening : undefined;
  if (openingThisYear) {
    return {
      source: "opening",
      ...fresh,
      saved: { ...openingThisYear.savedDays },
      forcedPayoutDays: 0,
      liabilityOre: openingThisYear.vacationDebtOre,
      contributionsOre: openingThisYear.vacationDebtContributionsOre,
      lastMonth: Math.max(0, coveredMonth(openingThisYear)),
      opening: openingThisYear,
    };
  }
  if (prev && prev.year === year) {
    return {
      source: "record",
      saved: { ...prev.saved },
      paidTaken: prev.paidTaken,
      unpaidTaken: prev.unpaidTaken,
      payoutDaysYear: prev.payoutDaysYear,
      forcedPayoutDays: 0,
      liabilityOre: prev.liabilityOre,
      contributionsOre: prev.contributionsOre,
      lastMonth: prev.month,
      opening: opening?.year === year ? opening : null,
    };
  }
  // The turn of the year (18 §) from the last record or an opening balance of an earlier year.
  const from = prev ?? (opening && opening.year < year ? opening : undefined);
  if (!from) return { source: "new", ...fresh, saved: {}, forcedPayoutDays: 0, liabilityOre: 0, contributionsOre: 0 };
  const isRecord = "paidTaken" in from;
  let t = turnOfYear(
    isRecord
      ? { year: from.year, paidOfYear: from.paidDaysOfYear, left: from.remainingDays, saved: from.saved }
      : { year: from.year, paidOfYear: e.vacationDaysPerYear, left: from.paidDaysRemaining, saved: from.savedDays },
  );
  let forced = t.forcedPayoutDays;
  for (let y = from.year + 1; y < year; y++) {
    t = turnOfYear({ year: y, paidOfYear: 0, left: 0, saved: t.saved });
    forced += t.forcedPayoutDays;
  }
  return {
    source: isRecord ? "record" : "opening",
    ...fresh,
    saved: t.saved,
    forcedPayoutDays: forced,
    liabilityOre: isRecord ? from.liabilityOre : from.vacationDebtOre,
    contributionsOre: isRecord ? from.contributionsOre : from.vacationDebtContributionsOre,
  };
}

export function hourlyBreakdown(year: number, month: number, ore: number): VacationBreakdown {
  return {
    rule: "hourly",
    year,
    month,
    carried_from: "new",
    paid_days_of_year: 0,
    entitled_days: 0,
    unpaid_days: 0,
    non_qualifying_absence_days: 0,
    absence_used: {},
    days_taken: { paid: 0, from_saved: {}, unpaid: 0, advance: 0 },
    paid_taken: 0,
    unpaid_taken: 0,
    saved_taken: 0,
    remaining_days: 0,
    unpaid_remaining: 0,
    saved_days: {},
    payout_days: 0,
    payout_days_forced: 0,
    payout_days_end_of_employment: 0,
    payout_days_year: 0,
    payout: 0,
    day_value: 0,
    day_value_rule: "12 % of the hourly pay, paid each month (semesterersättning)",
    supplement: 0,
    vacation_pay: fromOre(ore),
    deduction: 0,
    liability: {},
    ore: { liability_after: 0, contributions_after: 0, liability_change: 0, contributions_change: 0, day_value: 0 },
    ends_employment: false,
  };
}

export const vacationOf = (r: RunEmployeeRow) => (r.breakdown?.vacation as VacationBreakdown | undefined) ?? null;
