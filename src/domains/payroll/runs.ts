// Salary runs (spec: Salary run; States and transitions > Salary run; Endpoints > Payroll).
//
//   (none) --create--> draft --calculate--> review --approve--> approved --mark-paid--> paid --book--> booked
//
// Refusals: create SALARY_RUN_DUPLICATE_PERIOD; calculate SALARY_RUN_CALCULATE_NOT_DRAFT >
// SALARY_RUN_NO_EMPLOYEES > SALARY_RUN_TAX_TABLE_MISSING; approve SALARY_RUN_APPROVE_NOT_REVIEW >
// SALARY_RUN_APPROVE_VALIDATION_FAILED (every problem of every employee in one error); mark-paid
// outside approved CONFLICT (the spec names no code) > a payment date after today without
// planned: true PAYMENT_DATE_IN_FUTURE; book SALARY_RUN_BOOK_NOT_PAID > SALARY_RUN_BOOK_NOT_DUE
// (payment date after today) > PERIOD_LOCKED (with fiscal_period_id) > the ledger's rules. A
// planned payment is booked by the minute sweep on its date (plannedRunsDue, jobs). Reopen
// (review or approved back to draft) outside those SALARY_RUN_REOPEN_INVALID_STATUS; delete
// outside draft SALARY_RUN_DELETE_NOT_DRAFT. Editing a run that is not a draft (employees, line
// items, hours, run-level PATCH) is CONFLICT with details.status; the overrides may also be set
// in review, where the totals follow at once.
import { and, eq } from "drizzle-orm";
import { type Command, type CommandContext, type Statement, writeOf } from "../../commands/plan";
import type { Database } from "../../db/client";
import { insertFromJson } from "../../db/json-insert";
import { salaryLineItems, salaryRunEmployees, salaryRuns } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import { assertPeriodOpen, type EngineLine } from "../../ledger/engine";
import { toOre } from "../../money";
import { absenceForRun, planUnlinkAbsence } from "./absence";
import { calculateMonth, netOre } from "./calculate";
import { bookingOf, periodOf, totalsOf, ZERO_TOTALS } from "./booking";
export { totalsOf } from "./booking";
import { itemType } from "./item-types";
import { openingOf, vacationBookingOf, vacationForRun } from "./vacation";
import {
  activeEmployees,
  avgifterRoundingOre,
  countRunEmployees,
  earlierTaxBasis,
  effectiveTaxOre,
  employeesByIds,
  lineItemJson,
  lineItemsOf,
  lineItemsOfRun,
  loadEmployee,
  loadRun,
  loadRunEmployee,
  runEmployeeJson,
  runEmployees,
  runForPeriod,
  runJson,
  type EmployeeRow,
  type LineItemRow,
  type RunEmployeeRow,
  type SalaryRunRow,
} from "./queries";
import type {
  LineItemCreateInput,
  MarkPaidInput,
  RunEmployeePatchInput,
  RunEmployeesAddInput,
  SalaryRunCreateInput,
  SalaryRunPatchInput,
} from "./schemas";

function notDraft(run: SalaryRunRow, action: string): ApiError {
  return new ApiError(
    "CONFLICT",
    { status: run.status, required_status: "draft" },
    `Only a draft salary run can be changed (${action}); this run is ${run.status}.`,
  );
}

async function runData(db: Database, run: SalaryRunRow, count?: number) {
  return runJson(run, count ?? (await countRunEmployees(db, [run.id])).get(run.id) ?? 0);
}

export const createRun: Command<SalaryRunCreateInput> = async (db, input, ctx) => {
  const existing = await runForPeriod(db, ctx.companyId, input.period_year, input.period_month);
  if (existing)
    throw new ApiError("SALARY_RUN_DUPLICATE_PERIOD", {
      period_year: input.period_year,
      period_month: input.period_month,
      existing_id: existing.id,
    });
  const row: SalaryRunRow = {
    id: newId(),
    companyId: ctx.companyId,
    periodYear: input.period_year,
    periodMonth: input.period_month,
    paymentDate: input.payment_date,
    voucherSeries: input.voucher_series,
    status: "draft",
    ...ZERO_TOTALS,
    avgifterRoundingOre: 0,
    settlementAccount: null,
    paymentPlanned: false,
    warnings: [],
    calculatedAt: null,
    approvedAt: null,
    approvedBy: null,
    paidAt: null,
    paidBy: null,
    bookedAt: null,
    bookedBy: null,
    salaryEntryId: null,
    avgifterEntryId: null,
    pensionEntryId: null,
    vacationEntryId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const data = runJson(row, 0);
  return {
    status: 201,
    data,
    statements: [db.insert(salaryRuns).values(row)],
    events: [{ type: "salary_run.created", object: data }],
    audit: { action: "salary_run.created", resourceType: "salary_run", resourceId: row.id },
  };
};

export const updateRun: Command<SalaryRunPatchInput & { id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "draft") throw notDraft(run, "PATCH");
  const patch = {
    paymentDate: input.payment_date ?? run.paymentDate,
    voucherSeries: input.voucher_series ?? run.voucherSeries,
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: await runData(db, { ...run, ...patch }),
    statements: [db.update(salaryRuns).set(patch).where(eq(salaryRuns.id, run.id))],
    audit: { action: "salary_run.updated", resourceType: "salary_run", resourceId: run.id },
  };
};

function newRunEmployee(
  ctx: CommandContext,
  runId: string,
  employeeId: string,
  hoursHundredths: number | null,
): RunEmployeeRow {
  return {
    id: newId(),
    companyId: ctx.companyId,
    salaryRunId: runId,
    employeeId,
    hoursHundredths,
    grossOre: 0,
    benefitsOre: 0,
    reimbursementsOre: 0,
    deductionsOre: 0,
    taxBasisOre: 0,
    avgifterBasisOre: 0,
    taxCalculatedOre: 0,
    taxOverrideOre: null,
    avgifterCalculatedOre: 0,
    avgifterOverrideOre: null,
    pensionOre: 0,
    specialPayrollTaxOre: 0,
    netOre: 0,
    breakdown: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

/** Whether the employment covers any day of the run's month. */
function employedInPeriod(e: EmployeeRow, run: SalaryRunRow): boolean {
  const first = `${periodOf(run)}-01`;
  const last = `${periodOf(run)}-31`;
  return e.employmentStart <= last && (!e.employmentEnd || e.employmentEnd >= first);
}

export const addRunEmployees: Command<RunEmployeesAddInput & { id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "draft") throw notDraft(run, "add employees");
  const present = new Set((await runEmployees(db, run.id)).map((r) => r.employeeId));
  const wanted = new Map<string, number | null>();
  const given = input.employees ?? [];
  const found = await employeesByIds(
    db,
    ctx.companyId,
    given.map((g) => g.employee_id),
  );
  given.forEach((g, i) => {
    const e = found.get(g.employee_id);
    if (!e) throw new ApiError("NOT_FOUND", { resource: "employee", id: g.employee_id, index: i });
    if (!e.isActive)
      throw fieldError(
        `employees.${i}.employee_id`,
        "the employee is inactive (soft-deleted); re-activate with PATCH is_active true",
      );
    if (present.has(e.id) || wanted.has(e.id))
      throw new ApiError("CONFLICT", { employee_id: e.id, index: i }, "The employee is in the run already.");
    if (g.hours !== undefined && e.salaryType !== "hourly")
      throw fieldError(`employees.${i}.hours`, "hours are only for employees paid by the hour");
    wanted.set(e.id, g.hours === undefined ? null : toOre(g.hours)!);
  });
  if (input.all_active) {
    for (const e of await activeEmployees(db, ctx.companyId)) {
      if (!present.has(e.id) && !wanted.has(e.id) && employedInPeriod(e, run)) wanted.set(e.id, null);
    }
  }
  const rows = [...wanted].map(([employeeId, hours]) => newRunEmployee(ctx, run.id, employeeId, hours));
  return {
    status: 200,
    data: {
      ...(await runData(db, run, present.size + rows.length)),
      added_employee_ids: rows.map((r) => r.employeeId),
    },
    statements: [
      ...insertFromJson(db, salaryRunEmployees, rows),
      db.update(salaryRuns).set({ updatedAt: ctx.now }).where(eq(salaryRuns.id, run.id)),
    ],
    audit: { action: "salary_run.employees_added", resourceType: "salary_run", resourceId: run.id },
  };
};

export const removeRunEmployee: Command<{ id: string; employeeId: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  const re = await loadRunEmployee(db, run.id, input.employeeId);
  if (run.status !== "draft") throw notDraft(run, "remove an employee");
  return {
    status: 204,
    data: null,
    statements: [
      db.delete(salaryLineItems).where(eq(salaryLineItems.salaryRunEmployeeId, re.id)),
      db.delete(salaryRunEmployees).where(eq(salaryRunEmployees.id, re.id)),
    ],
    audit: { action: "salary_run.employee_removed", resourceType: "salary_run", resourceId: run.id },
  };
};

/** Hours (draft only) and the overrides (draft or review; in review the totals follow). */
export const updateRunEmployee: Command<RunEmployeePatchInput & { id: string; employeeId: string }> = async (
  db,
  input,
  ctx,
) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  const re = await loadRunEmployee(db, run.id, input.employeeId);
  const employee = await loadEmployee(db, ctx.companyId, re.employeeId);
  if (input.hours !== undefined && run.status !== "draft") throw notDraft(run, "hours");
  if (run.status !== "draft" && run.status !== "review")
    throw new ApiError(
      "CONFLICT",
      { status: run.status, required_status: ["draft", "review"] },
      `Overrides can be set in draft or review; this run is ${run.status}.`,
    );
  if (input.hours !== undefined && input.hours !== null && employee.salaryType !== "hourly")
    throw fieldError("hours", "hours are only for employees paid by the hour");
  const oneOffByHand = (re.breakdown as { tax?: { one_off?: { set_by?: string; missing?: unknown } | null } } | null)
    ?.tax?.one_off;
  if (
    run.status === "review" &&
    input.tax_withheld_override === null &&
    oneOffByHand?.set_by === "tax_withheld_override"
  ) {
    throw new ApiError(
      "CONFLICT",
      { tax_withheld_override: "required", one_off_table_missing: oneOffByHand.missing },
      "This employee's one-off amount has no bundled one-off table; the tax stays set by hand: give another amount instead of clearing it.",
    );
  }
  const next: RunEmployeeRow = {
    ...re,
    hoursHundredths: input.hours === undefined ? re.hoursHundredths : input.hours === null ? null : toOre(input.hours)!,
    taxOverrideOre:
      input.tax_withheld_override === undefined
        ? re.taxOverrideOre
        : input.tax_withheld_override === null
          ? null
          : toOre(input.tax_withheld_override)!,
    avgifterOverrideOre:
      input.avgifter_amount_override === undefined
        ? re.avgifterOverrideOre
        : input.avgifter_amount_override === null
          ? null
          : toOre(input.avgifter_amount_override)!,
    updatedAt: ctx.now,
  };
  const statements: Statement[] = [];
  let runRow = run;
  if (run.status === "review") {
    next.netOre = netOre(next, effectiveTaxOre(next));
    const all = (await runEmployees(db, run.id)).map((r) => (r.id === next.id ? next : r));
    runRow = { ...run, ...totalsOf(all), updatedAt: ctx.now };
    statements.push(
      db
        .update(salaryRuns)
        .set({ ...totalsOf(all), updatedAt: ctx.now })
        .where(eq(salaryRuns.id, run.id)),
    );
  }
  statements.unshift(
    db
      .update(salaryRunEmployees)
      .set({
        hoursHundredths: next.hoursHundredths,
        taxOverrideOre: next.taxOverrideOre,
        avgifterOverrideOre: next.avgifterOverrideOre,
        netOre: next.netOre,
        updatedAt: ctx.now,
      })
      .where(eq(salaryRunEmployees.id, re.id)),
  );
  return {
    status: 200,
    data: { ...runEmployeeJson(next, employee), run: await runData(db, runRow) },
    statements,
    audit: { action: "salary_run.employee_updated", resourceType: "salary_run", resourceId: run.id },
  };
};

export const addLineItem: Command<LineItemCreateInput & { id: string; employeeId: string }> = async (
  db,
  input,
  ctx,
) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  const re = await loadRunEmployee(db, run.id, input.employeeId);
  if (run.status !== "draft") throw notDraft(run, "line items");
  const type = itemType(input.item_type);
  const amountOre = toOre(input.amount)!;
  if (amountOre === 0 || (amountOre < 0 && !("signed" in type && type.signed)))
    throw fieldError("amount", `amount must be above zero for ${input.item_type}`);
  if (input.account_number && type.category !== "reimbursement" && type.category !== "deduction") {
    throw fieldError(
      "account_number",
      "account_number is only for reimbursements and net deductions; pay is booked to the employee's salary account",
    );
  }
  const row: LineItemRow = {
    id: newId(),
    companyId: ctx.companyId,
    salaryRunId: run.id,
    salaryRunEmployeeId: re.id,
    itemType: input.item_type,
    description: input.description ?? type.sv,
    amountOre,
    accountNumber:
      type.category === "reimbursement" || type.category === "deduction"
        ? (input.account_number ?? type.account ?? null)
        : null,
    source: "manual",
    createdAt: ctx.now,
  };
  if (row.accountNumber) await ctx.ledger.assertAccountsActive([{ accountNumber: row.accountNumber }]);
  return {
    status: 201,
    data: lineItemJson(row),
    statements: [db.insert(salaryLineItems).values(row)],
    audit: { action: "salary_run.line_item_added", resourceType: "salary_run", resourceId: run.id },
  };
};

export const removeLineItem: Command<{ id: string; employeeId: string; lineItemId: string }> = async (
  db,
  input,
  ctx,
) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  const re = await loadRunEmployee(db, run.id, input.employeeId);
  const item = (await lineItemsOf(db, re.id)).find((i) => i.id === input.lineItemId);
  if (!item) throw new ApiError("NOT_FOUND", { resource: "salary_line_item", id: input.lineItemId });
  if (run.status !== "draft") throw notDraft(run, "line items");
  if (item.source === "engine")
    throw new ApiError(
      "CONFLICT",
      { source: "engine" },
      "Rows of the calculation are regenerated on every calculate; change the employee or the run instead.",
    );
  return {
    status: 204,
    data: null,
    statements: [db.delete(salaryLineItems).where(eq(salaryLineItems.id, item.id))],
    audit: { action: "salary_run.line_item_removed", resourceType: "salary_run", resourceId: run.id },
  };
};

/** Warnings that do not stop the run (spec: non-blocking). */
function employeeWarnings(e: EmployeeRow, run: SalaryRunRow, re: RunEmployeeRow): string[] {
  const name = `${e.firstName} ${e.lastName}`;
  const out: string[] = [];
  if (!e.email) out.push(`${name}: no email address; the payslip cannot be emailed`);
  if (!e.clearingNumber || !e.bankAccountNumber)
    out.push(
      `${name}: no bank account; approve will refuse the run until clearing_number and bank_account_number are set`,
    );
  if (!e.isActive) out.push(`${name}: the employee is inactive`);
  if (!employedInPeriod(e, run)) out.push(`${name}: the employment does not cover ${periodOf(run)}`);
  if (re.taxOverrideOre !== null) out.push(`${name}: tax_withheld_override is set`);
  if (re.avgifterOverrideOre !== null) out.push(`${name}: avgifter_amount_override is set`);
  return out;
}

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

export const approveRun: Command<{ id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "review") throw new ApiError("SALARY_RUN_APPROVE_NOT_REVIEW", { status: run.status });
  const members = await runEmployees(db, run.id);
  const people = await employeesByIds(
    db,
    ctx.companyId,
    members.map((m) => m.employeeId),
  );
  const problems: { employee_id: string; salary_run_employee_id: string; name: string; problems: string[] }[] = [];
  const warnings = run.warnings.filter((w) => !/no email address/.test(w));
  for (const m of members) {
    const e = people.get(m.employeeId)!;
    const p: string[] = [];
    if (!e.clearingNumber) p.push("clearing_number_missing");
    if (!e.bankAccountNumber) p.push("bank_account_number_missing");
    if (m.breakdown === null) p.push("calculation_breakdown_missing");
    if (m.netOre < 0) p.push("net_salary_negative");
    if (p.length)
      problems.push({
        employee_id: e.id,
        salary_run_employee_id: m.id,
        name: `${e.firstName} ${e.lastName}`,
        problems: p,
      });
    if (!e.email) warnings.push(`${e.firstName} ${e.lastName}: no email address; the payslip cannot be emailed`);
  }
  if (problems.length)
    throw new ApiError(
      "SALARY_RUN_APPROVE_VALIDATION_FAILED",
      { employees: problems },
      `${problems.length} employee(s) cannot be paid yet.`,
    );
  const patch = {
    status: "approved" as const,
    approvedAt: ctx.now,
    approvedBy: ctx.userId,
    warnings,
    updatedAt: ctx.now,
  };
  const data = runJson({ ...run, ...patch }, members.length);
  return {
    status: 200,
    data,
    statements: [db.update(salaryRuns).set(patch).where(eq(salaryRuns.id, run.id))],
    events: [{ type: "salary_run.approved", object: data, previousAttributes: { status: run.status } }],
    audit: { action: "salary_run.approved", resourceType: "salary_run", resourceId: run.id },
  };
};

/** Today by the service's clock (src/clock.ts), as the command's context carries it. */
const todayOf = (ctx: CommandContext) => ctx.now.slice(0, 10);

export const markRunPaid: Command<MarkPaidInput & { id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "approved")
    throw new ApiError(
      "CONFLICT",
      { status: run.status, required_status: "approved" },
      `Only an approved salary run can be marked paid; this run is ${run.status}.`,
    );
  // No money has left before the payment date: a later date is only a payment ordered for it.
  const paymentDate = input.payment_date ?? run.paymentDate;
  const today = todayOf(ctx);
  if (paymentDate > today && !input.planned)
    throw new ApiError(
      "PAYMENT_DATE_IN_FUTURE",
      { payment_date: paymentDate, today, planned: false },
      `The payment date ${paymentDate} is after today (${today}); send planned: true for a payment ordered for that date.`,
    );
  await ctx.ledger.assertAccountsActive([{ accountNumber: input.settlement_account }]);
  const patch = {
    status: "paid" as const,
    paymentDate,
    paymentPlanned: input.planned,
    settlementAccount: input.settlement_account,
    paidAt: ctx.now,
    paidBy: ctx.userId,
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: await runData(db, { ...run, ...patch }),
    statements: [db.update(salaryRuns).set(patch).where(eq(salaryRuns.id, run.id))],
    audit: { action: "salary_run.paid", resourceType: "salary_run", resourceId: run.id },
  };
};

/** The figures a calculate wrote on a run employee, cleared (hours and overrides are the caller's and stay). */
const UNCALCULATED = {
  grossOre: 0,
  benefitsOre: 0,
  reimbursementsOre: 0,
  deductionsOre: 0,
  taxBasisOre: 0,
  avgifterBasisOre: 0,
  taxCalculatedOre: 0,
  avgifterCalculatedOre: 0,
  pensionOre: 0,
  specialPayrollTaxOre: 0,
  netOre: 0,
  breakdown: null,
};

/**
 * Reopen: a calculated (review) or approved run back to draft, so employees, hours and line items
 * can change before it is calculated again. Nothing has been paid or booked: a paid run's money
 * has left (or is ordered to), a booked run is in the books, so both are refused. The calculation
 * is undone: the engine's line items go, the run employees' figures and the run's totals and
 * warnings are cleared, approval is forgotten, and the month's absence days are released.
 */
export const reopenRun: Command<{ id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "review" && run.status !== "approved")
    throw new ApiError(
      "SALARY_RUN_REOPEN_INVALID_STATUS",
      { status: run.status, allowed_statuses: ["review", "approved"] },
      run.status === "draft"
        ? "The salary run is a draft already."
        : `A ${run.status} salary run cannot be reopened: its pay has been paid or booked.`,
    );
  const members = await runEmployees(db, run.id);
  const patch = {
    status: "draft" as const,
    ...ZERO_TOTALS,
    warnings: [],
    calculatedAt: null,
    approvedAt: null,
    approvedBy: null,
    updatedAt: ctx.now,
  };
  const data = runJson({ ...run, ...patch }, members.length);
  return {
    status: 200,
    data,
    statements: [
      db
        .delete(salaryLineItems)
        .where(and(eq(salaryLineItems.salaryRunId, run.id), eq(salaryLineItems.source, "engine"))),
      db
        .update(salaryRunEmployees)
        .set({ ...UNCALCULATED, updatedAt: ctx.now })
        .where(eq(salaryRunEmployees.salaryRunId, run.id)),
      ...planUnlinkAbsence(
        db,
        members.map((m) => m.id),
      ),
      db
        .update(salaryRuns)
        .set(patch)
        .where(and(eq(salaryRuns.id, run.id), eq(salaryRuns.status, run.status))),
    ],
    events: [{ type: "salary_run.reopened", object: data, previousAttributes: { status: run.status } }],
    audit: { action: "salary_run.reopened", resourceType: "salary_run", resourceId: run.id },
  };
};

/** Delete a draft run with its employees and line items; the period is free for a new run. */
export const deleteRun: Command<{ id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "draft")
    throw new ApiError(
      "SALARY_RUN_DELETE_NOT_DRAFT",
      { status: run.status, required_status: "draft" },
      run.status === "review" || run.status === "approved"
        ? `Only a draft salary run can be deleted; reopen this ${run.status} run first.`
        : `A ${run.status} salary run cannot be deleted: its pay has been paid or booked.`,
    );
  const members = await runEmployees(db, run.id);
  return {
    status: 204,
    data: null,
    statements: [
      db.delete(salaryLineItems).where(eq(salaryLineItems.salaryRunId, run.id)),
      ...planUnlinkAbsence(
        db,
        members.map((m) => m.id),
      ),
      db.delete(salaryRunEmployees).where(eq(salaryRunEmployees.salaryRunId, run.id)),
      db.delete(salaryRuns).where(and(eq(salaryRuns.id, run.id), eq(salaryRuns.status, "draft"))),
    ],
    events: [{ type: "salary_run.deleted", object: runJson(run, members.length) }],
    audit: { action: "salary_run.deleted", resourceType: "salary_run", resourceId: run.id },
  };
};

export const bookRun: Command<{ id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "paid") throw new ApiError("SALARY_RUN_BOOK_NOT_PAID", { status: run.status });
  // The salary entry credits the settlement account: not before the money leaves it.
  if (run.paymentDate > todayOf(ctx))
    throw new ApiError(
      "SALARY_RUN_BOOK_NOT_DUE",
      { payment_date: run.paymentDate, today: todayOf(ctx), payment_planned: run.paymentPlanned },
      `The run is paid on ${run.paymentDate}; it is booked on that date at the earliest.`,
    );
  assertPeriodOpen(await ctx.ledger.periodForDate(run.paymentDate));
  const members = await runEmployees(db, run.id);
  const people = await employeesByIds(
    db,
    ctx.companyId,
    members.map((m) => m.employeeId),
  );
  // Skatteverket charges the month's contributions computed on the declared bases per rate, öre
  // dropped per rate (ställningstagande 2017-06-08, dnr 131 238881-17/111); booked here with the
  // run, so 2731 holds what the tax account will charge from the moment the cost is booked.
  const rounding = avgifterRoundingOre(members);
  const lines = bookingOf(run, members, people, await lineItemsOfRun(db, run.id), rounding);
  const period = periodOf(run);
  const post = (kind: string, description: string, l: EngineLine[]) =>
    ctx.ledger.post({
      date: run.paymentDate,
      description,
      sourceType: `salary_run_${kind}`,
      sourceId: run.id,
      lines: l,
      series: run.voucherSeries,
    });
  const salary = await post("salary", `Lön ${period}`, lines.salary);
  const avgifter = lines.avgifter.length
    ? await post("avgifter", `Arbetsgivaravgifter ${period}`, lines.avgifter)
    : null;
  const vacationBooking = vacationBookingOf(ctx, db, run, members);
  const vacation = vacationBooking.lines.length
    ? await post("vacation", `Semesterlöneskuld ${period}`, vacationBooking.lines)
    : null;
  const pension = lines.pension.length
    ? await post("pension", `Pension och särskild löneskatt, löneväxling ${period}`, lines.pension)
    : null;
  const patch = {
    status: "booked" as const,
    avgifterRoundingOre: rounding,
    bookedAt: ctx.now,
    bookedBy: ctx.userId,
    salaryEntryId: salary.row.id,
    avgifterEntryId: avgifter?.row.id ?? null,
    vacationEntryId: vacation?.row.id ?? null,
    pensionEntryId: pension?.row.id ?? null,
    updatedAt: ctx.now,
  };
  const data = runJson({ ...run, ...patch }, members.length);
  return {
    status: 200,
    data,
    statements: [
      salary.write,
      ...writeOf(avgifter),
      ...writeOf(vacation),
      ...writeOf(pension),
      ...vacationBooking.statements,
      db
        .update(salaryRuns)
        .set(patch)
        .where(and(eq(salaryRuns.id, run.id), eq(salaryRuns.status, "paid"))),
    ],
    events: [{ type: "salary_run.booked", object: data, previousAttributes: { status: run.status } }],
    audit: { action: "salary_run.booked", resourceType: "salary_run", resourceId: run.id, voucher: salary.voucher },
  };
};
