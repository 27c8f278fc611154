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
import type { Command, CommandContext, Plan, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { insertFromJson } from "../../../db/json-insert";
import { salaryLineItems, salaryRunEmployees, salaryRuns } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { planUnlinkAbsence } from "../absence/commands";
import { activeEmployees, employeesByIds, loadEmployee } from "../employees/queries";
import { itemType } from "../item-types";
import { netOre } from "./calculate/rules";
import {
  countRunEmployees,
  lineItemJson,
  lineItemsOf,
  loadRun,
  loadRunEmployee,
  runEmployeeJson,
  runEmployees,
  runForPeriod,
  runJson,
} from "./queries";
import {
  effectiveTaxOre,
  employedInPeriod,
  notDraft,
  runEmployeePatched,
  todayOf,
  totalsOf,
  ZERO_TOTALS,
} from "./rules";
import type {
  LineItemCreateInput,
  MarkPaidInput,
  RunEmployeePatchInput,
  RunEmployeesAddInput,
  SalaryRunCreateInput,
  SalaryRunPatchInput,
} from "./schemas";
import type { LineItemRow, RunEmployeeRow, SalaryRunRow } from "../rows";

export async function runData(db: Database, run: SalaryRunRow, count?: number) {
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

/** A run's row patched: the run as it will read, the update, the audit's action. */
async function runPatched(
  db: Database,
  run: SalaryRunRow,
  patch: Partial<SalaryRunRow>,
  action: string,
): Promise<Plan> {
  return {
    status: 200,
    data: await runData(db, { ...run, ...patch }),
    statements: [db.update(salaryRuns).set(patch).where(eq(salaryRuns.id, run.id))],
    audit: { action, resourceType: "salary_run", resourceId: run.id },
  };
}

/** The run of `input.id` and its employee row of `input.employeeId` (NOT_FOUND unless both are the company's). */
async function runAndEmployee(db: Database, companyId: string, input: { id: string; employeeId: string }) {
  const run = await loadRun(db, companyId, input.id);
  return { run, re: await loadRunEmployee(db, run.id, input.employeeId) };
}

export const updateRun: Command<SalaryRunPatchInput & { id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "draft") throw notDraft(run, "PATCH");
  const patch = {
    paymentDate: input.payment_date ?? run.paymentDate,
    voucherSeries: input.voucher_series ?? run.voucherSeries,
    updatedAt: ctx.now,
  };
  return runPatched(db, run, patch, "salary_run.updated");
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

function newRunEmployee(
  ctx: CommandContext,
  runId: string,
  employeeId: string,
  hoursHundredths: number | null,
): RunEmployeeRow {
  const { companyId, now } = ctx;
  const overrides = { taxOverrideOre: null, avgifterOverrideOre: null };
  return {
    id: newId(),
    companyId,
    salaryRunId: runId,
    employeeId,
    hoursHundredths,
    ...UNCALCULATED,
    ...overrides,
    createdAt: now,
    updatedAt: now,
  };
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
  const { run, re } = await runAndEmployee(db, ctx.companyId, input);
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
  const { run, re } = await runAndEmployee(db, ctx.companyId, input);
  const employee = await loadEmployee(db, ctx.companyId, re.employeeId);
  // in review the net pay and the run's totals follow: the run's other employees are read for them
  const others = run.status === "review" ? await runEmployees(db, run.id) : [];
  const next = runEmployeePatched(run, re, employee, input, ctx.now);
  const statements: Statement[] = [];
  let runRow = run;
  if (run.status === "review") {
    next.netOre = netOre(next, effectiveTaxOre(next));
    const all = others.map((r) => (r.id === next.id ? next : r));
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
  const { run, re } = await runAndEmployee(db, ctx.companyId, input);
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
  const { run, re } = await runAndEmployee(db, ctx.companyId, input);
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
  return runPatched(db, run, patch, "salary_run.paid");
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
