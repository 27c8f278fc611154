// The questions and answers of the reports by dimension. Strict objects, as every report's:
// an unknown parameter is refused, and the tests parse each answer with these.
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, DateSchema, KronorSchema } from "../../../http/fields";
import { INCOME_SECTIONS } from "../../../sweden/report-layout";
import { BudgetRefSchema, PeriodRefSchema } from "../schemas";
import { PROSE } from "./prose";

const PeriodId = z.string().min(1).openapi({ description: "fiscal period id" });
const AccountNumber = z.string().regex(/^\d{4}$/);
const DimensionId = z.coerce
  .number()
  .int()
  .min(1)
  .max(999)
  .openapi({ description: "the dimension's number (SIE #DIM): 1 kostnadsställe, 6 projekt, …" });
/** "100,200" → ["100", "200"]: the objects asked for, comma-separated. */
const Objects = z
  .string()
  .min(1)
  .transform((s) => [...new Set(s.split(",").map((code) => code.trim()))])
  .refine((codes) => codes.every((code) => code.length > 0), "an empty code between commas")
  .refine((codes) => codes.length <= 100, "at most 100 objects")
  .openapi({ type: "string", description: "comma-separated object codes; absent: every object and no object" });
const Breakdown = z.enum(["object", "month", "none"]).openapi({ description: PROSE.breakdown });

export const BudgetId = z.string().min(1).openapi({ description: PROSE.budgetId });

/** What both reports ask: the period, the dates inside it, the dimension and the objects. */
const dimensionQuestion = {
  period_id: PeriodId,
  from_date: DateSchema.optional(),
  to_date: DateSchema.optional(),
  dimension_id: DimensionId,
  objects: Objects.optional(),
};

export const DimensionIncomeStatementQuery = z
  .object({ ...dimensionQuestion, breakdown: Breakdown.optional(), budget_id: BudgetId.optional() })
  .strict();

/** The PDF asks what the JSON report asks; with budget_id each column shows outcome, budget and difference. */
export const DimensionIncomeStatementPdfQuery = DimensionIncomeStatementQuery;

export const DimensionGeneralLedgerQuery = z
  .object({
    ...dimensionQuestion,
    account_from: AccountNumber.optional(),
    account_to: AccountNumber.optional(),
    limit: z.coerce.number().int().min(1).max(10_000).optional().openapi({ description: PROSE.limit }),
    cursor: z
      .string()
      .optional()
      .openapi({ description: "meta.next_cursor of the page before (with the same limit and question)" }),
  })
  .strict();

const amount = KronorSchema;
const amounts = z.array(amount).openapi({ description: "one amount per column, in the order of columns" });

/** Outcome per column and its total; with a budget, budget and difference (outcome less budget) beside it. */
const figures = {
  amounts,
  total: amount,
  budget: amounts.optional(),
  budget_total: amount.optional(),
  difference: amounts.optional(),
  difference_total: amount.optional(),
};
const Figures = z.strictObject(figures).openapi("DimensionFigures");

const DimensionRef = z.strictObject({ id: z.number().int(), name: z.string() });

export const ColumnSchema = z
  .strictObject({
    key: z.string().openapi({ description: 'the object\'s code, "none" (no object), a month YYYY-MM or "total"' }),
    label: z.string(),
    object: z.string().nullable(),
    month: z.string().nullable(),
  })
  .openapi("DimensionColumn");

export const DimensionIncomeStatementSchema = z
  .strictObject({
    period: PeriodRefSchema,
    from_date: DateSchema,
    to_date: DateSchema,
    is_preliminary: z.boolean(),
    dimension: DimensionRef,
    objects: z.array(z.string()).nullable().openapi({ description: "the objects asked for; null: all" }),
    breakdown: Breakdown,
    budget: BudgetRefSchema.nullable().openapi({
      description: "the budget beside the outcome; null without budget_id",
    }),
    columns: z.array(ColumnSchema),
    sections: z.array(
      z.strictObject({
        key: z.enum(INCOME_SECTIONS.map((s) => s.key) as [string, ...string[]]),
        name: z.string(),
        accounts: z.array(
          z.strictObject({ account_number: AccountNumberSchema, name: z.string().nullable(), ...figures }),
        ),
        ...figures,
      }),
    ),
    gross_margin: Figures,
    operating_result: Figures,
    result_after_financial_items: Figures,
    net_result: Figures,
  })
  .openapi("DimensionIncomeStatement");

export const DimensionGeneralLedgerSchema = z
  .strictObject({
    period: PeriodRefSchema,
    from_date: DateSchema,
    to_date: DateSchema,
    account_from: AccountNumber,
    account_to: AccountNumber,
    dimension: DimensionRef,
    objects: z.array(
      z.strictObject({
        object: z.string().nullable().openapi({ description: "null: the lines without an object of the dimension" }),
        name: z.string(),
        accounts: z.array(
          z.strictObject({
            account_number: AccountNumberSchema,
            name: z.string().nullable(),
            opening_balance: amount.openapi({ description: "the object's balance before from_date" }),
            lines: z.array(
              z.strictObject({
                journal_entry_id: z.string(),
                voucher: z.string(),
                entry_date: DateSchema,
                description: z.string(),
                debit: amount,
                credit: amount,
                balance: amount,
              }),
            ),
            debit: amount,
            credit: amount,
            closing_balance: amount,
            continues: z
              .boolean()
              .optional()
              .openapi({ description: "paged: the object's lines of this account go on in the next page" }),
          }),
        ),
        totals: z.strictObject({ debit: amount, credit: amount }),
      }),
    ),
  })
  .openapi("DimensionGeneralLedger");
