// Reads of the payroll tables and the JSON shape of their rows.
import { and, asc, desc, eq, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { employees, payrollOpeningBalances, salaryLineItems, salaryRunEmployees, salaryRuns } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { afterDesc, type PageRequest } from "../../http/pagination";
import { fromOre } from "../../money";
import { decryptSecret, encryptSecret } from "../../secrets";
import { parsePersonnummer } from "../../sweden/identity";
import { declaredContributions, type ContributionPart } from "../../sweden/payroll";
import { ENGINE_ITEM_TYPES, itemType } from "./item-types";
import { personnummerIndexes } from "./personnummer-index";

export type EmployeeRow = typeof employees.$inferSelect;
export type SalaryRunRow = typeof salaryRuns.$inferSelect;
export type RunEmployeeRow = typeof salaryRunEmployees.$inferSelect;
export type LineItemRow = typeof salaryLineItems.$inferSelect;

/** Spec: the birth date part and XXXX. */
export const maskedPersonnummer = (prefix: string) => `${prefix}-XXXX`;

/**
 * Bank account numbers are stored encrypted (AES-GCM, "v1.<iv>.<ciphertext>", issue #34).
 * Rows written before hold the plaintext digits: the read path takes both, and such a row
 * is encrypted the next time it is written (storedBankAccount). No migration rewrites
 * them, as SQL cannot encrypt.
 */
export async function bankAccountOf(env: Env, stored: string | null, employeeId: string): Promise<string | null> {
  if (stored === null || !stored.startsWith("v1.")) return stored;
  const plain = await decryptSecret(env.PII_ENCRYPTION_KEY, stored);
  if (plain === null)
    throw new ApiError(
      "INTERNAL_ERROR",
      { employee_id: employeeId },
      "The stored bank account number cannot be decrypted with the configured key.",
    );
  return plain;
}

/** The form a bank account number is stored in: encrypted. */
export async function storedBankAccount(env: Env, plain: string | null): Promise<string | null> {
  return plain === null ? null : encryptSecret(env.PII_ENCRYPTION_KEY, plain);
}

/** The row with its bank account number in plaintext, for the code that pays or shows it. */
export async function withBankAccount(env: Env, e: EmployeeRow): Promise<EmployeeRow> {
  return { ...e, bankAccountNumber: await bankAccountOf(env, e.bankAccountNumber, e.id) };
}

/** The last four digits, the rest as asterisks (as the payslip prints it). */
export const maskedBankAccount = (account: string) =>
  `${"*".repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;

/**
 * An employee as lists, write answers and viewers see it: the personnummer and the bank
 * account number masked. `e` carries the plaintext account (withBankAccount).
 */
export function employeeJson(e: EmployeeRow, full?: { personnummer: string; bankAccount: boolean }) {
  return {
    id: e.id,
    first_name: e.firstName,
    last_name: e.lastName,
    ...(full !== undefined ? { personnummer: full.personnummer } : {}),
    personnummer_masked: maskedPersonnummer(e.personnummerPrefix),
    birth_date: e.birthDate,
    email: e.email,
    employment_type: e.employmentType,
    personnel_category: e.personnelCategory,
    employment_start: e.employmentStart,
    employment_end: e.employmentEnd,
    salary_type: e.salaryType,
    monthly_salary: e.monthlySalaryOre === null ? null : fromOre(e.monthlySalaryOre),
    hourly_rate: e.hourlyRateOre === null ? null : fromOre(e.hourlyRateOre),
    salary_exchange_monthly: fromOre(e.salaryExchangeOre),
    f_skatt_status: e.fSkattStatus,
    tax_table_number: e.taxTableNumber,
    tax_column: e.taxColumn,
    tax_decided_percent: e.taxDecidedPercent,
    tax_decision_reference: e.taxDecisionReference,
    clearing_number: e.clearingNumber,
    bank_account_number:
      e.bankAccountNumber === null || full?.bankAccount ? e.bankAccountNumber : maskedBankAccount(e.bankAccountNumber),
    bank_name: e.bankName,
    vacation_rule: e.vacationRule,
    vacation_days_per_year: e.vacationDaysPerYear,
    is_active: e.isActive,
    deactivated_at: e.deactivatedAt,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}

/** A list's or a write's answer: masked, from the stored row. */
export async function employeeListJson(env: Env, e: EmployeeRow) {
  return employeeJson(await withBankAccount(env, e));
}

/**
 * The detail read: the full personnummer, decrypted, and the full bank account number
 * unless the caller is a viewer (`fullBankAccount` false), who sees it masked.
 */
export async function employeeDetailJson(env: Env, e: EmployeeRow, fullBankAccount: boolean) {
  const plain = await decryptSecret(env.PII_ENCRYPTION_KEY, e.personnummerEnc);
  if (plain === null)
    throw new ApiError(
      "INTERNAL_ERROR",
      { employee_id: e.id },
      "The stored personnummer cannot be decrypted with the configured key.",
    );
  return employeeJson(await withBankAccount(env, e), { personnummer: plain, bankAccount: fullBankAccount });
}

export async function loadEmployee(db: Database, companyId: string, id: string): Promise<EmployeeRow> {
  const row = await db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "employee", id });
  return row;
}

export async function employeesByIds(
  db: Database,
  companyId: string,
  ids: string[],
): Promise<Map<string, EmployeeRow>> {
  const out = new Map<string, EmployeeRow>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    for (const e of await db
      .select()
      .from(employees)
      .where(and(eq(employees.companyId, companyId), inArray(employees.id, chunk)))
      .all())
      out.set(e.id, e);
  }
  return out;
}

/** Another employee of the company with this personnummer, by any of its indexes (personnummerIndexes). */
export async function employeeWithPersonnummer(
  db: Database,
  companyId: string,
  indexes: string[],
  exceptId: string | null,
) {
  return db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        inArray(employees.personnummerHash, indexes),
        exceptId ? ne(employees.id, exceptId) : undefined,
      ),
    )
    .get();
}

/** POST .../employees/search: the employees (active unless asked) with this personnummer, found by its blind index. */
export async function employeesByPersonnummer(
  env: Env,
  db: Database,
  companyId: string,
  personnummer: string,
  includeInactive: boolean,
  today: string,
): Promise<EmployeeRow[]> {
  const long = parsePersonnummer(personnummer.replace(/\s/g, ""), today)?.long;
  if (!long) return [];
  return db
    .select()
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        inArray(employees.personnummerHash, await personnummerIndexes(env, companyId, long)),
        includeInactive ? undefined : eq(employees.isActive, true),
      ),
    )
    .orderBy(desc(employees.createdAt), asc(employees.id))
    .all();
}

export async function listEmployees(
  db: Database,
  companyId: string,
  q: { include_inactive?: boolean; search?: string },
  page: PageRequest,
) {
  let search: SQL | undefined;
  if (q.search) {
    const digits = q.search.replace(/\D/g, "");
    const pattern = `%${q.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    // a full personnummer is refused before this (the route); it is searched by POST .../employees/search
    search = or(
      sql`(${employees.firstName} || ' ' || ${employees.lastName}) LIKE ${pattern} ESCAPE '\\'`,
      digits.length === 8 ? eq(employees.personnummerPrefix, digits) : undefined,
    );
  }
  return db
    .select()
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        q.include_inactive ? undefined : eq(employees.isActive, true),
        search,
        afterDesc(page, employees.createdAt, employees.id),
      ),
    )
    .orderBy(desc(employees.createdAt), asc(employees.id))
    .limit(page.limit + 1)
    .all();
}

export async function activeEmployees(db: Database, companyId: string): Promise<EmployeeRow[]> {
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.isActive, true)))
    .orderBy(asc(employees.createdAt), asc(employees.id))
    .all();
}

/** Whether the company has anyone on its payroll (the tax calendar's employer declarations follow from it). */
export async function hasActiveEmployees(db: Database, companyId: string): Promise<boolean> {
  const row = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.isActive, true)))
    .limit(1)
    .get();
  return row !== undefined;
}

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
      AND (r.id = ${run.id} OR (r.status IN ('approved', 'paid', 'booked') AND substr(r.payment_date, 1, 4) = ${year} AND r.payment_date <= ${run.paymentDate}))`);
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
    WHERE r.company_id = ${companyId} AND r.id <> ${runId} AND r.status IN ('approved', 'paid', 'booked') AND substr(r.payment_date, 1, 4) = ${String(year)}
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
