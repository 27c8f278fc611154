// The month's close: the query and the answer.
import { z } from "@hono/zod-openapi";

export const CloseStatusQuery = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "YYYY-MM")
      .optional(),
    fiscal_year: z.string().min(1).max(64).optional().openapi({
      description: "a fiscal period's id, or the year (YYYY) its period ends in",
    }),
  })
  .strict()
  .refine((q) => (q.month === undefined) !== (q.fiscal_year === undefined), {
    message: "give either month or fiscal_year",
    path: ["month"],
  });

export const BlockerSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    count: z.number(),
    links: z.array(z.string()),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("CloseBlocker");

export const CloseStatusSchema = z
  .object({
    scope: z.enum(["month", "fiscal_year"]),
    month: z.string().nullable(),
    fiscal_period_id: z.string(),
    date_from: z.string(),
    date_to: z.string(),
    ready: z.boolean(),
    blockers: z.array(BlockerSchema),
    announced_ready_at: z.string().nullable(),
  })
  .openapi("CloseStatus");
