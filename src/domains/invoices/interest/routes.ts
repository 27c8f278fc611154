import { DOCS } from "./prose";
import { InvoiceInterestSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute, on } from "../../../http/route-table";

export const issueInterestInvoice = commandRoute("invoices.interest_invoice", "body+id", {
  ...on.post(write, `${BASE}/{id}/interest-invoice`, DOCS.issueInterestInvoice),
  body: InvoiceInterestSchema,
  response: InvoiceSchema,
  status: 201,
});
