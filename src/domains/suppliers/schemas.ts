import { z } from "@hono/zod-openapi";
import { PartyContactFields } from "../../http/fields";
import { PartyContactJsonFields } from "../parties";

const SupplierFields = z.object({
  name: z.string().trim().min(1).max(200),
  supplier_type: z.enum(["swedish_business", "eu_business", "non_eu_business"]).openapi({
    description:
      "swedish_business; eu_business (another member state, VAT number); non_eu_business (outside the EU: country required and outside the EU). " +
      "The VAT of a purchase follows the country (docs/invoices.md, Reverse charge on purchases)",
  }),
  org_number: z.string().trim().max(40).nullable(),
  vat_number: z.string().trim().max(20).nullable(),
  bankgiro: z.string().trim().max(20).nullable(),
  plusgiro: z.string().trim().max(20).nullable(),
  iban: z.string().trim().max(40).nullable(),
  bic: z.string().trim().max(11).nullable(),
  default_expense_account: z
    .string()
    .regex(/^[1-8]\d{3}$/, "a four-digit BAS account")
    .nullable(),
  default_currency: z.string().regex(/^[A-Z]{3}$/, "ISO 4217, e.g. SEK"),
  ...PartyContactFields,
});

export const SupplierCreateSchema = SupplierFields.partial()
  .required({ name: true, supplier_type: true })
  .openapi("SupplierCreate");
export const SupplierPatchSchema = SupplierFields.partial()
  .extend({ archived_at: z.null().optional().openapi({ description: "null restores an archived supplier" }) })
  .strict()
  .openapi("SupplierPatch");

export const SupplierSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    supplier_type: z.string(),
    email: z.string().nullable(),
    org_number: z.string().nullable(),
    vat_number: z.string().nullable(),
    bankgiro: z.string().nullable(),
    plusgiro: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    default_expense_account: z.string().nullable(),
    default_payment_terms: z.number(),
    default_currency: z.string(),
    ...PartyContactJsonFields,
    notes: z.string().nullable(),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    supplier_invoices: z.array(z.unknown()).optional(),
  })
  .openapi("Supplier");

export type SupplierCreateInput = z.infer<typeof SupplierCreateSchema>;
export type SupplierPatchInput = z.infer<typeof SupplierPatchSchema>;
