import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import { CompanyParams, CompanyItemParams } from "../../../http/params";
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
import { commandRoute } from "../../../http/command-route";

export const listSupplierInvoicesRoute = defineRoute({
  ...read,
  method: "get",
  path: BASE,
  summary: "List supplier invoices (credit notes included, is_credit_note true)",
  description: PROSE.listSupplierInvoicesDescription,
  params: CompanyParams,
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
  ...read,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a supplier invoice",
  description: "expand (comma-separated): supplier, items, payments.",
  params: CompanyItemParams,
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
  ...write,
  method: "post",
  path: BASE,
  summary: "Register a supplier invoice",
  description: PROSE.createSupplierInvoiceDescription,
  params: CompanyParams,
  body: SupplierInvoiceCreateSchema,
  response: SupplierInvoiceSchema,
  status: 201,
});

export const updateSupplierInvoice = commandRoute("supplier_invoices.update", "body+id", {
  ...write,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Update an unpaid supplier invoice's number, due date, payment reference or notes",
  description: PROSE.updateSupplierInvoiceDescription,
  params: CompanyItemParams,
  body: SupplierInvoicePatchSchema,
  response: SupplierInvoiceSchema,
});

export const disputeSupplierInvoice = commandRoute("supplier_invoices.dispute", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/dispute`,
  summary: "Mark an open supplier invoice as disputed",
  description: "It stays in the supplier ledger and cannot be paid until the dispute is resolved.",
  params: CompanyItemParams,
  body: SupplierInvoiceDisputeSchema,
  response: SupplierInvoiceSchema,
});

export const resolveDispute = commandRoute("supplier_invoices.resolve_dispute", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/resolve-dispute`,
  summary: "End a dispute: back to registered, approved, partially_paid or overdue",
  params: CompanyItemParams,
  response: SupplierInvoiceSchema,
});
