import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import { json } from "../../../http/envelope";
import { PartialExpansions, parseExpand } from "../../../http/expand";
import { finishPage, pageRequest } from "../../../http/pagination";
import { defineRoute, type HandlerContext } from "../../../http/route";
import {
  listSupplierInvoices,
  loadSupplierInvoice,
  SUPPLIER_INVOICE_EXPANSIONS,
  supplierInvoicesWith,
  type SupplierInvoiceExpansion,
} from "../queries";
import {
  SupplierInvoiceCreateSchema,
  SupplierInvoiceDisputeSchema,
  SupplierInvoiceListQuery,
  SupplierInvoicePatchSchema,
  SupplierInvoiceSchema,
} from "../schemas";
import { BASE, read, write } from "../common";
import { commandRoute, on } from "../../../http/route-table";

export const listSupplierInvoicesRoute = defineRoute({
  ...on.get(read, BASE, DOCS.listSupplierInvoices),
  query: SupplierInvoiceListQuery,
  response: z.array(SupplierInvoiceSchema),
});

export async function listSupplierInvoicesPage(c: HandlerContext<typeof listSupplierInvoicesRoute>) {
  const { cursor, limit, expand, ...filters } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const wanted = parseExpand<SupplierInvoiceExpansion>(expand, SUPPLIER_INVOICE_EXPANSIONS);
  const page = await pageRequest(c, `supplier-invoices:${companyId}:${JSON.stringify(filters)}`, cursor, limit);
  const { items, nextCursor } = await finishPage(
    c,
    page,
    await listSupplierInvoices(db, companyId, filters, page),
    (r) => ({ k: r.createdAt, i: r.id }),
  );
  const partial = new PartialExpansions();
  const data = await supplierInvoicesWith(db, companyId, items, wanted, partial);
  return json(c, data, 200, { next_cursor: nextCursor, ...partial.meta() });
}

export const getSupplierInvoiceRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}`, DOCS.getSupplierInvoice),
  query: z.object({ expand: z.string().optional() }).strict(),
  response: SupplierInvoiceSchema,
});

export async function getSupplierInvoice(c: HandlerContext<typeof getSupplierInvoiceRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const wanted = parseExpand<SupplierInvoiceExpansion>(c.req.valid("query").expand, SUPPLIER_INVOICE_EXPANSIONS);
  const row = await loadSupplierInvoice(db, companyId, c.req.valid("param").id);
  const partial = new PartialExpansions();
  const [data] = await supplierInvoicesWith(db, companyId, [row], wanted, partial);
  return json(c, data, 200, partial.meta());
}

export const createSupplierInvoice = commandRoute("supplier_invoices.create", "body", {
  ...on.post(write, BASE, DOCS.createSupplierInvoice),
  body: SupplierInvoiceCreateSchema,
  response: SupplierInvoiceSchema,
  status: 201,
});

export const updateSupplierInvoice = commandRoute("supplier_invoices.update", "body+id", {
  ...on.patch(write, `${BASE}/{id}`, DOCS.updateSupplierInvoice),
  body: SupplierInvoicePatchSchema,
  response: SupplierInvoiceSchema,
});

export const disputeSupplierInvoice = commandRoute("supplier_invoices.dispute", "body+id", {
  ...on.post(write, `${BASE}/{id}/dispute`, DOCS.disputeSupplierInvoice),
  body: SupplierInvoiceDisputeSchema,
  response: SupplierInvoiceSchema,
});

export const resolveDispute = commandRoute("supplier_invoices.resolve_dispute", "id", {
  ...on.post(write, `${BASE}/{id}/resolve-dispute`, DOCS.resolveDispute),
  response: SupplierInvoiceSchema,
});
