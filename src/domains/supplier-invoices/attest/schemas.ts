import { z } from "@hono/zod-openapi";

export const SupplierInvoiceRejectSchema = z
  .object({ reason: z.string().trim().min(1).max(1000).openapi({ description: "why: shown to the registrant" }) })
  .strict()
  .openapi("SupplierInvoiceReject");

export const SupplierInvoiceResubmitSchema = z
  .object({ note: z.string().trim().min(1).max(1000).optional().openapi({ description: "what was corrected" }) })
  .strict()
  .openapi("SupplierInvoiceResubmit");
