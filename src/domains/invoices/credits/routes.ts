import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { InvoiceCreditSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute, on } from "../../../http/route-table";

export const creditInvoice = commandRoute("invoices.credit", "body+id", {
  ...on.post(write, `${BASE}/{id}/credit`, DOCS.creditInvoice),
  body: InvoiceCreditSchema,
  response: InvoiceSchema.extend({ original_status: z.string() }),
  status: 201,
});
