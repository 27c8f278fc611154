// Payment-file inputs (supplier invoices).
import { z } from "@hono/zod-openapi";
import { DateSchema } from "../../http/fields";
import { toOre } from "../../money";

export const CreditorAccountSchema = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("bankgiro"),
        number: z.string().regex(/^\d{3,4}-?\d{4}$/, "Bankgiro NNN-NNNN or NNNN-NNNN"),
      })
      .strict(),
    z
      .object({
        type: z.literal("plusgiro"),
        number: z.string().regex(/^\d{1,7}-?\d$/, "Plusgiro N-N up to NNNNNNN-N"),
      })
      .strict(),
    z
      .object({
        type: z.literal("bank_account"),
        clearing_number: z.string().regex(/^\d{4,5}$/),
        account_number: z.string().regex(/^\d{1,15}$/),
      })
      .strict(),
    z
      .object({
        type: z.literal("iban"),
        iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "IBAN without spaces"),
        bic: z
          .string()
          .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
          .optional(),
      })
      .strict(),
  ])
  .openapi("CreditorAccount");

/** One payment of a selection: the invoice, and what the caller changes (the payment batches take it too). */
export const SupplierPaymentSchema = z
  .object({
    supplier_invoice_id: z.string().min(1),
    amount: z
      .number()
      .positive()
      .refine((n) => toOre(n) !== null, "at most two decimals")
      .optional()
      .openapi({ description: "in the invoice's currency; default: the remaining amount" }),
    creditor_account: CreditorAccountSchema.optional().openapi({
      description:
        "default: the supplier's Bankgiro, else Plusgiro, else IBAN (for SEK); the IBAN for other currencies",
    }),
  })
  .strict();

export const SupplierPaymentFileSchema = z
  .object({
    execution_date: DateSchema.openapi({ description: "the day the bank is to pay (ReqdExctnDt)" }),
    payments: z.array(SupplierPaymentSchema).min(1).max(500),
  })
  .strict()
  .refine((b) => new Set(b.payments.map((p) => p.supplier_invoice_id)).size === b.payments.length, {
    message: "each supplier invoice once",
    path: ["payments"],
  })
  .openapi("SupplierPaymentFile");

export type SupplierPaymentFileInput = z.infer<typeof SupplierPaymentFileSchema>;
