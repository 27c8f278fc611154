// The VAT return's routes: make one (or a correction), list, read, and its two files (the
// form as PDF, Skatteverket's eSKD upload file).
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { DOCS } from "./prose";
import { nowIso } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { byCreated, finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, type HandlerContext } from "../../http/route";
import { eskdXml, latin1 } from "../../sweden/eskd";
import { companyHeading } from "../companies";
import { renderVatReturnPdf } from "./pdf";
import { listVatReturns, loadVatReturn, vatReturnJson } from "./queries";
import { VatReturnCreateSchema, VatReturnListQuery, VatReturnSchema } from "./schemas";
import { companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const room = companyRoom({
  path: "/api/v1/companies/{companyId}/vat-returns",
  tag: "VAT returns",
  read: "reports:read",
  write: "bookkeeping:write",
});

const createVatReturn = room.create("vat_returns.create", DOCS.createVatReturn, VatReturnCreateSchema, VatReturnSchema);

const listRoute = room.list(DOCS.list, VatReturnListQuery, z.array(VatReturnSchema));

async function listVatReturnsHandler(c: HandlerContext<typeof listRoute>) {
  const { cursor, limit, period } = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `vat-returns:${companyId}:${period ?? ""}`, cursor, limit);
  const rows = await listVatReturns(database(c.env), companyId, period, page);
  const { items, nextCursor } = await finishPage(c, page, rows, byCreated);
  return json(
    c,
    items.map((r) => vatReturnJson(r)),
    200,
    { next_cursor: nextCursor },
  );
}

const getRoute = room.get(DOCS.get, VatReturnSchema);

async function getVatReturnHandler(c: HandlerContext<typeof getRoute>) {
  const row = await loadVatReturn(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, vatReturnJson(row));
}

const pdfRoute = defineRoute({
  ...on.get(room.read, `${room.base}/{id}/pdf`, DOCS.pdf),
  response: null,
});

/** The return the path names and the company's heading: what its files are made from. */
async function returnAndHeading(c: Context<AppEnv>, id: string) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  return Promise.all([loadVatReturn(db, companyId, id), companyHeading(db, companyId)]);
}

async function vatReturnPdfHandler(c: HandlerContext<typeof pdfRoute>) {
  const [row, company] = await returnAndHeading(c, c.req.valid("param").id);
  const pdf = await renderVatReturnPdf({
    companyName: company.name,
    orgNumber: company.orgNumber,
    ret: vatReturnJson(row),
    generatedAt: nowIso(),
  });
  return fileResponse(c, pdf, "application/pdf", `momsdeklaration-${fileLabel(row.period)}-${row.id}.pdf`);
}

const eskdRoute = defineRoute({
  ...on.get(room.read, `${room.base}/{id}/eskd`, DOCS.eskd),
  response: null,
});

async function vatReturnEskdHandler(c: HandlerContext<typeof eskdRoute>) {
  const [row, company] = await returnAndHeading(c, c.req.valid("param").id);
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
