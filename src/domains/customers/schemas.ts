import { z } from "@hono/zod-openapi";
import { PartyContactFields } from "../../http/fields";
import { PartyContactJsonFields } from "../parties";
import { PROSE } from "./prose";

export { PartyContactFields };

/** A Peppol electronic address (docs/peppol.md): checked by its scheme, stored normalised. */
export const PeppolEndpointIdSchema = z
  .object({
    scheme: z
      .string()
      .regex(/^\d{4}$/, "a four-digit EAS code")
      .openapi({ description: "EAS code: 0007 Swedish organisation number, 0088 GLN, 9955 Swedish VAT number, ..." }),
    value: z.string().trim().min(1).max(100),
  })
  .strict()
  .openapi("PeppolEndpointId", {
    description: PROSE.peppolEndpointId,
  });

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
  peppol_endpoint_id: PeppolEndpointIdSchema.nullable(),
  e_invoice: z.boolean().openapi({
    description: PROSE.eInvoice,
  }),
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
    ...PartyContactJsonFields,
    default_payment_terms: z.number(),
    notes: z.string().nullable(),
    peppol_endpoint_id: z.object({ scheme: z.string(), value: z.string() }).nullable(),
    e_invoice: z.boolean(),
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
