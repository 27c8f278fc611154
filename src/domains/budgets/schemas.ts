// The budgets' inputs and answers. Amounts are kronor with the ledger's sign (debit
// positive, as SIE #PBUDGET and the trial balance): a revenue budget is negative.
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, DimensionMapSchema, KronorSchema, SignedAmountSchema } from "../../http/fields";
import { PROSE } from "./prose";

const Name = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .openapi({ description: "the version's name, unique in the fiscal year" });
const Month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "YYYY-MM")
  .openapi({ description: "YYYY-MM, inside the fiscal year" });
const MAX_LINES = 50_000;

export const BudgetLineInputSchema = z
  .object({
    account_number: AccountNumberSchema,
    month: Month,
    amount: SignedAmountSchema.openapi({ description: PROSE.amount }),
    dimensions: DimensionMapSchema.optional(),
  })
  .strict();

export const BudgetCreateSchema = z
  .object({
    fiscal_period_id: z.string().min(1),
    name: Name,
    lines: z.array(BudgetLineInputSchema).max(MAX_LINES),
  })
  .strict()
  .openapi("BudgetCreate");
export type BudgetCreateInput = z.infer<typeof BudgetCreateSchema>;

export const BudgetReplaceSchema = z
  .object({ name: Name.optional(), lines: z.array(BudgetLineInputSchema).max(MAX_LINES) })
  .strict()
  .openapi("BudgetReplace");
export type BudgetReplaceInput = z.infer<typeof BudgetReplaceSchema> & { id: string };

export const BudgetImportSchema = z
  .object({
    fiscal_period_id: z.string().min(1),
    name: Name,
    format: z.enum(["csv", "sie"]),
    csv_text: z.string().max(4_000_000).optional().openapi({ description: PROSE.csv }),
    sie_base64: z.string().max(5_400_000).optional().openapi({ description: PROSE.sie }),
    replace: z.boolean().default(false).openapi({ description: "true: an existing budget of the name is replaced" }),
  })
  .strict()
  .openapi("BudgetImport");
export type BudgetImportInput = z.infer<typeof BudgetImportSchema>;

export const BudgetListQuery = z.object({ fiscal_period_id: z.string().min(1).optional() }).strict();

const BudgetHead = {
  id: z.string(),
  fiscal_period_id: z.string(),
  name: z.string(),
  line_count: z.number().int().nonnegative(),
  total: KronorSchema.openapi({ description: "the sum of the lines (debit positive): the budgeted result, negated" }),
  created_at: z.string(),
  updated_at: z.string(),
};

export const BudgetSummarySchema = z.strictObject(BudgetHead).openapi("BudgetSummary");
export const BudgetListSchema = z.array(BudgetSummarySchema);

export const BudgetSchema = z
  .strictObject({
    ...BudgetHead,
    lines: z.array(
      z.strictObject({
        account_number: AccountNumberSchema,
        month: z.string(),
        dimensions: z.record(z.string(), z.string()),
        amount: KronorSchema,
      }),
    ),
  })
  .openapi("Budget");
