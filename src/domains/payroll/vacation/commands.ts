import { eq } from "drizzle-orm";
import type { Command, CommandContext, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { payrollOpeningBalances, vacationRecords } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { EngineLine } from "../../../ledger/engine";
import { toOre } from "../../../money";
import { aprilMarchYearOf } from "../../../sweden/payroll/vacation";
import { loadEmployee } from "../employees/queries";
import { contributionsOn } from "./parts";
import { lockingRun, openingJson, openingOf, vacationYearOf } from "./queries";
import { pad, vacationOf } from "./rules";
import type { OpeningBalancesInput } from "./schemas";
import type { OpeningRow, RunEmployeeRow, SalaryRunRow, VacationRecordRow } from "../rows";

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
