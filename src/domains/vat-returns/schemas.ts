// The VAT return's input and output (zod; the types are inferred from these).
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { DateSchema } from "../../http/fields";
import { PageQuery } from "../../http/route";

/** "2026-03" (a month), "2026-Q1" (a quarter), "2026" or "2025/2026" (a fiscal year, for yearly VAT). */
const PeriodLabel = z
  .string()
  .regex(
    /^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4]|\/\d{4})?$/,
    "a month (2026-03), a quarter (2026-Q1) or a year (2026, 2025/2026)",
  );

export const VatReturnCreateSchema = z
  .object({
    period: PeriodLabel.optional().openapi({
      description: PROSE.createPeriod,
    }),
    period_start: DateSchema.optional(),
    period_end: DateSchema.optional(),
    correction: z.boolean().default(false).openapi({
      description:
        "true: a correction return of a period that has one (the difference per box since what was declared)",
    }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const range = b.period_start !== undefined || b.period_end !== undefined;
    if (b.period !== undefined && range)
      ctx.addIssue({ code: "custom", path: ["period"], message: "give either period or period_start and period_end" });
    else if (b.period === undefined && (b.period_start === undefined || b.period_end === undefined))
      ctx.addIssue({
        code: "custom",
        path: [b.period_start === undefined ? "period_start" : "period_end"],
        message: "give period, or both period_start and period_end",
      });
  });
export type VatReturnCreateInput = z.infer<typeof VatReturnCreateSchema>;

const Boxes = z.record(z.string(), z.number().int()).openapi({
  description: "every box of SKV 4700 (05-62 and 49) in whole kronor",
});

const TransferLine = z.object({ account_number: z.string(), debit_amount: z.number(), credit_amount: z.number() });

export const VatReturnSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["original", "correction"]),
    corrects_id: z.string().nullable(),
    period: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    fiscal_period_id: z.string(),
    boxes: Boxes,
    declared_boxes: Boxes.openapi({
      description: PROSE.declaredBoxes,
    }),
    box_49: z.number().int(),
    to_pay: z.number().int(),
    to_reclaim: z.number().int(),
    journal_entry_id: z.string().nullable(),
    voucher_number: z.string().nullable(),
    transfer: z.object({
      settlement_amount: z.number().openapi({ description: "on 2650: credit positive (to pay), debit negative" }),
      rounding_amount: z.number().openapi({ description: "on 3740: credit positive, debit negative" }),
      lines: z.array(TransferLine).optional().openapi({ description: "the entry's lines (in the create answer)" }),
    }),
    pdf_url: z.string(),
    eskd_url: z.string(),
    created_at: z.string(),
    warnings: z
      .array(
        z.object({
          severity: z.string(),
          code: z.string(),
          message: z.string(),
          details: z.record(z.string(), z.unknown()),
        }),
      )
      .optional()
      .openapi({
        description: PROSE.warnings,
      }),
  })
  .openapi("VatReturn");

export const VatReturnListQuery = z
  .object({
    ...PageQuery,
    period: PeriodLabel.optional(),
  })
  .strict();
