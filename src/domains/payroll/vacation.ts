// Vacation (semesterlagen; the rules are src/sweden/payroll/vacation.ts) and the opening balances of
// a mid-year cutover.
//
// - calculate: vacationForRun gives each employee of the run the month's vacation rows (semestertillägg,
//   semesterlön, semesteravdrag, semesterersättning) and the balance after the month in
//   calculation_breakdown.vacation;
// - book: vacationBookingOf turns the breakdowns into the vacation entry (Debit 7290 / Credit 2920 the
//   change in the liability, Debit 7519 / Credit 2940 the change in the contributions on it) and the
//   vacation_records rows, which the balance, the next run and the liability report read;
// - opening balances: PUT refused with CONFLICT (details.locked_by_run_id) once the employee has a
//   booked run in the cutover year or later.
import Big from "big.js";
import { and, asc, desc, eq, gte, inArray, lte, or, lt, sql } from "drizzle-orm";
import type { Command, CommandContext, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import {
  payrollOpeningBalances,
  salaryAbsenceDays,
  salaryRunEmployees,
  salaryRuns,
  vacationRecords,
} from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { EngineLine } from "../../ledger/engine";
import { fromOre, toOre } from "../../money";
import type { AbsenceType } from "../../sweden/payroll";
import {
  type AbsenceDayIn,
  aprilMarchYear,
  aprilMarchYearOf,
  type VacationYearKind,
  employmentMonthsInYear,
  hourlyVacationPayOre,
  isVacationDay,
  liabilityAfter,
  monthVacationPay,
  nonQualifyingDays,
  savedTotal,
  takeVacationDays,
  turnOfYear,
  vacationDayValue,
  vacationDaysOfYear,
  vacationQualifyingBaseOre,
  type SavedDays,
  type VacationRule,
} from "../../sweden/payroll/vacation";
import { loadCompany } from "../companies";
import type { EngineItem } from "./calculate";
import { VACATION_QUALIFYING_VARIABLE_TYPES } from "./item-types";
import {
  employeesByIds,
  loadEmployee,
  maskedPersonnummer,
  type EmployeeRow,
  type RunEmployeeRow,
  type SalaryRunRow,
} from "./queries";
import type { OpeningBalancesInput } from "./schemas";
import type { VacationLiability } from "./report-schemas";
import {
  contributionsOn,
  type OpeningRow,
  type VacationBreakdown,
  type VacationRecordRow,
  vacationItems,
} from "./vacation-parts";
import { aprilMarchPeriods, type Cutover, type ShiftedVariablePay, shiftedVacationOfMember } from "./vacation-shifted";

const pad = (n: number) => String(n).padStart(2, "0");
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);

/** The month of the cutover that the opening balance covers: the cutover month when the date is its last day. */
function coveredMonth(o: OpeningRow): number {
  const y = Number(o.cutoverDate.slice(0, 4));
  const m = Number(o.cutoverDate.slice(5, 7));
  return o.cutoverDate === lastDay(y, m) ? m : m - 1;
}

export async function openingOf(
  db: Database,
  companyId: string,
  employeeIds: string[],
): Promise<Map<string, OpeningRow>> {
  const out = new Map<string, OpeningRow>();
  for (let i = 0; i < employeeIds.length; i += 90) {
    for (const r of await db
      .select()
      .from(payrollOpeningBalances)
      .where(
        and(
          eq(payrollOpeningBalances.companyId, companyId),
          inArray(payrollOpeningBalances.employeeId, employeeIds.slice(i, i + 90)),
        ),
      )
      .all())
      out.set(r.employeeId, r);
  }
  return out;
}

/** Each employee's latest vacation record before the period (year, month), or on or before `asOfDate`. */
async function latestRecords(
  db: Database,
  companyId: string,
  employeeIds: string[],
  before: { year: number; month: number } | { asOfDate: string },
): Promise<Map<string, VacationRecordRow>> {
  const out = new Map<string, VacationRecordRow>();
  const cond =
    "year" in before
      ? or(
          lt(vacationRecords.year, before.year),
          and(eq(vacationRecords.year, before.year), lt(vacationRecords.month, before.month)),
        )
      : lte(vacationRecords.paymentDate, before.asOfDate);
  for (let i = 0; i < employeeIds.length; i += 90) {
    const rows = await db
      .select()
      .from(vacationRecords)
      .where(
        and(
          eq(vacationRecords.companyId, companyId),
          inArray(vacationRecords.employeeId, employeeIds.slice(i, i + 90)),
          cond,
        ),
      )
      .orderBy(desc(vacationRecords.year), desc(vacationRecords.month))
      .all();
    for (const r of rows) if (!out.has(r.employeeId)) out.set(r.employeeId, r);
  }
  return out;
}

/**
 * 16 b §: each employee's variable vacation-qualifying pay (VACATION_QUALIFYING_VARIABLE_TYPES) of
 * the earning year up to and including the run: the line items of the booked runs of the year
 * before the run's month, plus the run's own rows.
 */
async function variablePayOfYear(db: Database, companyId: string, run: SalaryRunRow, employeeIds: string[]) {
  const booked = new Map<string, number>();
  const current = new Map<string, number>();
  if (!employeeIds.length) return { booked, current };
  const types = sql.join(
    VACATION_QUALIFYING_VARIABLE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await db.all<{ id: string; current: number; s: number }>(sql`
    SELECT e.employee_id AS id, CASE WHEN r.id = ${run.id} THEN 1 ELSE 0 END AS current, SUM(i.amount_ore) AS s
    FROM salary_line_items i
    JOIN salary_run_employees e ON e.id = i.salary_run_employee_id
    JOIN salary_runs r ON r.id = i.salary_run_id
    WHERE r.company_id = ${companyId} AND i.item_type IN (${types})
      AND (r.id = ${run.id} OR (r.status = 'booked' AND r.period_year = ${run.periodYear} AND r.period_month < ${run.periodMonth}))
    GROUP BY e.employee_id, current`);
  const wanted = new Set(employeeIds);
  for (const r of rows) if (wanted.has(r.id)) (Number(r.current) ? current : booked).set(r.id, Number(r.s));
  return { booked, current };
}

/**
 * April–March: the opening balance a run starts from: the employee has one and no record after the
 * month its cutover covered (a run after the cutover carries on from its own record).
 */
function cutoverOf(opening: OpeningRow | undefined, prev: VacationRecordRow | undefined): Cutover | null {
  if (!opening) return null;
  const y = Number(opening.cutoverDate.slice(0, 4));
  const covered = coveredMonth(opening);
  const coveredPeriod = covered === 0 ? (y - 1) * 100 + 12 : y * 100 + covered;
  if (prev && prev.year * 100 + prev.month > coveredPeriod) return null;
  const m = Number(opening.cutoverDate.slice(5, 7));
  return { opening, vacationYear: aprilMarchYearOf(y, m), coveredPeriod };
}

/** The company's vacation year (setting vacation_year): calendar or April–March. */
export async function vacationYearOf(db: Database, companyId: string): Promise<VacationYearKind> {
  return (await loadCompany(db, companyId)).company_settings.vacationYear;
}

/**
 * 3 a §: the month's vacation days: whole days of type vacation on weekdays that are not holidays or
 * eves. Part days are not vacation days: a warning names them.
 */
function monthVacationDays(own: AbsenceDayIn[], monthFrom: string, monthTo: string, name: string, warnings: string[]) {
  const monthVacation = own.filter((d) => d.type === "vacation" && d.date >= monthFrom && d.date <= monthTo);
  const partDays = monthVacation.filter((d) => d.hoursHundredths !== null).length;
  if (partDays)
    warnings.push(
      `${name}: ${partDays} vacation day(s) registered with hours; vacation is taken in whole days (semesterlagen 3 a §) and they were not counted`,
    );
  return monthVacation.filter((d) => d.hoursHundredths === null && isVacationDay(d.date)).length;
}

/**
 * 16 b §, April–March: each employee's variable vacation-qualifying pay in the two earning years a
 * run needs: the whole earning year before the vacation year in progress (booked runs of its
 * periods, April to March), the earning year in progress before the run's month, and the run's rows.
 */
async function variablePayAprilMarch(db: Database, companyId: string, run: SalaryRunRow, employeeIds: string[]) {
  const out = new Map<string, ShiftedVariablePay>();
  if (!employeeIds.length) return out;
  const vy = aprilMarchYearOf(run.periodYear, run.periodMonth);
  const completed = aprilMarchPeriods(vy - 1);
  const period = run.periodYear * 100 + run.periodMonth;
  const types = sql.join(
    VACATION_QUALIFYING_VARIABLE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await db.all<{ id: string; bucket: string; s: number }>(sql`
    SELECT e.employee_id AS id,
      CASE WHEN r.id = ${run.id} THEN 'thisRun'
        WHEN r.period_year * 100 + r.period_month <= ${completed.to} THEN 'completed' ELSE 'inProgress' END AS bucket,
      SUM(i.amount_ore) AS s
    FROM salary_line_items i
    JOIN salary_run_employees e ON e.id = i.salary_run_employee_id
    JOIN salary_runs r ON r.id = i.salary_run_id
    WHERE r.company_id = ${companyId} AND i.item_type IN (${types})
      AND (r.id = ${run.id} OR (r.status = 'booked' AND r.period_year * 100 + r.period_month >= ${completed.from}
        AND r.period_year * 100 + r.period_month < ${period}))
    GROUP BY e.employee_id, bucket`);
  const wanted = new Set(employeeIds);
  for (const r of rows) {
    if (!wanted.has(r.id)) continue;
    const v = out.get(r.id) ?? { completed: 0, inProgress: 0, thisRun: 0 };
    v[r.bucket as keyof ShiftedVariablePay] = Number(r.s);
    out.set(r.id, v);
  }
  return out;
}

/**
 * Whether the company's vacation year may still change: the first salary run that booked vacation
 * for it, or an opening balance's employee (both carry balances in the current kind of year); null
 * when neither exists.
 */
export async function vacationBookedBy(db: Database, companyId: string): Promise<string | null> {
  const record = await db
    .select({ id: vacationRecords.salaryRunId })
    .from(vacationRecords)
    .where(eq(vacationRecords.companyId, companyId))
    .limit(1)
    .get();
  if (record) return record.id;
  const opening = await db
    .select({ id: payrollOpeningBalances.employeeId })
    .from(payrollOpeningBalances)
    .where(eq(payrollOpeningBalances.companyId, companyId))
    .limit(1)
    .get();
  return opening ? `opening_balances:${opening.id}` : null;
}

/** The balance carried into the run's year before the month: from the last record, the opening balance, or nothing. */
interface Carried {
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

function carried(
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

/**
 * The vacation of the run's month for each employee of the run with a vacation rule: the engine rows
 * and the breakdown for calculateMonth, and warnings.
 */
export async function vacationForRun(
  db: Database,
  companyId: string,
  run: SalaryRunRow,
  members: RunEmployeeRow[],
  people: Map<string, EmployeeRow>,
) {
  const Y = run.periodYear;
  const m = run.periodMonth;
  const monthFrom = `${Y}-${pad(m)}-01`;
  const monthTo = lastDay(Y, m);
  const eligible = members.filter((x) => {
    const e = people.get(x.employeeId)!;
    return e.vacationRule !== "none" && e.fSkattStatus !== "f_skatt";
  });
  const ids = eligible.map((x) => x.employeeId);
  // the company's vacation year, read only when someone in the run has vacation
  const yearKind: VacationYearKind = ids.length ? await vacationYearOf(db, companyId) : "calendar";
  const prevs = await latestRecords(db, companyId, ids, { year: Y, month: m });
  const openings = await openingOf(db, companyId, ids);
  const variable = await variablePayOfYear(db, companyId, run, ids);
  const shiftedVariable = yearKind === "april_march" ? await variablePayAprilMarch(db, companyId, run, ids) : new Map();
  // 17 §: the earning year's absence; April–March also reads the earning year before the vacation year in progress.
  const absenceFrom = yearKind === "april_march" ? aprilMarchYear(aprilMarchYearOf(Y, m) - 1).start : `${Y}-01-01`;
  const absence = new Map<string, { date: string; type: AbsenceType; hoursHundredths: number | null }[]>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select()
      .from(salaryAbsenceDays)
      .where(
        and(
          eq(salaryAbsenceDays.companyId, companyId),
          inArray(salaryAbsenceDays.employeeId, ids.slice(i, i + 90)),
          gte(salaryAbsenceDays.absenceDate, absenceFrom),
          lte(salaryAbsenceDays.absenceDate, monthTo),
        ),
      )
      .all();
    for (const r of rows)
      absence.set(r.employeeId, [
        ...(absence.get(r.employeeId) ?? []),
        { date: r.absenceDate, type: r.absenceType as AbsenceType, hoursHundredths: r.hoursHundredths },
      ]);
  }

  const byMember = new Map<string, { items: EngineItem[]; breakdown: VacationBreakdown }>();
  const warnings: string[] = [];
  for (const member of eligible) {
    const e = people.get(member.employeeId)!;
    const name = `${e.firstName} ${e.lastName}`;
    const own = absence.get(e.id) ?? [];
    const ends = !!e.employmentEnd && e.employmentEnd >= monthFrom && e.employmentEnd <= monthTo;

    if (e.salaryType === "hourly" || !e.monthlySalaryOre) {
      if (e.vacationRule !== "percentage") {
        warnings.push(
          `${name}: sammalöneregeln needs a fixed monthly salary (semesterlagen 16 a §); no vacation pay is calculated for pay by the hour unless vacation_rule is percentage (12 %)`,
        );
        continue;
      }
      // 16 b §: 12 % of the hourly pay, paid with each month's pay; no days, no liability.
      const payOre = Number(
        new Big(e.hourlyRateOre ?? 0)
          .times(member.hoursHundredths ?? 0)
          .div(100)
          .round(0, Big.roundHalfUp)
          .toFixed(0),
      );
      const ore = hourlyVacationPayOre(payOre);
      const items: EngineItem[] = ore
        ? [{ itemType: "vacation_pay", description: "Semesterersättning 12 %", amountOre: ore }]
        : [];
      byMember.set(member.id, { items, breakdown: hourlyBreakdown(Y, m, ore) });
      continue;
    }

    const rule = e.vacationRule as VacationRule;
    if (yearKind === "april_march") {
      const shifted = shiftedVacationOfMember({
        e,
        rule,
        run,
        prev: prevs.get(e.id),
        cutover: cutoverOf(openings.get(e.id), prevs.get(e.id)),
        absence: own,
        variable: shiftedVariable.get(e.id) ?? { completed: 0, inProgress: 0, thisRun: 0 },
        vacationDays: monthVacationDays(own, monthFrom, monthTo, name, warnings),
        endsThisMonth: ends,
      });
      warnings.push(...shifted.warnings);
      byMember.set(member.id, { items: shifted.items, breakdown: shifted.breakdown });
      continue;
    }
    const c = carried(e, Y, prevs.get(e.id), openings.get(e.id));
    const opening = c.opening;
    // 17 §: the year's absence up to the month's end (after the cutover in the cutover year).
    const yearAbsence = opening ? own.filter((d) => d.date > opening.cutoverDate) : own;
    const nq = nonQualifyingDays(
      yearAbsence,
      opening ? (opening.absenceUsed as Partial<Record<AbsenceType, number>>) : {},
    );
    const yd = vacationDaysOfYear({
      year: Y,
      daysPerYear: e.vacationDaysPerYear,
      employmentStart: e.employmentStart,
      employmentEnd: e.employmentEnd,
      nonQualifyingDays: nq.nonQualifying,
    });
    let entitled = yd.paid;
    let unpaidEntitled = yd.unpaid;
    if (opening) {
      const full = vacationDaysOfYear({
        year: Y,
        daysPerYear: e.vacationDaysPerYear,
        employmentStart: e.employmentStart,
        employmentEnd: e.employmentEnd,
        nonQualifyingDays: 0,
      });
      entitled = opening.paidDaysRemaining - (full.paid - yd.paid);
      unpaidEntitled = opening.unpaidDaysRemaining;
    }
    // 16 b §: the percentage rule's base adds the year's variable pay for work so far (this run's included).
    const variableOpeningOre = openings.get(e.id)?.year === Y ? openings.get(e.id)!.ytdVacationVariablePayOre : 0;
    const variableBookedOre = variable.booked.get(e.id) ?? 0;
    const variableRunOre = variable.current.get(e.id) ?? 0;
    const variableOre = rule === "percentage" ? variableOpeningOre + variableBookedOre + variableRunOre : 0;
    const dayValue = vacationDayValue(rule, e.monthlySalaryOre, yd, variableOre);

    const days = monthVacationDays(own, monthFrom, monthTo, name, warnings);
    const take = takeVacationDays(days, {
      paidLeft: entitled - c.paidTaken,
      saved: c.saved,
      unpaidLeft: unpaidEntitled - c.unpaidTaken,
    });
    const fromSaved = savedTotal(take.fromSaved);
    const paidTaken = c.paidTaken + take.paid;
    if (take.advance > 0)
      warnings.push(
        `${name}: ${take.advance} vacation day(s) beyond the paid, saved and unpaid days (förskottssemester); the remaining days go below zero`,
      );
    const pay = monthVacationPay(rule, e.monthlySalaryOre, dayValue, take.paid + fromSaved, take.unpaid);

    // 28 §: the employment ends this month: the paid days left and the saved days are paid out.
    const leftAtEnd = entitled - paidTaken + savedTotal(take.savedAfter);
    const endPayout = ends ? Math.max(0, leftAtEnd) : 0;
    if (ends && leftAtEnd < 0)
      warnings.push(
        `${name}: the employment ends with ${-leftAtEnd} vacation day(s) taken in advance (förskottssemester); no deduction is made (semesterlagen 29 §)`,
      );
    const payoutDays = c.forcedPayoutDays + endPayout;
    const payoutOre = Number(dayValue.times(payoutDays).round(0, Big.roundHalfUp).toFixed(0));

    const months = employmentMonthsInYear(Y, e.employmentStart, e.employmentEnd);
    const monthsAccrued = Math.max(0, Math.min(m, months.last) - c.lastMonth);
    const liab = liabilityAfter({
      beforeOre: c.liabilityOre,
      dayValue,
      paidDaysOfYear: yd.paid,
      employmentMonths: months.count,
      monthsAccrued,
      daysTaken: take.paid + fromSaved,
      daysPaidOut: payoutDays,
    });
    const liabilityOre = ends ? 0 : liab.afterOre;
    const contributionsOre = contributionsOn(e, run.paymentDate, liabilityOre);

    const items = vacationItems({
      rule,
      pay,
      paidDays: take.paid + fromSaved,
      unpaidDays: take.unpaid,
      payoutOre,
      payoutDays,
      payoutWhy: [
        c.forcedPayoutDays ? `${c.forcedPayoutDays} d ej sparbara/förfallna` : "",
        endPayout ? `${endPayout} d vid anställningens slut` : "",
      ],
    });

    const saved = ends ? {} : take.savedAfter;
    byMember.set(member.id, {
      items,
      breakdown: {
        rule,
        year: Y,
        month: m,
        carried_from: c.source,
        paid_days_of_year: yd.paid,
        entitled_days: entitled,
        unpaid_days: unpaidEntitled,
        non_qualifying_absence_days: nq.nonQualifying,
        absence_used: nq.used as Record<string, number>,
        days_taken: { paid: take.paid, from_saved: take.fromSaved, unpaid: take.unpaid, advance: take.advance },
        paid_taken: paidTaken,
        unpaid_taken: c.unpaidTaken + take.unpaid,
        saved_taken: fromSaved,
        remaining_days: ends ? 0 : entitled - paidTaken,
        unpaid_remaining: unpaidEntitled - c.unpaidTaken - take.unpaid,
        saved_days: saved,
        payout_days: payoutDays,
        payout_days_forced: c.forcedPayoutDays,
        payout_days_end_of_employment: endPayout,
        payout_days_year: c.payoutDaysYear + payoutDays,
        payout: fromOre(payoutOre),
        day_value: Number(dayValue.div(100).round(2, Big.roundHalfUp).toString()),
        day_value_rule:
          rule === "same_salary"
            ? "monthly salary × (4.6 % + 0.43 %)"
            : "12 % × (monthly salary × 12 × qualifying share + variable qualifying pay of the year so far) / paid days of the year",
        qualifying_pay:
          rule === "percentage"
            ? {
                fixed: fromOre(
                  Number(
                    vacationQualifyingBaseOre(e.monthlySalaryOre, yd.share, 0).round(0, Big.roundHalfUp).toFixed(0),
                  ),
                ),
                variable: fromOre(variableOre),
                variable_opening: fromOre(variableOpeningOre),
                variable_booked_runs: fromOre(variableBookedOre),
                variable_this_run: fromOre(variableRunOre),
                total: fromOre(
                  Number(
                    vacationQualifyingBaseOre(e.monthlySalaryOre, yd.share, variableOre)
                      .round(0, Big.roundHalfUp)
                      .toFixed(0),
                  ),
                ),
              }
            : null,
        supplement: fromOre(pay.supplementOre),
        vacation_pay: fromOre(pay.vacationPayOre),
        deduction: fromOre(pay.deductionOre),
        liability: {
          before: fromOre(c.liabilityOre),
          earned_days: liab.earnedDays,
          accrual: fromOre(liab.accrualOre),
          used: fromOre(liab.usedOre),
          after: fromOre(liabilityOre),
          contributions_before: fromOre(c.contributionsOre),
          contributions_after: fromOre(contributionsOn(e, run.paymentDate, liabilityOre)),
          change: fromOre(liabilityOre - c.liabilityOre),
          contributions_change: fromOre(contributionsOre - c.contributionsOre),
        },
        ore: {
          liability_after: liabilityOre,
          contributions_after: contributionsOre,
          liability_change: liabilityOre - c.liabilityOre,
          contributions_change: contributionsOre - c.contributionsOre,
          day_value: Number(dayValue.round(0, Big.roundHalfUp).toFixed(0)),
        },
        ends_employment: ends,
      },
    });
  }
  return { byMember, warnings };
}

function hourlyBreakdown(year: number, month: number, ore: number): VacationBreakdown {
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

/**
 * The vacation entry of a run (Debit 7290 / Credit 2920 the change in the liability, Debit 7519 /
 * Credit 2940 the change in its contributions; signs reversed when the liability falls) and the
 * vacation_records rows.
 */
export function vacationBookingOf(ctx: CommandContext, db: Database, run: SalaryRunRow, members: RunEmployeeRow[]) {
  let liability = 0;
  let contributions = 0;
  const rows: VacationRecordRow[] = [];
  for (const mbr of members) {
    const v = vacationOf(mbr);
    if (!v) continue;
    liability += v.ore.liability_change;
    contributions += v.ore.contributions_change;
    rows.push({
      id: newId(),
      companyId: ctx.companyId,
      employeeId: mbr.employeeId,
      salaryRunId: run.id,
      salaryRunEmployeeId: mbr.id,
      year: v.year,
      month: v.month,
      paymentDate: run.paymentDate,
      rule: v.rule,
      paidDaysOfYear: v.paid_days_of_year,
      entitledDays: v.entitled_days,
      unpaidDays: v.unpaid_days,
      paidTaken: v.paid_taken,
      unpaidTaken: v.unpaid_taken,
      savedTaken: v.saved_taken,
      remainingDays: v.remaining_days,
      saved: v.saved_days,
      payoutDays: v.payout_days,
      payoutDaysYear: v.payout_days_year,
      absenceUsed: v.absence_used,
      dayValueOre: v.ore.day_value,
      liabilityOre: v.ore.liability_after,
      contributionsOre: v.ore.contributions_after,
      liabilityChangeOre: v.ore.liability_change,
      contributionsChangeOre: v.ore.contributions_change,
      vacationYearStart: v.shifted?.vacation_year_start ?? (v.rule === "hourly" ? null : `${v.year}-01-01`),
      earningPaidDays: v.shifted?.earning_paid_days ?? null,
      earnedDays: v.shifted?.earned_days ?? null,
      earningDayValueOre: v.shifted?.earning_day_value_ore ?? null,
      vacationBaseOre: v.shifted?.vacation_base_ore ?? null,
      revaluationOre: v.shifted?.revaluation_ore ?? 0,
      createdAt: ctx.now,
    });
  }
  const period = `${run.periodYear}-${pad(run.periodMonth)}`;
  const line = (accountNumber: string, ore: number, text: string): EngineLine => ({
    accountNumber,
    debitOre: Math.max(ore, 0),
    creditOre: ore < 0 ? -ore : 0,
    lineDescription: text,
  });
  const lines: EngineLine[] = [];
  if (liability)
    lines.push(
      line("7290", liability, `Förändring av semesterlöneskuld ${period}`),
      line("2920", -liability, `Semesterlöneskuld ${period}`),
    );
  if (contributions)
    lines.push(
      line("7519", contributions, `Sociala avgifter på semesterlöneskuld ${period}`),
      line("2940", -contributions, `Sociala avgifter på semesterlöneskuld ${period}`),
    );
  const statements: Statement[] = rows.map((r) => db.insert(vacationRecords).values(r));
  return { lines, statements };
}

// The balance

function savedJson(saved: SavedDays) {
  return { saved_days: saved, saved_days_total: savedTotal(saved) };
}

/**
 * April–March: the earning year in progress as a record keeps it (null for the calendar year, where
 * the earning year is the vacation year).
 */
function earningYearOfRecord(r: VacationRecordRow) {
  if (r.earningPaidDays === null || !r.vacationYearStart) return null;
  const range = aprilMarchYear(Number(r.vacationYearStart.slice(0, 4)));
  const earnedOre = Number(
    new Big(r.earnedDays ?? "0")
      .times(r.earningDayValueOre ?? 0)
      .round(0, Big.roundHalfUp)
      .toFixed(0),
  );
  return {
    start: range.start,
    end: range.end,
    paid_days: r.earningPaidDays,
    earned_days: Number(r.earnedDays ?? "0"),
    day_value: fromOre(r.earningDayValueOre ?? 0),
    earned_value: fromOre(earnedOre),
  };
}

/** The vacation year a record belongs to: its first and last day and the year's number. */
function vacationYearOfRecord(r: VacationRecordRow) {
  const start = r.vacationYearStart ?? `${r.year}-01-01`;
  const year = Number(start.slice(0, 4));
  const shifted = start.slice(5) === "04-01";
  return {
    kind: shifted ? ("april_march" as const) : ("calendar" as const),
    start,
    end: shifted ? aprilMarchYear(year).end : `${year}-12-31`,
    year,
  };
}

export function balanceFromRecord(e: EmployeeRow, r: VacationRecordRow) {
  const vacationYear = vacationYearOfRecord(r);
  return {
    employee_id: e.id,
    vacation_rule: e.vacationRule,
    vacation_year_kind: vacationYear.kind,
    vacation_year_start: vacationYear.start,
    vacation_year_end: vacationYear.end,
    vacation_year: vacationYear.year,
    as_of: r.paymentDate,
    source: "salary_run" as const,
    salary_run_id: r.salaryRunId,
    paid_days: r.entitledDays,
    paid_days_of_year: r.paidDaysOfYear,
    unpaid_days: r.unpaidDays,
    entitled_days: r.entitledDays + r.unpaidDays,
    paid_days_taken: r.paidTaken,
    unpaid_days_taken: r.unpaidTaken,
    saved_days_taken: r.savedTaken,
    taken_days: r.paidTaken + r.unpaidTaken + r.savedTaken,
    used_days: r.paidTaken + r.unpaidTaken + r.savedTaken,
    remaining_days: r.remainingDays,
    unpaid_days_remaining: r.unpaidDays - r.unpaidTaken,
    ...savedJson(r.saved),
    forced_payout_days: r.payoutDaysYear,
    day_value: fromOre(r.dayValueOre),
    liability: fromOre(r.liabilityOre),
    liability_ore: r.liabilityOre,
    liability_contributions: fromOre(r.contributionsOre),
    liability_contributions_ore: r.contributionsOre,
    liability_total: fromOre(r.liabilityOre + r.contributionsOre),
    estimated_liability_sek: fromOre(r.liabilityOre + r.contributionsOre),
    earning_year: earningYearOfRecord(r),
  };
}

/** The vacation year an opening balance's days belong to: the one holding its cutover date. */
function vacationYearOfOpening(o: OpeningRow, kind: VacationYearKind) {
  if (kind === "calendar") return { kind, start: `${o.year}-01-01`, end: `${o.year}-12-31`, year: o.year };
  const year = aprilMarchYearOf(o.year, Number(o.cutoverDate.slice(5, 7)));
  return { kind, ...aprilMarchYear(year), year };
}

export function balanceFromOpening(e: EmployeeRow, o: OpeningRow, kind: VacationYearKind) {
  const vacationYear = vacationYearOfOpening(o, kind);
  return {
    employee_id: e.id,
    vacation_rule: e.vacationRule,
    vacation_year_kind: vacationYear.kind,
    vacation_year_start: vacationYear.start,
    vacation_year_end: vacationYear.end,
    vacation_year: vacationYear.year,
    as_of: o.cutoverDate,
    source: "opening_balance" as const,
    salary_run_id: null,
    paid_days: o.paidDaysRemaining,
    paid_days_of_year: null,
    unpaid_days: o.unpaidDaysRemaining,
    entitled_days: o.paidDaysRemaining + o.unpaidDaysRemaining,
    paid_days_taken: 0,
    unpaid_days_taken: 0,
    saved_days_taken: 0,
    taken_days: 0,
    used_days: 0,
    remaining_days: o.paidDaysRemaining,
    unpaid_days_remaining: o.unpaidDaysRemaining,
    ...savedJson(o.savedDays),
    forced_payout_days: 0,
    day_value: null,
    liability: fromOre(o.vacationDebtOre),
    liability_ore: o.vacationDebtOre,
    liability_contributions: fromOre(o.vacationDebtContributionsOre),
    liability_contributions_ore: o.vacationDebtContributionsOre,
    liability_total: fromOre(o.vacationDebtOre + o.vacationDebtContributionsOre),
    estimated_liability_sek: fromOre(o.vacationDebtOre + o.vacationDebtContributionsOre),
    earning_year: null,
  };
}

/** GET .../employees/{id}/vacation-balance: after the latest booked run, else the opening balance; 404 VACATION_BALANCE_NOT_FOUND before either. */
export async function vacationBalance(db: Database, companyId: string, employeeId: string) {
  const e = await loadEmployee(db, companyId, employeeId);
  const record = (await latestRecords(db, companyId, [e.id], { year: 9999, month: 13 })).get(e.id);
  if (record) return balanceFromRecord(e, record);
  const opening = (await openingOf(db, companyId, [e.id])).get(e.id);
  if (opening) return balanceFromOpening(e, opening, await vacationYearOf(db, companyId));
  throw new ApiError(
    "VACATION_BALANCE_NOT_FOUND",
    { employee_id: e.id },
    "The employee has no vacation balance until the first booked salary run or an opening balance.",
  );
}

// Opening balances

/** The employee's first booked run of the cutover year or later: it locks the opening balance. */
async function lockingRun(db: Database, companyId: string, employeeId: string, year: number) {
  return db
    .select({ id: salaryRuns.id })
    .from(salaryRuns)
    .innerJoin(salaryRunEmployees, eq(salaryRunEmployees.salaryRunId, salaryRuns.id))
    .where(
      and(
        eq(salaryRuns.companyId, companyId),
        eq(salaryRunEmployees.employeeId, employeeId),
        eq(salaryRuns.status, "booked"),
        gte(salaryRuns.periodYear, year),
      ),
    )
    .orderBy(asc(salaryRuns.periodYear), asc(salaryRuns.periodMonth))
    .get();
}

export function openingJson(o: OpeningRow, lockedBy: string | null) {
  return {
    employee_id: o.employeeId,
    year: o.year,
    cutover_date: o.cutoverDate,
    ytd_gross: fromOre(o.ytdGrossOre),
    ytd_taxable_benefits: fromOre(o.ytdBenefitsOre),
    ytd_tax: fromOre(o.ytdTaxOre),
    ytd_net: fromOre(o.ytdNetOre),
    ytd_avgifter: fromOre(o.ytdAvgifterOre),
    ytd_vacation_qualifying_variable_pay: fromOre(o.ytdVacationVariablePayOre),
    vacation_paid_days_remaining: o.paidDaysRemaining,
    vacation_unpaid_days_remaining: o.unpaidDaysRemaining,
    vacation_saved_days: o.savedDays,
    vacation_debt: fromOre(o.vacationDebtOre),
    vacation_debt_contributions: fromOre(o.vacationDebtContributionsOre),
    karens_adjustment: { qualifying_absence_days_used: o.absenceUsed, karens_occasions_ytd: o.karensOccasionsYtd },
    locked: lockedBy !== null,
    locked_by_run_id: lockedBy,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}

export async function openingBalances(db: Database, companyId: string, employeeId: string) {
  const e = await loadEmployee(db, companyId, employeeId);
  const o = (await openingOf(db, companyId, [e.id])).get(e.id);
  if (!o)
    throw new ApiError(
      "NOT_FOUND",
      { resource: "opening_balances", employee_id: e.id },
      "No opening balances are set for this employee.",
    );
  return openingJson(o, (await lockingRun(db, companyId, e.id, o.year))?.id ?? null);
}

export const putOpeningBalances: Command<OpeningBalancesInput & { employeeId: string }> = async (db, input, ctx) => {
  const e = await loadEmployee(db, ctx.companyId, input.employeeId);
  const aprilMarch = (await vacationYearOf(db, ctx.companyId)) === "april_march";
  const year = Number(input.cutover_date.slice(0, 4));
  const existing = (await openingOf(db, ctx.companyId, [e.id])).get(e.id);
  for (const y of new Set([year, existing?.year ?? year])) {
    const lock = await lockingRun(db, ctx.companyId, e.id, y);
    if (lock)
      throw new ApiError(
        "CONFLICT",
        { employee_id: e.id, locked: true, locked_by_run_id: lock.id },
        "The employee has a booked salary run in the cutover year; the opening balances can no longer change.",
      );
  }
  if (input.cutover_date < e.employmentStart)
    throw fieldError("cutover_date", "the cutover date is before the employment starts");
  // 18 §: saved days are keyed by the vacation year they were saved in, one of the five before the
  // cutover's (the calendar year, or the April–March year by its 1 April: a cutover on 31 May 2026 is in 2026/27).
  const cutoverVacationYear = aprilMarch ? aprilMarchYearOf(year, Number(input.cutover_date.slice(5, 7))) : year;
  for (const [y] of Object.entries(input.vacation_saved_days ?? {})) {
    if (!/^\d{4}$/.test(y) || Number(y) >= cutoverVacationYear || Number(y) < cutoverVacationYear - 5)
      throw fieldError(
        `vacation_saved_days.${y}`,
        aprilMarch
          ? "saved days are keyed by the vacation year they were saved in (its 1 April's year): one of the five vacation years before the cutover's (semesterlagen 18 §)"
          : "saved days are keyed by the year they were saved in: one of the five years before the cutover year (semesterlagen 18 §)",
      );
  }
  const debtOre = toOre(input.vacation_debt)!;
  const row: OpeningRow = {
    id: existing?.id ?? newId(),
    companyId: ctx.companyId,
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
    createdAt: existing?.createdAt ?? ctx.now,
    updatedAt: ctx.now,
  };
  const { id: _id, companyId: _c, employeeId: _e, createdAt: _cr, ...patch } = row;
  return {
    status: existing ? 200 : 201,
    data: openingJson(row, null),
    statements: [
      existing
        ? db.update(payrollOpeningBalances).set(patch).where(eq(payrollOpeningBalances.id, existing.id))
        : db.insert(payrollOpeningBalances).values(row),
    ],
    audit: {
      action: existing ? "payroll.opening_balances_updated" : "payroll.opening_balances_set",
      resourceType: "employee",
      resourceId: e.id,
    },
  };
};

// The vacation-liability report

/**
 * Per employee, the liability after the latest booked run paid on or before `asOf` (else an
 * opening balance with its cutover date on or before it): days, saved days, the liability and the
 * contributions on it. With no opening debt the totals equal the ledger's 2920 and 2940.
 */
export async function vacationLiability(db: Database, companyId: string, asOf: string): Promise<VacationLiability> {
  const ids = (
    await db.all<{ id: string }>(sql`
      SELECT DISTINCT employee_id AS id FROM vacation_records WHERE company_id = ${companyId} AND payment_date <= ${asOf}
      UNION SELECT employee_id AS id FROM payroll_opening_balances WHERE company_id = ${companyId} AND cutover_date <= ${asOf}`)
  ).map((r) => r.id);
  const records = await latestRecords(db, companyId, ids, { asOfDate: asOf });
  const openings = await openingOf(db, companyId, ids);
  const people = await employeesByIds(db, companyId, ids);
  const kind = await vacationYearOf(db, companyId);
  const rows = ids
    .map((id) => {
      const e = people.get(id)!;
      const r = records.get(id);
      const o = openings.get(id);
      const b = r ? balanceFromRecord(e, r) : balanceFromOpening(e, o!, kind);
      return {
        employee_id: id,
        first_name: e.firstName,
        last_name: e.lastName,
        personnummer_masked: maskedPersonnummer(e.personnummerPrefix),
        vacation_rule: e.vacationRule,
        source: b.source,
        salary_run_id: b.salary_run_id,
        as_of: b.as_of,
        vacation_year: b.vacation_year,
        vacation_year_start: b.vacation_year_start,
        remaining_days: b.remaining_days,
        earned_days: b.earning_year?.earned_days ?? null,
        saved_days: b.saved_days,
        saved_days_total: b.saved_days_total,
        day_value: b.day_value,
        liability: b.liability,
        contributions: b.liability_contributions,
        total: b.liability_total,
        liabilityOre: b.liability_ore,
        contributionsOre: b.liability_contributions_ore,
      };
    })
    .sort((a, b) => a.last_name.localeCompare(b.last_name, "sv") || a.first_name.localeCompare(b.first_name, "sv"));
  const liabilityOre = rows.reduce((s, r) => s + r.liabilityOre, 0);
  const contributionsOre = rows.reduce((s, r) => s + r.contributionsOre, 0);
  return {
    as_of: asOf,
    accounts: { liability: "2920", contributions: "2940" },
    employees: rows.map(({ liabilityOre: _l, contributionsOre: _c, ...r }) => r),
    totals: {
      remaining_days: rows.reduce((s, r) => s + r.remaining_days, 0),
      saved_days: rows.reduce((s, r) => s + r.saved_days_total, 0),
      liability: fromOre(liabilityOre),
      contributions: fromOre(contributionsOre),
      total: fromOre(liabilityOre + contributionsOre),
    },
  };
}
