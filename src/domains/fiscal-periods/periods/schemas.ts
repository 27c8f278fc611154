// A fiscal period as the API answers it, and the lock's body and answer.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { DateSchema } from "../../../http/fields";

export const FiscalPeriodSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    is_closed: z.boolean(),
    closed_at: z.string().nullable(),
    locked_at: z.string().nullable(),
    previous_period_id: z.string().nullable(),
    closing_entry_id: z.string().nullable(),
    lock_date: z.string().nullable().openapi({
      description: PROSE.FiscalPeriodSchemaDescription,
    }),
    closed_externally: z.boolean().openapi({
      description: PROSE.FiscalPeriodSchemaDescription2,
    }),
    reopened_at: z.string().nullable().openapi({ description: "when a year closed elsewhere was last reopened" }),
    reopen_reason: z.string().nullable().openapi({ description: "the reason given when it was reopened" }),
    created_at: z.string(),
  })
  .openapi("FiscalPeriod");

export const LockBody = z
  .object({
    lock_date: DateSchema.optional().openapi({
      description: PROSE.LockBodyDescription,
    }),
  })
  .strict();

export const LockResult = z.object({
  id: z.string(),
  locked_at: z.string().nullable(),
  is_closed: z.boolean(),
  lock_date: z.string().nullable(),
});
