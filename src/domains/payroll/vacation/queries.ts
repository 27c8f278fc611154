// Reads of the vacation records and opening balances, the vacation balance and liability they
// give, and the JSON shape of their rows.
import Big from "big.js";
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { payrollOpeningBalances, salaryRunEmployees, salaryRuns, vacationRecords } from "../../../db/schema";
import type { AbsenceType } from "../../../sweden/payroll";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";
import {
  aprilMarchYear,
  aprilMarchYearOf,
  type SavedDays,
  savedTotal,
  type VacationYearKind,
  type AbsenceDayIn,
} from "../../../sweden/payroll/vacation";
import { loadCompany } from "../../companies";
import { absenceOfEmployees } from "../absence/queries";
import { employeesByIds, loadEmployee, maskedPersonnummer } from "../employees/queries";
import { VACATION_QUALIFYING_VARIABLE_TYPES } from "../item-types";
import type { VacationLiability } from "../reports/schemas";
import { aprilMarchPeriods, type ShiftedVariablePay } from "./april-march";
import { monthOfRun, type VacationReads } from "./rules";
import type { EmployeeRow, OpeningRow, SalaryRunRow, VacationRecordRow } from "../rows";

export async function openingOf(
  db: Database,
  companyId: string,
  employeeIds: string[],
): Promise<Map<string, OpeningRow>> {
  const out = new Map<string, OpeningRow>();
  for (let i = 0; i < employeeIds.length; i += 90) {
    for (const r of await db
      .select()
      .from(payrollOpeningBalances)
      .where(
        and(
          eq(payrollOpeningBalances.companyId, companyId),
          inArray(payrollOpeningBalances.employeeId, employeeIds.slice(i, i + 90)),
        ),
      )
      .all())
      out.set(r.employeeId, r);
  }
  return out;
}

/** Each employee's latest vacation record before the period (year, month), or on or before `asOfDate`. */
export async function latestRecords(
  db: Database,
  companyId: string,
  employeeIds: string[],
  before: { year: number; month: number } | { asOfDate: string },
): Promise<Map<string, VacationRecordRow>> {
  const out = new Map<string, VacationRecordRow>();
  const cond =
    "year" in before
      ? or(
          lt(vacationRecords.year, before.year),
          and(eq(vacationRecords.year, before.year), lt(vacationRecords.month, before.month)),
        )
      : lte(vacationRecords.paymentDate, before.asOfDate);
  for (let i = 0; i < employeeIds.length; i += 90) {
    const rows = await db
      .select()
      .from(vacationRecords)
      .where(
        and(
          eq(vacationRecords.companyId, companyId),
          inArray(vacationRecords.employeeId, employeeIds.slice(i, i + 90)),
          cond,
        ),
      )
      .orderBy(desc(vacationRecords.year), desc(vacationRecords.month))
      .all();
    for (const r of rows) if (!out.has(r.employeeId)) out.set(r.employeeId, r);
  }
  return out;
}

/**
 * 16 b §: each employee's variable vacation-qualifying pay (VACATION_QUALIFYING_VARIABLE_TYPES) of
 * the earning year up to and including the run: the line items of the booked runs of the year
 * before the run's month, plus the run's own rows.
 */
export async function variablePayOfYear(db: Database, companyId: string, run: SalaryRunRow, employeeIds: string[]) {
  const booked = new Map<string, number>();
  const current = new Map<string, number>();
  if (!employeeIds.length) return { booked, current };
  const types = sql.join(
    VACATION_QUALIFYING_VARIABLE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await db.all<{ id: string; current: number; s: number }>(sql`
    SELECT e.employee_id AS id, CASE WHEN r.id = ${run.id} THEN 1 ELSE 0 END AS current, SUM(i.amount_ore) AS s
    FROM salary_line_items i
    JOIN salary_run_employees e ON e.id = i.salary_run_employee_id
    JOIN salary_runs r ON r.id = i.salary_run_id
    WHERE r.company_id = ${companyId} AND i.item_type IN (${types})
      AND (r.id = ${run.id} OR (r.status = 'booked' AND r.period_year = ${run.periodYear} AND r.period_month < ${run.periodMonth}))
    GROUP BY e.employee_id, current`);
  const wanted = new Set(employeeIds);
  for (const r of rows) if (wanted.has(r.id)) (Number(r.current) ? current : booked).set(r.id, Number(r.s));
  return { booked, current };
}

/**
 * What calculate reads for the vacation of a run's employees `ids` (those with a vacation rule):
 * the company's vacation year (only when there is someone), the latest records, the opening
 * balances, the variable pay of the year(s) and the absence of the earning year(s) to the month's
 * end (17 §; April–March from the start of the earning year before the vacation year in progress).
 */
export async function vacationReadsOfRun(
  db: Database,
  companyId: string,
  run: SalaryRunRow,
  ids: string[],
): Promise<VacationReads> {
  const Y = run.periodYear;
  const m = run.periodMonth;
  const yearKind: VacationYearKind = ids.length ? await vacationYearOf(db, companyId) : "calendar";
  const prevs = await latestRecords(db, companyId, ids, { year: Y, month: m });
  const openings = await openingOf(db, companyId, ids);
  const variable = await variablePayOfYear(db, companyId, run, ids);
  const shiftedVariable = yearKind === "april_march" ? await variablePayAprilMarch(db, companyId, run, ids) : new Map();
  const absenceFrom = yearKind === "april_march" ? aprilMarchYear(aprilMarchYearOf(Y, m) - 1).start : `${Y}-01-01`;
  const absence = await absenceDaysOf(db, companyId, ids, absenceFrom, monthOfRun(run).to);
  return { yearKind, prevs, openings, variable, shiftedVariable, absence };
}

/** Each employee's absence days from `from` to `to` (absenceOfEmployees), as the vacation rules take them. */
async function absenceDaysOf(db: Database, companyId: string, ids: string[], from: string, to: string) {
  const absence = new Map<string, AbsenceDayIn[]>();
  for (const r of await absenceOfEmployees(db, companyId, ids, from, to))
    absence.set(r.employeeId, [
      ...(absence.get(r.employeeId) ?? []),
      { date: r.absenceDate, type: r.absenceType as AbsenceType, hoursHundredths: r.hoursHundredths },
    ]);
  return absence;
}

/** The company's vacation year (setting vacation_year): calendar or April–March. */
export async function vacationYearOf(db: Database, companyId: string): Promise<VacationYearKind> {
  return (await loadCompany(db, companyId)).company_settings.vacationYear;
}

/**
 * 16 b §, April–March: each employee's variable vacation-qualifying pay in the two earning years a
 * run needs: the whole earning year before the vacation year in progress (booked runs of its
 * periods, April to March), the earning year in progress before the run's month, and the run's rows.
 */
export async function variablePayAprilMarch(db: Database, companyId: string, run: SalaryRunRow, employeeIds: string[]) {
  const out = new Map<string, ShiftedVariablePay>();
  if (!employeeIds.length) return out;
  const vy = aprilMarchYearOf(run.periodYear, run.periodMonth);
  const completed = aprilMarchPeriods(vy - 1);
  const period = run.periodYear * 100 + run.periodMonth;
  const types = sql.join(
    VACATION_QUALIFYING_VARIABLE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await db.all<{ id: string; bucket: string; s: number }>(sql`
    SELECT e.employee_id AS id,
      CASE WHEN r.id = ${run.id} THEN 'thisRun'
        WHEN r.period_year * 100 + r.period_month <= ${completed.to} THEN 'completed' ELSE 'inProgress' END AS bucket,
      SUM(i.amount_ore) AS s
    FROM salary_line_items i
    JOIN salary_run_employees e ON e.id = i.salary_run_employee_id
    JOIN salary_runs r ON r.id = i.salary_run_id
    WHERE r.company_id = ${companyId} AND i.item_type IN (${types})
      AND (r.id = ${run.id} OR (r.status = 'booked' AND r.period_year * 100 + r.period_month >= ${completed.from}
        AND r.period_year * 100 + r.period_month < ${period}))
    GROUP BY e.employee_id, bucket`);
  const wanted = new Set(employeeIds);
  for (const r of rows) {
    if (!wanted.has(r.id)) continue;
    const v = out.get(r.id) ?? { completed: 0, inProgress: 0, thisRun: 0 };
    v[r.bucket as keyof ShiftedVariablePay] = Number(r.s);
    out.set(r.id, v);
  }
  return out;
}

/**
 * Whether the company's vacation year may still change: the first salary run that booked vacation
 * for it, or an opening balance's employee (both carry balances in the current kind of year); null
 * when neither exists.
 */
export async function vacationBookedBy(db: Database, companyId: string): Promise<string | null> {
  const record = await db
    .select({ id: vacationRecords.salaryRunId })
    .from(vacationRecords)
    .where(eq(vacationRecords.companyId, companyId))
    .limit(1)
    .get();
  if (record) return record.id;
  const opening = await db
    .select({ id: payrollOpeningBalances.employeeId })
    .from(payrollOpeningBalances)
    .where(eq(payrollOpeningBalances.companyId, companyId))
    .limit(1)
    .get();
  return opening ? `opening_balances:${opening.id}` : null;
}

// The balance

function savedJson(saved: SavedDays) {
  return { saved_days: saved, saved_days_total: savedTotal(saved) };
}

/**
 * April–March: the earning year in progress as a record keeps it (null for the calendar year, where
 * the earning year is the vacation year).
 */
function earningYearOfRecord(r: VacationRecordRow) {
  if (r.earningPaidDays === null || !r.vacationYearStart) return null;
  const range = aprilMarchYear(Number(r.vacationYearStart.slice(0, 4)));
  const earnedOre = Number(
    new Big(r.earnedDays ?? "0")
      .times(r.earningDayValueOre ?? 0)
      .round(0, Big.roundHalfUp)
      .toFixed(0),
  );
  return {
    start: range.start,
    end: range.end,
    paid_days: r.earningPaidDays,
    earned_days: Number(r.earnedDays ?? "0"),
    day_value: fromOre(r.earningDayValueOre ?? 0),
    earned_value: fromOre(earnedOre),
  };
}

/** The vacation year a record belongs to: its first and last day and the year's number. */
function vacationYearOfRecord(r: VacationRecordRow) {
  const start = r.vacationYearStart ?? `${r.year}-01-01`;
  const year = Number(start.slice(0, 4));
  const shifted = start.slice(5) === "04-01";
  return {
    kind: shifted ? ("april_march" as const) : ("calendar" as const),
    start,
    end: shifted ? aprilMarchYear(year).end : `${year}-12-31`,
    year,
  };
}

/** A balance's employee and the vacation year it is of. */
function balanceHead(
  e: EmployeeRow,
  vacationYear: { kind: VacationYearKind; start: string; end: string; year: number },
) {
  return {
    employee_id: e.id,
    vacation_rule: e.vacationRule,
    vacation_year_kind: vacationYear.kind,
    vacation_year_start: vacationYear.start,
    vacation_year_end: vacationYear.end,
    vacation_year: vacationYear.year,
  };
}

/** A balance's vacation liability (semesterskuld) and the employer contributions on it, in kronor and öre. */
function liabilityJson(liabilityOre: number, contributionsOre: number) {
  return {
    liability: fromOre(liabilityOre),
    liability_ore: liabilityOre,
    liability_contributions: fromOre(contributionsOre),
    liability_contributions_ore: contributionsOre,
    liability_total: fromOre(liabilityOre + contributionsOre),
    estimated_liability_sek: fromOre(liabilityOre + contributionsOre),
  };
}

export function balanceFromRecord(e: EmployeeRow, r: VacationRecordRow) {
  return {
    ...balanceHead(e, vacationYearOfRecord(r)),
    as_of: r.paymentDate,
    source: "salary_run" as const,
    salary_run_id: r.salaryRunId,
    paid_days: r.entitledDays,
    paid_days_of_year: r.paidDaysOfYear,
    unpaid_days: r.unpaidDays,
    entitled_days: r.entitledDays + r.unpaidDays,
    paid_days_taken: r.paidTaken,
    unpaid_days_taken: r.unpaidTaken,
    saved_days_taken: r.savedTaken,
    taken_days: r.paidTaken + r.unpaidTaken + r.savedTaken,
    used_days: r.paidTaken + r.unpaidTaken + r.savedTaken,
    remaining_days: r.remainingDays,
    unpaid_days_remaining: r.unpaidDays - r.unpaidTaken,
    ...savedJson(r.saved),
    forced_payout_days: r.payoutDaysYear,
    day_value: fromOre(r.dayValueOre),
    ...liabilityJson(r.liabilityOre, r.contributionsOre),
    earning_year: earningYearOfRecord(r),
  };
}

/** The vacation year an opening balance's days belong to: the one holding its cutover date. */
function vacationYearOfOpening(o: OpeningRow, kind: VacationYearKind) {
  if (kind === "calendar") return { kind, start: `${o.year}-01-01`, end: `${o.year}-12-31`, year: o.year };
  const year = aprilMarchYearOf(o.year, Number(o.cutoverDate.slice(5, 7)));
  return { kind, ...aprilMarchYear(year), year };
}

export function balanceFromOpening(e: EmployeeRow, o: OpeningRow, kind: VacationYearKind) {
  return {
    ...balanceHead(e, vacationYearOfOpening(o, kind)),
    as_of: o.cutoverDate,
    source: "opening_balance" as const,
    salary_run_id: null,
    paid_days: o.paidDaysRemaining,
    paid_days_of_year: null,
    unpaid_days: o.unpaidDaysRemaining,
    entitled_days: o.paidDaysRemaining + o.unpaidDaysRemaining,
    paid_days_taken: 0,
    unpaid_days_taken: 0,
    saved_days_taken: 0,
    taken_days: 0,
    used_days: 0,
    remaining_days: o.paidDaysRemaining,
    unpaid_days_remaining: o.unpaidDaysRemaining,
    ...savedJson(o.savedDays),
    forced_payout_days: 0,
    day_value: null,
    ...liabilityJson(o.vacationDebtOre, o.vacationDebtContributionsOre),
    earning_year: null,
  };
}

/** GET .../employees/{id}/vacation-balance: after the latest booked run, else the opening balance; 404 VACATION_BALANCE_NOT_FOUND before either. */
export async function vacationBalance(db: Database, companyId: string, employeeId: string) {
  const e = await loadEmployee(db, companyId, employeeId);
  const record = (await latestRecords(db, companyId, [e.id], { year: 9999, month: 13 })).get(e.id);
  if (record) return balanceFromRecord(e, record);
  const opening = (await openingOf(db, companyId, [e.id])).get(e.id);
  if (opening) return balanceFromOpening(e, opening, await vacationYearOf(db, companyId));
  throw new ApiError(
    "VACATION_BALANCE_NOT_FOUND",
    { employee_id: e.id },
    "The employee has no vacation balance until the first booked salary run or an opening balance.",
  );
}

// Opening balances

/** The employee's first booked run of the cutover year or later: it locks the opening balance. */
export async function lockingRun(db: Database, companyId: string, employeeId: string, year: number) {
  return db
    .select({ id: salaryRuns.id })
    .from(salaryRuns)
    .innerJoin(salaryRunEmployees, eq(salaryRunEmployees.salaryRunId, salaryRuns.id))
    .where(
      and(
        eq(salaryRuns.companyId, companyId),
        eq(salaryRunEmployees.employeeId, employeeId),
        eq(salaryRuns.status, "booked"),
        gte(salaryRuns.periodYear, year),
      ),
    )
    .orderBy(asc(salaryRuns.periodYear), asc(salaryRuns.periodMonth))
    .get();
}

export function openingJson(o: OpeningRow, lockedBy: string | null) {
  return {
    employee_id: o.employeeId,
    year: o.year,
    cutover_date: o.cutoverDate,
    ytd_gross: fromOre(o.ytdGrossOre),
    ytd_taxable_benefits: fromOre(o.ytdBenefitsOre),
    ytd_tax: fromOre(o.ytdTaxOre),
    ytd_net: fromOre(o.ytdNetOre),
    ytd_avgifter: fromOre(o.ytdAvgifterOre),
    ytd_vacation_qualifying_variable_pay: fromOre(o.ytdVacationVariablePayOre),
    vacation_paid_days_remaining: o.paidDaysRemaining,
    vacation_unpaid_days_remaining: o.unpaidDaysRemaining,
    vacation_saved_days: o.savedDays,
    vacation_debt: fromOre(o.vacationDebtOre),
    vacation_debt_contributions: fromOre(o.vacationDebtContributionsOre),
    karens_adjustment: { qualifying_absence_days_used: o.absenceUsed, karens_occasions_ytd: o.karensOccasionsYtd },
    locked: lockedBy !== null,
    locked_by_run_id: lockedBy,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}

export async function openingBalances(db: Database, companyId: string, employeeId: string) {
  const e = await loadEmployee(db, companyId, employeeId);
  const o = (await openingOf(db, companyId, [e.id])).get(e.id);
  if (!o)
    throw new ApiError(
      "NOT_FOUND",
      { resource: "opening_balances", employee_id: e.id },
      "No opening balances are set for this employee.",
    );
  return openingJson(o, (await lockingRun(db, companyId, e.id, o.year))?.id ?? null);
}

// The vacation-liability report

/**
 * Per employee, the liability after the latest booked run paid on or before `asOf` (else an
 * opening balance with its cutover date on or before it): days, saved days, the liability and the
 * contributions on it. With no opening debt the totals equal the ledger's 2920 and 2940.
 */
export async function vacationLiability(db: Database, companyId: string, asOf: string): Promise<VacationLiability> {
  const ids = (
    await db.all<{ id: string }>(sql`
      SELECT DISTINCT employee_id AS id FROM vacation_records WHERE company_id = ${companyId} AND payment_date <= ${asOf}
      UNION SELECT employee_id AS id FROM payroll_opening_balances WHERE company_id = ${companyId} AND cutover_date <= ${asOf}`)
  ).map((r) => r.id);
  const records = await latestRecords(db, companyId, ids, { asOfDate: asOf });
  const openings = await openingOf(db, companyId, ids);
  const people = await employeesByIds(db, companyId, ids);
  const kind = await vacationYearOf(db, companyId);
  const rows = ids
    .map((id) => {
      const e = people.get(id)!;
      const r = records.get(id);
      const o = openings.get(id);
      const b = r ? balanceFromRecord(e, r) : balanceFromOpening(e, o!, kind);
      return {
        employee_id: id,
        first_name: e.firstName,
        last_name: e.lastName,
        personnummer_masked: maskedPersonnummer(e.personnummerPrefix),
        vacation_rule: e.vacationRule,
        source: b.source,
        salary_run_id: b.salary_run_id,
        as_of: b.as_of,
        vacation_year: b.vacation_year,
        vacation_year_start: b.vacation_year_start,
        remaining_days: b.remaining_days,
        earned_days: b.earning_year?.earned_days ?? null,
        saved_days: b.saved_days,
        saved_days_total: b.saved_days_total,
        day_value: b.day_value,
        liability: b.liability,
        contributions: b.liability_contributions,
        total: b.liability_total,
        liabilityOre: b.liability_ore,
        contributionsOre: b.liability_contributions_ore,
      };
    })
    .sort((a, b) => a.last_name.localeCompare(b.last_name, "sv") || a.first_name.localeCompare(b.first_name, "sv"));
  const liabilityOre = rows.reduce((s, r) => s + r.liabilityOre, 0);
  const contributionsOre = rows.reduce((s, r) => s + r.contributionsOre, 0);
  return {
    as_of: asOf,
    accounts: { liability: "2920", contributions: "2940" },
    employees: rows.map(({ liabilityOre: _l, contributionsOre: _c, ...r }) => r),
    totals: {
      remaining_days: rows.reduce((s, r) => s + r.remaining_days, 0),
      saved_days: rows.reduce((s, r) => s + r.saved_days_total, 0),
      liability: fromOre(liabilityOre),
      contributions: fromOre(contributionsOre),
      total: fromOre(liabilityOre + contributionsOre),
    },
  };
}
