// What the report routes share: their tag, base path and read options, the scope every
// period report starts from, and the rendering of a report as a PDF file.
import type { Context } from "hono";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { fileResponse } from "../../http/file-response";
import { type PdfReport, renderReportPdf } from "./pdf";
import { renderTablePdf, type TableReport } from "./table-pdf";
import { companyHeading, loadPeriodFor } from "./queries";

export const REPORTS = "/api/v1/companies/{companyId}/reports";

/** Every report: a company-scoped read with the reports:read scope (`...on.get(READ, path, docs)`). */
export const READ = { tag: "Reports", scope: "reports:read", company: true } as const;

/** The database, the company and the requested period: what every period report starts from. */
export async function periodScope(c: Context<AppEnv>, periodId: string) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  return { db, companyId, period: await loadPeriodFor(db, companyId, periodId) };
}

/** A report laid out as a PDF under the company's heading, sent as a file. */
export async function pdfFile(
  c: Context<AppEnv>,
  document: (company: Awaited<ReturnType<typeof companyHeading>>) => { pdf: PdfReport; fileName: string },
) {
  const { pdf, fileName } = document(await companyHeading(database(c.env), c.get("company").id));
  return fileResponse(c, await renderReportPdf(pdf), "application/pdf", fileName);
}

/** A report laid out as a table of many columns (table-pdf.ts) under the company's heading, sent as a file. */
export async function tablePdfFile(
  c: Context<AppEnv>,
  document: (company: Awaited<ReturnType<typeof companyHeading>>) => { pdf: TableReport; fileName: string },
) {
  const { pdf, fileName } = document(await companyHeading(database(c.env), c.get("company").id));
  return fileResponse(c, await renderTablePdf(pdf), "application/pdf", fileName);
}
