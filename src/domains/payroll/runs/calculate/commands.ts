// Calculate: a draft run's employees into review. The reads first (calculateReads), then the rules
// (the month's absence and vacation, each employee's month by calculateEmployees, rules.ts), then
// the statements: the engine's rows regenerated, the run employees' figures, the run's totals and
// the month's absence days linked to the run.
import { and, eq } from "drizzle-orm";
import type { Command } from "../../../../commands/plan";
import type { Database } from "../../../../db/client";
import { insertFromJson } from "../../../../db/json-insert";
import { salaryLineItems, salaryRunEmployees, salaryRuns } from "../../../../db/schema";
import { ApiError } from "../../../../errors/api-error";
import { newId } from "../../../../ids";
import { planLinkAbsence } from "../../absence/commands";
import { absenceOfEmployees } from "../../absence/queries";
import { absenceMonthOf, absenceOfRun } from "../../absence/rules";
import { employeesByIds } from "../../employees/queries";
import { openingOf, vacationReadsOfRun } from "../../vacation/queries";
import { vacationMembers, vacationOfRun } from "../../vacation/rules";
import { earlierTaxBasis, lineItemsOfRun, loadRun, runEmployees, runJson } from "../queries";
import { totalsOf } from "../rules";
import { annualIncomeBefore, calculateEmployees } from "./rules";
import type { SalaryRunRow } from "../../rows";

/** Everything calculate reads, in one place before the rules; a run that is not a draft or has nobody is refused. */
async function calculateReads(db: Database, companyId: string, runId: string) {
  const run = await loadRun(db, companyId, runId);
  if (run.status !== "draft") throw new ApiError("SALARY_RUN_CALCULATE_NOT_DRAFT", { status: run.status });
  const members = await runEmployees(db, run.id);
  if (!members.length) throw new ApiError("SALARY_RUN_NO_EMPLOYEES", { salary_run_id: run.id });
  const ids = members.map((m) => m.employeeId);
  const people = await employeesByIds(db, companyId, ids);
  const manual = (await lineItemsOfRun(db, run.id)).filter((i) => i.source === "manual");
  const earlier = await earlierTaxBasis(db, companyId, run.id, Number(run.paymentDate.slice(0, 4)));
  const month = absenceMonthOf(run);
  const absenceDays = await absenceOfEmployees(db, companyId, ids, month.lookBack, month.to);
  const vacationIds = vacationMembers(members, people).map((x) => x.employeeId);
  const vacation = await vacationReadsOfRun(db, companyId, run, vacationIds);
  const openings = await openingOf(db, companyId, ids);
  return { run, members, people, manual, earlier, absenceDays, vacation, openings };
}

export const calculateRun: Command<{ id: string }> = async (db, input, ctx) => {
  const r = await calculateReads(db, ctx.companyId, input.id);
  const { run, members, people } = r;
  const absence = absenceOfRun(run, members, people, r.absenceDays);
  const vacation = vacationOfRun(run, members, people, r.vacation);
  const { updated, engineItems, warnings } = calculateEmployees({
    run,
    members,
    people,
    manual: r.manual,
    // the one-off amounts' annual income counts the pay before a mid-year cutover
    earlier: annualIncomeBefore(r.earlier, r.openings, Number(run.paymentDate.slice(0, 4))),
    absence: absence.byMember,
    vacation: vacation.byMember,
    warnings: [...absence.warnings, ...vacation.warnings],
    now: ctx.now,
  });
  const totals = totalsOf(updated);
  const next: SalaryRunRow = {
    ...run,
    ...totals,
    status: "review",
    warnings,
    calculatedAt: ctx.now,
    updatedAt: ctx.now,
  };
  const engineRows = engineItems.map((it) => ({
    id: newId(),
    companyId: ctx.companyId,
    salaryRunId: run.id,
    ...it,
    accountNumber: null,
    source: "engine" as const,
    createdAt: ctx.now,
  }));
  return {
    status: 200,
    data: { ...runJson(next, members.length) },
    statements: [
      // engine rows are regenerated; manual rows stay
      db
        .delete(salaryLineItems)
        .where(and(eq(salaryLineItems.salaryRunId, run.id), eq(salaryLineItems.source, "engine"))),
      ...insertFromJson(db, salaryLineItems, engineRows),
      db.delete(salaryRunEmployees).where(eq(salaryRunEmployees.salaryRunId, run.id)),
      ...insertFromJson(db, salaryRunEmployees, updated),
      db
        .update(salaryRuns)
        .set({ ...totals, status: "review", warnings, calculatedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(salaryRuns.id, run.id)),
      ...planLinkAbsence(db, ctx.companyId, run, absence.linked),
    ],
    audit: { action: "salary_run.calculated", resourceType: "salary_run", resourceId: run.id },
  };
};
