import { z } from "@hono/zod-openapi";
import { BatchResultSchemaOf } from "../../http/bulk-schema";
import {
  AmountSchema,
  DateSchema,
  DimensionMapSchema,
  JournalLinesSchema,
  LineInputSchema,
  VoucherSeriesSchema,
} from "../../http/fields";
import { TEXT_LIMITS } from "../../text";

export { AmountSchema, DateSchema, DimensionMapSchema, LineInputSchema };

export const EntryCreateSchema = z
  .object({
    fiscal_period_id: z.string().min(1),
    entry_date: DateSchema,
    description: z.string().trim().min(1).max(TEXT_LIMITS.description),
    voucher_series: VoucherSeriesSchema.optional().openapi({
      description: "default: the company's default_voucher_series (A)",
    }),
    lines: JournalLinesSchema(2),
  })
  .openapi("JournalEntryCreate");

export const BatchCreateSchema = z
  .object({
    entries: z
      .array(z.unknown())
      .min(1)
      .max(50)
      .openapi({ description: "up to 50 JournalEntryCreate objects; each is validated on its own" }),
    all_or_nothing: z.boolean().optional().openapi({ description: "true is not supported (501)" }),
  })
  .openapi("JournalEntryBatchCreate");

export const ReverseSchema = z
  .object({
    reversal_date: DateSchema.optional(),
    description: z.string().trim().min(1).max(TEXT_LIMITS.description).optional(),
  })
  .openapi("JournalEntryReverse");

export const CorrectSchema = z
  .object({
    lines: JournalLinesSchema(2),
    description: z.string().trim().min(1).max(TEXT_LIMITS.description).optional(),
    allow_deep_chain: z.boolean().default(false),
  })
  .openapi("JournalEntryCorrect");

export const LineSchema = z.object({
  account_number: z.string(),
  debit_amount: z.number(),
  credit_amount: z.number(),
  line_description: z.string().nullable(),
  sort_order: z.number(),
  dimensions: z.record(z.string(), z.string()),
});

const EntrySummarySchema = z.object({
  id: z.string(),
  voucher_series: z.string(),
  voucher_number: z.number(),
  entry_date: z.string(),
  status: z.string(),
});

export const EntrySchema = z
  .object({
    id: z.string(),
    fiscal_period_id: z.string(),
    voucher_series: z.string(),
    voucher_number: z.number().openapi({ description: "0 while a draft" }),
    entry_date: z.string(),
    description: z.string(),
    status: z.enum(["draft", "posted", "cancelled"]),
    source_type: z.string(),
    source_id: z.string().nullable(),
    total_amount: z.number(),
    created_at: z.string(),
    posted_at: z.string().nullable(),
    reverses_id: z.string().nullable(),
    reversed_by_id: z.string().nullable(),
    correction_of_id: z.string().nullable(),
    lines: z.array(LineSchema),
  })
  .openapi("JournalEntry");

export const EntryDetailSchema = EntrySchema.extend({
  documents: z
    .array(z.record(z.string(), z.unknown()))
    .openapi({ description: "current versions of the documents linked to the entry (see Document)" }),
  storno_chain: z.object({
    reverses: EntrySummarySchema.nullable(),
    reversed_by: EntrySummarySchema.nullable(),
    correction_of: EntrySummarySchema.nullable(),
    corrected_by: z.array(EntrySummarySchema),
  }),
}).openapi("JournalEntryDetail");

export const CommitResultSchema = z.object({
  id: z.string(),
  voucher_series: z.string(),
  voucher_number: z.number(),
  status: z.string(),
  entry_date: z.string(),
});
export const ReverseResultSchema = z.object({
  reversal_id: z.string(),
  original_id: z.string(),
  voucher_series: z.string(),
  voucher_number: z.number(),
  entry_date: z.string(),
  status: z.string(),
});
export const CorrectResultSchema = z.object({
  reversal_id: z.string(),
  corrected_id: z.string(),
  original_id: z.string(),
  voucher_series: z.string(),
  reversal_voucher_number: z.number(),
  corrected_voucher_number: z.number(),
});
export const BatchResultSchema = BatchResultSchemaOf(EntrySchema);

export const ListQuerySchema = z.object({
  fiscal_period_id: z.string().optional(),
  status: z
    .enum(["draft", "posted", "cancelled"])
    .optional()
    .openapi({ description: "cancelled entries are listed only when asked for" }),
  date_from: DateSchema.optional(),
  date_to: DateSchema.optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export type EntryCreateInput = z.infer<typeof EntryCreateSchema>;
export type LineInput = z.infer<typeof LineInputSchema>;
export type CorrectInput = z.infer<typeof CorrectSchema>;
export type ReverseInput = z.infer<typeof ReverseSchema>;
