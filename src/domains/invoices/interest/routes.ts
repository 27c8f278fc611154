import { PROSE } from "./prose";
import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { InvoiceInterestSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";

export const interestInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/interest-invoice`,
  summary: "Issue an interest invoice (räntefaktura) for late payment of an invoice",
  description: PROSE.interestInvoiceDescription,
  params: CompanyItemParams,
  body: InvoiceInterestSchema,
  response: InvoiceSchema,
  status: 201,
});

export async function issueInterestInvoice(c: HandlerContext<typeof interestInvoiceRoute>) {
  return dispatch(c, "invoices.interest_invoice", { ...c.req.valid("json"), id: c.req.valid("param").id });
}
