// Vacation and opening balances: inputs and outputs.
import { z } from "@hono/zod-openapi";
import { DateSchema } from "../../../http/fields";
import { toOre } from "../../../money";
import { Money, VACATION_RULES } from "../employees/schemas";
import { PROSE } from "./prose";

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
      description: PROSE.variablePayBeforeCutover,
    }),
    vacation_paid_days_remaining: Days.openapi({
      description: PROSE.paidDaysRemaining,
    }),
    vacation_unpaid_days_remaining: Days.min(0).default(0),
    vacation_saved_days: z.record(z.string(), z.number().int().min(0).max(60)).optional().openapi({
      description: PROSE.savedDays,
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
            description: PROSE.qualifyingAbsenceDaysUsed,
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
