// The salary run's pure rules: the effective tax and contributions of a run employee, the run's
// totals, the contributions Skatteverket charges, and what a step refuses or warns about. No I/O.
import type { CommandContext } from "../../../commands/plan";
import { ApiError, fieldError } from "../../../errors/api-error";
import { toOre } from "../../../money";
import { type ContributionPart, declaredContributions } from "../../../sweden/payroll";
import type { EmployeeRow, RunEmployeeRow, SalaryRunRow } from "../rows";
import type { RunEmployeePatchInput } from "./schemas";

/** Effective values: the override if set, else the calculated. */
export const effectiveTaxOre = (r: RunEmployeeRow) => r.taxOverrideOre ?? r.taxCalculatedOre;
export const effectiveAvgifterOre = (r: RunEmployeeRow) => r.avgifterOverrideOre ?? r.avgifterCalculatedOre;

/** The contribution parts calculate stored in a run employee's breakdown (kronor there), in öre. */
export function contributionPartsOf(breakdown: Record<string, unknown> | null): ContributionPart[] {
  const parts =
    (
      breakdown?.avgifter as
        | { parts?: { rate: ContributionPart["rate"]; percent: string; basis: number; amount: number }[] }
        | undefined
    )?.parts ?? [];
  return parts.map((p) => ({
    rate: p.rate,
    percent: p.percent,
    basisOre: Math.round(p.basis * 100),
    contributionOre: Math.round(p.amount * 100),
  }));
}

/**
 * Skatteverket's figure for a run's month (the AGI's field 487, what the tax account is charged):
 * computed from the same parts by the AGI and by book, so the two cannot disagree. An F-skatt
 * holder has no parts and adds nothing. Overrides are not declared (Skatteverket computes from
 * the individual forms).
 */
export const declaredContributionsOfRun = (members: RunEmployeeRow[]) =>
  declaredContributions(members.map((m) => ({ parts: contributionPartsOf(m.breakdown) })));

/**
 * What book puts on 3740 so that 2731 is credited Skatteverket's figure: the declared total less
 * the per-employee contributions as calculated (öre, usually a few kronor below zero). An
 * override's own deviation is the caller's choice and stays in 7510/2731.
 */
export function avgifterRoundingOre(members: RunEmployeeRow[]): number {
  const calculated = members.reduce((sum, m) => sum + m.avgifterCalculatedOre, 0);
  return declaredContributionsOfRun(members).totalKronor * 100 - calculated;
}

export const ZERO_TOTALS = {
  totalGrossOre: 0,
  totalBenefitsOre: 0,
  totalReimbursementsOre: 0,
  totalDeductionsOre: 0,
  totalTaxOre: 0,
  totalNetOre: 0,
  totalAvgifterOre: 0,
  totalPensionOre: 0,
  totalSpecialPayrollTaxOre: 0,
};

export function totalsOf(rows: RunEmployeeRow[]) {
  const t = { ...ZERO_TOTALS };
  for (const r of rows) {
    t.totalGrossOre += r.grossOre;
    t.totalBenefitsOre += r.benefitsOre;
    t.totalReimbursementsOre += r.reimbursementsOre;
    t.totalDeductionsOre += r.deductionsOre;
    t.totalTaxOre += effectiveTaxOre(r);
    t.totalNetOre += r.netOre;
    t.totalAvgifterOre += effectiveAvgifterOre(r);
    t.totalPensionOre += r.pensionOre;
    t.totalSpecialPayrollTaxOre += r.specialPayrollTaxOre;
  }
  return t;
}

export const periodOf = (run: { periodYear: number; periodMonth: number }) =>
  `${run.periodYear}-${String(run.periodMonth).padStart(2, "0")}`;

export function notDraft(run: SalaryRunRow, action: string): ApiError {
  return new ApiError(
    "CONFLICT",
    { status: run.status, required_status: "draft" },
    `Only a draft salary run can be changed (${action}); this run is ${run.status}.`,
  );
}

/** Whether the employment covers any day of the run's month. */
export function employedInPeriod(e: EmployeeRow, run: SalaryRunRow): boolean {
  const first = `${periodOf(run)}-01`;
  const last = `${periodOf(run)}-31`;
  return e.employmentStart <= last && (!e.employmentEnd || e.employmentEnd >= first);
}

/** Warnings that do not stop the run (spec: non-blocking). */
export function employeeWarnings(e: EmployeeRow, run: SalaryRunRow, re: RunEmployeeRow): string[] {
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

/** Today by the service's clock (src/clock.ts), as the command's context carries it. */
export const todayOf = (ctx: CommandContext) => ctx.now.slice(0, 10);

/** A patched öre amount: absent keeps `current`, null clears it, a number (kronor) sets it. */
const patchedOre = (given: number | null | undefined, current: number | null) =>
  given === undefined ? current : given === null ? null : toOre(given)!;

/**
 * A run employee with the hours (draft only, pay by the hour only) and the overrides of tax and
 * contributions (draft or review) of a PATCH. In review a tax set by hand for a one-off amount
 * without a bundled table cannot be cleared (CONFLICT): it would leave the month without its tax.
 */
export function runEmployeePatched(
  run: SalaryRunRow,
  re: RunEmployeeRow,
  employee: EmployeeRow,
  input: RunEmployeePatchInput,
  now: string,
): RunEmployeeRow {
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
      "This employee's one-off amount has no bundled one-off table; the tax stays set by hand: " +
        "give another amount instead of clearing it.",
    );
  }
  return {
    ...re,
    hoursHundredths: patchedOre(input.hours, re.hoursHundredths),
    taxOverrideOre: patchedOre(input.tax_withheld_override, re.taxOverrideOre),
    avgifterOverrideOre: patchedOre(input.avgifter_amount_override, re.avgifterOverrideOre),
    updatedAt: now,
  };
}
