import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import { json } from "../../../http/envelope";
import { PartialExpansions, parseExpand } from "../../../http/expand";
import { byCreated, finishPage, pageRequest } from "../../../http/pagination";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { BatchResultSchemaOf } from "../../../http/bulk-schema";
import { INVOICE_EXPANSIONS, invoicesWith, listInvoices, loadInvoice, type InvoiceExpansion } from "../queries";
import { InvoiceCreateSchema, InvoiceListQuery, InvoicePatchSchema, InvoiceSchema } from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute, on, routeRoom } from "../../../http/route-table";

const room = routeRoom(BASE, { read, write });

export const listInvoicesRoute = room.list(DOCS.listInvoices, InvoiceListQuery, z.array(InvoiceSchema));

export async function listInvoicesPage(c: HandlerContext<typeof listInvoicesRoute>) {
  const { cursor, limit, expand, ...filters } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const wanted = parseExpand<InvoiceExpansion>(expand, INVOICE_EXPANSIONS);
  const page = await pageRequest(c, `invoices:${companyId}:${JSON.stringify(filters)}`, cursor, limit);
  const { items, nextCursor } = await finishPage(c, page, await listInvoices(db, companyId, filters, page), byCreated);
  const partial = new PartialExpansions();
  const data = await invoicesWith(c.env, db, companyId, items, wanted, partial);
  return json(c, data, 200, { next_cursor: nextCursor, ...partial.meta() });
}

export const getInvoiceRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}`, DOCS.getInvoice),
  query: z.object({ expand: z.string().optional() }).strict(),
  response: InvoiceSchema,
});

export async function getInvoice(c: HandlerContext<typeof getInvoiceRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const wanted = parseExpand<InvoiceExpansion>(c.req.valid("query").expand, INVOICE_EXPANSIONS);
  const row = await loadInvoice(db, companyId, c.req.valid("param").id);
  const partial = new PartialExpansions();
  const [data] = await invoicesWith(c.env, db, companyId, [row], wanted, partial);
  return json(c, data, 200, partial.meta());
}

export const createInvoice = room.create("invoices.create", DOCS.createInvoice, InvoiceCreateSchema, InvoiceSchema);

export const bulkCreateInvoices = commandRoute("invoices.bulk_create", "body", {
  ...on.post(write, `${BASE}/bulk-create`, DOCS.bulkCreateInvoices),
  body: z.object({ invoices: z.array(z.unknown()).min(1).max(50), all_or_nothing: z.boolean().optional() }),
  response: BatchResultSchemaOf(InvoiceSchema),
});

export const updateInvoice = room.update("invoices.update", DOCS.updateInvoice, InvoicePatchSchema, InvoiceSchema);

export const cancelInvoice = room.remove("invoices.cancel", DOCS.cancelInvoice);
