// The company's rules (pure, no I/O): the creation rules of POST /companies, the VAT
// registration's rules, and the settings columns a PATCH writes.
import { fieldError } from "../../errors/api-error";
import { toOre } from "../../money";
import { fiscalYearContaining, firstFiscalYearProblem } from "../../sweden/fiscal-year";
import { parseOrgNumber } from "../../sweden/identity";
import { decimalString } from "../../sweden/invoicing";
import type { CompanyCreateInput, SettingsPatchInput } from "./schemas";

/** The organisation number as stored; a personnummer only for an enskild firma. */
function orgNumberOf(input: CompanyCreateInput, today: string): string | null {
  if (input.org_number === undefined) return null;
  const parsed = parseOrgNumber(input.org_number, today);
  if (!parsed) throw fieldError("org_number", "org_number is not a valid organisationsnummer (checksum or format)");
  if (parsed.isPersonal && input.entity_type !== "enskild_firma") {
    throw fieldError("org_number", "a personnummer is an organisation number only for enskild_firma");
  }
  return parsed.formatted;
}

/** The first fiscal year: the one given, else the year of `today` by the start month (BFL 3 kap 1 §). */
function firstPeriodOf(input: CompanyCreateInput, today: string): { start: string; end: string } {
  // BFL 3 kap 1 §: a sole trader's fiscal year is the calendar year.
  if (input.entity_type === "enskild_firma" && input.fiscal_year_start_month !== 1) {
    throw fieldError("fiscal_year_start_month", "a sole trader (enskild_firma) always uses the calendar year");
  }
  if (!input.first_fiscal_year) return fiscalYearContaining(today, input.fiscal_year_start_month);
  const { start_date, end_date } = input.first_fiscal_year;
  const problem = firstFiscalYearProblem(start_date, end_date, input.fiscal_year_start_month);
  if (problem) throw fieldError("first_fiscal_year", problem);
  return { start: start_date, end: end_date };
}

/** The creation rules of the spec (Health and companies: POST /companies). */
export function checkCreationRules(input: CompanyCreateInput, today: string) {
  const orgNumber = orgNumberOf(input, today);
  if (input.vat_registered) {
    if (!input.moms_period) throw fieldError("moms_period", "a VAT-registered company needs moms_period");
    if (!orgNumber) throw fieldError("org_number", "a VAT-registered company needs org_number");
  } else if (input.moms_period) {
    throw fieldError("moms_period", "moms_period applies only to VAT-registered companies");
  }
  const period = firstPeriodOf(input, today);
  const accountingMethod = input.accounting_method ?? (input.entity_type === "enskild_firma" ? "cash" : "accrual");
  return { orgNumber, period, accountingMethod };
}

/** A VAT-registered company has a moms period and an organisation number; another has no moms period. */
export function checkVatRegistration(vatRegistered: boolean, momsPeriod: string | null, orgNumber: string | null) {
  if (vatRegistered && !momsPeriod) throw fieldError("moms_period", "a VAT-registered company needs moms_period");
  if (vatRegistered && !orgNumber) throw fieldError("vat_registered", "a VAT-registered company needs org_number");
  if (!vatRegistered && momsPeriod)
    throw fieldError("moms_period", "moms_period applies only to VAT-registered companies");
}

/** The reminder fee in öre; more than two decimals is refused (the schema caps it at 60 kr, lag 1981:739). */
export function reminderFeeOre(fee: number | null): number | null {
  if (fee === null) return null;
  const ore = toOre(fee);
  if (ore === null) throw fieldError("reminder_fee", "at most two decimals");
  return ore;
}

/** PATCH fields written as they are: the field and its column. */
const PLAIN_SETTINGS = [
  ["invoice_default_days", "invoiceDefaultDays"],
  ["bankgiro", "bankgiro"],
  ["plusgiro", "plusgiro"],
  ["bank_clearing_number", "bankClearingNumber"],
  ["bank_account_number", "bankAccountNumber"],
  ["iban", "iban"],
  ["bic", "bic"],
  ["email_sender_name", "emailSenderName"],
  ["email_reply_to", "emailReplyTo"],
  ["address_line1", "addressLine1"],
  ["address_line2", "addressLine2"],
  ["postal_code", "postalCode"],
  ["city", "city"],
  ["country", "country"],
  ["phone", "phone"],
  ["email", "email"],
  ["website", "website"],
  ["vat_number", "vatNumber"],
] as const;

type PlainColumns = {
  [P in (typeof PLAIN_SETTINGS)[number] as P[1]]?: Exclude<SettingsPatchInput[P[0]], undefined>;
};

/**
 * The settings columns of a PATCH but the access point's (which needs the network and a
 * secret): each field given, in its column's form. The interest rate has at most four decimals.
 */
export function settingsColumns(input: SettingsPatchInput) {
  if (input.late_payment_interest_rate != null && decimalString(input.late_payment_interest_rate, 4) === null) {
    throw fieldError("late_payment_interest_rate", "at most four decimals (0.0875 is 8.75 %)");
  }
  const plain = Object.fromEntries(
    PLAIN_SETTINGS.filter(([field]) => input[field] !== undefined).map(([field, column]) => [column, input[field]]),
  ) as PlainColumns;
  return {
    ...plain,
    ...(input.late_payment_interest_rate !== undefined && {
      latePaymentInterestRate:
        input.late_payment_interest_rate === null ? null : decimalString(input.late_payment_interest_rate, 4),
    }),
    ...(input.reminder_fee !== undefined && { reminderFeeOre: reminderFeeOre(input.reminder_fee) }),
    ...(input.auto_reminder_days !== undefined && { autoReminderDays: input.auto_reminder_days }),
    ...(input.default_voucher_series !== undefined && { defaultVoucherSeries: input.default_voucher_series }),
    ...(input.vacation_year !== undefined && { vacationYear: input.vacation_year }),
    ...(input.payroll_contact !== undefined && {
      payrollContactName: input.payroll_contact?.name ?? null,
      payrollContactPhone: input.payroll_contact?.phone ?? null,
      payrollContactEmail: input.payroll_contact?.email ?? null,
    }),
  };
}
