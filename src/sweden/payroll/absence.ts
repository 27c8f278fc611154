// Absence in a month of a monthly-salaried employee: salary deductions, sick pay and the
// karensavdrag. Pure, no I/O; money in öre, computed exactly with big.js per day and rounded half
// up to öre once per amount of the month.
//
// Sources and the formulas used:
// - Sick pay: lag (1991:1047) om sjuklön (SjLL). 6 §: sick pay is 80 % of the pay and benefits the
//   employee loses through the absence, less a karensavdrag of 20 % of the sick pay for an average
//   calendar week. 7 §: the employer's sick-pay period is days 1-14 of a sick period (the employer
//   pays no sick pay from day 15; Försäkringskassan pays sjukpenning, and the employer reports the
//   case to Försäkringskassan within seven days after day 14, SjLL 12 §). 14 §: a new sick period
//   that starts within five days after the previous one ended continues it (återinsjuknande: no
//   new karensavdrag, the days count on). When the sick pay of the first day is smaller than the
//   karensavdrag, the rest is taken from the following days' sick pay (6 § second paragraph).
//   Here the week's pay is monthly salary × 12 / 52, so karensavdrag = 20 % × 80 % × monthly × 12 / 52.
// - Lost pay (the deduction) of a whole calendar day: monthly salary × 12 / 365 (the calendar-day
//   rule, "kalenderdagsavdrag", used by e.g. the Almega–Unionen/Sveriges Ingenjörer agreements for
//   absence beyond five working days and by Skatteverket-independent payroll practice); every
//   calendar day of the absence is registered, weekends included. Of an hour (part of a day):
//   monthly salary × 12 / (52 × 40), a full-time week of 40 hours (arbetstidslagen 5 §). The
//   4.6 % per working day rule of some agreements (absence of at most five working days) is not
//   used.
// - vab (tillfällig föräldrapenning, SFB 13 kap.), parental leave (föräldrapenning, SFB 12 kap.,
//   föräldraledighetslagen), leave without pay, study leave (lag 1974:981), care of a close
//   relative (närståendepenning, SFB 47 kap.) and an infection carrier (smittbärarpenning, SFB
//   46 kap.): the pay is deducted; Försäkringskassan pays the benefit, not the employer.
// - vacation and leave with pay: no deduction here (vacation pay is the vacation module's).
// - The month's deductions together never exceed the month's salary.
import Big from "big.js";

export const ABSENCE_TYPES = [
  "sick",
  "vab",
  "parental",
  "vacation",
  "leave_without_pay",
  "leave_with_pay",
  "study_leave",
  "caring_for_relative",
  "infection_carrier",
] as const;
export type AbsenceType = (typeof ABSENCE_TYPES)[number];

/** The types deducted without pay from the employer. */
export const UNPAID_ABSENCE_TYPES: readonly AbsenceType[] = [
  "vab",
  "parental",
  "leave_without_pay",
  "study_leave",
  "caring_for_relative",
  "infection_carrier",
];

export const ABSENCE_TYPE_SV: Record<AbsenceType, string> = {
  sick: "sjukfrånvaro",
  vab: "vård av barn",
  parental: "föräldraledighet",
  vacation: "semester",
  leave_without_pay: "tjänstledighet utan lön",
  leave_with_pay: "ledighet med lön",
  study_leave: "studieledighet",
  caring_for_relative: "närståendevård",
  infection_carrier: "smittbärare",
};

export interface AbsenceDay {
  date: string;
  type: AbsenceType;
  /** Hours in hundredths for part of a day; null = the whole day. */
  hoursHundredths: number | null;
}

export const FULL_TIME_HOURS_PER_WEEK = 40;
export const SICK_PAY_PERCENT = 80;
export const KARENS_PERCENT_OF_WEEK = 20;
export const EMPLOYER_SICK_PAY_DAYS = 14;
export const RELAPSE_DAYS = 5;

/** Monthly salary × 12 / 365: the pay of one calendar day. */
export const dayPay = (monthlyOre: number) => new Big(monthlyOre).times(12).div(365);
/** Monthly salary × 12 / (52 × 40): the pay of one hour. */
export const hourPay = (monthlyOre: number) => new Big(monthlyOre).times(12).div(52 * FULL_TIME_HOURS_PER_WEEK);
/** 20 % of a week's sick pay (80 % of monthly × 12 / 52). */
export const karensavdrag = (monthlyOre: number) =>
  new Big(monthlyOre).times(12).div(52).times(SICK_PAY_PERCENT).div(100).times(KARENS_PERCENT_OF_WEEK).div(100);

const lostPay = (monthlyOre: number, d: AbsenceDay) =>
  d.hoursHundredths === null ? dayPay(monthlyOre) : hourPay(monthlyOre).times(d.hoursHundredths).div(100);
const round = (b: Big) => Number(b.round(0, Big.roundHalfUp).toFixed(0));
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

export interface SickPeriod {
  start: string;
  /** The sick days of the period in the month. */
  days_in_month: number;
  /** The first day (if in the month) from which Försäkringskassan pays: day 15. */
  day_15: string | null;
  karens: number;
}

export interface AbsenceEffects {
  /** Lost pay of the sick days in the month (a negative row). */
  sickDeductionOre: number;
  /** 80 % of the lost pay of the month's sick days 1-14, before the karensavdrag. */
  sickPayOre: number;
  karensOre: number;
  /** Lost pay per unpaid type (negative rows). */
  deductionsOre: Partial<Record<AbsenceType, number>>;
  counts: Partial<Record<AbsenceType, { days: number; hours: number }>>;
  sickPeriods: SickPeriod[];
  /** Notices: sick periods reaching day 15 (Försäkringskassan). */
  notices: string[];
}

/**
 * The effects of the absence days of the month [`from`, `to`] for an employee with `monthlyOre`.
 * `days` may hold days before `from` (sick days of the preceding weeks, for the sick period's
 * start, day count and karensavdrag); only the month's days produce amounts.
 */
export function absenceEffects(input: {
  monthlyOre: number;
  from: string;
  to: string;
  days: readonly AbsenceDay[];
}): AbsenceEffects {
  const { monthlyOre, from, to } = input;
  const inMonth = (d: AbsenceDay) => d.date >= from && d.date <= to;
  const counts: AbsenceEffects["counts"] = {};
  for (const d of input.days.filter(inMonth)) {
    const c = (counts[d.type] ??= { days: 0, hours: 0 });
    if (d.hoursHundredths === null) c.days += 1;
    else c.hours = Number(new Big(c.hours).plus(new Big(d.hoursHundredths).div(100)));
  }

  // Sick periods over every given sick day, in date order.
  const sick = input.days.filter((d) => d.type === "sick" && d.date <= to).sort((a, b) => a.date.localeCompare(b.date));
  let sickDeduction = new Big(0);
  let sickPay = new Big(0);
  let karens = new Big(0);
  const periods: SickPeriod[] = [];
  const notices: string[] = [];
  let period: (SickPeriod & { count: number; karensLeft: Big; touched: boolean }) | null = null;
  let previous: string | null = null;
  for (const d of sick) {
    // A gap of more than five healthy calendar days starts a new period (SjLL 14 §).
    if (!period || dayNumber(d.date) - dayNumber(previous!) - 1 > RELAPSE_DAYS) {
      if (period?.touched) periods.push(strip(period));
      period = {
        start: d.date,
        days_in_month: 0,
        day_15: null,
        karens: 0,
        count: 0,
        karensLeft: karensavdrag(monthlyOre),
        touched: false,
      };
    }
    previous = d.date;
    period.count += 1;
    const lost = lostPay(monthlyOre, d);
    const pay = period.count <= EMPLOYER_SICK_PAY_DAYS ? lost.times(SICK_PAY_PERCENT).div(100) : new Big(0);
    const k = pay.lt(period.karensLeft) ? pay : period.karensLeft;
    period.karensLeft = period.karensLeft.minus(k);
    if (!inMonth(d)) continue;
    period.touched = true;
    period.days_in_month += 1;
    if (period.count === EMPLOYER_SICK_PAY_DAYS + 1) {
      period.day_15 = d.date;
      notices.push(
        `sick period from ${period.start}: day 15 is ${d.date}; the employer's sick pay ends on day 14, ` +
          "report the case to Försäkringskassan within seven days (SjLL 12 §)",
      );
    }
    sickDeduction = sickDeduction.plus(lost);
    sickPay = sickPay.plus(pay);
    karens = karens.plus(k);
    period.karens = Number(new Big(period.karens).plus(k));
  }
  if (period?.touched) periods.push(strip(period));

  const deductions: AbsenceEffects["deductionsOre"] = {};
  const sickDeductionOre = Math.min(round(sickDeduction), monthlyOre);
  let room = monthlyOre - sickDeductionOre;
  for (const type of UNPAID_ABSENCE_TYPES) {
    const days = input.days.filter((d) => d.type === type && inMonth(d));
    if (!days.length) continue;
    const amount = Math.min(round(days.reduce((s, d) => s.plus(lostPay(monthlyOre, d)), new Big(0))), room);
    room -= amount;
    if (amount > 0) deductions[type] = amount;
  }
  return {
    sickDeductionOre,
    sickPayOre: round(sickPay),
    karensOre: round(karens),
    deductionsOre: deductions,
    counts,
    sickPeriods: periods.map((p) => ({ ...p, karens: round(new Big(p.karens)) / 100 })),
    notices,
  };
}

function strip(p: SickPeriod & { count: number; karensLeft: Big; touched: boolean }): SickPeriod {
  return { start: p.start, days_in_month: p.days_in_month, day_15: p.day_15, karens: p.karens };
}
