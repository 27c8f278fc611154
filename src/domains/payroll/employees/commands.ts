// Employees (spec: Employee; POST/PATCH/DELETE .../employees). The personnummer is 12 digits,
// Luhn-checked, stored encrypted with a blind index keyed by the company for the uniqueness
// (EMPLOYEE_DUPLICATE_PERSONNUMMER), masked everywhere but the detail read. The payroll
// configuration is checked as a whole after every write, so a PATCH cannot leave an employee
// who cannot be paid (an A-tax employee without a table, a monthly salary without an amount).
//
// Rule order: VALIDATION_ERROR (body, then the configuration) > EMPLOYEE_DUPLICATE_PERSONNUMMER.
import { eq } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import { employees } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { encryptSecret } from "../../../secrets";
import { personnummerIndexes } from "./personnummer-index";
import { employeeJson, employeeWithPersonnummer, loadEmployee, storedBankAccount, withBankAccount } from "./queries";
import { checkConfig, checkPersonnummer, ore, patchedConfig, patchedIdentity } from "./rules";
import type { EmployeeCreateInput, EmployeePatchInput } from "./schemas";
import type { EmployeeRow } from "../rows";

async function assertPersonnummerFree(
  env: Env,
  db: Parameters<Command<unknown>>[0],
  companyId: string,
  pnr: string,
  exceptId: string | null,
) {
  // the company's index is stored; the old one (issue #41 item 15) is matched until re-indexed
  const indexes = await personnummerIndexes(env, companyId, pnr);
  const other = await employeeWithPersonnummer(db, companyId, indexes, exceptId);
  if (other) throw new ApiError("EMPLOYEE_DUPLICATE_PERSONNUMMER", { existing_id: other.id });
  return indexes[0];
}

export const createEmployee: Command<EmployeeCreateInput> = async (db, input, ctx, env) => {
  const { birthDate, prefix } = checkPersonnummer(input.personnummer, ctx.now.slice(0, 10), input.birth_date);
  const config = checkConfig({
    firstName: input.first_name,
    lastName: input.last_name,
    birthDate,
    email: input.email ?? null,
    employmentType: input.employment_type,
    personnelCategory: input.personnel_category,
    employmentStart: input.employment_start,
    employmentEnd: input.employment_end ?? null,
    salaryType: input.salary_type,
    monthlySalaryOre: ore(input.monthly_salary),
    hourlyRateOre: ore(input.hourly_rate),
    salaryExchangeOre: ore(input.salary_exchange_monthly) ?? 0,
    fSkattStatus: input.f_skatt_status,
    taxTableNumber: input.tax_table_number ?? null,
    taxColumn: input.tax_column ?? null,
    taxDecidedPercent: input.tax_decided_percent ?? null,
    taxDecisionReference: input.tax_decision_reference ?? null,
    clearingNumber: input.clearing_number || null,
    bankAccountNumber: input.bank_account_number || null,
    bankName: null,
    vacationRule: input.vacation_rule,
    vacationDaysPerYear: input.vacation_days_per_year,
  });
  const hash = await assertPersonnummerFree(env, db, ctx.companyId, input.personnummer, null);
  const row: EmployeeRow = {
    id: newId(),
    companyId: ctx.companyId,
    ...config,
    bankAccountNumber: await storedBankAccount(env, config.bankAccountNumber),
    personnummerEnc: await encryptSecret(env.PII_ENCRYPTION_KEY, input.personnummer),
    personnummerHash: hash,
    personnummerPrefix: prefix,
    isActive: true,
    deactivatedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  // The response (kept under the idempotency key) echoes the masked personnummer (spec) and
  // the masked bank account number; the full ones only on GET .../employees/{id}.
  return {
    status: 201,
    data: employeeJson({ ...row, bankAccountNumber: config.bankAccountNumber }),
    statements: [db.insert(employees).values(row)],
    audit: { action: "employee.created", resourceType: "employee", resourceId: row.id },
  };
};

export const updateEmployee: Command<EmployeePatchInput & { id: string }> = async (db, input, ctx, env) => {
  // the bank account in plaintext, checked again with the rest of the configuration
  const row = await withBankAccount(env, await loadEmployee(db, ctx.companyId, input.id));
  const { birthDate, prefix } = patchedIdentity(row, input, ctx.now.slice(0, 10));
  const merged = checkConfig(patchedConfig(row, input, birthDate));
  const patch: Partial<EmployeeRow> = { ...merged, personnummerPrefix: prefix, updatedAt: ctx.now };
  if (input.personnummer !== undefined) {
    patch.personnummerHash = await assertPersonnummerFree(env, db, ctx.companyId, input.personnummer, row.id);
    patch.personnummerEnc = await encryptSecret(env.PII_ENCRYPTION_KEY, input.personnummer);
  }
  if (input.is_active) Object.assign(patch, { isActive: true, deactivatedAt: null });
  // stored encrypted, a row written before issue #34 included; taken after the number and the
  // reactivation are in the patch (it once was taken before, and a new number was not stored)
  const stored = { ...patch, bankAccountNumber: await storedBankAccount(env, merged.bankAccountNumber) };
  const next = { ...row, ...patch };
  return {
    status: 200,
    data: employeeJson(next),
    statements: [db.update(employees).set(stored).where(eq(employees.id, row.id))],
    audit: { action: "employee.updated", resourceType: "employee", resourceId: row.id },
  };
};

/** Soft delete: is_active false; again is a no-op. The employee's runs and payslips stay. */
export const deactivateEmployee: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await loadEmployee(db, ctx.companyId, input.id);
  return {
    status: 204,
    data: null,
    statements: row.isActive
      ? [
          db
            .update(employees)
            .set({ isActive: false, deactivatedAt: ctx.now, updatedAt: ctx.now })
            .where(eq(employees.id, row.id)),
        ]
      : [],
    audit: { action: "employee.deactivated", resourceType: "employee", resourceId: row.id },
  };
};
