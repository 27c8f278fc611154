// The vacation of a run's month (semesterlagen; the rules are src/sweden/payroll/vacation.ts, the
// April–March year april-march.ts): pure, from the records, opening balances, variable pay and absence
// that vacationReadsOfRun (queries.ts) read. No I/O.
import Big from "big.js";
import { fieldError } from "../../../errors/api-error";
import { fromOre, toOre } from "../../../money";
import type { AbsenceType } from "../../../sweden/payroll";
import {
  type AbsenceDayIn,
  aprilMarchYearOf,
  employmentMonthsInYear,
  hourlyVacationPayOre,
  isVacationDay,
  liabilityAfter,
  type MonthVacationPay,
  monthVacationPay,
  nonQualifyingDays,
  type SavedDays,
  savedTotal,
  turnOfYear,
  type VacationRule,
  type VacationYearKind,
  vacationDaysOfYear,
  vacationDayValue,
  vacationQualifyingBaseOre,
} from "../../../sweden/payroll/vacation";
import type { EmployeeRow, OpeningRow, RunEmployeeRow, SalaryRunRow, VacationRecordRow } from "../rows";
import type { EngineItem } from "../runs/calculate/rules";
import { type Cutover, type ShiftedVariablePay, shiftedVacationOfMember } from "./april-march";
import { contributionsOn, daysTakenJson, takeMonthDays, vacationItems, warnAdvanceAtEnd } from "./parts";
import type { MonthTake, VacationBreakdown } from "./parts";
import type { OpeningBalancesInput } from "./schemas";

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
  return { ...fresh, ...turnedInto(e, year, from) };
}

/** 18 §: the turn of the year(s) from the last record or an opening balance of an earlier year into `year`. */
function turnedInto(e: EmployeeRow, year: number, from: VacationRecordRow | OpeningRow) {
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
    source: isRecord ? ("record" as const) : ("opening" as const),
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

// The month of a run (calculate): the decision, from what vacationReadsOfRun read

/** What calculate reads for a run's vacation, in one place before the rules (vacationReadsOfRun). */
export interface VacationReads {
  yearKind: VacationYearKind;
  /** each employee's latest record before the run's month */
  prevs: Map<string, VacationRecordRow>;
  openings: Map<string, OpeningRow>;
  /** 16 b §: the calendar year's variable pay, of the booked runs before the month and of this run */
  variable: { booked: Map<string, number>; current: Map<string, number> };
  /** 16 b §, April–March: the variable pay of the earning years the run touches */
  shiftedVariable: Map<string, ShiftedVariablePay>;
  /** 17 §: each employee's absence of the earning year(s) to the month's end */
  absence: Map<string, AbsenceDayIn[]>;
}

export interface MemberVacation {
  items: EngineItem[];
  breakdown: VacationBreakdown;
}

/** The run employees with a vacation rule (F-skatt holders have none): the ones whose vacation is read. */
export function vacationMembers(members: RunEmployeeRow[], people: Map<string, EmployeeRow>) {
  return members.filter((x) => {
    const e = people.get(x.employeeId)!;
    return e.vacationRule !== "none" && e.fSkattStatus !== "f_skatt";
  });
}

/** The first and last day of the run's month. */
export function monthOfRun(run: SalaryRunRow) {
  return { from: `${run.periodYear}-${pad(run.periodMonth)}-01`, to: lastDay(run.periodYear, run.periodMonth) };
}

/**
 * The vacation of the run's month for each employee of the run with a vacation rule: the engine rows
 * and the breakdown for calculateMonth, and warnings. Pure: `reads` holds everything it needs.
 */
export function vacationOfRun(
  run: SalaryRunRow,
  members: RunEmployeeRow[],
  people: Map<string, EmployeeRow>,
  reads: VacationReads,
) {
  const month = monthOfRun(run);
  const byMember = new Map<string, MemberVacation>();
  const warnings: string[] = [];
  for (const member of vacationMembers(members, people)) {
    const e = people.get(member.employeeId)!;
    const name = `${e.firstName} ${e.lastName}`;
    if (e.salaryType === "hourly" || !e.monthlySalaryOre) {
      const hourly = hourlyVacation(e, member, run, name);
      if ("warning" in hourly) warnings.push(hourly.warning);
      else byMember.set(member.id, hourly);
      continue;
    }
    const result = monthlyVacation(
      e,
      run,
      reads,
      monthVacationDays(reads.absence.get(e.id) ?? [], month.from, month.to, name, warnings),
    );
    warnings.push(...result.warnings);
    byMember.set(member.id, { items: result.items, breakdown: result.breakdown });
  }
  return { byMember, warnings };
}

/** A monthly-paid employee's month, by the company's vacation year: April–March or the calendar year. */
function monthlyVacation(e: EmployeeRow, run: SalaryRunRow, reads: VacationReads, vacationDays: number) {
  const month = monthOfRun(run);
  const rule = e.vacationRule as VacationRule;
  const own = reads.absence.get(e.id) ?? [];
  const ends = !!e.employmentEnd && e.employmentEnd >= month.from && e.employmentEnd <= month.to;
  const prev = reads.prevs.get(e.id);
  const opening = reads.openings.get(e.id);
  if (reads.yearKind === "april_march")
    return shiftedVacationOfMember({
      e,
      rule,
      run,
      prev,
      cutover: cutoverOf(opening, prev),
      absence: own,
      variable: reads.shiftedVariable.get(e.id) ?? { completed: 0, inProgress: 0, thisRun: 0 },
      vacationDays,
      endsThisMonth: ends,
    });
  return calendarVacationOfMember({
    e,
    rule,
    run,
    carried: carried(e, run.periodYear, prev, opening),
    absence: own,
    variable: {
      openingOre: opening?.year === run.periodYear ? opening.ytdVacationVariablePayOre : 0,
      bookedOre: reads.variable.booked.get(e.id) ?? 0,
      runOre: reads.variable.current.get(e.id) ?? 0,
    },
    vacationDays,
    endsThisMonth: ends,
  });
}

/**
 * Pay by the hour: 16 b §, 12 % of the month's hourly pay as semesterersättning with each month's
 * pay; no days, no liability. Under sammalöneregeln nothing (a warning): it needs a monthly salary.
 */
export function hourlyVacation(
  e: EmployeeRow,
  member: RunEmployeeRow,
  run: SalaryRunRow,
  name: string,
): MemberVacation | { warning: string } {
  if (e.vacationRule !== "percentage")
    return {
      warning:
        `${name}: sammalöneregeln needs a fixed monthly salary (semesterlagen 16 a §); no vacation ` +
        `pay is calculated for pay by the hour unless vacation_rule is percentage (12 %)`,
    };
  const payOre = roundOre(new Big(e.hourlyRateOre ?? 0).times(member.hoursHundredths ?? 0).div(100));
  const ore = hourlyVacationPayOre(payOre);
  const items: EngineItem[] = ore
    ? [{ itemType: "vacation_pay", description: "Semesterersättning 12 %", amountOre: ore }]
    : [];
  return { items, breakdown: hourlyBreakdown(run.periodYear, run.periodMonth, ore) };
}

const roundOre = (b: Big) => Number(b.round(0, Big.roundHalfUp).toFixed(0));

/** One monthly-paid employee's calendar-year vacation: what the month takes from what was carried in. */
export interface CalendarMemberIn {
  e: EmployeeRow;
  rule: VacationRule;
  run: SalaryRunRow;
  carried: Carried;
  /** the year's absence to the month's end */
  absence: AbsenceDayIn[];
  /** 16 b §: the year's variable pay for work so far: the opening balance's, the booked runs', this run's */
  variable: { openingOre: number; bookedOre: number; runOre: number };
  /** 3 a §: the month's whole vacation days */
  vacationDays: number;
  endsThisMonth: boolean;
}

/**
 * 4 §, 7 §, 17 §: the year's paid and unpaid days; in the cutover year from the opening balance's days
 * left, less the days the absence after the cutover cost.
 */
function calendarEntitlement(i: CalendarMemberIn) {
  const { e, carried: c } = i;
  const Y = i.run.periodYear;
  const opening = c.opening;
  // 17 §: the year's absence up to the month's end (after the cutover in the cutover year).
  const yearAbsence = opening ? i.absence.filter((d) => d.date > opening.cutoverDate) : i.absence;
  const nq = nonQualifyingDays(
    yearAbsence,
    opening ? (opening.absenceUsed as Partial<Record<AbsenceType, number>>) : {},
  );
  const ofYear = (nonQualifying: number) =>
    vacationDaysOfYear({
      year: Y,
      daysPerYear: e.vacationDaysPerYear,
      employmentStart: e.employmentStart,
      employmentEnd: e.employmentEnd,
      nonQualifyingDays: nonQualifying,
    });
  const yd = ofYear(nq.nonQualifying);
  if (!opening) return { nq, yd, entitled: yd.paid, unpaidEntitled: yd.unpaid };
  const full = ofYear(0);
  return {
    nq,
    yd,
    entitled: opening.paidDaysRemaining - (full.paid - yd.paid),
    unpaidEntitled: opening.unpaidDaysRemaining,
  };
}

/**
 * The calendar year (semesterlagen with the calendar year as earning and vacation year) for one
 * monthly-paid employee: the month's days taken (paid, saved, unpaid, förskott), the pay, the days
 * paid out (18 § forced, 28 § at the employment's end) and the liability after the month.
 */
export function calendarVacationOfMember(i: CalendarMemberIn) {
  const { e, rule, run, carried: c } = i;
  const monthlyOre = e.monthlySalaryOre ?? 0;
  const name = `${e.firstName} ${e.lastName}`;
  const warnings: string[] = [];
  const days = calendarEntitlement(i);
  const { yd, entitled, unpaidEntitled } = days;
  const v = i.variable;
  // 16 b §: the percentage rule's base adds the year's variable pay for work so far (this run's included).
  const variableOre = rule === "percentage" ? v.openingOre + v.bookedOre + v.runOre : 0;
  const dayValue = vacationDayValue(rule, monthlyOre, yd, variableOre);

  const left = { paidLeft: entitled - c.paidTaken, saved: c.saved, unpaidLeft: unpaidEntitled - c.unpaidTaken };
  const m = takeMonthDays(name, i.vacationDays, left, c.paidTaken, warnings);
  const { take, fromSaved, paidTaken } = m;
  const pay = monthVacationPay(rule, monthlyOre, dayValue, take.paid + fromSaved, take.unpaid);

  // 28 §: the employment ends this month: the paid days left and the saved days are paid out.
  const ends = i.endsThisMonth;
  const leftAtEnd = entitled - paidTaken + savedTotal(take.savedAfter);
  const endPayout = ends ? Math.max(0, leftAtEnd) : 0;
  warnAdvanceAtEnd(name, ends, leftAtEnd, warnings);
  const payoutDays = c.forcedPayoutDays + endPayout;
  const payoutOre = roundOre(dayValue.times(payoutDays));

  const months = employmentMonthsInYear(run.periodYear, e.employmentStart, e.employmentEnd);
  const liab = liabilityAfter({
    beforeOre: c.liabilityOre,
    dayValue,
    paidDaysOfYear: yd.paid,
    employmentMonths: months.count,
    monthsAccrued: Math.max(0, Math.min(run.periodMonth, months.last) - c.lastMonth),
    daysTaken: take.paid + fromSaved,
    daysPaidOut: payoutDays,
  });
  const liabilityOre = ends ? 0 : liab.afterOre;
  const items = vacationItems({ ...m, rule, pay, payoutOre, payoutDays }, c.forcedPayoutDays, endPayout);
  const month = { ...m, pay, endPayout, payoutDays, payoutOre, liab, liabilityOre };
  return { items, breakdown: calendarBreakdown(i, days, dayValue, variableOre, month), warnings };
}

type CalendarMonth = MonthTake & {
  pay: MonthVacationPay;
  endPayout: number;
  payoutDays: number;
  payoutOre: number;
  liab: ReturnType<typeof liabilityAfter>;
  liabilityOre: number;
};

/** The calendar year's breakdown (calculation_breakdown.vacation), with the record's figures in öre. */
function calendarBreakdown(
  i: CalendarMemberIn,
  days: ReturnType<typeof calendarEntitlement>,
  dayValue: Big,
  variableOre: number,
  mo: CalendarMonth,
): VacationBreakdown {
  const { e, rule, run, carried: c } = i;
  const { liabilityOre } = mo;
  const ends = i.endsThisMonth;
  const contributionsOre = contributionsOn(e, run.paymentDate, liabilityOre);
  return {
    rule,
    year: run.periodYear,
    month: run.periodMonth,
    carried_from: c.source,
    paid_days_of_year: days.yd.paid,
    entitled_days: days.entitled,
    unpaid_days: days.unpaidEntitled,
    non_qualifying_absence_days: days.nq.nonQualifying,
    absence_used: days.nq.used as Record<string, number>,
    ...daysTakenJson(mo, ends, { entitled: days.entitled, unpaid: days.unpaidEntitled, unpaidTaken: c.unpaidTaken }),
    payout_days: mo.payoutDays,
    payout_days_forced: c.forcedPayoutDays,
    payout_days_end_of_employment: mo.endPayout,
    payout_days_year: c.payoutDaysYear + mo.payoutDays,
    payout: fromOre(mo.payoutOre),
    day_value: Number(dayValue.div(100).round(2, Big.roundHalfUp).toString()),
    day_value_rule:
      rule === "same_salary"
        ? "monthly salary × (4.6 % + 0.43 %)"
        : "12 % × (monthly salary × 12 × qualifying share + variable qualifying pay of the year so far) / paid days of the year",
    qualifying_pay: rule === "percentage" ? calendarQualifyingPay(i, days.yd.share, variableOre) : null,
    supplement: fromOre(mo.pay.supplementOre),
    vacation_pay: fromOre(mo.pay.vacationPayOre),
    deduction: fromOre(mo.pay.deductionOre),
    liability: {
      before: fromOre(c.liabilityOre),
      earned_days: mo.liab.earnedDays,
      accrual: fromOre(mo.liab.accrualOre),
      used: fromOre(mo.liab.usedOre),
      after: fromOre(liabilityOre),
      contributions_before: fromOre(c.contributionsOre),
      contributions_after: fromOre(contributionsOre),
      change: fromOre(liabilityOre - c.liabilityOre),
      contributions_change: fromOre(contributionsOre - c.contributionsOre),
    },
    ore: {
      liability_after: liabilityOre,
      contributions_after: contributionsOre,
      liability_change: liabilityOre - c.liabilityOre,
      contributions_change: contributionsOre - c.contributionsOre,
      day_value: roundOre(dayValue),
    },
    ends_employment: ends,
  };
}

/** 16 b §: the percentage rule's semesterlönegrundande lön of the year so far, fixed and variable. */
function calendarQualifyingPay(i: CalendarMemberIn, share: Big, variableOre: number) {
  const monthlyOre = i.e.monthlySalaryOre ?? 0;
  return {
    fixed: fromOre(roundOre(vacationQualifyingBaseOre(monthlyOre, share, 0))),
    variable: fromOre(variableOre),
    variable_opening: fromOre(i.variable.openingOre),
    variable_booked_runs: fromOre(i.variable.bookedOre),
    variable_this_run: fromOre(i.variable.runOre),
    total: fromOre(roundOre(vacationQualifyingBaseOre(monthlyOre, share, variableOre))),
  };
}

// Opening balances

/**
 * The opening balances' own rules: the cutover not before the employment starts; saved days keyed
 * by the vacation year they were saved in, one of the five before the cutover's (18 §).
 */
export function assertOpeningBalances(e: EmployeeRow, input: OpeningBalancesInput, aprilMarch: boolean) {
  if (input.cutover_date < e.employmentStart)
    throw fieldError("cutover_date", "the cutover date is before the employment starts");
  // 18 §: saved days are keyed by the vacation year they were saved in, one of the five before the
  // cutover's (the calendar year, or the April–March year by its 1 April: a cutover on 31 May 2026 is in 2026/27).
  const year = Number(input.cutover_date.slice(0, 4));
  const cutoverVacationYear = aprilMarch ? aprilMarchYearOf(year, Number(input.cutover_date.slice(5, 7))) : year;
  for (const [y] of Object.entries(input.vacation_saved_days ?? {})) {
    if (!/^\d{4}$/.test(y) || Number(y) >= cutoverVacationYear || Number(y) < cutoverVacationYear - 5)
      throw fieldError(
        `vacation_saved_days.${y}`,
        aprilMarch
          ? "saved days are keyed by the vacation year they were saved in (its 1 April's year): " +
              "one of the five vacation years before the cutover's (semesterlagen 18 §)"
          : "saved days are keyed by the year they were saved in: one of the five years before the cutover year (semesterlagen 18 §)",
      );
  }
}

/** The opening balances' row from the PUT's figures (kronor to öre; the debt's contributions at the employee's rate unless given). */
export function openingRowOf(
  e: EmployeeRow,
  input: OpeningBalancesInput,
  ids: { id: string; companyId: string; now: string; createdAt: string | undefined },
): OpeningRow {
  const year = Number(input.cutover_date.slice(0, 4));
  const debtOre = toOre(input.vacation_debt)!;
  return {
    id: ids.id,
    companyId: ids.companyId,
    employeeId: e.id,
    year,
    cutoverDate: input.cutover_date,
    ytdGrossOre: toOre(input.ytd_gross)!,
    ytdBenefitsOre: toOre(input.ytd_taxable_benefits)!,
    ytdTaxOre: toOre(input.ytd_tax)!,
    ytdNetOre: toOre(input.ytd_net)!,
    ytdAvgifterOre: toOre(input.ytd_avgifter)!,
    paidDaysRemaining: input.vacation_paid_days_remaining,
    unpaidDaysRemaining: input.vacation_unpaid_days_remaining,
    savedDays: Object.fromEntries(Object.entries(input.vacation_saved_days ?? {}).filter(([, n]) => n > 0)),
    vacationDebtOre: debtOre,
    vacationDebtContributionsOre:
      input.vacation_debt_contributions === undefined
        ? contributionsOn(e, input.cutover_date, debtOre)
        : toOre(input.vacation_debt_contributions)!,
    absenceUsed: Object.fromEntries(
      Object.entries(input.karens_adjustment?.qualifying_absence_days_used ?? {}).filter(([, n]) => (n ?? 0) > 0),
    ) as Record<string, number>,
    karensOccasionsYtd: input.karens_adjustment?.karens_occasions_ytd ?? 0,
    ytdVacationVariablePayOre: toOre(input.ytd_vacation_qualifying_variable_pay)!,
    createdAt: ids.createdAt ?? ids.now,
    updatedAt: ids.now,
  };
}
