// Vacation (semesterlagen; the rules are src/sweden/payroll/vacation.ts and rules.ts) and the opening
// balances of a mid-year cutover.
//
// - calculate: vacationOfRun (rules.ts, from what vacationReadsOfRun read) gives each employee of
//   the run the month's vacation rows (semestertillägg, semesterlön, semesteravdrag,
//   semesterersättning) and the balance after the month in calculation_breakdown.vacation;
// - book: vacationBookingOf turns the breakdowns into the vacation entry (Debit 7290 / Credit 2920 the
//   change in the liability, Debit 7519 / Credit 2940 the change in the contributions on it) and the
//   vacation_records rows, which the balance, the next run and the liability report read;
// - opening balances: PUT refused with CONFLICT (details.locked_by_run_id) once the employee has a
//   booked run in the cutover year or later.
import { eq } from "drizzle-orm";
import type { Command, CommandContext, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { payrollOpeningBalances, vacationRecords } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { EngineLine } from "../../../ledger/engine";
import { loadEmployee } from "../employees/queries";
import { lockingRun, openingJson, openingOf, vacationYearOf } from "./queries";
import { assertOpeningBalances, openingRowOf, pad, vacationOf } from "./rules";
import type { OpeningBalancesInput } from "./schemas";
import type { RunEmployeeRow, SalaryRunRow, VacationRecordRow } from "../rows";

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
  assertOpeningBalances(e, input, aprilMarch);
  const row = openingRowOf(e, input, {
    id: existing?.id ?? newId(),
    companyId: ctx.companyId,
    now: ctx.now,
    createdAt: existing?.createdAt,
  });
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
