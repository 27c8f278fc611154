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
import { toOre } from "../../../money";
import { loadEmployee } from "../employees/queries";
import { absenceJson, absenceOf, assertMonthsOpen, loadAbsence } from "./queries";
import { absenceMonthOf, assertAbsenceRange, DAY, daysInRange, fromDay, toDay } from "./rules";
import type { AbsenceCreateInput, AbsencePatchInput } from "./schemas";
import type { AbsenceRow, RunEmployeeRow, SalaryRunRow } from "../rows";

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

/** Links the month's absence days of these run employees (absenceOfRun's `linked`) to them: calculate counted them. */
export function planLinkAbsence(
  db: Database,
  companyId: string,
  run: SalaryRunRow,
  linked: RunEmployeeRow[],
): Statement[] {
  const month = absenceMonthOf(run);
  return linked.map((m) =>
    db
      .update(salaryAbsenceDays)
      .set({ salaryRunEmployeeId: m.id })
      .where(
        and(
          eq(salaryAbsenceDays.companyId, companyId),
          eq(salaryAbsenceDays.employeeId, m.employeeId),
          gte(salaryAbsenceDays.absenceDate, month.from),
          lte(salaryAbsenceDays.absenceDate, month.to),
        ),
      ),
  );
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
