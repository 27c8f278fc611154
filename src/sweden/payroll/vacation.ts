// Vacation under the Annual Leave Act, semesterlagen (1977:480): pure functions, no I/O.
//
// The vacation year, chosen per company (VacationYearKind below):
// - "calendar": the calendar year is both the intjänandeår and the semesterår ("sammanfallande
//   intjänande- och semesterår", allowed by agreement under 2 §; public employers' AB § 27 does the
//   same): the year's paid days are granted in advance and reduced for the year's absence that does
//   not earn vacation.
// - "april_march": the Act's default (3 §): the earning year 1 April–31 March, its days taken in the
//   vacation year from the next 1 April (förskjutet semesterår); the days and the percentage rule's
//   pay are known in full when the vacation year starts.
//
// Sources (the Act as in force since 2010-04-01, prop. 2009/10:4):
// - 3 a §: vacation is taken in whole days; Saturdays, Sundays, public holidays, midsommarafton,
//   julafton and nyårsafton are not vacation days (isVacationDay).
// - 4 §: 25 vacation days a year (the employee's vacation_days_per_year where an agreement gives
//   more); employment that starts after 31 August gives only five days that year.
// - 7 §: paid days = (employment days of the year − days wholly absent without pay that do not
//   earn vacation) / days of the year × 25, a fraction rounded up to the next whole day.
// - 17 §: absence that earns vacation (semesterlönegrundande frånvaro) per intjänandeår: sickness
//   180 days, smittbärarpenning 180 days, parental leave (föräldrapenning) 120 days, temporary
//   parental benefit (tillfällig föräldrapenning, vab) 120 days, närståendepenning 45 days. Leave
//   without pay and general study leave earn nothing. (Arbetsgivaralliansen, "Semesterlönegrundande
//   frånvaro"; Lärarförbundet, "Semesterlönegrundande frånvaro".)
// - 16 a § sammalöneregeln: the monthly salary continues during vacation, plus a semestertillägg
//   of 0.43 % of the monthly salary for each paid vacation day.
// - 16 b § procentregeln: semesterlön is 12 % of the vacation-qualifying pay of the intjänandeår,
//   divided over the year's paid days; the monthly salary is reduced for each vacation day. The
//   reduction is not in the Act: the common agreement formula is 4.6 % of the monthly salary per
//   vacation day (Unionen, Visma, Fortnox: "semesteravdrag 4,6 %"), used here. The qualifying pay
//   (semesterlönegrundande lön) is "lön och annan ersättning för arbete under intjänandeåret":
//   variable pay for work (overtime, commission, performance bonus, retroactive pay) counts; vacation
//   pay itself does not (16 b § second paragraph), nor tax-free reimbursements of costs; benefits in
//   kind count only when the employer does not provide them during the vacation, which is not
//   tracked here, so they are left out (the item types: src/domains/payroll/item-types.ts).
// - 18 §: paid days above 20 may be saved; saved days are taken within five years (they are paid
//   out here at the turn of the fifth year); the year's paid days that cannot be saved and are
//   not taken are paid out (forced payout) at the turn of the year.
// - 28 §: semesterersättning for the paid days not taken when the employment ends (a one-off
//   payment, taxed by the one-off rules).
// - 29 §: vacation taken before it is earned (förskottssemester) is not clamped: the remaining
//   days may go below zero; no deduction is made when the employment ends.
import Big from "big.js";
import { isBankingDay } from "../calendar";
import type { AbsenceType } from "./absence";

/** 16 a §: semestertillägg per paid vacation day, percent of the monthly salary. */
export const VACATION_SUPPLEMENT_PERCENT = "0.43";
/** 16 b §: semesterlön, percent of the year's vacation-qualifying pay. */
export const VACATION_PAY_PERCENT = "12";
/** The day's salary of a monthly-paid employee (semesteravdrag, the value of a day): 4.6 % of the monthly salary. */
export const VACATION_DAY_PERCENT = "4.6";
/** 18 §: paid days above this may be saved. */
export const SAVE_ABOVE_DAYS = 20;
/** 18 §: saved days are taken within five years. */
export const SAVED_DAYS_YEARS = 5;

/** 17 §: days of each absence type that earn vacation per intjänandeår (0: none; Infinity: every day). */
export const QUALIFYING_ABSENCE_LIMITS: Record<AbsenceType, number> = {
  sick: 180,
  infection_carrier: 180,
  parental: 120,
  vab: 120,
  caring_for_relative: 45,
  leave_without_pay: 0,
  study_leave: 0,
  vacation: Infinity,
  leave_with_pay: Infinity,
};

export type VacationRule = "same_salary" | "percentage";

const DAY = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const daysInYear = (year: number) => Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY);
const pct = (ore: number, percent: string) => new Big(ore).times(percent).div(100);
const roundOre = (b: Big) => Number(b.round(0, Big.roundHalfUp).toFixed(0));

/** 3 a §: a weekday that is not a public holiday, midsommarafton, julafton or nyårsafton. */
export function isVacationDay(date: string): boolean {
  return isBankingDay(date);
}

/** Calendar days of `year` covered by an employment from `start` to `end` (null: open-ended). */
export function employmentDaysInYear(year: number, start: string, end: string | null): number {
  return employmentDaysIn(calendarEarningYear(year), start, end);
}

/** A span of days, first and last inclusive (YYYY-MM-DD): an earning year or a vacation year. */
export interface DateRange {
  start: string;
  end: string;
}

/** Calendar days of `range` covered by an employment from `start` to `end` (null: open-ended). */
export function employmentDaysIn(range: DateRange, start: string, end: string | null): number {
  const first = Math.max(toDay(range.start), toDay(start));
  const last = Math.min(toDay(range.end), end ? toDay(end) : Infinity);
  return last < first ? 0 : Math.round((last - first) / DAY) + 1;
}

/** The days of a range (365 or 366 for a year: April 2027–March 2028 holds 29 February). */
export const daysIn = (range: DateRange) => Math.round((toDay(range.end) - toDay(range.start)) / DAY) + 1;

/** Months of `year` the employment touches (1-12), for spreading the year's days over the months. */
export function employmentMonthsInYear(
  year: number,
  start: string,
  end: string | null,
): { first: number; last: number; count: number } {
  const first = start < `${year}-01-01` ? 1 : start > `${year}-12-31` ? 13 : Number(start.slice(5, 7));
  const last = !end || end > `${year}-12-31` ? 12 : end < `${year}-01-01` ? 0 : Number(end.slice(5, 7));
  return { first, last, count: Math.max(0, last - first + 1) };
}

export interface AbsenceDayIn {
  date: string;
  type: AbsenceType;
  /** null: the whole day; a part day never reduces the paid days (7 §: "helt frånvarande"). */
  hoursHundredths: number | null;
}

/**
 * 7 § and 17 §: the whole days of absence that reduce the paid days, counting each type's
 * qualifying days in date order against its limit, starting from `usedBefore` (days already used
 * in the year, e.g. from an opening balance).
 */
export function nonQualifyingDays(days: AbsenceDayIn[], usedBefore: Partial<Record<AbsenceType, number>> = {}) {
  const used: Partial<Record<AbsenceType, number>> = { ...usedBefore };
  let nonQualifying = 0;
  for (const d of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    if (d.hoursHundredths !== null) continue;
    const limit = QUALIFYING_ABSENCE_LIMITS[d.type];
    if (limit === Infinity) continue;
    const n = used[d.type] ?? 0;
    if (n < limit) used[d.type] = n + 1;
    else nonQualifying += 1;
  }
  return { nonQualifying, used };
}

/**
 * 4 § and 7 §: the year's vacation days. `total`: the days the employee may take (25, or five when
 * the employment starts after 31 August); `paid`: the days with vacation pay; `unpaid` the rest.
 * `share`: the qualifying share of the year (for the percentage rule's base).
 */
export function vacationDaysOfYear(i: {
  year: number;
  daysPerYear: number;
  employmentStart: string;
  employmentEnd: string | null;
  nonQualifyingDays: number;
}) {
  const earned = paidDaysEarned({ ...i, earningYear: calendarEarningYear(i.year) });
  const total = vacationYearTotalDays(`${i.year}-01-01`, i.daysPerYear, i.employmentStart);
  const paid = Math.min(total, earned.paid);
  return { ...earned, total, paid, unpaid: total - paid };
}

/**
 * 7 §: the paid days an earning year (intjänandeår) gives: ⌈(employment days of the earning year −
 * days wholly absent that do not earn vacation) / days of the earning year × days per year⌉, at most
 * the days per year. `share`: the qualifying share of the earning year (the percentage rule's base).
 */
export function paidDaysEarned(i: {
  earningYear: DateRange;
  daysPerYear: number;
  employmentStart: string;
  employmentEnd: string | null;
  nonQualifyingDays: number;
}) {
  const yearDays = daysIn(i.earningYear);
  const employmentDays = employmentDaysIn(i.earningYear, i.employmentStart, i.employmentEnd);
  const qualifying = Math.max(0, employmentDays - i.nonQualifyingDays);
  const paid = Math.min(
    i.daysPerYear,
    Number(new Big(qualifying).times(i.daysPerYear).div(yearDays).round(0, Big.roundUp).toFixed(0)),
  );
  return { yearDays, employmentDays, qualifyingDays: qualifying, paid, share: new Big(qualifying).div(yearDays) };
}

/**
 * 4 §: the vacation days (paid and unpaid) of the vacation year starting `vacationYearStart`: the
 * days per year, or only five when the employment starts after 31 August of that vacation year.
 */
export function vacationYearTotalDays(vacationYearStart: string, daysPerYear: number, employmentStart: string) {
  return employmentStart > `${vacationYearStart.slice(0, 4)}-08-31` ? Math.min(5, daysPerYear) : daysPerYear;
}

// The vacation year (2 § / 3 §). "calendar": sammanfallande intjänande- och semesterår, the calendar
// year is both (allowed by agreement). "april_march": the Act's own default (3 § first paragraph,
// "semesterår: tiden fr.o.m. den 1 april ett år t.o.m. den 31 mars påföljande år"; intjänandeår "det
// närmast föregående semesteråret"): the days earned from 1 April to 31 March are taken from the next
// 1 April (förskjutet semesterår), so at any date an employee has the vacation year in progress
// (days earned the year before) and the earning year in progress (days being earned).
export const VACATION_YEAR_KINDS = ["calendar", "april_march"] as const;
export type VacationYearKind = (typeof VACATION_YEAR_KINDS)[number];

/** The calendar year as the earning year (and the vacation year) `year`. */
export const calendarEarningYear = (year: number): DateRange => ({ start: `${year}-01-01`, end: `${year}-12-31` });

/** The April–March year that starts on 1 April `year` (as earning year or as vacation year). */
export const aprilMarchYear = (year: number): DateRange => ({ start: `${year}-04-01`, end: `${year + 1}-03-31` });

/** The April–March year in progress in the month (year, month), by the year of its 1 April: March 2027 is 2026. */
export const aprilMarchYearOf = (year: number, month: number) => (month >= 4 ? year : year - 1);

/** The month's place in the April–March year: April 1 … March 12. */
export const aprilMarchMonthIndex = (month: number) => ((month + 8) % 12) + 1;

/**
 * The months of the April–March year starting 1 April `year` that the employment touches, as places
 * (April 1 … March 12): for spreading the earning year's paid days over the months worked.
 */
export function employmentMonthsInAprilMarch(
  year: number,
  start: string,
  end: string | null,
): { first: number; last: number; count: number } {
  const r = aprilMarchYear(year);
  const first = start < r.start ? 1 : start > r.end ? 13 : aprilMarchMonthIndex(Number(start.slice(5, 7)));
  const last = !end || end > r.end ? 12 : end < r.start ? 0 : aprilMarchMonthIndex(Number(end.slice(5, 7)));
  return { first, last, count: Math.max(0, last - first + 1) };
}

/**
 * The days of the earning year in progress earned by the end of its month `monthIndex` (April 1 …
 * March 12): the earning year's paid days spread evenly over the months of employment in it (exact).
 */
export function earnedDaysByMonth(
  paidDays: number,
  months: { first: number; last: number; count: number },
  monthIndex: number,
): Big {
  if (months.count <= 0) return new Big(0);
  const elapsed = Math.max(0, Math.min(monthIndex, months.last) - months.first + 1);
  return new Big(paidDays).times(elapsed).div(months.count);
}

/**
 * The vacation liability (semesterlöneskuld) of a shifted year at a month's end, in öre, rounded
 * half up once: the paid days of the vacation year in progress not yet taken plus the saved days,
 * at the vacation year's day value, plus the days earned so far in the earning year in progress at
 * its day value (its pay is known only when the earning year ends, so this is the estimate), plus
 * days still to be paid out at their own value.
 */
export function shiftedLiabilityOre(i: {
  daysLeft: number;
  vacationDayValue: Big;
  earnedDays: Big;
  earningDayValue: Big;
  payoutValue?: Big;
}): number {
  return roundOre(
    i.vacationDayValue
      .times(i.daysLeft)
      .plus(i.earningDayValue.times(i.earnedDays))
      .plus(i.payoutValue ?? 0),
  );
}

/**
 * The value of one paid vacation day in öre, exact (rounded by the caller on the month's sum).
 * same_salary: the day's salary 4.6 % + the semestertillägg 0.43 % of the monthly salary (16 a §).
 * percentage: 12 % of the year's vacation-qualifying pay divided by the year's paid days (16 b §).
 * The qualifying pay is the fixed part, the monthly salary × 12 × the qualifying share (the monthly
 * salary counts in full for the qualifying absence of 17 §), plus `variableOre`: the variable pay
 * for work of the intjänandeår paid so far (overtime, commission, performance bonus, retroactive
 * pay; never vacation pay, 16 b § second paragraph), see vacationQualifyingBaseOre.
 */
export function vacationDayValue(
  rule: VacationRule,
  monthlyOre: number,
  year: { paid: number; share: Big },
  variableOre = 0,
): Big {
  if (rule === "same_salary")
    return pct(monthlyOre, VACATION_DAY_PERCENT).plus(pct(monthlyOre, VACATION_SUPPLEMENT_PERCENT));
  if (year.paid <= 0) return new Big(0);
  return vacationQualifyingBaseOre(monthlyOre, year.share, variableOre)
    .times(VACATION_PAY_PERCENT)
    .div(100)
    .div(year.paid);
}

/**
 * 16 b §: the semesterlönegrundande lön of the intjänandeår under procentregeln, in öre (exact):
 * the monthly salary × 12 × the qualifying share of the year, plus the variable pay for work of the
 * year so far (`variableOre`, may include an opening balance's year-to-date figure).
 */
export function vacationQualifyingBaseOre(monthlyOre: number, share: Big, variableOre: number): Big {
  return new Big(monthlyOre).times(12).times(share).plus(variableOre);
}

/**
 * 16 b §: the value of a paid day from a completed earning year's semesterlönegrundande lön: 12 %
 * of it divided over the paid days it gave (exact). With the April–March year the earning year is
 * over when its days are taken, so this is the final figure (the semesteravstämning's).
 */
export function percentageDayValue(baseOre: number, paidDays: number): Big {
  if (paidDays <= 0) return new Big(0);
  return new Big(baseOre).times(VACATION_PAY_PERCENT).div(100).div(paidDays);
}

/** Saved days by the year they were saved in ("2025": 3). */
export type SavedDays = Record<string, number>;

export const savedTotal = (saved: SavedDays) => Object.values(saved).reduce((s, n) => s + n, 0);

/**
 * 18 §: the turn of the vacation year `year` → `year + 1`. `left`: the year's paid days not taken;
 * of them, those above 20 of the year's paid days (`paidOfYear`) may be saved; the rest are paid
 * out (forced payout). Saved days of the fifth year before are paid out too.
 */
export function turnOfYear(i: { year: number; paidOfYear: number; left: number; saved: SavedDays }) {
  const left = Math.max(0, i.left);
  const saveable = Math.min(left, Math.max(0, i.paidOfYear - SAVE_ABOVE_DAYS));
  const saved: SavedDays = {};
  let expired = 0;
  for (const [y, n] of Object.entries(i.saved)) {
    if (n === 0) continue;
    if (Number(y) + SAVED_DAYS_YEARS <= i.year) expired += n;
    else saved[y] = n;
  }
  if (saveable > 0) saved[String(i.year)] = (saved[String(i.year)] ?? 0) + saveable;
  return {
    saved,
    savedNow: saveable,
    forcedPayoutDays: left - saveable + expired,
    expiredDays: expired,
    notSaveableDays: left - saveable,
  };
}

/**
 * The month's vacation days taken, in order: the year's paid days, then saved days (oldest first),
 * then the year's unpaid days, then paid days beyond the balance (förskott: the remaining days go
 * below zero, not clamped).
 */
export function takeVacationDays(days: number, balance: { paidLeft: number; saved: SavedDays; unpaidLeft: number }) {
  let rest = days;
  const fromPaid = Math.min(rest, Math.max(0, balance.paidLeft));
  rest -= fromPaid;
  const saved: SavedDays = { ...balance.saved };
  const fromSaved: SavedDays = {};
  for (const y of Object.keys(saved).sort()) {
    const n = Math.min(rest, saved[y]);
    if (n > 0) {
      fromSaved[y] = n;
      saved[y] -= n;
      rest -= n;
    }
  }
  const fromUnpaid = Math.min(rest, Math.max(0, balance.unpaidLeft));
  rest -= fromUnpaid;
  return {
    paid: fromPaid + rest,
    advance: rest,
    fromSaved,
    savedAfter: Object.fromEntries(Object.entries(saved).filter(([, n]) => n > 0)),
    unpaid: fromUnpaid,
  };
}

export interface MonthVacationPay {
  /** 16 a §: 0.43 % × monthly salary × paid days (same_salary). */
  supplementOre: number;
  /** 16 b §: day value × paid days (percentage). */
  vacationPayOre: number;
  /** − 4.6 % × monthly × days: every vacation day under the percentage rule, the unpaid days under both. */
  deductionOre: number;
}

/** The month's pay effect of `paidDays` paid and `unpaidDays` unpaid vacation days. */
export function monthVacationPay(
  rule: VacationRule,
  monthlyOre: number,
  dayValue: Big,
  paidDays: number,
  unpaidDays: number,
): MonthVacationPay {
  if (rule === "same_salary") {
    return {
      supplementOre: roundOre(pct(monthlyOre, VACATION_SUPPLEMENT_PERCENT).times(paidDays)),
      vacationPayOre: 0,
      deductionOre: roundOre(pct(monthlyOre, VACATION_DAY_PERCENT).times(unpaidDays)),
    };
  }
  return {
    supplementOre: 0,
    vacationPayOre: roundOre(dayValue.times(paidDays)),
    deductionOre: roundOre(pct(monthlyOre, VACATION_DAY_PERCENT).times(paidDays + unpaidDays)),
  };
}

/**
 * The vacation pay liability (semesterlöneskuld) after a month, in öre: the liability before, plus
 * the days earned in the months since the last accrual (the year's paid days spread evenly over
 * the months of employment in the year) at the day value, less the paid days taken and paid out
 * at the day value. Rounded half up once.
 */
export function liabilityAfter(i: {
  beforeOre: number;
  dayValue: Big;
  paidDaysOfYear: number;
  employmentMonths: number;
  monthsAccrued: number;
  daysTaken: number;
  daysPaidOut: number;
}) {
  const earnedDays =
    i.employmentMonths > 0 ? new Big(i.paidDaysOfYear).times(i.monthsAccrued).div(i.employmentMonths) : new Big(0);
  const accrualOre = roundOre(earnedDays.times(i.dayValue));
  const usedOre = roundOre(i.dayValue.times(i.daysTaken + i.daysPaidOut));
  return {
    earnedDays: Number(earnedDays.round(4).toString()),
    accrualOre,
    usedOre,
    afterOre: i.beforeOre + accrualOre - usedOre,
  };
}

/** 16 b §: 12 % of pay, for employees paid by the hour (semesterersättning with each month's pay). */
export function hourlyVacationPayOre(payOre: number): number {
  return roundOre(pct(payOre, VACATION_PAY_PERCENT));
}
