// Payroll, issue 17: vacation (the balance and liability after each booked run) and the opening
// balances of a mid-year cutover. Owner: src/domains/payroll. Money is integer öre; days are
// whole days (semesterlagen 3 a §: vacation is taken in whole days).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One employee's vacation after a booked salary run: the year's days, what was taken, saved days, the liability. */
export const vacationRecords = sqliteTable(
  "vacation_records",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    employeeId: text("employee_id").notNull(),
    salaryRunId: text("salary_run_id").notNull(),
    salaryRunEmployeeId: text("salary_run_employee_id").notNull(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    paymentDate: text("payment_date").notNull(),
    rule: text("rule", { enum: ["same_salary", "percentage", "hourly"] }).notNull(),
    /** The year's paid days by 7 § (the whole year's, for the accrual and the day value). */
    paidDaysOfYear: integer("paid_days_of_year").notNull(),
    /** Paid days this system counts for the year (the opening balance's remaining days in a cutover year). */
    entitledDays: integer("entitled_days").notNull(),
    unpaidDays: integer("unpaid_days").notNull(),
    paidTaken: integer("paid_taken").notNull(),
    unpaidTaken: integer("unpaid_taken").notNull(),
    savedTaken: integer("saved_taken").notNull(),
    /** Paid days of the year left (entitled − taken − paid out at the end of employment); may be negative. */
    remainingDays: integer("remaining_days").notNull(),
    /** Saved days by the year they were saved in. */
    saved: text("saved", { mode: "json" }).$type<Record<string, number>>().notNull(),
    payoutDays: integer("payout_days").notNull(),
    payoutDaysYear: integer("payout_days_year").notNull(),
    /** Qualifying absence days used in the year per type (17 § limits). */
    absenceUsed: text("absence_used", { mode: "json" }).$type<Record<string, number>>().notNull(),
    /** The value of a paid day in öre (rounded; the calculation uses the exact value). */
    dayValueOre: integer("day_value_ore").notNull(),
    liabilityOre: integer("liability_ore").notNull(),
    contributionsOre: integer("contributions_ore").notNull(),
    liabilityChangeOre: integer("liability_change_ore").notNull(),
    contributionsChangeOre: integer("contributions_change_ore").notNull(),
    /** The first day of the vacation year of the record (1 January, or 1 April for April–March); null: written before, 1 January. */
    vacationYearStart: text("vacation_year_start"),
    /** April–March: the paid days the earning year in progress gives (7 §, projected to its end); null for the calendar year. */
    earningPaidDays: integer("earning_paid_days"),
    /** April–March: the days of the earning year in progress earned by the month's end, a decimal string ("8.5714"). */
    earnedDays: text("earned_days"),
    /** April–March: the value of a day being earned (the earning year's estimate), öre. */
    earningDayValueOre: integer("earning_day_value_ore"),
    /** April–March, percentage rule: the semesterlönegrundande lön of the earning year behind the vacation year (16 b §), öre. */
    vacationBaseOre: integer("vacation_base_ore"),
    /** April–March: the change in the value of the days carried in (the semesteravstämning at a new vacation year), öre. */
    revaluationOre: integer("revaluation_ore").notNull().default(0),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("vacation_records_run_employee_unique").on(t.salaryRunId, t.employeeId),
    index("vacation_records_employee_idx").on(t.companyId, t.employeeId, t.year, t.month),
  ],
);

/** The figures of an employee's year before the cutover to this service (one per employee). */
export const payrollOpeningBalances = sqliteTable(
  "payroll_opening_balances",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    employeeId: text("employee_id").notNull(),
    year: integer("year").notNull(),
    cutoverDate: text("cutover_date").notNull(),
    ytdGrossOre: integer("ytd_gross_ore").notNull(),
    ytdBenefitsOre: integer("ytd_benefits_ore").notNull(),
    ytdTaxOre: integer("ytd_tax_ore").notNull(),
    ytdNetOre: integer("ytd_net_ore").notNull(),
    ytdAvgifterOre: integer("ytd_avgifter_ore").notNull(),
    paidDaysRemaining: integer("paid_days_remaining").notNull(),
    unpaidDaysRemaining: integer("unpaid_days_remaining").notNull(),
    savedDays: text("saved_days", { mode: "json" }).$type<Record<string, number>>().notNull(),
    vacationDebtOre: integer("vacation_debt_ore").notNull(),
    vacationDebtContributionsOre: integer("vacation_debt_contributions_ore").notNull(),
    /** Karens and sick adjustment: qualifying absence days already used in the year per type (sick, parental, vab, ...). */
    absenceUsed: text("absence_used", { mode: "json" }).$type<Record<string, number>>().notNull(),
    karensOccasionsYtd: integer("karens_occasions_ytd").notNull(),
    /** Variable pay for work paid in the year before the cutover (semesterlagen 16 b §: the percentage rule's base); migration 0022. */
    ytdVacationVariablePayOre: integer("ytd_vacation_variable_pay_ore").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("payroll_opening_balances_employee_unique").on(t.companyId, t.employeeId)],
);
