import { DOCS } from "./prose";
import { nowIso } from "../../../clock";
import { database } from "../../../db/client";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { invoiceFileName } from "../issue/document";
import { invoicePeppolXml } from "./queries";
import { loadInvoice } from "../queries";
import { PeppolDeliverySchema } from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute, on } from "../../../http/route-table";

export const invoicePeppolRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}/peppol`, DOCS.invoicePeppol),
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
  ...on.post(write, `${BASE}/{id}/peppol/resend`, DOCS.resendPeppol),
  response: PeppolDeliverySchema,
});
