// Reads of the employees table and the JSON shape of an employee.
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { employees } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { afterDesc, type PageRequest } from "../../../http/pagination";
import { fromOre } from "../../../money";
import { decryptSecret, encryptSecret } from "../../../secrets";
import { parsePersonnummer } from "../../../sweden/identity";
import { personnummerIndexes } from "./personnummer-index";
import type { EmployeeRow } from "../rows";

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

/** The company's employees (the active ones unless `inactiveToo`) that meet `more` too. */
const employeesOf = (companyId: string, inactiveToo: boolean, ...more: (SQL | undefined)[]) =>
  and(eq(employees.companyId, companyId), ...more, inactiveToo ? undefined : eq(employees.isActive, true));
/** The lists' order: newest first, then by id. */
const NEWEST_FIRST = [desc(employees.createdAt), asc(employees.id)] as const;

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
      employeesOf(
        companyId,
        includeInactive,
        inArray(employees.personnummerHash, await personnummerIndexes(env, companyId, long)),
      ),
    )
    .orderBy(...NEWEST_FIRST)
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
    .where(employeesOf(companyId, !!q.include_inactive, search, afterDesc(page, employees.createdAt, employees.id)))
    .orderBy(...NEWEST_FIRST)
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
