import { PROSE } from "./prose";
import { nowIso } from "../../../clock";
import { database } from "../../../db/client";
import { CompanyItemParams } from "../../../http/params";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { invoiceFileName } from "../issue/document";
import { invoicePeppolXml } from "./queries";
import { loadInvoice } from "../queries";
import { PeppolDeliverySchema } from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const invoicePeppolRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}/peppol`,
  summary: "The invoice or credit note as a Peppol BIS Billing 3.0 e-invoice",
  description: PROSE.invoicePeppolDescription,
  params: CompanyItemParams,
  response: null,
});

export async function invoicePeppol(c: HandlerContext<typeof invoicePeppolRoute>) {
  const db = database(c.env);
  const row = await loadInvoice(db, c.get("company").id, c.req.valid("param").id);
  const xml = await invoicePeppolXml(c.env, db, row, nowIso());
  return fileResponse(
    c,
    new TextEncoder().encode(xml),
    "application/xml; charset=utf-8",
    invoiceFileName(row).replace(/\.pdf$/, ".xml"),
  );
}

export const resendPeppol = commandRoute("invoices.peppol_resend", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/peppol/resend`,
  summary: "Hand a dead Peppol delivery to the access point again",
  description: PROSE.resendPeppolDescription,
  params: CompanyItemParams,
  response: PeppolDeliverySchema,
});
