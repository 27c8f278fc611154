// The bank rules' inputs and answers (docs/bank-rules.md).
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, CurrencySchema, DimensionMapSchema } from "../../http/fields";
import { VAT_TREATMENTS } from "../../sweden/bank-categories";

const TextMatchSchema = z
  .object({
    op: z.enum(["contains", "starts_with", "ends_with", "equals", "glob"]).default("contains"),
    value: z.string().trim().min(1).max(100),
  })
  .strict()
  .openapi("BankRuleTextMatch", {
    description:
      "compared case-insensitively with whitespace runs as one space; glob: * any run, ? one character, " +
      "the whole text (at most 10 stars); no regular expressions",
  });

const KronorBound = z.number().min(0).max(1_000_000_000);

export const RuleConditionsSchema = z
  .object({
    direction: z.enum(["in", "out"]).optional(),
    amount_min: KronorBound.optional().openapi({ description: "kronor, on the row's absolute amount, inclusive" }),
    amount_max: KronorBound.optional().openapi({ description: "kronor, on the row's absolute amount, inclusive" }),
    currency: CurrencySchema.optional(),
    settlement_account: AccountNumberSchema.optional(),
    description: TextMatchSchema.optional(),
    merchant: TextMatchSchema.optional(),
    reference: TextMatchSchema.optional(),
    counterparty_account: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .openapi({ description: "equal when spaces, dashes, dots and leading zeros are left out" }),
  })
  .strict()
  .openapi("BankRuleConditions");

export const RuleActionSchema = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("book"),
        account_number: AccountNumberSchema,
        vat_treatment: z.enum(VAT_TREATMENTS).default("none"),
        dimensions: DimensionMapSchema.optional(),
        is_business: z.boolean().default(true),
      })
      .strict(),
    z
      .object({
        type: z.literal("match"),
        party: z.enum(["customer", "supplier"]),
        party_id: z.string().min(1),
      })
      .strict(),
    z.object({ type: z.literal("private") }).strict(),
    z.object({ type: z.literal("ignore") }).strict(),
  ])
  .openapi("BankRuleAction");

export const RuleCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    mode: z.enum(["book", "propose"]).default("propose"),
    is_active: z.boolean().default(true),
    position: z.number().int().min(1).optional().openapi({ description: "where the rule goes, 1 first; default last" }),
    conditions: RuleConditionsSchema,
    action: RuleActionSchema,
  })
  .strict()
  .openapi("BankRuleCreate");
export type RuleCreateInput = z.infer<typeof RuleCreateSchema>;

export const RuleUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    mode: z.enum(["book", "propose"]).optional(),
    is_active: z.boolean().optional(),
    conditions: RuleConditionsSchema.optional(),
    action: RuleActionSchema.optional(),
  })
  .strict()
  .openapi("BankRuleUpdate");
export type RuleUpdateInput = z.infer<typeof RuleUpdateSchema>;

export const RuleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    position: z.number().int(),
    mode: z.enum(["book", "propose"]),
    is_active: z.boolean(),
    conditions: RuleConditionsSchema,
    action: RuleActionSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("BankRule");

export const RuleListSchema = z.array(RuleSchema);

export const ReorderSchema = z
  .object({ order: z.array(z.string().min(1)).min(1).max(500).openapi({ description: "every rule id, first first" }) })
  .strict()
  .openapi("BankRuleReorder");
export type ReorderInput = z.infer<typeof ReorderSchema>;

export const RUN_LIMIT = 200;

export const RunSchema = z
  .object({
    transaction_ids: z.array(z.string().min(1)).min(1).max(RUN_LIMIT).optional(),
    import_id: z.string().min(1).optional(),
    cursor: z.string().optional().openapi({ description: "next_cursor of the previous run: continue after it" }),
    limit: z.number().int().min(1).max(RUN_LIMIT).default(100),
  })
  .strict()
  .openapi("BankRuleRun");
export type RunInput = z.infer<typeof RunSchema>;

const RowResultSchema = z.object({
  transaction_id: z.string(),
  outcome: z.enum([
    "booked",
    "private",
    "ignored",
    "matched_invoice",
    "matched_supplier_invoice",
    "proposed",
    "skipped",
    "no_rule",
  ]),
  by: z.enum(["invoice_match", "rule", "none"]),
  rule_id: z.string().nullable(),
  rule_name: z.string().nullable(),
  journal_entry_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  supplier_invoice_id: z.string().nullable(),
  proposal: z.record(z.string(), z.unknown()).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const RunResultSchema = z
  .object({
    rows: z.array(RowResultSchema),
    summary: z.record(z.string(), z.number().int()),
    next_cursor: z.string().nullable(),
  })
  .openapi("BankRuleRunResult");

export const PreviewSchema = z
  .object({
    rule: RuleCreateSchema.optional().openapi({ description: "a draft rule to preview instead of the stored one" }),
    limit: z.number().int().min(1).max(RUN_LIMIT).default(100),
  })
  .strict()
  .openapi("BankRulePreview");
export type PreviewInput = z.infer<typeof PreviewSchema>;

export const PreviewResultSchema = z
  .object({
    rows: z.array(
      RowResultSchema.extend({
        lines: z
          .array(z.object({ account_number: z.string(), debit_amount: z.number(), credit_amount: z.number() }))
          .nullable(),
      }),
    ),
    summary: z.record(z.string(), z.number().int()),
  })
  .openapi("BankRulePreviewResult");

export const SuggestionListSchema = z
  .array(
    z.object({
      merchant: z.string(),
      times_booked: z.number().int(),
      rule: RuleCreateSchema,
    }),
  )
  .openapi("BankRuleSuggestions");
