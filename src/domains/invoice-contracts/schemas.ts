// The invoice contracts' input and output (zod; the types are inferred from these). Items are
// given exactly as an invoice draft's lines (InvoiceItemInput), with {period} placeholders.
import { z } from "@hono/zod-openapi";
import { DateSchema, KronorSchema, MAX_ITEMS_PER_INVOICE } from "../../http/fields";
import { InvoiceItemInputSchema } from "../invoices";
import { PROSE } from "./prose";
import { ACTIONS, INTERVALS } from "./rules";

const MonthStartSchema = DateSchema.refine((d) => d.endsWith("-01"), "the first day of a month");

const InvoiceDaySchema = z
  .union([z.number().int().min(1).max(31), z.literal("last")])
  .openapi({ description: PROSE.invoiceDayField });

const TermsFields = {
  items: z.array(InvoiceItemInputSchema).min(1).max(MAX_ITEMS_PER_INVOICE).openapi({
    description: PROSE.itemsField,
  }),
  our_reference: z.string().trim().max(100).nullish(),
  your_reference: z.string().trim().max(100).nullish(),
  notes: z.string().trim().max(2000).nullish(),
};

const SettingsFields = {
  name: z.string().trim().min(1).max(200).nullish(),
  invoice_day: InvoiceDaySchema.default(1),
  invoice_month_offset: z.number().int().min(-12).max(12).default(0).openapi({
    description:
      "the invoice date's month relative to the period's first month: -1 invoices a period in the month before it",
  }),
  days_in_advance: z.number().int().min(0).max(365).default(0).openapi({
    description: "the invoice is made this many days before its invoice date (0: on the day)",
  }),
  action: z.enum(ACTIONS).default("draft").openapi({ description: PROSE.actionField }),
  payment_terms_days: z.number().int().min(0).max(365).nullish().openapi({
    description: "due date = invoice date + this; absent: the customer's default payment terms",
  }),
};

export const ContractCreateSchema = z
  .object({
    customer_id: z.string().min(1),
    interval: z.enum(INTERVALS),
    start_date: MonthStartSchema.openapi({ description: "the first period's first day (a month's first day)" }),
    end_date: DateSchema.nullish().openapi({
      description:
        "the last day covered: a period starting after it is not invoiced; one starting on or before it is, whole",
    }),
    ...SettingsFields,
    ...TermsFields,
  })
  .strict();
export type ContractCreateInput = z.infer<typeof ContractCreateSchema>;

const { invoice_day, invoice_month_offset, days_in_advance, action, ...rest } = SettingsFields;
export const ContractPatchSchema = z
  .object({
    ...rest,
    invoice_day: InvoiceDaySchema.optional(),
    invoice_month_offset: invoice_month_offset.removeDefault().optional(),
    days_in_advance: days_in_advance.removeDefault().optional(),
    action: action.removeDefault().optional(),
  })
  .strict();
export type ContractPatchInput = z.infer<typeof ContractPatchSchema> & { id: string };

export const ContractChangeSchema = z
  .object({
    effective_from: DateSchema.openapi({
      description: "a period's first day: the new terms apply to that period and every later one",
    }),
    ...TermsFields,
  })
  .strict();
export type ContractChangeInput = z.infer<typeof ContractChangeSchema> & { id: string };

export const ContractPauseSchema = z
  .object({ from: DateSchema.optional().openapi({ description: "default today" }) })
  .strict();
export type ContractPauseInput = z.infer<typeof ContractPauseSchema> & { id: string };

export const ContractEndSchema = z
  .object({
    end_date: DateSchema.openapi({
      description: "the last day covered: no period starting after it is invoiced",
    }),
  })
  .strict();
export type ContractEndInput = z.infer<typeof ContractEndSchema> & { id: string };

export const ContractRunSchema = z.object({}).strict();

export const UpcomingQuery = z.object({
  count: z.coerce.number().int().min(1).max(60).default(12),
});

const AmountsFields = { subtotal: KronorSchema, vat: KronorSchema, total: KronorSchema };

const VersionSchema = z.object({
  id: z.string(),
  effective_from: DateSchema,
  items: z.array(z.record(z.string(), z.unknown())),
  our_reference: z.string().nullable(),
  your_reference: z.string().nullable(),
  notes: z.string().nullable(),
  ...AmountsFields,
});

export const ContractSchema = z
  .object({
    id: z.string(),
    customer_id: z.string(),
    name: z.string().nullable(),
    interval: z.enum(INTERVALS),
    start_date: DateSchema,
    end_date: DateSchema.nullable(),
    invoice_day: InvoiceDaySchema,
    invoice_month_offset: z.number().int(),
    days_in_advance: z.number().int(),
    action: z.enum(ACTIONS),
    payment_terms_days: z.number().int().nullable(),
    status: z.enum(["active", "paused", "ended"]),
    next_run_on: DateSchema.nullable().openapi({ description: "the day the next invoice is to be made; null: none" }),
    versions: z.array(VersionSchema).openapi({ description: "the terms, each from its effective_from on" }),
    pauses: z.array(z.object({ from: DateSchema, to: DateSchema.nullable() })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("InvoiceContract");

export const ContractListSchema = z.array(ContractSchema);

export const ContractInvoiceSchema = z.object({
  period_start: DateSchema,
  period_end: DateSchema,
  period: z.string().openapi({ description: "the period's name, as {period} fills it" }),
  invoice_id: z.string(),
  scheduled_date: DateSchema,
  invoice_date: DateSchema,
  action: z.enum(ACTIONS),
  action_status: z.enum(["none", "pending", "done", "failed"]),
  action_error: z.string().nullable(),
  created_at: z.string(),
});

export const ContractRunResultSchema = z.object({
  contract: ContractSchema,
  created: z.array(ContractInvoiceSchema.extend(AmountsFields)),
});

export const UpcomingSchema = z.object({
  contract_id: z.string(),
  invoices: z.array(
    z.object({
      period_start: DateSchema,
      period_end: DateSchema,
      period: z.string(),
      invoice_date: DateSchema,
      create_on: DateSchema,
      effective_from: DateSchema.openapi({ description: "the terms (version) it is made under" }),
      items: z.array(z.object({ description: z.string(), quantity: z.number(), unit_price: z.number() })),
      ...AmountsFields,
    }),
  ),
});
