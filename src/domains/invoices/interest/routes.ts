import { PROSE } from "./prose";
import { CompanyItemParams } from "../../../http/params";
import { InvoiceInterestSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const issueInterestInvoice = commandRoute("invoices.interest_invoice", "body+id", {
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
