// The currency revaluation's body and its preview.
import { z } from "@hono/zod-openapi";
import { DateSchema } from "../../../http/fields";

import { ClosingRatesSchema } from "../year-end/schemas";

export const RevaluationBody = z
  .object({
    as_of_date: DateSchema.optional().openapi({ description: "default: the period's end" }),
    closing_rates: ClosingRatesSchema,
  })
  .strict();

const RevaluationItemSchema = z.object({
  kind: z.enum(["receivable", "payable"]),
  id: z.string(),
  number: z.string(),
  currency: z.string(),
  open_amount: z.number(),
  closing_rate: z.number(),
  rate_date: z.string(),
  rate_source: z.enum(["request", "riksbank"]),
  booked_sek: z.number(),
  revalued_sek: z.number(),
  difference: z.number().openapi({ description: "gain positive, loss negative" }),
});

export const RevaluationPreviewSchema = z
  .object({
    revaluation_id: z.string(),
    fiscal_period_id: z.string(),
    as_of_date: z.string(),
    revaluation_entry_id: z
      .string()
      .nullable()
      .openapi({ description: "the id the entry would have; null when nothing moves" }),
    voucher_series: z.string().nullable(),
    voucher_number: z.number().int().nullable().openapi({ description: "the number the entry would take now" }),
    gain: z.number(),
    loss: z.number(),
    net: z.number(),
    items: z.array(RevaluationItemSchema),
    lines: z
      .array(
        z.object({ account: z.string(), debit: z.number(), credit: z.number(), description: z.string().nullable() }),
      )
      .openapi({
        description: "the entry that would be booked (1510/2440 against 3960/7960); empty when nothing moves",
      }),
  })
  .openapi("CurrencyRevaluationPreview");
