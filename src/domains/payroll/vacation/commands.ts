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
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Command, CommandContext, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { payrollOpeningBalances, salaryAbsenceDays, vacationRecords } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { EngineLine } from "../../../ledger/engine";
import { fromOre, toOre } from "../../../money";
import type { AbsenceType } from "../../../sweden/payroll";
import {
  aprilMarchYear,
  aprilMarchYearOf,
  employmentMonthsInYear,
  hourlyVacationPayOre,
  liabilityAfter,
  monthVacationPay,
  nonQualifyingDays,
  savedTotal,
  takeVacationDays,
  vacationDaysOfYear,
  vacationDayValue,
  vacationQualifyingBaseOre,
  type VacationRule,
  type VacationYearKind,
} from "../../../sweden/payroll/vacation";
import { loadEmployee } from "../employees/queries";
import type { EngineItem } from "../runs/calculate/rules";
import { shiftedVacationOfMember } from "./april-march";
import { contributionsOn, type VacationBreakdown, vacationItems } from "./parts";
import {
  latestRecords,
  lockingRun,
  openingJson,
  openingOf,
  vacationYearOf,
  variablePayAprilMarch,
  variablePayOfYear,
} from "./queries";
import { carried, cutoverOf, hourlyBreakdown, lastDay, monthVacationDays, pad, vacationOf } from "./rules";
import type { OpeningBalancesInput } from "./schemas";
import type { EmployeeRow, OpeningRow, RunEmployeeRow, SalaryRunRow, VacationRecordRow } from "../rows";

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
          `${name}: sammalöneregeln needs a fixed monthly salary (semesterlagen 16 a §); no vacation ` +
            `pay is calculated for pay by the hour unless vacation_rule is percentage (12 %)`,
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
        `${name}: the employment ends with ${-leftAtEnd} vacation day(s) taken in ` +
          `advance (förskottssemester); no deduction is made (semesterlagen 29 §)`,
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
          ? "saved days are keyed by the vacation year they were saved in (its 1 April's year): " +
              "one of the five vacation years before the cutover's (semesterlagen 18 §)"
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
