// The request bodies of categorize and batch-categorize.
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema } from "../../../http/fields";
import { BANK_CATEGORIES, VAT_TREATMENTS } from "../../../sweden/bank-categories";

export const BATCH_CATEGORIZE_LIMIT = 100;

export const CategorizeSchema = z
  .object({
    is_business: z.boolean().default(true),
    category: z.enum(BANK_CATEGORIES).optional(),
    template_id: z
      .string()
      .optional()
      .openapi({ description: "a saved booking template (GET .../transaction-templates)" }),
    counterparty_template_id: z
      .string()
      .optional()
      .openapi({ description: "the template remembered for this transaction's merchant" }),
    account_override: AccountNumberSchema.optional().openapi({
      description: "book to this account instead of the category's",
    }),
    vat_treatment: z.enum(VAT_TREATMENTS).optional().openapi({
      description: "with account_override: none (default), standard_25, reduced_12, reduced_6, representation_12",
    }),
    persons: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "representation: number of participants (VAT deduction capped per person)" }),
    confirm_no_match: z.boolean().default(false),
  })
  .strict()
  .openapi("TransactionCategorize");

export const BatchCategorizeItemSchema = z
  .object({
    transaction_id: z.string().min(1),
    category: z.enum(BANK_CATEGORIES).optional(),
    account_number: AccountNumberSchema.optional(),
    vat_treatment: z.enum(VAT_TREATMENTS).optional(),
    is_business: z.boolean().default(true),
    confirm_no_match: z.boolean().default(false),
  })
  .strict();

export const BatchCategorizeSchema = z
  .object({
    items: z.array(z.unknown()).min(1).max(BATCH_CATEGORIZE_LIMIT).openapi({
      description: "each {transaction_id, category, account_number, vat_treatment, is_business, confirm_no_match}",
    }),
  })
  .strict()
  .openapi("TransactionBatchCategorize");

export type CategorizeInput = z.infer<typeof CategorizeSchema>;
export type BatchCategorizeItem = z.infer<typeof BatchCategorizeItemSchema>;
