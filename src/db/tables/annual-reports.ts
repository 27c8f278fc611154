// The annual report of a fiscal year (issue #31, docs/annual-report.md): the model as POST
// .../annual-report answered it, and the documents (R2) of its PDF and inline XBRL. One per
// period: a new POST replaces the row, the earlier files stay in the document archive.
import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const annualReports = sqliteTable(
  "annual_reports",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    model: text("model", { mode: "json" }).notNull(),
    pdfDocumentId: text("pdf_document_id").notNull(),
    ixbrlDocumentId: text("ixbrl_document_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("annual_reports_period_idx").on(t.companyId, t.fiscalPeriodId)],
);
