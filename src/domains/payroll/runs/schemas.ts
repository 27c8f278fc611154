// The salary run's inputs and outputs (spec: Salary run).
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, DateSchema, SignedAmountSchema, VoucherSeriesSchema } from "../../../http/fields";
import { toOre } from "../../../money";
import { MANUAL_ITEM_TYPES } from "../item-types";
import { PROSE } from "./prose";

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
      description: PROSE.avgifterRounding,
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
      description: PROSE.plannedPayment,
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

export type SalaryRunCreateInput = z.infer<typeof SalaryRunCreateSchema>;
export type SalaryRunPatchInput = z.infer<typeof SalaryRunPatchSchema>;
export type RunEmployeesAddInput = z.infer<typeof RunEmployeesAddSchema>;
export type RunEmployeePatchInput = z.infer<typeof RunEmployeePatchSchema>;
export type LineItemCreateInput = z.infer<typeof LineItemCreateSchema>;
export type MarkPaidInput = z.infer<typeof MarkPaidSchema>;
