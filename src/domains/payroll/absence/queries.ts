// Reads of the absence days and the JSON shape of a day.
import { and, asc, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { salaryAbsenceDays, salaryRunEmployees, salaryRuns } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";
import type { AbsenceType } from "../../../sweden/payroll";
import type { AbsenceRow } from "../rows";

export function absenceJson(r: AbsenceRow) {
  return {
    salary_absence_day_id: r.id,
    employee_id: r.employeeId,
    absence_date: r.absenceDate,
    absence_type: r.absenceType as AbsenceType,
    hours: r.hoursHundredths === null ? null : fromOre(r.hoursHundredths),
    notes: r.notes,
    salary_run_employee_id: r.salaryRunEmployeeId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** The employee's absence days that meet `more` too. */
const daysOf = (companyId: string, employeeId: string, ...more: (SQL | undefined)[]) =>
  and(eq(salaryAbsenceDays.companyId, companyId), eq(salaryAbsenceDays.employeeId, employeeId), ...more);

export async function absenceOf(
  db: Database,
  companyId: string,
  employeeId: string,
  from: string,
  to: string,
  type?: string,
): Promise<AbsenceRow[]> {
  return db
    .select()
    .from(salaryAbsenceDays)
    .where(
      daysOf(
        companyId,
        employeeId,
        gte(salaryAbsenceDays.absenceDate, from),
        lte(salaryAbsenceDays.absenceDate, to),
        type ? eq(salaryAbsenceDays.absenceType, type) : undefined,
      ),
    )
    .orderBy(asc(salaryAbsenceDays.absenceDate))
    .all();
}

/** A calculated (or later) run of the month that has the employee: it has counted the month's absence. */
export async function assertMonthsOpen(db: Database, companyId: string, employeeId: string, dates: string[]) {
  const months = [...new Set(dates.map((d) => d.slice(0, 7)))];
  for (const month of months) {
    const run = await db
      .select({ id: salaryRuns.id, status: salaryRuns.status })
      .from(salaryRuns)
      .innerJoin(salaryRunEmployees, eq(salaryRunEmployees.salaryRunId, salaryRuns.id))
      .where(
        and(
          eq(salaryRuns.companyId, companyId),
          eq(salaryRuns.periodYear, Number(month.slice(0, 4))),
          eq(salaryRuns.periodMonth, Number(month.slice(5, 7))),
          eq(salaryRunEmployees.employeeId, employeeId),
        ),
      )
      .get();
    if (run && run.status !== "draft") {
      throw new ApiError(
        "CONFLICT",
        { salary_run_id: run.id, status: run.status, month },
        `The salary run of ${month} has counted this employee's absence (${run.status}); absence of that month can no longer change.`,
      );
    }
  }
}

export async function loadAbsence(
  db: Database,
  companyId: string,
  employeeId: string,
  id: string,
): Promise<AbsenceRow> {
  const row = await db
    .select()
    .from(salaryAbsenceDays)
    .where(daysOf(companyId, employeeId, eq(salaryAbsenceDays.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "absence_day", id });
  return row;
}

/** The absence days of these employees from `from` to `to` (a run's month and the sick days before it). */
export async function absenceOfEmployees(
  db: Database,
  companyId: string,
  ids: string[],
  from: string,
  to: string,
): Promise<AbsenceRow[]> {
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
            gte(salaryAbsenceDays.absenceDate, from),
            lte(salaryAbsenceDays.absenceDate, to),
          ),
        )
        .all()),
    );
  }
  return rows;
}
