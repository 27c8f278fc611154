// Reads of the salary runs, their employees and line items, and the JSON shape of their rows.
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { payrollOpeningBalances, salaryLineItems, salaryRunEmployees, salaryRuns } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { afterDesc, type PageRequest } from "../../../http/pagination";
import { fromOre } from "../../../money";
import { loadEmployee, maskedPersonnummer } from "../employees/queries";
import { ENGINE_ITEM_TYPES, itemType } from "../item-types";
import { effectiveAvgifterOre, effectiveTaxOre } from "./rules";
import type { EmployeeRow, LineItemRow, RunEmployeeRow, SalaryRunRow } from "../rows";

// Salary runs

export async function loadRun(db: Database, companyId: string, id: string): Promise<SalaryRunRow> {
  const row = await db
    .select()
    .from(salaryRuns)
    .where(and(eq(salaryRuns.companyId, companyId), eq(salaryRuns.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "salary_run", id });
  return row;
}

export async function runForPeriod(db: Database, companyId: string, year: number, month: number) {
  return db
    .select({ id: salaryRuns.id })
    .from(salaryRuns)
    .where(and(eq(salaryRuns.companyId, companyId), eq(salaryRuns.periodYear, year), eq(salaryRuns.periodMonth, month)))
    .get();
}

export async function countRunEmployees(db: Database, runIds: string[]): Promise<Map<string, number>> {
  if (!runIds.length) return new Map();
  const rows = await db
    .select({ id: salaryRunEmployees.salaryRunId, n: sql<number>`count(*)` })
    .from(salaryRunEmployees)
    .where(inArray(salaryRunEmployees.salaryRunId, runIds))
    .groupBy(salaryRunEmployees.salaryRunId)
    .all();
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export function runJson(r: SalaryRunRow, employeeCount: number) {
  const entryIds = [r.salaryEntryId, r.avgifterEntryId, r.vacationEntryId, r.pensionEntryId].filter(
    (x): x is string => !!x,
  );
  return {
    id: r.id,
    period_year: r.periodYear,
    period_month: r.periodMonth,
    payment_date: r.paymentDate,
    voucher_series: r.voucherSeries,
    status: r.status,
    employee_count: employeeCount,
    total_gross: fromOre(r.totalGrossOre),
    total_benefits: fromOre(r.totalBenefitsOre),
    total_reimbursements: fromOre(r.totalReimbursementsOre),
    total_deductions: fromOre(r.totalDeductionsOre),
    total_tax: fromOre(r.totalTaxOre),
    total_net: fromOre(r.totalNetOre),
    total_avgifter: fromOre(r.totalAvgifterOre),
    total_pension: fromOre(r.totalPensionOre),
    total_special_payroll_tax: fromOre(r.totalSpecialPayrollTaxOre),
    avgifter_rounding: fromOre(r.avgifterRoundingOre),
    total_employer_cost: fromOre(
      r.totalGrossOre + r.totalReimbursementsOre + r.totalAvgifterOre + r.totalPensionOre + r.totalSpecialPayrollTaxOre,
    ),
    settlement_account: r.settlementAccount,
    payment_planned: r.paymentPlanned,
    salary_entry_id: r.salaryEntryId,
    avgifter_entry_id: r.avgifterEntryId,
    vacation_entry_id: r.vacationEntryId,
    pension_entry_id: r.pensionEntryId,
    entry_ids: entryIds,
    calculated_at: r.calculatedAt,
    approved_at: r.approvedAt,
    approved_by: r.approvedBy,
    paid_at: r.paidAt,
    paid_by: r.paidBy,
    booked_at: r.bookedAt,
    booked_by: r.bookedBy,
    warnings: r.warnings,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** Planned payments whose date has come (for the minute sweep, which books each in its company's writer). */
export async function plannedRunsDue(db: Database, today: string): Promise<{ companyId: string; id: string }[]> {
  return db
    .select({ companyId: salaryRuns.companyId, id: salaryRuns.id })
    .from(salaryRuns)
    .where(and(eq(salaryRuns.status, "paid"), eq(salaryRuns.paymentPlanned, true), lte(salaryRuns.paymentDate, today)))
    .all();
}

export async function listRuns(
  db: Database,
  companyId: string,
  q: { period_year?: number; status?: SalaryRunRow["status"] },
  page: PageRequest,
) {
  return db
    .select()
    .from(salaryRuns)
    .where(
      and(
        eq(salaryRuns.companyId, companyId),
        q.period_year ? eq(salaryRuns.periodYear, q.period_year) : undefined,
        q.status ? eq(salaryRuns.status, q.status) : undefined,
        afterDesc(page, salaryRuns.createdAt, salaryRuns.id),
      ),
    )
    .orderBy(desc(salaryRuns.createdAt), asc(salaryRuns.id))
    .limit(page.limit + 1)
    .all();
}

export async function runEmployees(db: Database, runId: string, page?: PageRequest): Promise<RunEmployeeRow[]> {
  const q = db
    .select()
    .from(salaryRunEmployees)
    .where(
      and(
        eq(salaryRunEmployees.salaryRunId, runId),
        page ? afterDesc(page, salaryRunEmployees.createdAt, salaryRunEmployees.id) : undefined,
      ),
    )
    .orderBy(desc(salaryRunEmployees.createdAt), asc(salaryRunEmployees.id));
  return page ? q.limit(page.limit + 1).all() : q.all();
}

export async function loadRunEmployee(db: Database, runId: string, employeeId: string): Promise<RunEmployeeRow> {
  const row = await db
    .select()
    .from(salaryRunEmployees)
    .where(and(eq(salaryRunEmployees.salaryRunId, runId), eq(salaryRunEmployees.employeeId, employeeId)))
    .get();
  if (!row)
    throw new ApiError("NOT_FOUND", { resource: "salary_run_employee", salary_run_id: runId, employee_id: employeeId });
  return row;
}

/** A run, one employee's row in it and that employee: what a payslip and its detail show. */
export async function loadRunEmployeeOf(db: Database, companyId: string, runId: string, employeeId: string) {
  const run = await loadRun(db, companyId, runId);
  const row = await loadRunEmployee(db, run.id, employeeId);
  return { run, row, employee: await loadEmployee(db, companyId, employeeId) };
}

/** Payslip order: the engine's rows first (salary, then salary exchange), then the manual rows as added. */
function payslipOrder(rows: LineItemRow[]): LineItemRow[] {
  const rank = (i: LineItemRow) =>
    i.source === "engine" ? (ENGINE_ITEM_TYPES as readonly string[]).indexOf(i.itemType) : ENGINE_ITEM_TYPES.length;
  return rows.sort((a, b) => rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function lineItemsOfRun(db: Database, runId: string): Promise<LineItemRow[]> {
  return payslipOrder(await db.select().from(salaryLineItems).where(eq(salaryLineItems.salaryRunId, runId)).all());
}

export async function lineItemsOf(db: Database, runEmployeeId: string): Promise<LineItemRow[]> {
  return payslipOrder(
    await db.select().from(salaryLineItems).where(eq(salaryLineItems.salaryRunEmployeeId, runEmployeeId)).all(),
  );
}

export function lineItemJson(i: LineItemRow) {
  return {
    salary_line_item_id: i.id,
    item_type: i.itemType,
    category: itemType(i.itemType).category,
    description: i.description,
    amount: fromOre(i.amountOre),
    account_number: i.accountNumber,
    source: i.source,
    created_at: i.createdAt,
  };
}

export interface Ytd {
  grossOre: number;
  benefitsOre: number;
  taxOre: number;
  netOre: number;
  avgifterOre: number;
}

export function runEmployeeJson(r: RunEmployeeRow, e: EmployeeRow, extra?: { ytd: Ytd; items: LineItemRow[] }) {
  return {
    salary_run_employee_id: r.id,
    salary_run_id: r.salaryRunId,
    employee_id: r.employeeId,
    first_name: e.firstName,
    last_name: e.lastName,
    personnummer_masked: maskedPersonnummer(e.personnummerPrefix),
    salary_type: e.salaryType,
    hours: r.hoursHundredths === null ? null : r.hoursHundredths / 100,
    gross_salary: fromOre(r.grossOre),
    taxable_benefits: fromOre(r.benefitsOre),
    tax_free_reimbursements: fromOre(r.reimbursementsOre),
    net_deductions: fromOre(r.deductionsOre),
    tax_basis: fromOre(r.taxBasisOre),
    avgifter_basis: fromOre(r.avgifterBasisOre),
    tax_withheld: fromOre(effectiveTaxOre(r)),
    tax_withheld_calculated: fromOre(r.taxCalculatedOre),
    tax_withheld_override: r.taxOverrideOre === null ? null : fromOre(r.taxOverrideOre),
    avgifter_amount: fromOre(effectiveAvgifterOre(r)),
    avgifter_amount_calculated: fromOre(r.avgifterCalculatedOre),
    avgifter_amount_override: r.avgifterOverrideOre === null ? null : fromOre(r.avgifterOverrideOre),
    pension_premium: fromOre(r.pensionOre),
    special_payroll_tax: fromOre(r.specialPayrollTaxOre),
    net_salary: fromOre(r.netOre),
    absence_counts:
      (r.breakdown?.absence as { counts?: Record<string, { days: number; hours: number }> } | undefined)?.counts ?? {},
    calculated: r.breakdown !== null,
    ...(extra
      ? {
          ytd: {
            gross: fromOre(extra.ytd.grossOre),
            taxable_benefits: fromOre(extra.ytd.benefitsOre),
            tax: fromOre(extra.ytd.taxOre),
            net: fromOre(extra.ytd.netOre),
            avgifter: fromOre(extra.ytd.avgifterOre),
          },
          line_items: extra.items.map(lineItemJson),
          calculation_breakdown: r.breakdown,
        }
      : {}),
  };
}

/**
 * Year to date for a payslip: the employee's runs paid in the same year that are at least
 * approved, paid on or before this run's payment date, and this run itself.
 */
export async function ytdOf(db: Database, companyId: string, employeeId: string, run: SalaryRunRow): Promise<Ytd> {
  const year = run.paymentDate.slice(0, 4);
  const [row] = await db.all<{ g: number; b: number; t: number; n: number; a: number }>(sql`
    SELECT COALESCE(SUM(e.gross_ore), 0) AS g, COALESCE(SUM(e.benefits_ore), 0) AS b,
           COALESCE(SUM(COALESCE(e.tax_override_ore, e.tax_calculated_ore)), 0) AS t, COALESCE(SUM(e.net_ore), 0) AS n,
           COALESCE(SUM(COALESCE(e.avgifter_override_ore, e.avgifter_calculated_ore)), 0) AS a
    FROM salary_run_employees e JOIN salary_runs r ON r.id = e.salary_run_id
    WHERE r.company_id = ${companyId} AND e.employee_id = ${employeeId}
      AND (r.id = ${run.id} OR (r.status IN ('approved', 'paid', 'booked')
        AND substr(r.payment_date, 1, 4) = ${year} AND r.payment_date <= ${run.paymentDate}))`);
  // the year before a mid-year cutover (opening balances); not in the AGI, which is per month
  const o = await db
    .select()
    .from(payrollOpeningBalances)
    .where(
      and(
        eq(payrollOpeningBalances.companyId, companyId),
        eq(payrollOpeningBalances.employeeId, employeeId),
        eq(payrollOpeningBalances.year, Number(year)),
      ),
    )
    .get();
  return {
    grossOre: Number(row?.g ?? 0) + (o?.ytdGrossOre ?? 0),
    benefitsOre: Number(row?.b ?? 0) + (o?.ytdBenefitsOre ?? 0),
    taxOre: Number(row?.t ?? 0) + (o?.ytdTaxOre ?? 0),
    netOre: Number(row?.n ?? 0) + (o?.ytdNetOre ?? 0),
    avgifterOre: Number(row?.a ?? 0) + (o?.ytdAvgifterOre ?? 0),
  };
}

/** Taxable pay of earlier runs (other than `runId`) paid in `year`, per employee: the one-off amounts' annual income. */
export async function earlierTaxBasis(
  db: Database,
  companyId: string,
  runId: string,
  year: number,
): Promise<Map<string, number>> {
  const rows = await db.all<{ id: string; s: number }>(sql`
    SELECT e.employee_id AS id, SUM(e.tax_basis_ore) AS s
    FROM salary_run_employees e JOIN salary_runs r ON r.id = e.salary_run_id
    WHERE r.company_id = ${companyId} AND r.id <> ${runId} AND r.status IN ('approved', 'paid', 'booked')
      AND substr(r.payment_date, 1, 4) = ${String(year)}
    GROUP BY e.employee_id`);
  return new Map(rows.map((r) => [r.id, Number(r.s)]));
}

/**
 * Medelantalet anställda of a fiscal year (ÅRL 5 kap 18 §), as the annual report derives
 * it when the accountant gives none: the employees paid in each month's booked salary runs
 * (payment date in the year; a run corrected later still counts), summed over the months
 * and divided by the year's months, rounded to a whole number (half up).
 */
export async function averageEmployees(db: Database, companyId: string, start: string, end: string): Promise<number> {
  const rows = await db
    .selectDistinct({
      month: sql<string>`substr(${salaryRuns.paymentDate}, 1, 7)`,
      employee: salaryRunEmployees.employeeId,
    })
    .from(salaryRuns)
    .innerJoin(salaryRunEmployees, eq(salaryRunEmployees.salaryRunId, salaryRuns.id))
    .where(
      and(
        eq(salaryRuns.companyId, companyId),
        inArray(salaryRuns.status, ["booked", "corrected"]),
        sql`${salaryRuns.paymentDate} BETWEEN ${start} AND ${end}`,
      ),
    )
    .all();
  const [sy, sm] = start.split("-").map(Number);
  const [ey, em] = end.split("-").map(Number);
  const months = ey * 12 + em - (sy * 12 + sm) + 1;
  return Math.round(rows.length / months);
}

/**
 * The payment proposal (payment-batches, include_salaries): approved salary runs not yet paid whose
 * payment date is on or before `dueBy`, with their net pay; their file is GET .../payment-file.
 */
export async function salaryRunsToPay(db: Database, companyId: string, dueBy: string) {
  const r = salaryRuns;
  const rows = await db
    .select({ id: r.id, paymentDate: r.paymentDate, year: r.periodYear, month: r.periodMonth, netOre: r.totalNetOre })
    .from(r)
    .where(and(eq(r.companyId, companyId), eq(r.status, "approved"), lte(r.paymentDate, dueBy)))
    .orderBy(asc(r.paymentDate))
    .all();
  return rows.map((x) => ({
    salary_run_id: x.id,
    period: `${x.year}-${String(x.month).padStart(2, "0")}`,
    payment_date: x.paymentDate,
    net_pay: fromOre(x.netOre),
    payment_file_url: `/api/v1/companies/${companyId}/salary-runs/${x.id}/payment-file`,
  }));
}
