// The answers of the payroll reports served under /reports (avgifter-basis, salary-journal,
// vacation-liability), for the OpenAPI document and for the compiler: the report functions
// return these types, and the payroll tests parse every answer with these schemas, as the
// reports domain does with its own. Strict objects, so a field the API adds without
// describing it fails the tests.
import { z } from "@hono/zod-openapi";
import { DateSchema, KronorSchema, WholeKronorSchema } from "../../../http/fields";
import type { ContributionRateKind } from "../../../sweden/payroll";
import { VACATION_RULES } from "../employees/schemas";
import { LineItemSchema, SalaryRunSchema } from "../runs/schemas";
import { PROSE } from "./prose";

/** The kinds of employer contribution rate (src/sweden/payroll ContributionRateKind). */
const CONTRIBUTION_RATES = [
  "full",
  "youth",
  "pension_fee_only",
  "exempt",
] as const satisfies readonly ContributionRateKind[];

/** A contribution rate in percent as a decimal string, as Skatteverket states it. */
const PercentSchema = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .openapi({ description: 'percent as a decimal string, e.g. "31.42"' });

/** A calendar month, YYYY-MM. */
const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** Who a row is about; the personnummer masked as everywhere outside GET .../employees/{id}. */
const employeeFields = {
  employee_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  personnummer_masked: z.string(),
};

/** Skatteverket's figure for one rate: the basis in whole kronor and the contribution, öre dropped. */
const DeclaredRateSchema = z.strictObject({
  percent: PercentSchema,
  basis: WholeKronorSchema,
  amount: WholeKronorSchema,
});

/** Cash pay, benefits and tax of a run, kronor (issue #40: the books against the AGI). */
const ReconciledSchema = z.strictObject({ cash_pay: KronorSchema, benefits: KronorSchema, tax: KronorSchema });

export const AvgifterBasisSchema = z
  .strictObject({
    year: z.number().int(),
    salary_run_ids: z.array(z.string()).openapi({ description: "the runs booked with a payment date in the year" }),
    employees: z.array(
      z.strictObject({
        ...employeeFields,
        birth_date: DateSchema,
        basis: KronorSchema,
        amount: KronorSchema.openapi({ description: "the contributions booked for the employee" }),
        rates: z.array(
          z.strictObject({
            rate: z.enum(CONTRIBUTION_RATES),
            percent: PercentSchema,
            basis: KronorSchema,
            amount: KronorSchema,
          }),
        ),
      }),
    ),
    by_rate: z
      .array(DeclaredRateSchema)
      .openapi({ description: "the year's months' declared figures, summed per rate" }),
    by_month: z.array(
      z.strictObject({
        month: MonthSchema,
        by_rate: z.array(DeclaredRateSchema),
        total: WholeKronorSchema,
      }),
    ),
    totals: z.strictObject({
      basis: KronorSchema,
      amount_booked: KronorSchema,
      rounding_booked: KronorSchema.openapi({
        description: "booked to 3740 so that 2731 holds Skatteverket's figure; amount_booked + this is 2731's credit",
      }),
      amount_declared: WholeKronorSchema,
    }),
    agi_reconciliation: z
      .array(
        z.strictObject({
          salary_run_id: z.string(),
          period: MonthSchema,
          salary_entry_id: z.string().nullable(),
          books: z.strictObject({
            ...ReconciledSchema.shape,
            benefits_by_account: z
              .record(z.string(), KronorSchema)
              .openapi({ description: "the benefits' values by BAS account: 7381, 7382, 7385, 7389" }),
          }),
          not_declared: ReconciledSchema.openapi({ description: "pay to F-skatt holders: booked, not in the AGI" }),
          agi: ReconciledSchema.nullable().openapi({
            description: "the run's AGI totals; null before it is generated",
          }),
          difference: ReconciledSchema.nullable().openapi({
            description:
              "books - not_declared - agi: the AGI's truncation to whole kronor per employee and field (under 1 kr each)",
          }),
        }),
      )
      .openapi({
        description: PROSE.agiReconciliation,
      }),
  })
  .openapi("AvgifterBasis");
export type AvgifterBasis = z.infer<typeof AvgifterBasisSchema>;

/** The salary journal's money columns, summed over every run it lists. */
const SalaryJournalTotalsSchema = z.strictObject({
  gross: KronorSchema,
  benefits: KronorSchema,
  reimbursements: KronorSchema,
  deductions: KronorSchema,
  tax: KronorSchema,
  net: KronorSchema,
  avgifter: KronorSchema,
  pension: KronorSchema,
  special_payroll_tax: KronorSchema,
});
export type SalaryJournalTotals = z.infer<typeof SalaryJournalTotalsSchema>;

export const SalaryJournalSchema = z
  .strictObject({
    filter: z.strictObject({
      salary_run_id: z.string().nullable(),
      period_year: z.number().int().nullable(),
      period_month: z.number().int().nullable(),
    }),
    runs: z.array(
      z.strictObject({
        run: SalaryRunSchema,
        employees: z.array(
          z.strictObject({
            ...employeeFields,
            gross_salary: KronorSchema,
            taxable_benefits: KronorSchema,
            tax_free_reimbursements: KronorSchema,
            net_deductions: KronorSchema,
            tax_basis: KronorSchema,
            tax_withheld: KronorSchema.openapi({ description: "effective: the override if set, else the calculated" }),
            net_salary: KronorSchema,
            avgifter_basis: KronorSchema,
            avgifter_amount: KronorSchema.openapi({
              description: "effective: the override if set, else the calculated",
            }),
            pension_premium: KronorSchema,
            special_payroll_tax: KronorSchema,
            line_items: z.array(LineItemSchema),
          }),
        ),
      }),
    ),
    totals: SalaryJournalTotalsSchema,
  })
  .openapi("SalaryJournal");
export type SalaryJournal = z.infer<typeof SalaryJournalSchema>;

export const VacationLiabilitySchema = z
  .strictObject({
    as_of: DateSchema,
    accounts: z.strictObject({ liability: z.literal("2920"), contributions: z.literal("2940") }),
    employees: z.array(
      z.strictObject({
        ...employeeFields,
        vacation_rule: z.enum(VACATION_RULES),
        source: z.enum(["salary_run", "opening_balance"]),
        salary_run_id: z.string().nullable(),
        as_of: DateSchema.openapi({ description: "payment date of the run the balance is from, or the cutover date" }),
        vacation_year: z.number().int(),
        vacation_year_start: DateSchema.nullable().openapi({
          description:
            "the first day of the vacation year the balance is in (1 January; 1 April under vacation_year april_march); null for hourly pay",
        }),
        remaining_days: z.number().openapi({ description: "paid days not taken; may be negative" }),
        earned_days: z.number().nullable().openapi({
          description: "april_march: the days earned so far in the earning year in progress; null on the calendar year",
        }),
        saved_days: z
          .record(z.string(), z.number())
          .openapi({ description: "saved days by the year they were saved in" }),
        saved_days_total: z.number(),
        day_value: KronorSchema.nullable(),
        liability: KronorSchema.openapi({ description: "semesterlöneskuld (2920)" }),
        contributions: KronorSchema.openapi({ description: "the contributions on it (2940)" }),
        total: KronorSchema,
      }),
    ),
    totals: z.strictObject({
      remaining_days: z.number(),
      saved_days: z.number(),
      liability: KronorSchema,
      contributions: KronorSchema,
      total: KronorSchema,
    }),
  })
  .openapi("VacationLiability");
export type VacationLiability = z.infer<typeof VacationLiabilitySchema>;

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
