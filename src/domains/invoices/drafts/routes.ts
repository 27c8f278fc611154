import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import { CompanyParams, CompanyItemParams } from "../../../http/params";
import { json } from "../../../http/envelope";
import { PartialExpansions, parseExpand } from "../../../http/expand";
import { finishPage, pageRequest } from "../../../http/pagination";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { BatchResultSchemaOf } from "../../../http/bulk-schema";
import { INVOICE_EXPANSIONS, invoicesWith, listInvoices, loadInvoice, type InvoiceExpansion } from "../queries";
import { InvoiceCreateSchema, InvoiceListQuery, InvoicePatchSchema, InvoiceSchema } from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const listInvoicesRoute = defineRoute({
  ...read,
  method: "get",
  path: BASE,
  summary: "List invoices (credit notes included, is_credit_note true)",
  description: PROSE.listInvoicesDescription,
  params: CompanyParams,
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
  ...read,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get an invoice",
  description: PROSE.getInvoiceDescription,
  params: CompanyItemParams,
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
  ...write,
  method: "post",
  path: BASE,
  summary: "Create an invoice (a draft), or book a self-billed one",
  description: PROSE.createInvoiceDescription,
  params: CompanyParams,
  body: InvoiceCreateSchema,
  response: InvoiceSchema,
  status: 201,
});

export const bulkCreateInvoices = commandRoute("invoices.bulk_create", "body", {
  ...write,
  method: "post",
  path: `${BASE}/bulk-create`,
  summary: "Create up to 50 invoices; each succeeds or fails on its own",
  description: PROSE.bulkCreateInvoicesDescription,
  params: CompanyParams,
  body: z.object({ invoices: z.array(z.unknown()).min(1).max(50), all_or_nothing: z.boolean().optional() }),
  response: BatchResultSchemaOf(InvoiceSchema),
});

export const updateInvoice = commandRoute("invoices.update", "body+id", {
  ...write,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Update a draft's dates, exchange rate, references or notes",
  description: "Drafts only (INVOICE_UPDATE_NOT_DRAFT); lines are fixed once created.",
  params: CompanyItemParams,
  body: InvoicePatchSchema,
  response: InvoiceSchema,
});

export const cancelInvoice = commandRoute("invoices.cancel", "id", {
  ...write,
  method: "delete",
  path: `${BASE}/{id}`,
  summary: "Cancel a draft (204)",
  description: "Drafts only (INVOICE_DELETE_NOT_DRAFT). The row is kept with status cancelled.",
  params: CompanyItemParams,
  response: null,
  status: 204,
});
