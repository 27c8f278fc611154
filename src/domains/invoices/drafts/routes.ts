import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import { json } from "../../../http/envelope";
import { PartialExpansions, parseExpand } from "../../../http/expand";
import { finishPage, pageRequest } from "../../../http/pagination";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { BatchResultSchemaOf } from "../../../http/bulk-schema";
import { INVOICE_EXPANSIONS, invoicesWith, listInvoices, loadInvoice, type InvoiceExpansion } from "../queries";
import { InvoiceCreateSchema, InvoiceListQuery, InvoicePatchSchema, InvoiceSchema } from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute, on } from "../../../http/route-table";

export const listInvoicesRoute = defineRoute({
  ...on.get(read, BASE, DOCS.listInvoices),
  query: InvoiceListQuery,
  response: z.array(InvoiceSchema),
});

export async function listInvoicesPage(c: HandlerContext<typeof listInvoicesRoute>) {
  const { cursor, limit, expand, ...filters } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const wanted = parseExpand<InvoiceExpansion>(expand, INVOICE_EXPANSIONS);
  const page = await pageRequest(c, `invoices:${companyId}:${JSON.stringify(filters)}`, cursor, limit);
  const { items, nextCursor } = await finishPage(c, page, await listInvoices(db, companyId, filters, page), (r) => ({
    k: r.createdAt,
    i: r.id,
  }));
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

export const createInvoice = commandRoute("invoices.create", "body", {
  ...on.post(write, BASE, DOCS.createInvoice),
  body: InvoiceCreateSchema,
  response: InvoiceSchema,
  status: 201,
});

export const bulkCreateInvoices = commandRoute("invoices.bulk_create", "body", {
  ...on.post(write, `${BASE}/bulk-create`, DOCS.bulkCreateInvoices),
  body: z.object({ invoices: z.array(z.unknown()).min(1).max(50), all_or_nothing: z.boolean().optional() }),
  response: BatchResultSchemaOf(InvoiceSchema),
});

export const updateInvoice = commandRoute("invoices.update", "body+id", {
  ...on.patch(write, `${BASE}/{id}`, DOCS.updateInvoice),
  body: InvoicePatchSchema,
  response: InvoiceSchema,
});

export const cancelInvoice = commandRoute("invoices.cancel", "id", {
  ...on.delete(write, `${BASE}/{id}`, DOCS.cancelInvoice),
  response: null,
  status: 204,
});
