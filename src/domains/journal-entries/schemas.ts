import { z } from "@hono/zod-openapi";
import { BatchResultSchemaOf } from "../../http/bulk-schema";
import { toOre } from "../../ledger/money";

export const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD").refine((d) => {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
}, "not a real date");

/** Kronor with at most two decimals (öre), as a JSON number. */
export const AmountSchema = z
  .number()
  .nonnegative()
  .max(999_999_999_999)
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)");

/** { dimension id: code }, e.g. { "1": "100", "6": "P-17" } */
export const DimensionMapSchema = z
  .record(z.string().regex(/^\d{1,3}$/, "a dimension id"), z.string().min(1).max(40))
  .openapi({ description: "map of dimension id to code; unknown or archived codes give DIMENSION_VALIDATION_FAILED" });

export const LineInputSchema = z
  .object({
    account_number: z.string().regex(/^[1-8]\d{3}$/, "a four-digit BAS account number"),
    debit_amount: AmountSchema.default(0),
    credit_amount: AmountSchema.default(0),
    line_description: z.string().max(500).nullish(),
    dimensions: DimensionMapSchema.optional(),
  })
  .refine((l) => (l.debit_amount > 0) !== (l.credit_amount > 0), {
    message: "a line has either a debit_amount or a credit_amount above zero, not both",
  })
  .openapi("JournalLineInput");

export const EntryCreateSchema = z
  .object({
    fiscal_period_id: z.string().min(1),
    entry_date: DateSchema,
    description: z.string().trim().min(1).max(1000),
    voucher_series: z.string().regex(/^[A-Z]$/, "a single uppercase letter").optional().openapi({ description: "default: the company's default_voucher_series (A)" }),
    lines: z.array(LineInputSchema).min(2).max(1000),
  })
  .openapi("JournalEntryCreate");

export const BatchCreateSchema = z
  .object({
    entries: z.array(z.unknown()).min(1).max(50).openapi({ description: "up to 50 JournalEntryCreate objects; each is validated on its own" }),
    all_or_nothing: z.boolean().optional().openapi({ description: "true is not supported (501)" }),
  })
  .openapi("JournalEntryBatchCreate");

export const ReverseSchema = z.object({ reversal_date: DateSchema.optional(), description: z.string().trim().min(1).max(1000).optional() }).openapi("JournalEntryReverse");

export const CorrectSchema = z
  .object({
    lines: z.array(LineInputSchema).min(2).max(1000),
    description: z.string().trim().min(1).max(1000).optional(),
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

const EntrySummarySchema = z.object({ id: z.string(), voucher_series: z.string(), voucher_number: z.number(), entry_date: z.string(), status: z.string() });

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
  documents: z.array(z.record(z.string(), z.unknown())).openapi({ description: "current versions of the documents linked to the entry (see Document)" }),
  storno_chain: z.object({
    reverses: EntrySummarySchema.nullable(),
    reversed_by: EntrySummarySchema.nullable(),
    correction_of: EntrySummarySchema.nullable(),
    corrected_by: z.array(EntrySummarySchema),
  }),
}).openapi("JournalEntryDetail");

export const CommitResultSchema = z.object({ id: z.string(), voucher_series: z.string(), voucher_number: z.number(), status: z.string(), entry_date: z.string() });
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
  status: z.enum(["draft", "posted", "cancelled"]).optional().openapi({ description: "cancelled entries are listed only when asked for" }),
  date_from: DateSchema.optional(),
  date_to: DateSchema.optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export type EntryCreateInput = z.infer<typeof EntryCreateSchema>;
export type LineInput = z.infer<typeof LineInputSchema>;
export type CorrectInput = z.infer<typeof CorrectSchema>;
export type ReverseInput = z.infer<typeof ReverseSchema>;
