// Absence days: register (a day, a part of a day, or a range of calendar days), change, remove,
// read; and their effect on a run's calculation (the rules are src/sweden/payroll/absence.ts).
//
// Refusals: a range longer than 92 days: 400 ABSENCE_RANGE_TOO_LARGE; a day that already has an
// absence: 409 CONFLICT (details.dates); a day in a month whose salary run has the employee and is
// calculated or later (review, approved, paid, booked): 409 CONFLICT (details.salary_run_id,
// status): the run counted it; an inactive employee: 400 VALIDATION_ERROR.
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Command, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { insertFromJson } from "../../../db/json-insert";
import { salaryAbsenceDays } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { fromOre, toOre } from "../../../money";
import { ABSENCE_TYPE_SV, type AbsenceDay, absenceEffects, type AbsenceType } from "../../../sweden/payroll";
import { loadEmployee } from "../employees/queries";
import { ITEM_TYPES } from "../item-types";
import type { EngineItem } from "../runs/calculate/rules";
import { absenceJson, absenceOf, assertMonthsOpen, loadAbsence } from "./queries";
import { ABSENCE_MAX_RANGE_DAYS, assertAbsenceRange, DAY, daysInRange, fromDay, lastDayOfMonth, toDay } from "./rules";
import type { AbsenceCreateInput, AbsencePatchInput } from "./schemas";
import type { AbsenceRow, EmployeeRow, RunEmployeeRow, SalaryRunRow } from "../rows";

export const registerAbsence: Command<AbsenceCreateInput & { employeeId: string }> = async (db, input, ctx) => {
  const employee = await loadEmployee(db, ctx.companyId, input.employeeId);
  if (!employee.isActive) throw fieldError("employee_id", "the employee is inactive (soft-deleted)");
  const to = input.to_date ?? input.from_date;
  assertAbsenceRange(input.from_date, to, "to_date");
  const dates = Array.from({ length: daysInRange(input.from_date, to) }, (_, i) =>
    fromDay(toDay(input.from_date) + i * DAY),
  );
  const taken = await absenceOf(db, ctx.companyId, employee.id, input.from_date, to);
  if (taken.length)
    throw new ApiError(
      "CONFLICT",
      { dates: taken.map((t) => t.absenceDate) },
      "The employee already has an absence on these days; change or remove it first.",
    );
  await assertMonthsOpen(db, ctx.companyId, employee.id, dates);
  const rows: AbsenceRow[] = dates.map((date) => ({
    id: newId(),
    companyId: ctx.companyId,
    employeeId: employee.id,
    absenceDate: date,
    absenceType: input.absence_type,
    hoursHundredths: input.hours === undefined ? null : toOre(input.hours)!,
    notes: input.notes ?? null,
    salaryRunEmployeeId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  }));
  return {
    status: 201,
    data: rows.map(absenceJson),
    statements: insertFromJson(db, salaryAbsenceDays, rows),
    audit: { action: "absence.registered", resourceType: "employee", resourceId: employee.id },
  };
};

export const updateAbsence: Command<AbsencePatchInput & { employeeId: string; absenceId: string }> = async (
  db,
  input,
  ctx,
) => {
  const row = await loadAbsence(db, ctx.companyId, input.employeeId, input.absenceId);
  await assertMonthsOpen(db, ctx.companyId, row.employeeId, [row.absenceDate]);
  const patch = {
    absenceType: input.absence_type ?? row.absenceType,
    hoursHundredths:
      input.hours === undefined ? row.hoursHundredths : input.hours === null ? null : toOre(input.hours)!,
    notes: input.notes === undefined ? row.notes : input.notes,
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: absenceJson({ ...row, ...patch }),
    statements: [db.update(salaryAbsenceDays).set(patch).where(eq(salaryAbsenceDays.id, row.id))],
    audit: { action: "absence.updated", resourceType: "employee", resourceId: row.employeeId },
  };
};

export const removeAbsence: Command<{ employeeId: string; absenceId: string }> = async (db, input, ctx) => {
  const row = await loadAbsence(db, ctx.companyId, input.employeeId, input.absenceId);
  await assertMonthsOpen(db, ctx.companyId, row.employeeId, [row.absenceDate]);
  return {
    status: 204,
    data: null,
    statements: [db.delete(salaryAbsenceDays).where(eq(salaryAbsenceDays.id, row.id))],
    audit: { action: "absence.removed", resourceType: "employee", resourceId: row.employeeId },
  };
};

/**
 * The absence of the run's month for each monthly-salaried employee of the run: the engine rows
 * and the breakdown for calculateMonth, warnings, and the statements that link the days to the
 * run employee. Sick days of the 92 days before the month are read for the sick periods.
 */
export async function absenceForRun(
  db: Database,
  companyId: string,
  run: SalaryRunRow,
  members: RunEmployeeRow[],
  people: Map<string, EmployeeRow>,
) {
  const from = `${run.periodYear}-${String(run.periodMonth).padStart(2, "0")}-01`;
  const to = lastDayOfMonth(run.periodYear, run.periodMonth);
  const lookBack = fromDay(toDay(from) - ABSENCE_MAX_RANGE_DAYS * DAY);
  const ids = members.map((m) => m.employeeId);
  const rows: AbsenceRow[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    rows.push(
      ...(await db
        .select()
        .from(salaryAbsenceDays)
        .where(
          and(
            eq(salaryAbsenceDays.companyId, companyId),
            inArray(salaryAbsenceDays.employeeId, ids.slice(i, i + 90)),
            gte(salaryAbsenceDays.absenceDate, lookBack),
            lte(salaryAbsenceDays.absenceDate, to),
          ),
        )
        .all()),
    );
  }
  const byEmployee = new Map<string, AbsenceRow[]>();
  for (const r of rows) byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), r]);

  const result = new Map<string, { items: EngineItem[]; breakdown: unknown }>();
  const warnings: string[] = [];
  const statements: Statement[] = [];
  for (const m of members) {
    const own = byEmployee.get(m.employeeId) ?? [];
    const inMonth = own.filter((r) => r.absenceDate >= from);
    if (!inMonth.length) continue;
    const e = people.get(m.employeeId)!;
    statements.push(
      db
        .update(salaryAbsenceDays)
        .set({ salaryRunEmployeeId: m.id })
        .where(
          and(
            eq(salaryAbsenceDays.companyId, companyId),
            eq(salaryAbsenceDays.employeeId, m.employeeId),
            gte(salaryAbsenceDays.absenceDate, from),
            lte(salaryAbsenceDays.absenceDate, to),
          ),
        ),
    );
    if (e.salaryType !== "monthly" || !e.monthlySalaryOre) {
      warnings.push(
        `${e.firstName} ${e.lastName}: absence is recorded, but pay by the hour follows the ` +
          `hours given; sick pay for hourly pay is not calculated (add it as other_pay)`,
      );
      continue;
    }
    const days: AbsenceDay[] = own.map((r) => ({
      date: r.absenceDate,
      type: r.absenceType as AbsenceType,
      hoursHundredths: r.hoursHundredths,
    }));
    const fx = absenceEffects({ monthlyOre: e.monthlySalaryOre, from, to, days });
    const items: EngineItem[] = [];
    const sickCount = fx.counts.sick;
    const count = (c: { days: number; hours: number } | undefined) =>
      [c?.days ? `${c.days} d` : "", c?.hours ? `${String(c.hours).replace(".", ",")} h` : ""]
        .filter(Boolean)
        .join(" ");
    if (fx.sickDeductionOre)
      items.push({
        itemType: "sick_deduction",
        description: `${ITEM_TYPES.sick_deduction.sv} ${count(sickCount)}`,
        amountOre: -fx.sickDeductionOre,
      });
    if (fx.sickPayOre)
      items.push({
        itemType: "sick_pay",
        description: `${ITEM_TYPES.sick_pay.sv} dag 1–14, 80 %`,
        amountOre: fx.sickPayOre,
      });
    if (fx.karensOre)
      items.push({
        itemType: "karens_deduction",
        description: ITEM_TYPES.karens_deduction.sv,
        amountOre: -fx.karensOre,
      });
    for (const [type, ore] of Object.entries(fx.deductionsOre) as [AbsenceType, number][]) {
      items.push({
        itemType: "absence_deduction",
        description: `${ITEM_TYPES.absence_deduction.sv} ${ABSENCE_TYPE_SV[type]} ${count(fx.counts[type])}`,
        amountOre: -ore,
      });
    }
    for (const n of fx.notices) warnings.push(`${e.firstName} ${e.lastName}: ${n}`);
    result.set(m.id, {
      items,
      breakdown: {
        counts: fx.counts,
        rules: {
          day: "monthly salary × 12 / 365",
          hour: "monthly salary × 12 / (52 × 40)",
          sick_pay: "80 % of lost pay, days 1–14",
          karens: "20 % of a week's sick pay (80 % × monthly × 12 / 52)",
        },
        sick_deduction: fromOre(fx.sickDeductionOre),
        sick_pay: fromOre(fx.sickPayOre),
        karens: fromOre(fx.karensOre),
        deductions: Object.fromEntries(Object.entries(fx.deductionsOre).map(([t, o]) => [t, fromOre(o)])),
        sick_periods: fx.sickPeriods,
        notices: fx.notices,
      },
    });
  }
  return { byMember: result, warnings, statements };
}

/**
 * Releases the absence days a calculate counted for these run employees (reopen, delete): the
 * month's absence can be changed again, and the next calculate links the days anew.
 */
export function planUnlinkAbsence(db: Database, runEmployeeIds: string[]): Statement[] {
  if (!runEmployeeIds.length) return [];
  return [
    db
      .update(salaryAbsenceDays)
      .set({ salaryRunEmployeeId: null })
      .where(inArray(salaryAbsenceDays.salaryRunEmployeeId, runEmployeeIds)),
  ];
}
