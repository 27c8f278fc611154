// The absence days' inputs and outputs.
import { z } from "@hono/zod-openapi";
import { DateSchema } from "../../../http/fields";
import { toOre } from "../../../money";
import { ABSENCE_TYPES } from "../../../sweden/payroll";

const AbsenceHours = z
  .number()
  .positive()
  .max(24)
  .refine((n) => toOre(n) !== null, "at most two decimals")
  .openapi({ description: "hours of a part day (deducted per hour); absent or null: the whole day" });

export const AbsenceCreateSchema = z
  .object({
    from_date: DateSchema,
    to_date: DateSchema.optional().openapi({
      description:
        "inclusive; default from_date. Every calendar day of the range is registered, weekends included (at most 92 days)",
    }),
    absence_type: z.enum(ABSENCE_TYPES),
    hours: AbsenceHours.optional(),
    notes: z.string().trim().max(500).optional(),
  })
  .strict()
  .refine((b) => !b.to_date || b.to_date >= b.from_date, { message: "to_date is before from_date", path: ["to_date"] })
  .refine((b) => b.hours === undefined || !b.to_date || b.to_date === b.from_date, {
    message: "hours are for a single day",
    path: ["hours"],
  })
  .openapi("AbsenceCreate");

export const AbsencePatchSchema = z
  .object({
    absence_type: z.enum(ABSENCE_TYPES).optional(),
    hours: AbsenceHours.nullable().optional(),
    notes: z.string().trim().max(500).nullable().optional(),
  })
  .strict()
  .openapi("AbsencePatch");

export const AbsenceQuery = z
  .object({
    from: DateSchema,
    to: DateSchema,
    type: z.enum(ABSENCE_TYPES).optional(),
  })
  .strict();

export const AbsenceDaySchema = z
  .object({
    salary_absence_day_id: z.string(),
    employee_id: z.string(),
    absence_date: z.string(),
    absence_type: z.enum(ABSENCE_TYPES),
    hours: z.number().nullable().openapi({ description: "null: the whole day" }),
    notes: z.string().nullable(),
    salary_run_employee_id: z
      .string()
      .nullable()
      .openapi({ description: "the run employee whose calculation counted the day" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("AbsenceDay");

export type AbsenceCreateInput = z.infer<typeof AbsenceCreateSchema>;
export type AbsencePatchInput = z.infer<typeof AbsencePatchSchema>;
