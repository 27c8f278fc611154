// The VAT return's routes: make one (or a correction), list, read, and its two files (the
// form as PDF, Skatteverket's eSKD upload file).
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { nowIso } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { finishPage, pageRequest } from "../../http/pagination";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { eskdXml, latin1 } from "../../sweden/eskd";
import { companyHeading } from "../companies";
import { renderVatReturnPdf } from "./pdf";
import { listVatReturns, loadVatReturn, vatReturnJson } from "./queries";
import { VatReturnCreateSchema, VatReturnListQuery, VatReturnSchema } from "./schemas";
import { commandRoute, roomAccess } from "../../http/command-route";

const TAG = "VAT returns";
const BASE = "/api/v1/companies/{companyId}/vat-returns";
const { read: READ, write: WRITE } = roomAccess(TAG, "reports:read", "bookkeeping:write");

const createVatReturn = commandRoute("vat_returns.create", "body", {
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Make the VAT return (momsdeklaration) of a VAT period: boxes, transfer entry, lock",
  description: PROSE.createDescription,
  params: CompanyParams,
  body: VatReturnCreateSchema,
  response: VatReturnSchema,
  status: 201,
});

const listRoute = defineRoute({
  ...READ,
  method: "get",
  path: BASE,
  summary: "List the VAT returns",
  description: "Newest first, originals and corrections; filter period (2026-Q1). Cursor pagination.",
  params: CompanyParams,
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
  ...READ,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a VAT return: its boxes, the declaration as it stands, the transfer entry and its voucher",
  params: CompanyItemParams,
  response: VatReturnSchema,
});

async function getVatReturnHandler(c: HandlerContext<typeof getRoute>) {
  const row = await loadVatReturn(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, vatReturnJson(row));
}

const pdfRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/{id}/pdf`,
  summary: "The VAT return as a PDF laid out like Skatteverket's form SKV 4700",
  description: PROSE.pdfDescription,
  params: CompanyItemParams,
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
  ...READ,
  method: "get",
  path: `${BASE}/{id}/eskd`,
  summary: "The VAT return as Skatteverket's eSKD upload file (eSKDUpload 6.0, ISO-8859-1)",
  description: PROSE.eskdDescription,
  params: CompanyItemParams,
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
  app.openapi(createVatReturn.route, createVatReturn.handler);
  app.openapi(listRoute, listVatReturnsHandler);
  app.openapi(getRoute, getVatReturnHandler);
  app.openapi(pdfRoute, vatReturnPdfHandler);
  app.openapi(eskdRoute, vatReturnEskdHandler);
}
