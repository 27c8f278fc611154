// The year-end's bodies and answers: closing rates, close, reopen, opening balances, the cash method's entry.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { CurrencySchema } from "../../../http/fields";
import { decimalString } from "../../../sweden/invoicing";
import Big from "big.js";

export const CloseBody = z
  .object({
    closed_externally: z.boolean().optional().openapi({
      description: PROSE.CloseBodyDescription,
    }),
  })
  .strict();

export const ReopenBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();

export const CloseResult = z.object({
  id: z.string(),
  is_closed: z.boolean(),
  closed_at: z.string().nullable(),
  closed_externally: z.boolean(),
});

/** SEK per one unit, as a JSON number or a decimal string: above 0, below 100 000, at most six decimals. */
const ClosingRateSchema = z
  .union([z.number(), z.string().regex(/^\d{1,5}(\.\d{1,6})?$/, 'a decimal string such as "11.4520"')])
  .transform((v, ctx) => {
    const rate = typeof v === "number" ? decimalString(v, 6) : new Big(v).toString();
    if (rate === null || !(Number(rate) > 0) || Number(rate) >= 100_000) {
      ctx.addIssue({ code: "custom", message: "SEK per unit: above 0, below 100000, at most six decimals" });
      return z.NEVER;
    }
    return rate;
  });

export const ClosingRatesSchema = z
  .record(
    CurrencySchema.refine((c) => c !== "SEK", "SEK needs no closing rate"),
    ClosingRateSchema,
  )
  .refine((r) => Object.keys(r).length <= 50, "at most 50 currencies")
  .optional()
  .openapi({
    description: PROSE.closingRates,
  });

export const YearEndBody = z.object({ closing_rates: ClosingRatesSchema }).strict();

export const OpeningBody = z.object({ next_period_id: z.string().min(1) }).strict();

export const OpeningResult = z.object({
  opening_entry_id: z.string(),
  voucher_series: z.string(),
  voucher_number: z.number().int(),
  next_period_id: z.string(),
  carry_forward_entry_id: z.string().nullable(),
  carry_forward_voucher_number: z.number().int().nullable(),
  cash_method_reversal_entry_id: z.string().nullable().openapi({
    description: PROSE.OpeningResultDescription,
  }),
});

export const CashMethodEntryResult = z.object({
  fiscal_period_id: z.string(),
  journal_entry_id: z
    .string()
    .nullable()
    .openapi({ description: "null when nothing was unpaid (answered 200, nothing written)" }),
  voucher_series: z.string().nullable(),
  voucher_number: z.number().int().nullable(),
  entry_date: z.string().openapi({ description: "the year's last day" }),
  output_vat: z
    .number()
    .openapi({ description: "output VAT the entry books (2610-2639): declared in the year's last VAT period" }),
  input_vat: z.number().openapi({ description: "input VAT the entry books (2640-2649)" }),
  lines: z.array(
    z.object({
      account_number: z.string(),
      debit: z.number(),
      credit: z.number(),
      description: z.string().nullable(),
    }),
  ),
});
