// A voucher gap's explanation: body and answer.
import { z } from "@hono/zod-openapi";
import { VoucherSeriesSchema } from "../../../http/fields";

export const GapBody = z
  .object({
    fiscal_period_id: z.string().min(1),
    voucher_series: VoucherSeriesSchema,
    gap_start: z.number().int().min(1),
    gap_end: z.number().int().min(1),
    explanation: z.string().trim().min(1).max(2000),
  })
  .strict();

export const GapResult = z.object({
  id: z.string(),
  fiscal_period_id: z.string(),
  voucher_series: z.string(),
  gap_start: z.number(),
  gap_end: z.number(),
  explanation: z.string(),
  created_at: z.string(),
});
