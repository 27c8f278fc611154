// The request bodies of the invoice matches.
import { z } from "@hono/zod-openapi";
import { DateSchema } from "../../../http/fields";

export const MatchInvoiceSchema = z
  .object({
    invoice_id: z.string().min(1).optional().openapi({
      description: "default: the invoice the transaction's OCR reference points to (potential_invoice_id)",
    }),
    payment_date: DateSchema.optional().openapi({ description: "default the transaction's date" }),
  })
  .strict()
  .openapi("TransactionMatchInvoice");

export const MatchSupplierInvoiceSchema = z
  .object({ supplier_invoice_id: z.string().min(1), payment_date: DateSchema.optional() })
  .strict()
  .openapi("TransactionMatchSupplierInvoice");

export type MatchInvoiceInput = z.infer<typeof MatchInvoiceSchema>;
export type MatchSupplierInvoiceInput = z.infer<typeof MatchSupplierInvoiceSchema>;
