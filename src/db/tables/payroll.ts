// Payroll: employees, salary runs, the employees of a run and their line items.
// Owner: src/domains/payroll. Money is integer öre; the personnummer is stored only
// encrypted (AES-GCM, src/secrets.ts) with a blind index keyed by the company for the uniqueness.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

export const employees = sqliteTable(
  "employees",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    personnummerEnc: text("personnummer_enc").notNull(),
    /**
     * The blind index of the 12 digits: "v2." and an HMAC-SHA256 under a key derived for the
     * company (issue #41 item 15); 64 hex digits alone in a row not yet re-indexed
     * (src/domains/payroll/personnummer-index.ts).
     */
    personnummerHash: text("personnummer_hash").notNull(),
    /** The first eight digits (YYYYMMDD, day + 60 for a samordningsnummer): the masked form's part. */
    personnummerPrefix: text("personnummer_prefix").notNull(),
    birthDate: text("birth_date").notNull(),
    email: text("email"),
    employmentType: text("employment_type", {
      enum: ["permanent", "fixed_term", "probationary", "hourly_as_needed"],
    }).notNull(),
    personnelCategory: text("personnel_category", { enum: ["salaried", "collective", "executive"] }).notNull(),
    employmentStart: text("employment_start").notNull(),
    employmentEnd: text("employment_end"),
    salaryType: text("salary_type", { enum: ["monthly", "hourly"] }).notNull(),
    monthlySalaryOre: integer("monthly_salary_ore"),
    hourlyRateOre: integer("hourly_rate_ore"),
    salaryExchangeOre: integer("salary_exchange_ore").notNull(),
    fSkattStatus: text("f_skatt_status", {
      enum: ["a_skatt", "side_income", "decided_percent", "sink", "f_skatt"],
    }).notNull(),
    taxTableNumber: integer("tax_table_number"),
    taxColumn: integer("tax_column"),
    taxDecidedPercent: text("tax_decided_percent"),
    taxDecisionReference: text("tax_decision_reference"),
    clearingNumber: text("clearing_number"),
    bankAccountNumber: text("bank_account_number"),
    bankName: text("bank_name"),
    vacationRule: text("vacation_rule", { enum: ["same_salary", "percentage", "none"] }).notNull(),
    vacationDaysPerYear: integer("vacation_days_per_year").notNull(),
    isActive: bool("is_active").notNull(),
    deactivatedAt: text("deactivated_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("employees_company_pnr_unique").on(t.companyId, t.personnummerHash),
    index("employees_company_created_idx").on(t.companyId, t.createdAt),
    // only the rows whose index is still the one of before issue #41 item 15 (migration 0051)
    index("employees_pnr_legacy_idx")
      .on(t.companyId, t.personnummerHash)
      .where(sql`substr(personnummer_hash, 1, 3) <> 'v2.'`),
  ],
);

export const salaryRuns = sqliteTable(
  "salary_runs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    periodYear: integer("period_year").notNull(),
    periodMonth: integer("period_month").notNull(),
    paymentDate: text("payment_date").notNull(),
    voucherSeries: text("voucher_series").notNull(),
    status: text("status", { enum: ["draft", "review", "approved", "paid", "booked", "corrected"] }).notNull(),
    totalGrossOre: integer("total_gross_ore").notNull(),
    totalBenefitsOre: integer("total_benefits_ore").notNull(),
    totalReimbursementsOre: integer("total_reimbursements_ore").notNull(),
    totalDeductionsOre: integer("total_deductions_ore").notNull(),
    totalTaxOre: integer("total_tax_ore").notNull(),
    totalNetOre: integer("total_net_ore").notNull(),
    totalAvgifterOre: integer("total_avgifter_ore").notNull(),
    totalPensionOre: integer("total_pension_ore").notNull(),
    totalSpecialPayrollTaxOre: integer("total_special_payroll_tax_ore").notNull(),
    /** Set by book: Skatteverket's figure for the month (the AGI's 487) less the per-employee contributions; booked on 3740. */
    avgifterRoundingOre: integer("avgifter_rounding_ore").notNull().default(0),
    settlementAccount: text("settlement_account"),
    /** mark-paid with planned: true: the payment is ordered for payment_date; the minute sweep books it on that date. */
    paymentPlanned: integer("payment_planned", { mode: "boolean" }).notNull().default(false),
    warnings: text("warnings", { mode: "json" }).$type<string[]>().notNull(),
    calculatedAt: text("calculated_at"),
    approvedAt: text("approved_at"),
    approvedBy: text("approved_by"),
    paidAt: text("paid_at"),
    paidBy: text("paid_by"),
    bookedAt: text("booked_at"),
    bookedBy: text("booked_by"),
    salaryEntryId: text("salary_entry_id"),
    avgifterEntryId: text("avgifter_entry_id"),
    pensionEntryId: text("pension_entry_id"),
    vacationEntryId: text("vacation_entry_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("salary_runs_company_period_unique").on(t.companyId, t.periodYear, t.periodMonth),
    index("salary_runs_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

export const salaryRunEmployees = sqliteTable(
  "salary_run_employees",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    salaryRunId: text("salary_run_id").notNull(),
    employeeId: text("employee_id").notNull(),
    /** Hours worked in the period, in hundredths (hourly pay only). */
    hoursHundredths: integer("hours_hundredths"),
    grossOre: integer("gross_ore").notNull(),
    benefitsOre: integer("benefits_ore").notNull(),
    reimbursementsOre: integer("reimbursements_ore").notNull(),
    deductionsOre: integer("deductions_ore").notNull(),
    taxBasisOre: integer("tax_basis_ore").notNull(),
    avgifterBasisOre: integer("avgifter_basis_ore").notNull(),
    taxCalculatedOre: integer("tax_calculated_ore").notNull(),
    taxOverrideOre: integer("tax_override_ore"),
    avgifterCalculatedOre: integer("avgifter_calculated_ore").notNull(),
    avgifterOverrideOre: integer("avgifter_override_ore"),
    pensionOre: integer("pension_ore").notNull(),
    specialPayrollTaxOre: integer("special_payroll_tax_ore").notNull(),
    netOre: integer("net_ore").notNull(),
    /** The calculation: rules, columns, rates, contribution parts. Null until calculate. */
    breakdown: text("breakdown", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("salary_run_employees_run_employee_unique").on(t.salaryRunId, t.employeeId),
    index("salary_run_employees_run_idx").on(t.salaryRunId, t.createdAt),
  ],
);

export const salaryLineItems = sqliteTable(
  "salary_line_items",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    salaryRunId: text("salary_run_id").notNull(),
    salaryRunEmployeeId: text("salary_run_employee_id").notNull(),
    itemType: text("item_type").notNull(),
    description: text("description").notNull(),
    amountOre: integer("amount_ore").notNull(),
    accountNumber: text("account_number"),
    source: text("source", { enum: ["engine", "manual"] }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("salary_line_items_run_employee_idx").on(t.salaryRunEmployeeId, t.createdAt),
    index("salary_line_items_run_idx").on(t.salaryRunId),
  ],
);
