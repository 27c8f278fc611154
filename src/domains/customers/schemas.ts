import { z } from "@hono/zod-openapi";
import { PartyContactFields } from "../../http/fields";

export { PartyContactFields };

const CustomerFields = z.object({
  name: z.string().trim().min(1).max(200),
  customer_type: z.enum(["swedish_business", "eu_business", "individual"]),
  org_number: z.string().trim().max(40).nullable(),
  vat_number: z.string().trim().max(20).nullable(),
  personal_number: z.string().trim().max(20).nullable().openapi({
    description:
      "individuals only; stored encrypted; returned as ********-NNNN. In PATCH the masked form means unchanged, null clears.",
  }),
  ...PartyContactFields,
});

export const CustomerCreateSchema = CustomerFields.partial()
  .required({ name: true, customer_type: true })
  .openapi("CustomerCreate");

export const CustomerPatchSchema = CustomerFields.partial()
  .extend({ archived_at: z.null().optional().openapi({ description: "null restores an archived customer" }) })
  .strict()
  .openapi("CustomerPatch");

export const CustomerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    customer_type: z.string(),
    email: z.string().nullable(),
    org_number: z.string().nullable(),
    vat_number: z.string().nullable(),
    vat_number_validated: z.boolean(),
    personal_number: z.string().nullable(),
    country: z.string(),
    address_line1: z.string().nullable(),
    address_line2: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    contact_name: z.string().nullable(),
    default_payment_terms: z.number(),
    notes: z.string().nullable(),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    invoices: z
      .array(z.unknown())
      .optional()
      .openapi({ description: "with expand=invoices: open invoices (sent, partially_paid, overdue)" }),
  })
  .openapi("Customer");

export type CustomerCreateInput = z.infer<typeof CustomerCreateSchema>;
export type CustomerPatchInput = z.infer<typeof CustomerPatchSchema>;
