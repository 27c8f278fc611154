// POST/GET .../fiscal-periods/{id}/annual-report and its files (issue #31): see
// docs/annual-report.md.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE, DOCS } from "./prose";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { AmountSchema, DateSchema } from "../../http/fields";
import { fileResponse } from "../../http/file-response";
import { defineRoute, type HandlerContext } from "../../http/route";
import { storedDocumentFile } from "../documents";
import { annualReportJson, storedAnnualReport } from "./commands";
import { commandRoute, companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const PATH = "/api/v1/companies/{companyId}/fiscal-periods/{id}/annual-report";

const Text = (max: number) => z.string().trim().min(1).max(max);

const AnnualReportBody = z
  .object({
    business_description: Text(5000).openapi({ description: "Förvaltningsberättelse: the business (verksamheten)" }),
    significant_events: Text(5000).optional().openapi({ description: "Väsentliga händelser under räkenskapsåret" }),
    multi_year_comment: Text(2000).optional().openapi({
      description: PROSE.multiYearCommentField,
    }),
    dividend: AmountSchema.optional().openapi({
      description: PROSE.dividendField,
    }),
    board_members: z
      .array(z.object({ name: Text(200), role: Text(100).optional() }).strict())
      .min(1)
      .max(20)
      .openapi({ description: "who signs; role defaults to Styrelseledamot" }),
    place: Text(100).openapi({ description: "ort of the signatures" }),
    signing_date: DateSchema.openapi({ description: "datum of the signatures" }),
    average_employees: z.number().int().min(0).max(1_000_000).optional().openapi({
      description: "medelantalet anställda this year; absent: from the year's booked salary runs",
    }),
    previous_average_employees: z.number().int().min(0).max(1_000_000).optional(),
    pledged_assets: AmountSchema.optional().openapi({ description: "kronor: ställda säkerheter (a note when given)" }),
    contingent_liabilities: AmountSchema.optional().openapi({
      description: "kronor: eventualförpliktelser (a note when given)",
    }),
  })
  .strict();

const AnnualReportSchema = z
  .object({
    id: z.string().nullable().openapi({ description: "null on a dry run: nothing is stored" }),
    fiscal_period_id: z.string(),
    pdf_document_id: z.string().nullable().openapi({ description: "the archived PDF (documents); null on a dry run" }),
    ixbrl_document_id: z.string().nullable().openapi({ description: "the archived inline XBRL; null on a dry run" }),
    created_at: z.string(),
    report: z.record(z.string(), z.unknown()).openapi({
      description: "the model: förvaltningsberättelse, statements, notes, signatures; every figure a fact",
    }),
  })
  .openapi("AnnualReport");

const room = companyRoom({
  path: PATH,
  tag: "Fiscal periods",
  read: "reports:read",
  write: "bookkeeping:write",
});

const create = commandRoute("annual_reports.create", "body+id", {
  ...on.post(room.write, PATH, DOCS.create),
  body: AnnualReportBody,
  response: AnnualReportSchema,
  status: 201,
});

const getRoute = room.list(DOCS.get, null, AnnualReportSchema);

async function get(c: HandlerContext<typeof getRoute>) {
  const row = await storedAnnualReport(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, annualReportJson(row));
}

const pdfRoute = defineRoute({
  ...on.get(room.read, `${PATH}/pdf`, DOCS.pdf),
  response: null,
});

const ixbrlRoute = defineRoute({
  ...on.get(room.read, `${PATH}/ixbrl`, DOCS.ixbrl),
  response: null,
});

async function serveFile(
  c: HandlerContext<typeof pdfRoute> | HandlerContext<typeof ixbrlRoute>,
  kind: "pdf" | "ixbrl",
) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const row = await storedAnnualReport(db, companyId, c.req.valid("param").id);
  const documentId = kind === "pdf" ? row.pdfDocumentId : row.ixbrlDocumentId;
  const body = await storedDocumentFile(c.env, db, companyId, documentId);
  if (!body) throw new ApiError("NOT_FOUND", { resource: "annual_report_file", id: documentId });
  const model = row.model as { company: { org_number: string }; fiscal_year: { end: string } };
  const name = `arsredovisning-${model.company.org_number}-${model.fiscal_year.end}`;
  return kind === "pdf"
    ? fileResponse(c, body, "application/pdf", `${name}.pdf`)
    : fileResponse(c, body, "application/xhtml+xml", `${name}.xhtml`);
}

export function registerAnnualReportRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    create,
    handled(getRoute, get),
    handled(pdfRoute, function annualReportPdf(c) {
      return serveFile(c, "pdf");
    }),
    handled(ixbrlRoute, function annualReportIxbrl(c) {
      return serveFile(c, "ixbrl");
    }),
  ]);
}
