import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { nowIso } from "../../../clock";
import { database } from "../../../db/client";
import { CompanyItemParams } from "../../../http/params";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { invoicePdfToServe } from "./archive";
import { invoiceFileName } from "./document";
import { loadInvoice } from "../queries";
import { InvoiceSchema, PeppolDeliverySchema } from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const invoicePdfRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}/pdf`,
  summary: "The invoice as PDF",
  description: PROSE.invoicePdfDescription,
  params: CompanyItemParams,
  response: null,
});

export async function invoicePdf(c: HandlerContext<typeof invoicePdfRoute>) {
  const db = database(c.env);
  const row = await loadInvoice(db, c.get("company").id, c.req.valid("param").id);
  const pdf = await invoicePdfToServe(c.env, db, row, nowIso());
  return fileResponse(c, pdf.body, "application/pdf", invoiceFileName(row));
}

export const markInvoiceSent = commandRoute("invoices.mark_sent", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/mark-sent`,
  summary: "Mark a draft as sent without emailing it",
  description: PROSE.markInvoiceSentDescription,
  params: CompanyItemParams,
  response: InvoiceSchema,
});

export const sendInvoice = commandRoute("invoices.send", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/send`,
  summary: "Send a draft by Peppol or email",
  description: PROSE.sendInvoiceDescription,
  params: CompanyItemParams,
  response: InvoiceSchema.extend({
    document_id: z.string(),
    channel: z.enum(["peppol", "email"]).openapi({ description: "how the invoice went out (an extension field)" }),
    peppol_delivery: PeppolDeliverySchema.optional().openapi({ description: "channel peppol: the queued delivery" }),
  }),
});

export const bookInvoice = commandRoute("invoices.book", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/book`,
  summary: "Book a sent invoice that has no entry",
  description: PROSE.bookInvoiceDescription,
  params: CompanyItemParams,
  response: InvoiceSchema.extend({ journal_entry_id: z.string() }),
});
