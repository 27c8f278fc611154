// Calculate: a draft run's employees, their month by the rules of rules.ts, into review.
import { and, eq } from "drizzle-orm";
import type { Command } from "../../../../commands/plan";
import { insertFromJson } from "../../../../db/json-insert";
import { salaryLineItems, salaryRunEmployees, salaryRuns } from "../../../../db/schema";
import { ApiError } from "../../../../errors/api-error";
import { newId } from "../../../../ids";
import { absenceForRun } from "../../absence/commands";
import { employeesByIds } from "../../employees/queries";
import { vacationForRun } from "../../vacation/commands";
import { openingOf } from "../../vacation/queries";
import { earlierTaxBasis, lineItemsOfRun, loadRun, runEmployees, runJson } from "../queries";
import { effectiveTaxOre, employeeWarnings, totalsOf } from "../rules";
import { calculateMonth, netOre } from "./rules";
import type { LineItemRow, RunEmployeeRow, SalaryRunRow } from "../../rows";

export const calculateRun: Command<{ id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "draft") throw new ApiError("SALARY_RUN_CALCULATE_NOT_DRAFT", { status: run.status });
  const members = await runEmployees(db, run.id);
  if (!members.length) throw new ApiError("SALARY_RUN_NO_EMPLOYEES", { salary_run_id: run.id });
  const people = await employeesByIds(
    db,
    ctx.companyId,
    members.map((m) => m.employeeId),
  );
  const manual = (await lineItemsOfRun(db, run.id)).filter((i) => i.source === "manual");
  const manualOf = new Map<string, LineItemRow[]>();
  for (const i of manual) manualOf.set(i.salaryRunEmployeeId, [...(manualOf.get(i.salaryRunEmployeeId) ?? []), i]);
  const earlier = await earlierTaxBasis(db, ctx.companyId, run.id, Number(run.paymentDate.slice(0, 4)));
  const absence = await absenceForRun(db, ctx.companyId, run, members, people);
  const vacation = await vacationForRun(db, ctx.companyId, run, members, people);
  // the one-off amounts' annual income counts the pay before a mid-year cutover
  for (const [id, o] of await openingOf(
    db,
    ctx.companyId,
    members.map((m) => m.employeeId),
  )) {
    if (o.year === Number(run.paymentDate.slice(0, 4)))
      earlier.set(id, (earlier.get(id) ?? 0) + o.ytdGrossOre + o.ytdBenefitsOre);
  }

  const warnings: string[] = [...absence.warnings, ...vacation.warnings];
  const missing: Record<string, unknown>[] = [];
  const updated: RunEmployeeRow[] = [];
  const engineRows: LineItemRow[] = [];
  for (const m of members) {
    const e = people.get(m.employeeId)!;
    const result = calculateMonth({
      terms: e,
      payDate: run.paymentDate,
      hoursHundredths: m.hoursHundredths,
      manualItems: (manualOf.get(m.id) ?? []).map((i) => ({ itemType: i.itemType, amountOre: i.amountOre })),
      ytdTaxBasisOre: earlier.get(e.id) ?? 0,
      taxOverrideSet: m.taxOverrideOre !== null,
      absence: absence.byMember.get(m.id),
      vacation: vacation.byMember.get(m.id),
    });
    if (!result.ok) {
      missing.push({ employee_id: e.id, ...result.missing });
      continue;
    }
    const f = result.figures;
    const row: RunEmployeeRow = {
      ...m,
      grossOre: f.grossOre,
      benefitsOre: f.benefitsOre,
      reimbursementsOre: f.reimbursementsOre,
      deductionsOre: f.deductionsOre,
      taxBasisOre: f.taxBasisOre,
      avgifterBasisOre: f.avgifterBasisOre,
      taxCalculatedOre: f.taxOre,
      avgifterCalculatedOre: f.avgifterOre,
      pensionOre: f.pensionOre,
      specialPayrollTaxOre: f.specialPayrollTaxOre,
      netOre: 0,
      breakdown: f.breakdown,
      updatedAt: ctx.now,
    };
    row.netOre = netOre(row, effectiveTaxOre(row));
    if (row.netOre < 0)
      warnings.push(`${e.firstName} ${e.lastName}: net pay is below zero; approve will refuse the run`);
    updated.push(row);
    warnings.push(...f.warnings, ...employeeWarnings(e, run, m));
    for (const it of f.engineItems) {
      engineRows.push({
        id: newId(),
        companyId: ctx.companyId,
        salaryRunId: run.id,
        salaryRunEmployeeId: m.id,
        itemType: it.itemType,
        description: it.description,
        amountOre: it.amountOre,
        accountNumber: null,
        source: "engine",
        createdAt: ctx.now,
      });
    }
  }
  if (missing.length) {
    throw new ApiError(
      "SALARY_RUN_TAX_TABLE_MISSING",
      { payment_date: run.paymentDate, employees: missing.slice(0, 50) },
      `No tax table or rates for ${run.paymentDate.slice(0, 4)} for ${missing.length} employee(s); nothing was calculated.`,
    );
  }
  const totals = totalsOf(updated);
  const next: SalaryRunRow = {
    ...run,
    ...totals,
    status: "review",
    warnings,
    calculatedAt: ctx.now,
    updatedAt: ctx.now,
  };
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
      ...absence.statements,
    ],
    audit: { action: "salary_run.calculated", resourceType: "salary_run", resourceId: run.id },
  };
};
