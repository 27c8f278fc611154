// The employee's inputs and outputs (spec: Employee).
import { z } from "@hono/zod-openapi";
import { DateSchema, EmailSchema } from "../../../http/fields";
import { booleanQuery } from "../../../http/route";
import { toOre } from "../../../money";
import { PROSE } from "./prose";

export const Money = z
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
    description: PROSE.fSkattStatus,
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
      description: PROSE.listSearch,
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

export type EmployeeCreateInput = z.infer<typeof EmployeeCreateSchema>;
export type EmployeePatchInput = z.infer<typeof EmployeePatchSchema>;
