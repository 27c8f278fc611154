import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import { json } from "../../../http/envelope";
import { PartialExpansions, parseExpand } from "../../../http/expand";
import { byCreated, finishPage, pageRequest } from "../../../http/pagination";
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
import { on, routeRoom } from "../../../http/route-table";

const room = routeRoom(BASE, { read, write });

export const listSupplierInvoicesRoute = room.list(
  DOCS.listSupplierInvoices,
  SupplierInvoiceListQuery,
  z.array(SupplierInvoiceSchema),
);

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
    byCreated,
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

export const createSupplierInvoice = room.create(
  "supplier_invoices.create",
  DOCS.createSupplierInvoice,
  SupplierInvoiceCreateSchema,
  SupplierInvoiceSchema,
);

export const updateSupplierInvoice = room.update(
  "supplier_invoices.update",
  DOCS.updateSupplierInvoice,
  SupplierInvoicePatchSchema,
  SupplierInvoiceSchema,
);

export const disputeSupplierInvoice = room.action(
  "supplier_invoices.dispute",
  "dispute",
  DOCS.disputeSupplierInvoice,
  SupplierInvoiceDisputeSchema,
  SupplierInvoiceSchema,
);

export const resolveDispute = room.action(
  "supplier_invoices.resolve_dispute",
  "resolve-dispute",
  DOCS.resolveDispute,
  null,
  SupplierInvoiceSchema,
);
