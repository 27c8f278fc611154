import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { nowIso } from "../../../clock";
import { database } from "../../../db/client";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { invoicePdfToServe } from "./archive";
import { invoiceFileName } from "./document";
import { loadInvoice } from "../queries";
import { InvoiceSchema, PeppolDeliverySchema } from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute, on, routeRoom } from "../../../http/route-table";

export const invoicePdfRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}/pdf`, DOCS.invoicePdf),
  response: null,
});

export async function invoicePdf(c: HandlerContext<typeof invoicePdfRoute>) {
  const db = database(c.env);
  const row = await loadInvoice(db, c.get("company").id, c.req.valid("param").id);
  const pdf = await invoicePdfToServe(c.env, db, row, nowIso());
  return fileResponse(c, pdf.body, "application/pdf", invoiceFileName(row));
}

const room = routeRoom(BASE, { write });

export const markInvoiceSent = room.action(
  "invoices.mark_sent",
  "mark-sent",
  DOCS.markInvoiceSent,
  null,
  InvoiceSchema,
);

export const sendInvoice = commandRoute("invoices.send", "id", {
  ...on.post(write, `${BASE}/{id}/send`, DOCS.sendInvoice),
  response: InvoiceSchema.extend({
    document_id: z.string(),
    channel: z.enum(["peppol", "email"]).openapi({ description: "how the invoice went out (an extension field)" }),
    peppol_delivery: PeppolDeliverySchema.optional().openapi({ description: "channel peppol: the queued delivery" }),
  }),
});

export const bookInvoice = commandRoute("invoices.book", "id", {
  ...on.post(write, `${BASE}/{id}/book`, DOCS.bookInvoice),
  response: InvoiceSchema.extend({ journal_entry_id: z.string() }),
});
