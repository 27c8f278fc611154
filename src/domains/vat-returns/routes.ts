// The VAT return's routes: make one (or a correction), list, read, and its two files (the
// form as PDF, Skatteverket's eSKD upload file).
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { nowIso } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, type HandlerContext } from "../../http/route";
import { eskdXml, latin1 } from "../../sweden/eskd";
import { companyHeading } from "../companies";
import { renderVatReturnPdf } from "./pdf";
import { listVatReturns, loadVatReturn, vatReturnJson } from "./queries";
import { VatReturnCreateSchema, VatReturnListQuery, VatReturnSchema } from "./schemas";
import { commandRoute, handled, on, registerRoutes, roomAccess } from "../../http/route-table";

const TAG = "VAT returns";
const BASE = "/api/v1/companies/{companyId}/vat-returns";
const { read: READ, write: WRITE } = roomAccess(TAG, "reports:read", "bookkeeping:write");

const createVatReturn = commandRoute("vat_returns.create", "body", {
  ...on.post(WRITE, BASE, DOCS.createVatReturn),
  body: VatReturnCreateSchema,
  response: VatReturnSchema,
  status: 201,
});

const listRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.list),
  query: VatReturnListQuery,
  response: z.array(VatReturnSchema),
});

async function listVatReturnsHandler(c: HandlerContext<typeof listRoute>) {
  const { cursor, limit, period } = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `vat-returns:${companyId}:${period ?? ""}`, cursor, limit);
  const rows = await listVatReturns(database(c.env), companyId, period, page);
  const { items, nextCursor } = await finishPage(c, page, rows, (r) => ({ k: r.createdAt, i: r.id }));
  return json(
    c,
    items.map((r) => vatReturnJson(r)),
    200,
    { next_cursor: nextCursor },
  );
}

const getRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}`, DOCS.get),
  response: VatReturnSchema,
});

async function getVatReturnHandler(c: HandlerContext<typeof getRoute>) {
  const row = await loadVatReturn(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, vatReturnJson(row));
}

const pdfRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}/pdf`, DOCS.pdf),
  response: null,
});

async function vatReturnPdfHandler(c: HandlerContext<typeof pdfRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [row, company] = await Promise.all([
    loadVatReturn(db, companyId, c.req.valid("param").id),
    companyHeading(db, companyId),
  ]);
  const pdf = await renderVatReturnPdf({
    companyName: company.name,
    orgNumber: company.orgNumber,
    ret: vatReturnJson(row),
    generatedAt: nowIso(),
  });
  return fileResponse(c, pdf, "application/pdf", `momsdeklaration-${fileLabel(row.period)}-${row.id}.pdf`);
}

const eskdRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}/eskd`, DOCS.eskd),
  response: null,
});

async function vatReturnEskdHandler(c: HandlerContext<typeof eskdRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [row, company] = await Promise.all([
    loadVatReturn(db, companyId, c.req.valid("param").id),
    companyHeading(db, companyId),
  ]);
  const xml = eskdXml({
    orgNumber: company.orgNumber ?? "",
    periodEnd: row.periodEnd,
    boxes: JSON.parse(row.declaredBoxes),
  });
  return fileResponse(
    c,
    latin1(xml),
    "application/xml; charset=ISO-8859-1",
    `eskd-moms-${fileLabel(row.period)}-${row.id}.xml`,
  );
}

/** "2025/2026" has no place in a file name. */
const fileLabel = (period: string) => period.replace("/", "-");

export function registerVatReturnRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    createVatReturn,
    handled(listRoute, listVatReturnsHandler),
    handled(getRoute, getVatReturnHandler),
    handled(pdfRoute, vatReturnPdfHandler),
    handled(eskdRoute, vatReturnEskdHandler),
  ]);
}
