// Payroll, issue 17: absence days, the AGI declarations of salary runs and each employee's stable
// specification number (fältkod 570). Owner: src/domains/payroll.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** The arbetsgivardeklaration (AGI) generated for a booked salary run: one per run, replaced until submitted. */
export const agiDeclarations = sqliteTable(
  "agi_declarations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    salaryRunId: text("salary_run_id").notNull(),
    periodYear: integer("period_year").notNull(),
    periodMonth: integer("period_month").notNull(),
    /** The XML file, UTF-8. */
    xml: text("xml").notNull(),
    /** Whole kronor, as declared. */
    totalCashPay: integer("total_cash_pay").notNull(),
    totalBenefits: integer("total_benefits").notNull(),
    totalTax: integer("total_tax").notNull(),
    totalContributions: integer("total_contributions").notNull(),
    /** [{percent, basis, contribution}] in whole kronor. */
    contributionsByRate: text("contributions_by_rate", { mode: "json" })
      .$type<{ percent: string; basis: number; contribution: number }[]>()
      .notNull(),
    employeeCount: integer("employee_count").notNull(),
    generatedAt: text("generated_at").notNull(),
    generatedBy: text("generated_by").notNull(),
    submissionReference: text("submission_reference"),
    submissionRecordedAt: text("submission_recorded_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("agi_declarations_run_unique").on(t.salaryRunId),
    index("agi_declarations_company_period_idx").on(t.companyId, t.periodYear, t.periodMonth),
  ],
);

/** Fältkod 570: the number an employee's individual form carries, the same in every period. */
export const agiSpecificationNumbers = sqliteTable(
  "agi_specification_numbers",
  {
    companyId: text("company_id").notNull(),
    employeeId: text("employee_id").notNull(),
    number: integer("number").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.employeeId] }),
    uniqueIndex("agi_specification_numbers_number_unique").on(t.companyId, t.number),
  ],
);

/** One employee's absence on one calendar day (whole day, or hours of it). */
export const salaryAbsenceDays = sqliteTable(
  "salary_absence_days",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    employeeId: text("employee_id").notNull(),
    absenceDate: text("absence_date").notNull(),
    absenceType: text("absence_type").notNull(),
    /** Hours in hundredths for part of a day; null = the whole day. */
    hoursHundredths: integer("hours_hundredths"),
    notes: text("notes"),
    /** The run employee whose calculation counted the day; null until a run is calculated. */
    salaryRunEmployeeId: text("salary_run_employee_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("salary_absence_days_employee_date_unique").on(t.companyId, t.employeeId, t.absenceDate)],
);
