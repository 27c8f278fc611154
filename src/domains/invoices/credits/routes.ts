import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { CompanyItemParams } from "../../../http/params";
import { InvoiceCreditSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const creditInvoice = commandRoute("invoices.credit", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/credit`,
  summary: "Credit a sent, overdue or paid invoice in full",
  description: PROSE.creditInvoiceDescription,
  params: CompanyItemParams,
  body: InvoiceCreditSchema,
  response: InvoiceSchema.extend({ original_status: z.string() }),
  status: 201,
});
