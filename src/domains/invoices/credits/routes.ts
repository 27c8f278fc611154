import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { InvoiceCreditSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";

export const creditInvoiceRoute = defineRoute({
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

export async function creditInvoice(c: HandlerContext<typeof creditInvoiceRoute>) {
  return dispatch(c, "invoices.credit", { ...c.req.valid("json"), id: c.req.valid("param").id });
}
