// POST .../fiscal-periods/{id}/annual-report (issue #31, docs/annual-report.md): the K2
// annual report of an aktiebolag's year from its books, the fixed-asset register and the
// payroll, with the accountant's texts and proposal; the model is built by
// src/sweden/annual-report/model.ts, the PDF here (pdf.ts) and the inline XBRL by
// src/sweden/annual-report/ixbrl.ts; both files are archived as documents (R2) and the
// model is kept (annual_reports). A dry run answers the model and writes nothing.
import { and, eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { annualReports } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { sha256Hex } from "../../http/crypto";
import { newId } from "../../ids";
import { openingBalancesOf, periodAccountTotals } from "../../ledger/queries";
import { toOre } from "../../money";
import { renderIxbrl } from "../../sweden/annual-report/ixbrl";
import {
  type AnnualReportModel,
  AnnualReportRefusal,
  buildAnnualReport,
  type YearBooks,
} from "../../sweden/annual-report/model";
import { companyHeading } from "../companies";
import { archiveGeneratedDocument } from "../documents";
import { listPeriods } from "../fiscal-periods";
import { assetsWithDepreciations } from "../fixed-assets";
import { averageEmployees } from "../payroll";
import { renderAnnualReportPdf } from "./pdf";

export interface AnnualReportInput {
  id: string;
  business_description: string;
  significant_events?: string;
  multi_year_comment?: string;
  dividend?: number;
  board_members: { name: string; role?: string }[];
  place: string;
  signing_date: string;
  average_employees?: number;
  previous_average_employees?: number;
  pledged_assets?: number;
  contingent_liabilities?: number;
}

type Period = Awaited<ReturnType<typeof listPeriods>>[number];

/** Net debit öre per account. */
function netMap(rows: { account: string; debitOre: number; creditOre: number }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.account, (m.get(r.account) ?? 0) + r.debitOre - r.creditOre);
  return m;
}

/** A year's books: its totals (the opening entry included) and its opening entry. */
async function yearBooks(db: Database, companyId: string, p: Period): Promise<YearBooks> {
  const [totals, opening] = await Promise.all([
    periodAccountTotals(db, companyId, p.id),
    openingBalancesOf(db, companyId, p.id),
  ]);
  return { start: p.periodStart, end: p.periodEnd, closing: netMap(totals), opening: netMap(opening) };
}

/** The year and up to three years before it, newest first (the flerårsöversikt shows at most four). */
function yearsBack(periods: Period[], period: Period): Period[] {
  return periods
    .filter((p) => p.periodEnd <= period.periodEnd)
    .sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))
    .slice(0, 4);
}

const ore = (kronor: number | undefined) => (kronor === undefined ? null : toOre(kronor));

/** The year's period and company (refused unless an aktiebolag with a closed year), the books and the register. */
async function loadReportBooks(db: Database, companyId: string, input: AnnualReportInput) {
  const periods = await listPeriods(db, companyId);
  const period = periods.find((p) => p.id === input.id);
  if (!period) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_period_id: input.id });
  const company = await companyHeading(db, companyId);
  if (company.entityType !== "aktiebolag")
    throw new ApiError("ANNUAL_REPORT_NOT_AKTIEBOLAG", { entity_type: company.entityType });
  if (!period.isClosed && period.lockedAt === null)
    throw new ApiError("ANNUAL_REPORT_YEAR_OPEN", { fiscal_period_id: period.id });
  const orgNumber = company.orgNumber;
  if (!orgNumber) throw fieldError("org_number", "the company has no organisation number; set it first");
  const chosen = yearsBack(periods, period);
  const [years, assets, employees, previousEmployees] = await Promise.all([
    Promise.all(chosen.map((p) => yearBooks(db, companyId, p))),
    assetsWithDepreciations(db, companyId),
    input.average_employees ?? averageEmployees(db, companyId, period.periodStart, period.periodEnd),
    chosen[1]
      ? (input.previous_average_employees ??
        averageEmployees(db, companyId, chosen[1].periodStart, chosen[1].periodEnd))
      : null,
  ]);
  return { company: { name: company.name, orgNumber }, period, years, assets, employees, previousEmployees };
}

/** The accountant's inputs as the model takes them (öre). */
const reportInputs = (input: AnnualReportInput) => ({
  business_description: input.business_description,
  significant_events: input.significant_events ?? null,
  multi_year_comment: input.multi_year_comment ?? null,
  dividendOre: ore(input.dividend) ?? 0,
  pledged_assets_ore: ore(input.pledged_assets),
  contingent_liabilities_ore: ore(input.contingent_liabilities),
  place: input.place,
  signing_date: input.signing_date,
  board_members: input.board_members,
});

/** A refusal of the pure model as its catalogue code. */
function refusalError(err: AnnualReportRefusal): ApiError {
  if (err.reason === "unbalanced") return new ApiError("ANNUAL_REPORT_UNBALANCED", err.details);
  if (err.reason === "unsupported_equity") return new ApiError("ANNUAL_REPORT_UNSUPPORTED_EQUITY", err.details);
  if (err.reason === "register_mismatch") return new ApiError("ANNUAL_REPORT_REGISTER_MISMATCH", err.details);
  return new ApiError(
    "VALIDATION_ERROR",
    { fields: [{ path: "dividend", message: "above the free equity (ABL 17 kap 3 §)" }], ...err.details },
    "The proposed dividend exceeds the free equity at the year's end.",
  );
}

/** The model from the books and the inputs; the refusals of the pure model become catalogue codes. */
export async function annualReportModel(db: Database, companyId: string, input: AnnualReportInput) {
  const { company, period, years, assets, employees, previousEmployees } = await loadReportBooks(db, companyId, input);
  try {
    return buildAnnualReport({
      company,
      years,
      assets: assets.filter((a) => a.acquisitionDate <= period.periodEnd),
      averageEmployees: { current: employees, previous: previousEmployees },
      inputs: reportInputs(input),
    });
  } catch (err) {
    if (err instanceof AnnualReportRefusal) throw refusalError(err);
    throw err;
  }
}

const fileBase = (m: AnnualReportModel) => `arsredovisning-${m.company.org_number}-${m.fiscal_year.end}`;

/** A dry run answers the model alone: nothing is rendered or archived, and no document ids are named. */
function dryRunAnswer(model: AnnualReportModel, input: AnnualReportInput, now: string) {
  return {
    id: null,
    fiscal_period_id: input.id,
    pdf_document_id: null,
    ixbrl_document_id: null,
    created_at: now,
    report: model,
  };
}

export const createAnnualReport: Command<AnnualReportInput> = async function createAnnualReport(db, input, ctx) {
  const model = await annualReportModel(db, ctx.companyId, input);
  const audit = { action: "annual_report.create", resourceType: "annual_report", resourceId: null };
  if (ctx.dryRun) return { status: 201, data: dryRunAnswer(model, input, ctx.now), statements: [], audit };
  const id = newId();
  const pdfBytes = await renderAnnualReportPdf(model, ctx.now);
  const xhtmlBytes = new TextEncoder().encode(renderIxbrl(model));
  const archive = async (bytes: Uint8Array, fileName: string, mimeType: string) =>
    archiveGeneratedDocument(
      db,
      ctx,
      {
        documentId: newId(),
        fileName,
        mimeType,
        fileSizeBytes: bytes.byteLength,
        sha256Hash: await sha256Hex(bytes),
        uploadSource: "annual_report",
      },
      bytes,
    );
  const pdf = await archive(pdfBytes, `${fileBase(model)}.pdf`, "application/pdf");
  const xhtml = await archive(xhtmlBytes, `${fileBase(model)}.xhtml`, "application/xhtml+xml");
  const row = {
    id,
    companyId: ctx.companyId,
    fiscalPeriodId: input.id,
    model,
    pdfDocumentId: pdf.row.id,
    ixbrlDocumentId: xhtml.row.id,
    createdAt: ctx.now,
  };
  return {
    status: 201,
    data: annualReportJson(row),
    statements: [
      // one per period: the new report replaces the earlier row; its files stay archived
      db
        .delete(annualReports)
        .where(and(eq(annualReports.companyId, ctx.companyId), eq(annualReports.fiscalPeriodId, input.id))),
      db.insert(annualReports).values(row),
      ...pdf.statements,
      ...xhtml.statements,
    ],
    files: [pdf.file, xhtml.file],
    audit: { ...audit, resourceId: id },
  };
};

export type AnnualReportRow = typeof annualReports.$inferSelect;

export function annualReportJson(
  row: Pick<AnnualReportRow, "id" | "fiscalPeriodId" | "model" | "pdfDocumentId" | "ixbrlDocumentId" | "createdAt">,
) {
  return {
    id: row.id,
    fiscal_period_id: row.fiscalPeriodId,
    pdf_document_id: row.pdfDocumentId,
    ixbrl_document_id: row.ixbrlDocumentId,
    created_at: row.createdAt,
    report: row.model as AnnualReportModel,
  };
}

export async function storedAnnualReport(db: Database, companyId: string, periodId: string) {
  const row = await db
    .select()
    .from(annualReports)
    .where(and(eq(annualReports.companyId, companyId), eq(annualReports.fiscalPeriodId, periodId)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "annual_report", fiscal_period_id: periodId });
  return row;
}
