// The employee's configuration checked as a whole, the personnummer and the bank account: pure
// (no I/O), from the employee's fields; the commands (commands.ts) write what passes.
import { parse as parseBankAccount } from "kontonummer";
import { fieldError } from "../../../errors/api-error";
import { toOre } from "../../../money";
import { parsePersonnummer } from "../../../sweden/identity";
import { birthDateFromPersonnummer, parsePercent } from "../../../sweden/payroll";
import type { EmployeeRow } from "../rows";
import type { EmployeePatchInput } from "./schemas";

export type Config = Omit<
  EmployeeRow,
  | "id"
  | "companyId"
  | "personnummerEnc"
  | "personnummerHash"
  | "personnummerPrefix"
  | "isActive"
  | "deactivatedAt"
  | "createdAt"
  | "updatedAt"
>;

export const ore = (n: number | null | undefined) => (n === null || n === undefined ? null : toOre(n)!);

/** Clearing and account number per Bankgirot's rules (the kontonummer package), normalised. */
export function checkBankAccount(
  clearing: string | null,
  account: string | null,
): { clearingNumber: string | null; bankAccountNumber: string | null; bankName: string | null } {
  if (!clearing && !account) return { clearingNumber: null, bankAccountNumber: null, bankName: null };
  if (!clearing) throw fieldError("clearing_number", "clearing_number is required with bank_account_number");
  if (!account) throw fieldError("bank_account_number", "bank_account_number is required with clearing_number");
  try {
    const parsed = parseBankAccount(clearing, account, { mode: "strict" });
    return { clearingNumber: parsed.sortingCode, bankAccountNumber: parsed.accountNumber, bankName: parsed.bankName };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const field = /sorting code|bank found/i.test(message) ? "clearing_number" : "bank_account_number";
    throw fieldError(field, `not a valid Swedish bank account (Bankgirot's rules): ${message}`);
  }
}

/** The whole configuration checked together; the personnummer's birth date unless it has none. */
export function checkConfig(c: Config): Config {
  if (c.employmentEnd && c.employmentEnd < c.employmentStart)
    throw fieldError("employment_end", "employment_end is before employment_start");
  checkPay(c);
  checkTaxTable(c);
  checkDecidedPercent(c);
  return { ...c, ...checkBankAccount(c.clearingNumber, c.bankAccountNumber) };
}

/** The salary type's amount, and salary exchange below the monthly salary. */
function checkPay(c: Config) {
  if (c.salaryType === "monthly") {
    if (c.monthlySalaryOre === null)
      throw fieldError("monthly_salary", "monthly_salary is required when salary_type is monthly");
    if (c.hourlyRateOre !== null) throw fieldError("hourly_rate", "hourly_rate is only for salary_type hourly");
  } else {
    if (c.hourlyRateOre === null) throw fieldError("hourly_rate", "hourly_rate is required when salary_type is hourly");
    if (c.monthlySalaryOre !== null)
      throw fieldError("monthly_salary", "monthly_salary is only for salary_type monthly");
  }
  if (c.salaryExchangeOre > 0 && c.salaryType === "monthly" && c.salaryExchangeOre >= (c.monthlySalaryOre ?? 0)) {
    throw fieldError("salary_exchange_monthly", "salary_exchange_monthly must be below the monthly salary");
  }
}

/** The tax table and column: for an A-tax employee only, the table required. */
function checkTaxTable(c: Config) {
  if (c.fSkattStatus === "a_skatt") {
    if (c.taxTableNumber === null)
      throw fieldError(
        "tax_table_number",
        "tax_table_number (29-42) is required for an A-tax employee (f_skatt_status a_skatt)",
      );
  } else if (c.taxTableNumber !== null) {
    throw fieldError("tax_table_number", `tax_table_number is only for f_skatt_status a_skatt, not ${c.fSkattStatus}`);
  }
  if (c.taxColumn !== null && c.fSkattStatus !== "a_skatt")
    throw fieldError("tax_column", "tax_column is only for f_skatt_status a_skatt");
}

/** Jämkning: the decided percentage and Skatteverket's decision, both for decided_percent only (the percentage normalised). */
function checkDecidedPercent(c: Config) {
  if (c.fSkattStatus === "decided_percent") {
    if (c.taxDecidedPercent === null || parsePercent(c.taxDecidedPercent) === null)
      throw fieldError("tax_decided_percent", "tax_decided_percent (0-100) is required for decided_percent");
    if (!c.taxDecisionReference)
      throw fieldError(
        "tax_decision_reference",
        "tax_decision_reference (Skatteverket's decision) is required for decided_percent",
      );
    c.taxDecidedPercent = parsePercent(c.taxDecidedPercent);
  } else if (c.taxDecidedPercent !== null || c.taxDecisionReference !== null) {
    throw fieldError(
      "tax_decided_percent",
      "tax_decided_percent and tax_decision_reference are only for f_skatt_status decided_percent",
    );
  }
}

export function checkPersonnummer(pnr: string, today: string, givenBirthDate: string | null | undefined) {
  const parsed = parsePersonnummer(pnr, today);
  if (!parsed || parsed.long !== pnr)
    throw fieldError(
      "personnummer",
      "personnummer is not a valid 12-digit personnummer or samordningsnummer (date or check digit)",
    );
  const birthDate = birthDateFromPersonnummer(pnr) ?? givenBirthDate ?? null;
  if (!birthDate) throw fieldError("birth_date", "this samordningsnummer carries no birth day: give birth_date");
  return { birthDate, prefix: pnr.slice(0, 8) };
}

/**
 * The birth date and the personnummer's prefix after a PATCH: a new number is checked as on create;
 * a birth date alone only for a samordningsnummer without a birth day.
 */
export function patchedIdentity(row: EmployeeRow, input: EmployeePatchInput, today: string) {
  let birthDate = row.birthDate;
  let prefix = row.personnummerPrefix;
  if (input.personnummer !== undefined || input.birth_date !== undefined) {
    // A new number, or a birth date for a samordningsnummer without one: checked as on create.
    const pnr = input.personnummer;
    if (pnr !== undefined) ({ birthDate, prefix } = checkPersonnummer(pnr, today, input.birth_date));
    else if (input.birth_date && prefix.slice(6, 8) === "60") birthDate = input.birth_date;
    else if (input.birth_date !== undefined)
      throw fieldError(
        "birth_date",
        "birth_date comes from the personnummer; it can be set only for a samordningsnummer without a birth day",
      );
  }
  return { birthDate, prefix };
}

const pick = <T>(given: T | undefined, current: T) => (given === undefined ? current : given);

/** The employee's configuration after a PATCH: each field given replaces the stored one (checked by checkConfig). */
export function patchedConfig(row: EmployeeRow, input: EmployeePatchInput, birthDate: string): Config {
  return {
    firstName: pick(input.first_name, row.firstName),
    lastName: pick(input.last_name, row.lastName),
    birthDate,
    email: pick(input.email, row.email),
    employmentType: pick(input.employment_type, row.employmentType),
    personnelCategory: pick(input.personnel_category, row.personnelCategory),
    employmentStart: pick(input.employment_start, row.employmentStart),
    employmentEnd: pick(input.employment_end, row.employmentEnd),
    salaryType: pick(input.salary_type, row.salaryType),
    monthlySalaryOre: input.monthly_salary === undefined ? row.monthlySalaryOre : ore(input.monthly_salary),
    hourlyRateOre: input.hourly_rate === undefined ? row.hourlyRateOre : ore(input.hourly_rate),
    salaryExchangeOre:
      input.salary_exchange_monthly === undefined ? row.salaryExchangeOre : ore(input.salary_exchange_monthly)!,
    fSkattStatus: pick(input.f_skatt_status, row.fSkattStatus),
    taxTableNumber: pick(input.tax_table_number, row.taxTableNumber),
    taxColumn: pick(input.tax_column, row.taxColumn),
    taxDecidedPercent: pick(input.tax_decided_percent, row.taxDecidedPercent),
    taxDecisionReference: pick(input.tax_decision_reference, row.taxDecisionReference),
    clearingNumber: input.clearing_number === undefined ? row.clearingNumber : input.clearing_number || null,
    bankAccountNumber:
      input.bank_account_number === undefined ? row.bankAccountNumber : input.bank_account_number || null,
    bankName: row.bankName,
    vacationRule: pick(input.vacation_rule, row.vacationRule),
    vacationDaysPerYear: pick(input.vacation_days_per_year, row.vacationDaysPerYear),
  };
}

/** A run's members in the order of their employees' names (last, first, then id), as the AGI and the payment file list them. */
export function byEmployeeName(people: Map<string, EmployeeRow>) {
  return (a: { employeeId: string }, b: { employeeId: string }) => {
    const x = people.get(a.employeeId)!;
    const y = people.get(b.employeeId)!;
    return (
      x.lastName.localeCompare(y.lastName, "sv") ||
      x.firstName.localeCompare(y.firstName, "sv") ||
      x.id.localeCompare(y.id)
    );
  };
}
