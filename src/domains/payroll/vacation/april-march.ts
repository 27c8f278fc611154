// Vacation with the April–March year (semesterlagen 3 §, förskjutet semesterår), for a company whose
// setting vacation_year is "april_march". rules.ts calls shiftedVacationOfMember for each
// monthly-paid employee of the run; the rules are the pure functions of src/sweden/payroll/vacation.ts.
//
// At a month's end an employee has two years:
// - the vacation year in progress (1 April–31 March), whose paid days were earned in the earning
//   year before it and are known in full when it starts (7 §, 17 §), with their day value: the
//   monthly salary's 4.6 % + 0.43 % (16 a §), or 12 % of that earning year's semesterlönegrundande
//   lön over its paid days (16 b §), fixed at the year's first run: the semesteravstämning;
// - the earning year in progress (the same 1 April–31 March), whose days are earned month by month
//   and valued at the estimate of its own pay so far.
// The liability is the value of both (shiftedLiabilityOre), so it is right at any run's date; the
// run books its change, broken into the revaluation of the days carried in (at a new vacation year:
// the semesteravstämning), the month's accrual, the days taken and the days paid out.
import Big from "big.js";
import { fromOre } from "../../../money";
import type { AbsenceType } from "../../../sweden/payroll";
import {
  type AbsenceDayIn,
  aprilMarchMonthIndex,
  aprilMarchYear,
  aprilMarchYearOf,
  earnedDaysByMonth,
  employmentMonthsInAprilMarch,
  type MonthVacationPay,
  monthVacationPay,
  nonQualifyingDays,
  paidDaysEarned,
  percentageDayValue,
  type SavedDays,
  savedTotal,
  shiftedLiabilityOre,
  type takeVacationDays,
  turnOfYear,
  vacationDayValue,
  vacationQualifyingBaseOre,
  type VacationRule,
  vacationYearTotalDays,
} from "../../../sweden/payroll/vacation";
import type { EngineItem } from "../runs/calculate/rules";
import { contributionsOn, daysTakenJson, takeMonthDays, vacationItems, warnAdvanceAtEnd } from "./parts";
import type { MonthTake, VacationBreakdown } from "./parts";
import type { EmployeeRow, OpeningRow, SalaryRunRow, VacationRecordRow } from "../rows";

const roundOre = (b: Big) => Number(b.round(0, Big.roundHalfUp).toFixed(0));
const kronor = (b: Big) => Number(b.div(100).round(2, Big.roundHalfUp).toString());
const inRange = (d: string, r: { start: string; end: string }) => d >= r.start && d <= r.end;

/** The variable vacation-qualifying pay (16 b §) an employee has in the earning years a run touches, öre. */
export interface ShiftedVariablePay {
  /** booked runs of the earning year before the vacation year in progress (its whole year) */
  completed: number;
  /** booked runs of the earning year in progress, before the run's month */
  inProgress: number;
  /** the run's own rows */
  thisRun: number;
}

/** The run periods (year × 100 + month) of the April–March year starting 1 April `year`. */
export const aprilMarchPeriods = (year: number) => ({ from: year * 100 + 4, to: (year + 1) * 100 + 3 });

/**
 * 16 a §/16 b §: the value of a day of the vacation year: the monthly salary's 5.03 % under
 * sammalöneregeln (the salary at the time, as the Act pays it), or 12 % of the earning year's base
 * over its paid days under procentregeln.
 */
function vacationYearDayValue(rule: VacationRule, monthlyOre: number, baseOre: number | null, paidDays: number) {
  if (rule === "same_salary") return vacationDayValue(rule, monthlyOre, { paid: paidDays, share: new Big(1) });
  return percentageDayValue(baseOre ?? 0, paidDays);
}

/** The vacation year in progress as the run finds it: carried from the last record or opened now (18 § turn). */
interface VacationYearIn {
  source: "record" | "opening" | "new";
  /** 7 §: the paid days the earning year before gave (the day value's divisor) */
  paidDaysOfYear: number;
  entitled: number;
  unpaid: number;
  paidTaken: number;
  unpaidTaken: number;
  saved: SavedDays;
  payoutDaysYear: number;
  baseOre: number | null;
  /** 18 §: days of the vacation year that ended, not saveable or expired, paid out in this run */
  forcedPayoutDays: number;
  /** their value per day (the ended vacation year's day value) */
  forcedDayValue: Big;
  /** the semesteravstämning: the earning year that ended, finalised (null when carried) */
  finalised: null | {
    earningYear: { start: string; end: string };
    paidDays: number;
    nonQualifyingDays: number;
    qualifyingPayOre: number | null;
  };
}

/**
 * Opens the vacation year `vy` (1 April vy–31 March vy+1) from the earning year before it, which is
 * complete: 7 § paid days with its 17 § absence, 4 § total days, 16 b § base with its whole variable
 * pay; then the 18 § turn of the vacation year(s) before, from the last record.
 */
function openVacationYear(i: {
  e: EmployeeRow;
  rule: VacationRule;
  vy: number;
  from: YearEnd | null;
  cutover: Cutover | null;
  absence: AbsenceDayIn[];
  completedVariableOre: number;
}): VacationYearIn {
  const { e, rule, vy, from } = i;
  const earningYear = aprilMarchYear(vy - 1);
  const nq = earningYearAbsence(i.absence, earningYear, i.cutover);
  const earned = paidDaysEarned({
    earningYear,
    daysPerYear: e.vacationDaysPerYear,
    employmentStart: e.employmentStart,
    employmentEnd: e.employmentEnd,
    nonQualifyingDays: nq.nonQualifying,
  });
  const total = vacationYearTotalDays(`${vy}-04-01`, e.vacationDaysPerYear, e.employmentStart);
  const entitled = Math.min(total, earned.paid);
  const baseOre =
    rule === "percentage"
      ? roundOre(vacationQualifyingBaseOre(e.monthlySalaryOre ?? 0, earned.share, i.completedVariableOre))
      : null;
  let saved: SavedDays = {};
  let forced = 0;
  let forcedDayValue = new Big(0);
  if (from) {
    let t = turnOfYear({ year: from.year, paidOfYear: from.paidDaysOfYear, left: from.left, saved: from.saved });
    forced = t.forcedPayoutDays;
    for (let y = from.year + 1; y < vy; y++) {
      t = turnOfYear({ year: y, paidOfYear: 0, left: 0, saved: t.saved });
      forced += t.forcedPayoutDays;
    }
    saved = t.saved;
    forcedDayValue = vacationYearDayValue(rule, e.monthlySalaryOre ?? 0, from.baseOre, from.paidDaysOfYear);
  }
  return {
    source: from?.source ?? "new",
    paidDaysOfYear: earned.paid,
    entitled,
    unpaid: total - entitled,
    paidTaken: 0,
    unpaidTaken: 0,
    saved,
    payoutDaysYear: 0,
    baseOre,
    forcedPayoutDays: forced,
    forcedDayValue,
    finalised: {
      earningYear,
      paidDays: earned.paid,
      nonQualifyingDays: nq.nonQualifying,
      qualifyingPayOre: baseOre,
    },
  };
}

/** A vacation year as it ended (from the last record, or an opening balance): what the 18 § turn needs. */
interface YearEnd {
  source: "record" | "opening";
  /** the year of its 1 April */
  year: number;
  paidDaysOfYear: number;
  left: number;
  saved: SavedDays;
  baseOre: number | null;
}

/**
 * An opening balance of an April–March company (a cutover from another system): the vacation year in
 * progress at `cutover_date` with its paid and unpaid days left and saved days, the debt, the 17 §
 * qualifying absence days already used and the variable pay of the earning year in progress before
 * the cutover (`ytd_vacation_qualifying_variable_pay`).
 */
export interface Cutover {
  opening: OpeningRow;
  /** the vacation year (its 1 April's year) at the cutover date */
  vacationYear: number;
  /** the last month the previous system covered, as a period (year × 100 + month) */
  coveredPeriod: number;
}

/** 7 §/17 §: the non-qualifying days of an earning year; in the cutover's year only after the cutover, from its used days. */
function earningYearAbsence(
  absence: AbsenceDayIn[],
  earningYear: { start: string; end: string },
  cutover: Cutover | null,
) {
  const within = inRange(cutover?.opening.cutoverDate ?? "", earningYear) ? cutover : null;
  const days = absence.filter((d) => inRange(d.date, earningYear) && (!within || d.date > within.opening.cutoverDate));
  return nonQualifyingDays(days, within ? (within.opening.absenceUsed as Partial<Record<AbsenceType, number>>) : {});
}

/** 16 b §: the opening balance's variable pay counts in the earning year that holds the cutover date. */
function cutoverVariableOre(cutover: Cutover | null, earningYear: { start: string; end: string }) {
  return cutover && inRange(cutover.opening.cutoverDate, earningYear) ? cutover.opening.ytdVacationVariablePayOre : 0;
}

/**
 * The vacation year in progress at a cutover, from the opening balance: its paid and unpaid days left
 * and saved days as the previous system had them; the percentage rule's base is the fixed pay of the
 * earning year before it (monthly salary × 12 × its share of employment), the previous system's
 * variable pay of that year being unknown.
 */
function vacationYearOfOpening(e: EmployeeRow, rule: VacationRule, c: Cutover): VacationYearIn {
  const earned = paidDaysEarned({
    earningYear: aprilMarchYear(c.vacationYear - 1),
    daysPerYear: e.vacationDaysPerYear,
    employmentStart: e.employmentStart,
    employmentEnd: e.employmentEnd,
    nonQualifyingDays: 0,
  });
  return {
    source: "opening",
    paidDaysOfYear: earned.paid,
    entitled: c.opening.paidDaysRemaining,
    unpaid: c.opening.unpaidDaysRemaining,
    paidTaken: 0,
    unpaidTaken: 0,
    saved: { ...c.opening.savedDays },
    payoutDaysYear: 0,
    baseOre:
      rule === "percentage" ? roundOre(vacationQualifyingBaseOre(e.monthlySalaryOre ?? 0, earned.share, 0)) : null,
    forcedPayoutDays: 0,
    forcedDayValue: new Big(0),
    finalised: null,
  };
}

/** The place (April 1 … March 12) of the last month the cutover covered, in the vacation year `vy`; 0 when before it. */
function coveredIndex(c: Cutover, vy: number) {
  const y = Math.floor(c.coveredPeriod / 100);
  const m = c.coveredPeriod % 100;
  return aprilMarchYearOf(y, m) === vy ? aprilMarchMonthIndex(m) : 0;
}

/** The vacation year carried on from the last record of the same vacation year. */
function carriedVacationYear(prev: VacationRecordRow): VacationYearIn {
  return {
    source: "record",
    paidDaysOfYear: prev.paidDaysOfYear,
    entitled: prev.entitledDays,
    unpaid: prev.unpaidDays,
    paidTaken: prev.paidTaken,
    unpaidTaken: prev.unpaidTaken,
    saved: { ...prev.saved },
    payoutDaysYear: prev.payoutDaysYear,
    baseOre: prev.vacationBaseOre,
    forcedPayoutDays: 0,
    forcedDayValue: new Big(0),
    finalised: null,
  };
}

/** One monthly-paid employee's run under the April–March year (shiftedVacationOfMember). */
export interface ShiftedMemberIn {
  e: EmployeeRow;
  rule: VacationRule;
  run: SalaryRunRow;
  prev: VacationRecordRow | undefined;
  /** an opening balance that the run starts from (no record since its cutover) */
  cutover: Cutover | null;
  absence: AbsenceDayIn[];
  variable: ShiftedVariablePay;
  /** 3 a §: the month's whole vacation days */
  vacationDays: number;
  endsThisMonth: boolean;
}

/**
 * The vacation year in progress at the run (1 April vy – 31 March vy+1): carried on from the last
 * record or the opening balance of the same year, else opened now from the year that ended.
 */
function yearInProgress(i: ShiftedMemberIn, prev: VacationRecordRow | undefined) {
  const { e, rule, run, cutover } = i;
  const vy = aprilMarchYearOf(run.periodYear, run.periodMonth);
  const vacationYear = aprilMarchYear(vy);
  const sameYear = cutover ? cutover.vacationYear === vy : prev?.vacationYearStart === vacationYear.start;
  const atCutover = cutover ? vacationYearOfOpening(e, rule, cutover) : null;
  const ended: YearEnd | null = cutover
    ? {
        source: "opening",
        year: cutover.vacationYear,
        paidDaysOfYear: atCutover!.paidDaysOfYear,
        left: cutover.opening.paidDaysRemaining,
        saved: cutover.opening.savedDays,
        baseOre: atCutover!.baseOre,
      }
    : prev?.vacationYearStart
      ? {
          source: "record",
          year: Number(prev.vacationYearStart.slice(0, 4)),
          paidDaysOfYear: prev.paidDaysOfYear,
          left: prev.remainingDays,
          saved: prev.saved,
          baseOre: prev.vacationBaseOre,
        }
      : null;
  const v = sameYear
    ? (atCutover ?? carriedVacationYear(prev!))
    : openVacationYear({
        e,
        rule,
        vy,
        from: ended,
        cutover,
        absence: i.absence,
        completedVariableOre: i.variable.completed + cutoverVariableOre(cutover, aprilMarchYear(vy - 1)),
      });
  const dayValue = vacationYearDayValue(rule, e.monthlySalaryOre ?? 0, v.baseOre, v.paidDaysOfYear);
  return { vy, vacationYear, sameYear, v, dayValue };
}

/**
 * The earning year in progress (the same April–March): 7 § projected to its end (or the employment's
 * end), 17 § absence to the month's end, spread over its months of employment; the days earned
 * before the run and after it, and their day value.
 */
function earningInProgress(
  i: ShiftedMemberIn,
  prev: VacationRecordRow | undefined,
  y: ReturnType<typeof yearInProgress>,
) {
  const { e, rule, cutover } = i;
  const earningYear = y.vacationYear;
  const nq = earningYearAbsence(i.absence, earningYear, cutover);
  const ey = paidDaysEarned({
    earningYear,
    daysPerYear: e.vacationDaysPerYear,
    employmentStart: e.employmentStart,
    employmentEnd: e.employmentEnd,
    nonQualifyingDays: nq.nonQualifying,
  });
  const months = employmentMonthsInAprilMarch(y.vy, e.employmentStart, e.employmentEnd);
  const lastIndex = !y.sameYear ? 0 : cutover ? coveredIndex(cutover, y.vy) : aprilMarchMonthIndex(prev!.month);
  const earnedBefore = earnedDaysByMonth(ey.paid, months, lastIndex);
  const earnedNow = earnedDaysByMonth(ey.paid, months, aprilMarchMonthIndex(i.run.periodMonth));
  const variableOre =
    rule === "percentage" ? i.variable.inProgress + i.variable.thisRun + cutoverVariableOre(cutover, earningYear) : 0;
  const dayValue = vacationDayValue(rule, e.monthlySalaryOre ?? 0, { paid: ey.paid, share: ey.share }, variableOre);
  return { earningYear, nq, ey, earnedBefore, earnedNow, variableOre, dayValue };
}

/**
 * One monthly-paid employee's vacation in a run under the April–March year: the month's rows, the
 * breakdown (with the record's figures) and warnings. `absence`: the employee's absence from the
 * start of the earning year before the vacation year in progress to the month's end.
 */
export function shiftedVacationOfMember(i: ShiftedMemberIn): {
  items: EngineItem[];
  breakdown: VacationBreakdown;
  warnings: string[];
} {
  const { e, rule, cutover } = i;
  // An opening balance stands in for the last record until a run after its cutover has one.
  const prev = cutover ? undefined : i.prev;
  const name = `${e.firstName} ${e.lastName}`;
  const monthlyOre = e.monthlySalaryOre ?? 0;
  const warnings: string[] = [];
  const y = yearInProgress(i, prev);
  const { v } = y;
  const earning = earningInProgress(i, prev, y);

  // The month's vacation days: the vacation year's paid days, saved days, unpaid days, then förskott.
  const left = { paidLeft: v.entitled - v.paidTaken, saved: v.saved, unpaidLeft: v.unpaid - v.unpaidTaken };
  const m = takeMonthDays(name, i.vacationDays, left, v.paidTaken, warnings);
  const { take, fromSaved, paidTaken } = m;
  const pay = monthVacationPay(rule, monthlyOre, y.dayValue, take.paid + fromSaved, take.unpaid);

  // 28 §: at the end of the employment the vacation year's paid days left and the saved days are paid
  // out at its day value, and the days the earning year in progress gave at the earning year's.
  const leftAtEnd = v.entitled - paidTaken + savedTotal(take.savedAfter);
  const endVacationDays = i.endsThisMonth ? Math.max(0, leftAtEnd) : 0;
  const endEarningDays = i.endsThisMonth ? earning.ey.paid : 0;
  warnAdvanceAtEnd(name, i.endsThisMonth, leftAtEnd, warnings);
  const forcedValue = v.forcedDayValue.times(v.forcedPayoutDays);
  const payoutOre = roundOre(
    forcedValue.plus(y.dayValue.times(endVacationDays)).plus(earning.dayValue.times(endEarningDays)),
  );
  const payoutDays = v.forcedPayoutDays + endVacationDays + endEarningDays;
  const liability = shiftedLiability(i, y, earning, { take, paidTaken, fromSaved, forcedValue, payoutOre });
  const endDays = endVacationDays + endEarningDays;
  const items = vacationItems({ ...m, rule, pay, payoutOre, payoutDays }, v.forcedPayoutDays, endDays);
  const month = { ...m, pay, payoutOre, payoutDays, endDays };
  return { items, breakdown: shiftedBreakdown(i, y, earning, month, liability), warnings };
}

/**
 * The liability: carried in, revalued at this run's values (the semesteravstämning at a new vacation
 * year), the month's accrual, less the days taken and paid out; the stock after the month.
 */
function shiftedLiability(
  i: ShiftedMemberIn,
  y: ReturnType<typeof yearInProgress>,
  earning: ReturnType<typeof earningInProgress>,
  m: {
    take: ReturnType<typeof takeVacationDays>;
    paidTaken: number;
    fromSaved: number;
    forcedValue: Big;
    payoutOre: number;
  },
) {
  const { cutover } = i;
  const prev = cutover ? undefined : i.prev;
  const { v } = y;
  const beforeOre = cutover ? cutover.opening.vacationDebtOre : (prev?.liabilityOre ?? 0);
  const contributionsBeforeOre = cutover ? cutover.opening.vacationDebtContributionsOre : (prev?.contributionsOre ?? 0);
  const revaluedOre = shiftedLiabilityOre({
    daysLeft: v.entitled - v.paidTaken + savedTotal(v.saved),
    vacationDayValue: y.dayValue,
    earnedDays: earning.earnedBefore,
    earningDayValue: earning.dayValue,
    payoutValue: m.forcedValue,
  });
  const afterOre = i.endsThisMonth
    ? 0
    : shiftedLiabilityOre({
        daysLeft: v.entitled - m.paidTaken + savedTotal(m.take.savedAfter),
        vacationDayValue: y.dayValue,
        earnedDays: earning.earnedNow,
        earningDayValue: earning.dayValue,
      });
  const usedOre = roundOre(y.dayValue.times(m.take.paid + m.fromSaved));
  const accrualOre = afterOre - revaluedOre + usedOre + m.payoutOre;
  const contributionsOre = contributionsOn(i.e, i.run.paymentDate, afterOre);
  return { beforeOre, contributionsBeforeOre, revaluedOre, afterOre, usedOre, accrualOre, contributionsOre };
}

type ShiftedMonth = MonthTake & {
  pay: MonthVacationPay;
  payoutOre: number;
  payoutDays: number;
  endDays: number;
};

/** The April–March breakdown (calculation_breakdown.vacation) with the record's own figures. */
function shiftedBreakdown(
  i: ShiftedMemberIn,
  y: ReturnType<typeof yearInProgress>,
  earning: ReturnType<typeof earningInProgress>,
  mo: ShiftedMonth,
  l: ReturnType<typeof shiftedLiability>,
): VacationBreakdown {
  const { rule, run } = i;
  const { v } = y;
  const label = `${y.vy}/${String(y.vy + 1).slice(2)}`;
  const earnedText = earning.earnedNow.round(4).toString();
  return {
    rule,
    year: run.periodYear,
    month: run.periodMonth,
    carried_from: v.source,
    paid_days_of_year: v.paidDaysOfYear,
    entitled_days: v.entitled,
    unpaid_days: v.unpaid,
    non_qualifying_absence_days: earning.nq.nonQualifying,
    absence_used: earning.nq.used as Record<string, number>,
    ...daysTakenJson(mo, i.endsThisMonth, v),
    payout_days: mo.payoutDays,
    payout_days_forced: v.forcedPayoutDays,
    payout_days_end_of_employment: mo.endDays,
    payout_days_year: v.payoutDaysYear + mo.payoutDays,
    payout: fromOre(mo.payoutOre),
    day_value: kronor(y.dayValue),
    day_value_rule:
      rule === "same_salary"
        ? "monthly salary × (4.6 % + 0.43 %)"
        : "12 % × the semesterlönegrundande lön of the earning year before the vacation year / its paid days",
    qualifying_pay:
      rule === "percentage"
        ? {
            fixed: fromOre((v.baseOre ?? 0) - i.variable.completed),
            variable: fromOre(i.variable.completed),
            variable_opening: 0,
            variable_booked_runs: fromOre(i.variable.completed),
            variable_this_run: 0,
            total: fromOre(v.baseOre ?? 0),
          }
        : null,
    supplement: fromOre(mo.pay.supplementOre),
    vacation_pay: fromOre(mo.pay.vacationPayOre),
    deduction: fromOre(mo.pay.deductionOre),
    liability: {
      before: fromOre(l.beforeOre),
      revaluation: fromOre(l.revaluedOre - l.beforeOre),
      earned_days: Number(earning.earnedNow.minus(earning.earnedBefore).round(4).toString()),
      accrual: fromOre(l.accrualOre),
      used: fromOre(l.usedOre),
      paid_out: fromOre(mo.payoutOre),
      after: fromOre(l.afterOre),
      contributions_before: fromOre(l.contributionsBeforeOre),
      contributions_after: fromOre(l.contributionsOre),
      change: fromOre(l.afterOre - l.beforeOre),
      contributions_change: fromOre(l.contributionsOre - l.contributionsBeforeOre),
    },
    ore: {
      liability_after: l.afterOre,
      contributions_after: l.contributionsOre,
      liability_change: l.afterOre - l.beforeOre,
      contributions_change: l.contributionsOre - l.contributionsBeforeOre,
      day_value: roundOre(y.dayValue),
    },
    ends_employment: i.endsThisMonth,
    vacation_year_label: label,
    april_march: aprilMarchBreakdown(i, y, earning, l, label, earnedText),
    shifted: {
      vacation_year_start: y.vacationYear.start,
      earning_paid_days: earning.ey.paid,
      earned_days: i.endsThisMonth ? "0" : earnedText,
      earning_day_value_ore: roundOre(earning.dayValue),
      vacation_base_ore: v.baseOre,
      revaluation_ore: l.revaluedOre - l.beforeOre,
    },
  };
}

/** The breakdown's April–March part: the vacation year, the earning year in progress, the semesteravstämning. */
function aprilMarchBreakdown(
  i: ShiftedMemberIn,
  y: ReturnType<typeof yearInProgress>,
  earning: ReturnType<typeof earningInProgress>,
  l: ReturnType<typeof shiftedLiability>,
  label: string,
  earnedText: string,
) {
  const { v } = y;
  const monthlyOre = i.e.monthlySalaryOre ?? 0;
  return {
    vacation_year: { ...y.vacationYear, label },
    earning_year: {
      ...earning.earningYear,
      paid_days: earning.ey.paid,
      employment_days: earning.ey.employmentDays,
      earned_days: Number(earnedText),
      day_value: kronor(earning.dayValue),
      qualifying_pay_so_far:
        i.rule === "percentage"
          ? fromOre(roundOre(vacationQualifyingBaseOre(monthlyOre, earning.ey.share, earning.variableOre)))
          : null,
    },
    semesteravstamning: v.finalised
      ? {
          earning_year: v.finalised.earningYear,
          paid_days: v.finalised.paidDays,
          non_qualifying_absence_days: v.finalised.nonQualifyingDays,
          qualifying_pay: v.finalised.qualifyingPayOre === null ? null : fromOre(v.finalised.qualifyingPayOre),
          day_value: kronor(y.dayValue),
          liability_carried: fromOre(l.beforeOre),
          liability_valued: fromOre(l.revaluedOre),
          difference: fromOre(l.revaluedOre - l.beforeOre),
        }
      : null,
  };
}
