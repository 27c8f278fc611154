// Payroll inputs and outputs (spec: Employee, Salary run, Endpoints > Payroll).
import { z } from "@hono/zod-openapi";
import {
  AccountNumberSchema,
  DateSchema,
  EmailSchema,
  SignedAmountSchema,
  VoucherSeriesSchema,
} from "../../http/fields";
import { booleanQuery } from "../../http/route";
import { toOre } from "../../money";
import { PayrollContactSchema } from "../companies";
import { MANUAL_ITEM_TYPES } from "./item-types";

const Money = z
  .number()
  .nonnegative()
  .max(99_999_999)
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)");
const Percent = z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage such as "28" or "32.5"');

export const EMPLOYMENT_TYPES = ["permanent", "fixed_term", "probationary", "hourly_as_needed"] as const;
export const PERSONNEL_CATEGORIES = ["salaried", "collective", "executive"] as const;
export const F_SKATT_STATUSES = ["a_skatt", "side_income", "decided_percent", "sink", "f_skatt"] as const;
export const VACATION_RULES = ["same_salary", "percentage", "none"] as const;

const employeeFields = {
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  personnummer: z
    .string()
    .regex(/^\d{12}$/, "exactly 12 digits, YYYYMMDDNNNN")
    .openapi({ description: "12 digits YYYYMMDDNNNN (or a samordningsnummer), Luhn-checked; stored encrypted" }),
  birth_date: DateSchema.nullish().openapi({
    description: "only for a samordningsnummer without a birth day (day 60); otherwise derived from the personnummer",
  }),
  email: EmailSchema.nullish(),
  employment_type: z.enum(EMPLOYMENT_TYPES).default("permanent"),
  personnel_category: z.enum(PERSONNEL_CATEGORIES).default("salaried").openapi({
    description:
      "salaried: pay booked to 7210 (tjänstemän); collective: 7010 (kollektivanställda); executive: 7220 (företagsledare)",
  }),
  employment_start: DateSchema,
  employment_end: DateSchema.nullish(),
  salary_type: z.enum(["monthly", "hourly"]),
  monthly_salary: Money.nullish().openapi({ description: "kronor per month; required when salary_type is monthly" }),
  hourly_rate: Money.nullish().openapi({ description: "kronor per hour; required when salary_type is hourly" }),
  salary_exchange_monthly: Money.default(0).openapi({
    description:
      "löneväxling: kronor of gross pay per month exchanged for a pension premium (booked 7412, with 24.26 % special payroll tax 7533/2514)",
  }),
  f_skatt_status: z.enum(F_SKATT_STATUSES).default("a_skatt").openapi({
    description:
      "a_skatt: Skatteverket's monthly table (tax_table_number); side_income: 30 % (sidoinkomst); decided_percent: Skatteverket's decision (jämkning, tax_decided_percent); sink: 22.5 % SINK; f_skatt: no withholding and no employer contributions",
  }),
  tax_table_number: z.number().int().min(29).max(42).nullish().openapi({ description: "29-42; required for a_skatt" }),
  tax_column: z.number().int().min(1).max(6).nullish().openapi({
    description:
      "override of the table column; null: column 1 (3 from age 66 at 1 January) as Skatteverket's table describes",
  }),
  tax_decided_percent: Percent.nullish().openapi({ description: "the decided percentage, for decided_percent" }),
  tax_decision_reference: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullish()
    .openapi({ description: "Skatteverket's decision (date or number), for decided_percent" }),
  clearing_number: z
    .string()
    .trim()
    .max(10)
    .nullish()
    .openapi({ description: "clearingnummer; validated with the account number per Bankgirot's rules" }),
  bank_account_number: z.string().trim().max(20).nullish(),
  vacation_rule: z
    .enum(VACATION_RULES)
    .default("same_salary")
    .openapi({ description: "same_salary (sammalöneregeln), percentage (procentregeln, 12 %), none" }),
  vacation_days_per_year: z.number().int().min(0).max(60).default(25),
};

export const EmployeeCreateSchema = z.object(employeeFields).strict().openapi("EmployeeCreate");

export const EmployeePatchSchema = z
  .object({
    first_name: employeeFields.first_name.optional(),
    last_name: employeeFields.last_name.optional(),
    personnummer: employeeFields.personnummer.optional(),
    birth_date: DateSchema.nullable().optional(),
    email: EmailSchema.nullable().optional(),
    employment_type: z.enum(EMPLOYMENT_TYPES).optional(),
    personnel_category: z.enum(PERSONNEL_CATEGORIES).optional(),
    employment_start: DateSchema.optional(),
    employment_end: DateSchema.nullable().optional(),
    salary_type: z.enum(["monthly", "hourly"]).optional(),
    monthly_salary: Money.nullable().optional(),
    hourly_rate: Money.nullable().optional(),
    salary_exchange_monthly: Money.optional(),
    f_skatt_status: z.enum(F_SKATT_STATUSES).optional(),
    tax_table_number: z.number().int().min(29).max(42).nullable().optional(),
    tax_column: z.number().int().min(1).max(6).nullable().optional(),
    tax_decided_percent: Percent.nullable().optional(),
    tax_decision_reference: z.string().trim().min(1).max(100).nullable().optional(),
    clearing_number: z.string().trim().max(10).nullable().optional(),
    bank_account_number: z.string().trim().max(20).nullable().optional(),
    vacation_rule: z.enum(VACATION_RULES).optional(),
    vacation_days_per_year: z.number().int().min(0).max(60).optional(),
    is_active: z.literal(true).optional().openapi({ description: "true re-activates a soft-deleted employee" }),
  })
  .strict()
  .openapi("EmployeePatch");

export const EmployeeSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    personnummer: z.string().optional().openapi({ description: "full 12 digits, on the detail read only" }),
    personnummer_masked: z.string().openapi({ description: "YYYYMMDD-XXXX" }),
    birth_date: z.string(),
    email: z.string().nullable(),
    employment_type: z.enum(EMPLOYMENT_TYPES),
    personnel_category: z.enum(PERSONNEL_CATEGORIES),
    employment_start: z.string(),
    employment_end: z.string().nullable(),
    salary_type: z.enum(["monthly", "hourly"]),
    monthly_salary: z.number().nullable(),
    hourly_rate: z.number().nullable(),
    salary_exchange_monthly: z.number(),
    f_skatt_status: z.enum(F_SKATT_STATUSES),
    tax_table_number: z.number().nullable(),
    tax_column: z.number().nullable(),
    tax_decided_percent: z.string().nullable(),
    tax_decision_reference: z.string().nullable(),
    clearing_number: z.string().nullable(),
    bank_account_number: z.string().nullable(),
    bank_name: z.string().nullable(),
    vacation_rule: z.enum(VACATION_RULES),
    vacation_days_per_year: z.number(),
    is_active: z.boolean(),
    deactivated_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Employee");

export const EmployeeListQuery = z
  .object({
    include_inactive: booleanQuery.optional(),
    search: z.string().trim().min(1).max(100).optional().openapi({
      description:
        "first or last name, or the 8-digit birth date (YYYYMMDD). A full personnummer (10 or 12 digits) is refused here: it would sit in the URL and in every log; send it in the body of POST .../employees/search",
    }),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

/** A full personnummer (10 or 12 digits, with or without - or +), as a caller would type it. */
export const FULL_PERSONNUMMER = /^(\d{2})?\d{6}[-+]?\d{4}$/;

/** POST .../employees/search: the personnummer in the body, never in the URL. */
export const EmployeeSearchBody = z
  .object({
    personnummer: z
      .string()
      .trim()
      .regex(FULL_PERSONNUMMER, "a personnummer or samordningsnummer of 10 or 12 digits (YYMMDD-NNNN or YYYYMMDDNNNN)")
      .openapi({ description: "10 or 12 digits, with or without - or +; matched by its HMAC, never stored or logged" }),
    include_inactive: z.boolean().default(false),
  })
  .strict();

export const RUN_STATUSES = ["draft", "review", "approved", "paid", "booked", "corrected"] as const;

export const SalaryRunCreateSchema = z
  .object({
    period_year: z.number().int().min(2000).max(2100),
    period_month: z.number().int().min(1).max(12),
    payment_date: DateSchema,
    voucher_series: VoucherSeriesSchema.default("A"),
  })
  .strict()
  .openapi("SalaryRunCreate");

export const SalaryRunPatchSchema = z
  .object({
    payment_date: DateSchema.optional(),
    voucher_series: VoucherSeriesSchema.optional(),
  })
  .strict()
  .openapi("SalaryRunPatch");

export const SalaryRunSchema = z
  .object({
    id: z.string(),
    period_year: z.number(),
    period_month: z.number(),
    payment_date: z.string(),
    voucher_series: z.string(),
    status: z.enum(RUN_STATUSES),
    employee_count: z.number(),
    total_gross: z.number().openapi({
      description:
        "cash pay subject to tax (salary, overtime, bonus..., less salary exchange); not benefits, not reimbursements",
    }),
    total_benefits: z.number(),
    total_reimbursements: z.number(),
    total_deductions: z.number(),
    total_tax: z.number().openapi({ description: "may be negative where an override gives it" }),
    total_net: z.number(),
    total_avgifter: z.number(),
    total_pension: z.number(),
    total_special_payroll_tax: z.number(),
    avgifter_rounding: z.number().openapi({
      description:
        "set by book: Skatteverket's figure for the month (AGI field 487: bases in whole kronor per rate, öre dropped per rate) less the per-employee contributions; booked on 3740 so that 2731 equals what the tax account is charged. 0 before book",
    }),
    total_employer_cost: z
      .number()
      .openapi({ description: "gross + reimbursements + avgifter + pension + special payroll tax" }),
    settlement_account: z.string().nullable(),
    payment_planned: z.boolean().openapi({
      description: "mark-paid said planned: true; the minute sweep books the run on its payment_date",
    }),
    salary_entry_id: z.string().nullable(),
    avgifter_entry_id: z.string().nullable(),
    vacation_entry_id: z.string().nullable(),
    pension_entry_id: z.string().nullable(),
    entry_ids: z.array(z.string()),
    calculated_at: z.string().nullable(),
    approved_at: z.string().nullable(),
    approved_by: z.string().nullable(),
    paid_at: z.string().nullable(),
    paid_by: z.string().nullable(),
    booked_at: z.string().nullable(),
    booked_by: z.string().nullable(),
    warnings: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("SalaryRun");

export const SalaryRunListQuery = z
  .object({
    period_year: z.coerce.number().int().min(2000).max(2100).optional(),
    status: z.enum(RUN_STATUSES).optional(),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

const Hours = z
  .number()
  .nonnegative()
  .max(744)
  .refine((n) => toOre(n) !== null, "at most two decimals");

export const RunEmployeesAddSchema = z
  .object({
    employees: z
      .array(
        z
          .object({
            employee_id: z.string().min(1),
            hours: Hours.optional().openapi({ description: "hours worked in the period (hourly pay)" }),
          })
          .strict(),
      )
      .max(1000)
      .optional(),
    all_active: z
      .boolean()
      .optional()
      .openapi({ description: "add every active employee not yet in the run whose employment covers the period" }),
  })
  .strict()
  .refine((b) => (b.employees?.length ?? 0) > 0 || b.all_active === true, {
    message: "give employees or all_active: true",
    path: ["employees"],
  })
  .openapi("SalaryRunEmployeesAdd");

export const RunEmployeePatchSchema = z
  .object({
    hours: Hours.nullable().optional(),
    tax_withheld_override: SignedAmountSchema.nullable()
      .optional()
      .openapi({ description: "kronor; replaces the calculated tax (may be negative); null clears" }),
    avgifter_amount_override: SignedAmountSchema.nullable()
      .optional()
      .openapi({ description: "kronor; replaces the calculated employer contributions; null clears" }),
  })
  .strict()
  .openapi("SalaryRunEmployeePatch");

export const LineItemCreateSchema = z
  .object({
    item_type: z.enum(MANUAL_ITEM_TYPES),
    description: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "default: the type's Swedish name" }),
    amount: SignedAmountSchema.openapi({ description: "kronor; above zero (other_pay may be negative, a correction)" }),
    account_number: AccountNumberSchema.optional().openapi({
      description: "reimbursements and net deductions only: the account booked instead of the type's default",
    }),
  })
  .strict()
  .openapi("SalaryLineItemCreate");

export const MarkPaidSchema = z
  .object({
    payment_date: DateSchema.optional().openapi({ description: "default the run's payment_date" }),
    settlement_account: AccountNumberSchema.default("1930"),
    planned: z.boolean().default(false).openapi({
      description:
        "true: the payment is ordered for payment_date, which may be after today; the run is booked automatically on that date. A payment_date after today without it is PAYMENT_DATE_IN_FUTURE",
    }),
  })
  .strict()
  .openapi("SalaryRunMarkPaid");

export const LineItemSchema = z
  .object({
    salary_line_item_id: z.string(),
    item_type: z.string(),
    category: z.enum(["regular", "one_off", "benefit", "reimbursement", "deduction"]),
    description: z.string(),
    amount: z.number(),
    account_number: z.string().nullable(),
    source: z.enum(["engine", "manual"]),
    created_at: z.string(),
  })
  .openapi("SalaryLineItem");

export const RunEmployeeSchema = z
  .object({
    salary_run_employee_id: z.string(),
    salary_run_id: z.string(),
    employee_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    personnummer_masked: z.string(),
    salary_type: z.enum(["monthly", "hourly"]),
    hours: z.number().nullable(),
    gross_salary: z.number(),
    taxable_benefits: z.number(),
    tax_free_reimbursements: z.number(),
    net_deductions: z.number(),
    tax_basis: z.number(),
    avgifter_basis: z.number(),
    tax_withheld: z.number().openapi({ description: "effective: the override if set, else the calculated" }),
    tax_withheld_calculated: z.number(),
    tax_withheld_override: z.number().nullable(),
    avgifter_amount: z.number(),
    avgifter_amount_calculated: z.number(),
    avgifter_amount_override: z.number().nullable(),
    pension_premium: z.number(),
    special_payroll_tax: z.number(),
    net_salary: z.number(),
    absence_counts: z.record(z.string(), z.object({ days: z.number(), hours: z.number() })).openapi({
      description: "absence of the run's month by type: whole days and hours (monthly pay; from calculate)",
    }),
    calculated: z.boolean(),
    ytd: z
      .object({
        gross: z.number(),
        taxable_benefits: z.number(),
        tax: z.number(),
        net: z.number(),
        avgifter: z.number(),
      })
      .optional(),
    line_items: z.array(LineItemSchema).optional(),
    calculation_breakdown: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .openapi("SalaryRunEmployee");

export const PageQuery = z
  .object({ cursor: z.string().optional(), limit: z.coerce.number().int().min(1).max(100).default(50) })
  .strict();

export const AvgifterBasisQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) }).strict();
export const SalaryJournalQuery = z
  .object({
    salary_run_id: z.string().optional(),
    period_year: z.coerce.number().int().min(2000).max(2100).optional(),
    period_month: z.coerce.number().int().min(1).max(12).optional(),
  })
  .strict()
  .refine((q) => q.salary_run_id || q.period_year, {
    message: "give salary_run_id, or period_year (and optionally period_month)",
    path: ["period_year"],
  })
  .refine((q) => !(q.period_month && !q.period_year), {
    message: "period_month needs period_year",
    path: ["period_month"],
  });

export type EmployeeCreateInput = z.infer<typeof EmployeeCreateSchema>;
export type EmployeePatchInput = z.infer<typeof EmployeePatchSchema>;
export type SalaryRunCreateInput = z.infer<typeof SalaryRunCreateSchema>;
export type SalaryRunPatchInput = z.infer<typeof SalaryRunPatchSchema>;
export type RunEmployeesAddInput = z.infer<typeof RunEmployeesAddSchema>;
export type RunEmployeePatchInput = z.infer<typeof RunEmployeePatchSchema>;
export type LineItemCreateInput = z.infer<typeof LineItemCreateSchema>;
export type MarkPaidInput = z.infer<typeof MarkPaidSchema>;

// the same shape as the company's settings.payroll_contact
const AgiContactSchema = PayrollContactSchema;

export const AgiGenerateSchema = z
  .object({
    contact: AgiContactSchema.optional().openapi({
      description:
        "the employer's contact person for the declaration (Kontaktperson); default: the company's settings.payroll_contact; neither: AGI_CONTACT_MISSING",
    }),
    technical_contact: AgiContactSchema.optional().openapi({
      description: "the file's technical contact (TekniskKontaktperson); default: contact",
    }),
  })
  .strict()
  .openapi("AgiGenerate");

export const AgiPatchSchema = z
  .object({
    submission_reference: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .openapi({ description: "Skatteverket's confirmation (kvittens) number of the submitted declaration" }),
  })
  .strict()
  .openapi("AgiPatch");

export const AgiSchema = z
  .object({
    agi_id: z.string(),
    salary_run_id: z.string(),
    period: z
      .object({ year: z.number(), month: z.number() })
      .openapi({ description: "the run's period (RedovisningsPeriod), not the payment date" }),
    total_brutto: z.number().openapi({ description: "whole kronor: cash pay declared (fields 011 and 131)" }),
    total_benefits: z.number().openapi({ description: "whole kronor: taxable benefits declared (012, 013, 132, 133)" }),
    total_tax: z.number().openapi({ description: "whole kronor: field 497, the tax withheld (001 and 274)" }),
    total_avgifter: z.number().openapi({
      description: "whole kronor: field 487, Skatteverket's figure (bases per rate in whole kronor, öre dropped)",
    }),
    contributions_by_rate: z.array(z.object({ percent: z.string(), basis: z.number(), contribution: z.number() })),
    employee_count: z
      .number()
      .openapi({ description: "individual forms (IU) in the file; F-skatt holders are not declared" }),
    generated_at: z.string(),
    generated_by: z.string(),
    submission_reference: z.string().nullable(),
    submission_recorded_at: z.string().nullable(),
    agi_xml: z.string().nullable().optional().openapi({
      description:
        "the XML file (UTF-8); null in an idempotent replay (xml_omitted), which never keeps personal numbers: read it with GET .../agi",
    }),
    xml: z.string().nullable().optional().openapi({ description: "the same XML (the name used in the release notes)" }),
    xml_omitted: z.literal("replay").optional().openapi({
      description: "present when this answer is an idempotent replay: the file is left out, GET .../agi has it",
    }),
  })
  .openapi("Agi");

export type AgiGenerateInput = z.infer<typeof AgiGenerateSchema>;
export type AgiPatchInput = z.infer<typeof AgiPatchSchema>;

export const ABSENCE_TYPE_VALUES = [
  "sick",
  "vab",
  "parental",
  "vacation",
  "leave_without_pay",
  "leave_with_pay",
  "study_leave",
  "caring_for_relative",
  "infection_carrier",
] as const;
const AbsenceHours = z
  .number()
  .positive()
  .max(24)
  .refine((n) => toOre(n) !== null, "at most two decimals")
  .openapi({ description: "hours of a part day (deducted per hour); absent or null: the whole day" });

export const AbsenceCreateSchema = z
  .object({
    from_date: DateSchema,
    to_date: DateSchema.optional().openapi({
      description:
        "inclusive; default from_date. Every calendar day of the range is registered, weekends included (at most 92 days)",
    }),
    absence_type: z.enum(ABSENCE_TYPE_VALUES),
    hours: AbsenceHours.optional(),
    notes: z.string().trim().max(500).optional(),
  })
  .strict()
  .refine((b) => !b.to_date || b.to_date >= b.from_date, { message: "to_date is before from_date", path: ["to_date"] })
  .refine((b) => b.hours === undefined || !b.to_date || b.to_date === b.from_date, {
    message: "hours are for a single day",
    path: ["hours"],
  })
  .openapi("AbsenceCreate");

export const AbsencePatchSchema = z
  .object({
    absence_type: z.enum(ABSENCE_TYPE_VALUES).optional(),
    hours: AbsenceHours.nullable().optional(),
    notes: z.string().trim().max(500).nullable().optional(),
  })
  .strict()
  .openapi("AbsencePatch");

export const AbsenceQuery = z
  .object({
    from: DateSchema,
    to: DateSchema,
    type: z.enum(ABSENCE_TYPE_VALUES).optional(),
  })
  .strict();

export const AbsenceDaySchema = z
  .object({
    salary_absence_day_id: z.string(),
    employee_id: z.string(),
    absence_date: z.string(),
    absence_type: z.enum(ABSENCE_TYPE_VALUES),
    hours: z.number().nullable().openapi({ description: "null: the whole day" }),
    notes: z.string().nullable(),
    salary_run_employee_id: z
      .string()
      .nullable()
      .openapi({ description: "the run employee whose calculation counted the day" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("AbsenceDay");

export type AbsenceCreateInput = z.infer<typeof AbsenceCreateSchema>;
export type AbsencePatchInput = z.infer<typeof AbsencePatchSchema>;

// Vacation and opening balances

const SignedMoney = z
  .number()
  .min(-99_999_999)
  .max(99_999_999)
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)");
const Days = z.number().int().min(-366).max(366);

export const OpeningBalancesSchema = z
  .object({
    cutover_date: DateSchema.openapi({
      description:
        "the last day the previous payroll system covered (e.g. 2026-06-30); its year is the opening balances' year",
    }),
    ytd_gross: Money.default(0).openapi({ description: "cash gross pay paid in the year before the cutover" }),
    ytd_taxable_benefits: Money.default(0),
    ytd_tax: SignedMoney.default(0).openapi({ description: "preliminary tax withheld in the year" }),
    ytd_net: SignedMoney.default(0),
    ytd_avgifter: Money.default(0).openapi({ description: "employer contributions of the year" }),
    ytd_vacation_qualifying_variable_pay: Money.default(0).openapi({
      description:
        "variable pay for work paid in the year before the cutover (overtime, commission, bonus, retroactive pay; not vacation pay): the percentage rule's base (semesterlagen 16 b §); with vacation_year april_march, paid in the earning year in progress (since 1 April) before the cutover",
    }),
    vacation_paid_days_remaining: Days.openapi({
      description:
        "the year's paid vacation days not yet taken (may be negative); with vacation_year april_march, of the vacation year in progress at the cutover date",
    }),
    vacation_unpaid_days_remaining: Days.min(0).default(0),
    vacation_saved_days: z.record(z.string(), z.number().int().min(0).max(60)).optional().openapi({
      description:
        'saved days by the year they were saved in, e.g. {"2024": 3}; at most five years back (semesterlagen 18 §); with vacation_year april_march, by the vacation year (its 1 April\'s year) they were saved in',
    }),
    vacation_debt: SignedMoney.default(0).openapi({
      description: "the semesterlöneskuld at the cutover (account 2920)",
    }),
    vacation_debt_contributions: SignedMoney.optional().openapi({
      description: "the contributions on it (2940); default: the employee's own rate on vacation_debt",
    }),
    karens_adjustment: z
      .object({
        qualifying_absence_days_used: z
          .object({
            sick: Days.min(0),
            parental: Days.min(0),
            vab: Days.min(0),
            caring_for_relative: Days.min(0),
            infection_carrier: Days.min(0),
          })
          .partial()
          .strict()
          .optional()
          .openapi({
            description:
              "days of vacation-qualifying absence already used in the year (semesterlagen 17 §: sick 180, parental 120, vab 120, närståendepenning 45, smittbärare 180)",
          }),
        karens_occasions_ytd: z
          .number()
          .int()
          .min(0)
          .max(366)
          .optional()
          .openapi({ description: "karensavdrag taken in the year (recorded for the payslip history)" }),
      })
      .strict()
      .optional(),
  })
  .strict()
  .openapi("OpeningBalancesInput");

export const OpeningBalancesResponse = z
  .object({
    employee_id: z.string(),
    year: z.number(),
    cutover_date: z.string(),
    ytd_gross: z.number(),
    ytd_taxable_benefits: z.number(),
    ytd_tax: z.number(),
    ytd_net: z.number(),
    ytd_avgifter: z.number(),
    ytd_vacation_qualifying_variable_pay: z.number(),
    vacation_paid_days_remaining: z.number(),
    vacation_unpaid_days_remaining: z.number(),
    vacation_saved_days: z.record(z.string(), z.number()),
    vacation_debt: z.number(),
    vacation_debt_contributions: z.number(),
    karens_adjustment: z.object({
      qualifying_absence_days_used: z.record(z.string(), z.number()),
      karens_occasions_ytd: z.number(),
    }),
    locked: z
      .boolean()
      .openapi({ description: "true once the employee has a booked run in the cutover year or later" }),
    locked_by_run_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("OpeningBalances");

export const VacationBalanceSchema = z
  .object({
    employee_id: z.string(),
    vacation_rule: z.enum(VACATION_RULES),
    vacation_year_kind: z.enum(["calendar", "april_march"]).openapi({
      description:
        "calendar: the calendar year is both the earning and the vacation year; april_march: semesterlagen 3 §",
    }),
    vacation_year_start: z.string().openapi({ description: "the first day of the vacation year in progress" }),
    vacation_year_end: z.string(),
    vacation_year: z
      .number()
      .openapi({ description: "the year of vacation_year_start (2026 for April 2026–March 2027)" }),
    as_of: z.string().openapi({ description: "payment date of the latest booked run, or the cutover date" }),
    source: z.enum(["salary_run", "opening_balance"]),
    salary_run_id: z.string().nullable(),
    paid_days: z.number().openapi({ description: "paid vacation days of the year (semesterlagen 7 §)" }),
    paid_days_of_year: z.number().nullable(),
    unpaid_days: z.number(),
    entitled_days: z.number().openapi({ description: "paid + unpaid days of the year" }),
    paid_days_taken: z.number(),
    unpaid_days_taken: z.number(),
    saved_days_taken: z.number(),
    taken_days: z.number(),
    used_days: z.number(),
    remaining_days: z.number().openapi({ description: "paid days not taken; may be negative (not clamped)" }),
    unpaid_days_remaining: z.number(),
    saved_days: z.record(z.string(), z.number()).openapi({ description: "saved days by the year they were saved in" }),
    saved_days_total: z.number(),
    forced_payout_days: z
      .number()
      .openapi({ description: "days paid out in the year: not saveable, expired saved days, end of employment" }),
    day_value: z.number().nullable(),
    liability: z.number().openapi({ description: "semesterlöneskuld, kronor" }),
    liability_ore: z.number(),
    liability_contributions: z.number(),
    liability_contributions_ore: z.number(),
    liability_total: z.number(),
    estimated_liability_sek: z.number().openapi({ description: "liability + contributions, kronor" }),
    earning_year: z
      .object({
        start: z.string(),
        end: z.string(),
        paid_days: z
          .number()
          .openapi({ description: "the paid days the earning year gives (7 §), projected to its end" }),
        earned_days: z.number().openapi({ description: "days earned by the record's month, four decimals" }),
        day_value: z.number().openapi({ description: "the estimated value of a day being earned, kronor" }),
        earned_value: z.number().openapi({ description: "earned_days × day_value, kronor (part of liability)" }),
      })
      .nullable()
      .openapi({
        description:
          "april_march: the earning year in progress, whose days are taken from the next 1 April; null for the calendar year",
      }),
  })
  .openapi("VacationBalance");

export const VacationLiabilityQuery = z
  .object({ as_of: DateSchema.optional().openapi({ description: "default today" }) })
  .strict();

export type OpeningBalancesInput = z.infer<typeof OpeningBalancesSchema>;
