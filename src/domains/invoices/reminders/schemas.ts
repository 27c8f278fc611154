import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";

/** A reminder (påminnelse) as the API answers it. */
export const ReminderSchema = z
  .object({
    id: z.string(),
    invoice_id: z.string(),
    invoice_number: z.string().nullable(),
    reminder_number: z.number().int(),
    reminder_date: z.string(),
    remaining_amount: z.number(),
    fee: z.number(),
    interest: z.number().nullable(),
    interest_days: z.number().int(),
    to_pay: z.number(),
    pay_by: z.string(),
    automatic: z.boolean(),
    sent_to: z.string(),
    journal_entry_id: z.string().nullable(),
    created_at: z.string(),
    interest_detail: z.object({
      periods: z
        .array(z.object({ from: z.string(), to: z.string(), days: z.number().int(), rate_percent: z.string() }))
        .nullable(),
      missing_reference_rate_from: z.string().optional(),
      interest_invoiced_through: z.string().nullable().openapi({
        description: PROSE.interestInvoicedThrough,
      }),
    }),
  })
  .openapi("InvoiceReminder");
