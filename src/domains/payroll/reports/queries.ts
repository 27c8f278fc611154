// Payroll reports (spec: Reports > avgifter-basis, salary-journal).
import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { salaryRuns } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";
import { type ContributionPart, type ContributionRateKind, declaredContributions } from "../../../sweden/payroll";
import { employeesByIds, maskedPersonnummer } from "../employees/queries";
import { lineItemJson, lineItemsOfRun, runEmployees, runJson } from "../runs/queries";
import { contributionPartsOf, effectiveAvgifterOre, effectiveTaxOre } from "../runs/rules";
import { agiReconciliation } from "./agi-reconciliation";
import type { AvgifterBasis, SalaryJournal, SalaryJournalTotals } from "./schemas";
import type { EmployeeRow, RunEmployeeRow, SalaryRunRow } from "../rows";

const toOreExact = (kronor: number) => Math.round(kronor * 100);

/** The journal's totals, summed in öre, as kronor. */
function kronorOf(ore: SalaryJournalTotals): SalaryJournalTotals {
  const out = { ...ore };
  for (const key of Object.keys(out) as (keyof SalaryJournalTotals)[]) out[key] = fromOre(ore[key]);
  return out;
}

/** The runs' totals added up, öre. */
function runTotals(runs: SalaryRunRow[]): SalaryJournalTotals {
  const sum = (of: (r: SalaryRunRow) => number) => runs.reduce((n, r) => n + of(r), 0);
  return {
    gross: sum((r) => r.totalGrossOre),
    benefits: sum((r) => r.totalBenefitsOre),
    reimbursements: sum((r) => r.totalReimbursementsOre),
    deductions: sum((r) => r.totalDeductionsOre),
    tax: sum((r) => r.totalTaxOre),
    net: sum((r) => r.totalNetOre),
    avgifter: sum((r) => r.totalAvgifterOre),
    pension: sum((r) => r.totalPensionOre),
    special_payroll_tax: sum((r) => r.totalSpecialPayrollTaxOre),
  };
}

type EmployeeAcc = {
  basisOre: number;
  amountOre: number;
  rates: Map<string, { rate: ContributionRateKind; percent: string; basisOre: number; amountOre: number }>;
};

/** The report's employees, by last and first name. */
function employeeRowsOf(perEmployee: Map<string, EmployeeAcc>, people: Map<string, EmployeeRow>) {
  return [...perEmployee]
    .map(([id, acc]) => {
      const e = people.get(id)!;
      return {
        employee_id: id,
        first_name: e.firstName,
        last_name: e.lastName,
        personnummer_masked: maskedPersonnummer(e.personnummerPrefix),
        birth_date: e.birthDate,
        basis: fromOre(acc.basisOre),
        amount: fromOre(acc.amountOre),
        rates: [...acc.rates.values()].map((r) => ({
          rate: r.rate,
          percent: r.percent,
          basis: fromOre(r.basisOre),
          amount: fromOre(r.amountOre),
        })),
      };
    })
    .sort((a, b) => a.last_name.localeCompare(b.last_name, "sv") || a.first_name.localeCompare(b.first_name, "sv"));
}

/** The months' declared figures summed per rate (whole kronor). */
function declaredByRateOf(
  months: { byRate: { percent: string; basisKronor: number; contributionKronor: number }[] }[],
) {
  const byRate = new Map<string, { basis: number; amount: number }>();
  for (const m of months)
    for (const r of m.byRate) {
      const d = byRate.get(r.percent) ?? { basis: 0, amount: 0 };
      d.basis += r.basisKronor;
      d.amount += r.contributionKronor;
      byRate.set(r.percent, d);
    }
  return [...byRate].map(([percent, d]) => ({ percent, basis: d.basis, amount: d.amount }));
}

/**
 * Per employee: the contribution basis and amount of every run booked with a payment date in
 * `year`, split by rate; per rate: the bases summed and, month by month, Skatteverket's figure
 * (bases in whole kronor per rate, contribution with öre dropped; declaredContributions).
 */
export async function avgifterBasis(db: Database, companyId: string, year: number): Promise<AvgifterBasis> {
  const runs = await db
    .select()
    .from(salaryRuns)
    .where(
      and(
        eq(salaryRuns.companyId, companyId),
        eq(salaryRuns.status, "booked"),
        gte(salaryRuns.paymentDate, `${year}-01-01`),
        lte(salaryRuns.paymentDate, `${year}-12-31`),
      ),
    )
    .orderBy(asc(salaryRuns.paymentDate))
    .all();
  const perEmployee = new Map<string, EmployeeAcc>();
  const byMonth = new Map<string, { parts: ContributionPart[] }[]>();
  let bookedOre = 0;
  let roundingOre = 0;
  const membersOf = new Map<string, RunEmployeeRow[]>();
  for (const run of runs) {
    roundingOre += run.avgifterRoundingOre;
    const month = run.paymentDate.slice(0, 7);
    membersOf.set(run.id, await runEmployees(db, run.id));
    for (const m of membersOf.get(run.id)!) {
      const parts = contributionPartsOf(m.breakdown);
      const acc = perEmployee.get(m.employeeId) ?? { basisOre: 0, amountOre: 0, rates: new Map() };
      acc.basisOre += m.avgifterBasisOre;
      acc.amountOre += effectiveAvgifterOre(m);
      bookedOre += effectiveAvgifterOre(m);
      for (const p of parts) {
        const key = `${p.rate}:${p.percent}`;
        const r = acc.rates.get(key) ?? { rate: p.rate, percent: p.percent, basisOre: 0, amountOre: 0 };
        r.basisOre += p.basisOre;
        r.amountOre += p.contributionOre;
        acc.rates.set(key, r);
      }
      perEmployee.set(m.employeeId, acc);
      byMonth.set(month, [...(byMonth.get(month) ?? []), { parts }]);
    }
  }
  const people = await employeesByIds(db, companyId, [...perEmployee.keys()]);
  const employees = employeeRowsOf(perEmployee, people);
  const months = [...byMonth].map(([month, list]) => ({ month, ...declaredContributions(list) }));
  return {
    year,
    salary_run_ids: runs.map((r) => r.id),
    employees,
    by_rate: declaredByRateOf(months),
    by_month: months.map((m) => ({
      month: m.month,
      by_rate: m.byRate.map((r) => ({ percent: r.percent, basis: r.basisKronor, amount: r.contributionKronor })),
      total: m.totalKronor,
    })),
    totals: {
      basis: fromOre(employees.reduce((s, e) => s + toOreExact(e.basis), 0)),
      amount_booked: fromOre(bookedOre),
      // 3740: what book added so that 2731 holds Skatteverket's figure; amount_booked + this is 2731's credit
      rounding_booked: fromOre(roundingOre),
      amount_declared: months.reduce((s, m) => s + m.totalKronor, 0),
    },
    agi_reconciliation: await agiReconciliation(db, companyId, runs, membersOf),
  };
}

/** The lönejournal of one run, or of the calculated runs of a year or month. */
export async function salaryJournal(
  db: Database,
  companyId: string,
  q: { salary_run_id?: string; period_year?: number; period_month?: number },
): Promise<SalaryJournal> {
  const runs: SalaryRunRow[] = await db
    .select()
    .from(salaryRuns)
    .where(
      and(
        eq(salaryRuns.companyId, companyId),
        ne(salaryRuns.status, "draft"),
        q.salary_run_id ? eq(salaryRuns.id, q.salary_run_id) : undefined,
        q.period_year ? eq(salaryRuns.periodYear, q.period_year) : undefined,
        q.period_month ? eq(salaryRuns.periodMonth, q.period_month) : undefined,
      ),
    )
    .orderBy(asc(salaryRuns.periodYear), asc(salaryRuns.periodMonth))
    .all();
  if (q.salary_run_id && !runs.length)
    throw new ApiError("NOT_FOUND", {
      resource: "salary_run",
      id: q.salary_run_id,
      note: "a draft run has no journal until it is calculated",
    });
  const out = [];
  for (const run of runs) {
    const members = await runEmployees(db, run.id);
    const items = await lineItemsOfRun(db, run.id);
    const people = await employeesByIds(
      db,
      companyId,
      members.map((m) => m.employeeId),
    );
    const rows = members
      .map((m) => {
        const e = people.get(m.employeeId)!;
        return {
          employee_id: m.employeeId,
          first_name: e.firstName,
          last_name: e.lastName,
          personnummer_masked: maskedPersonnummer(e.personnummerPrefix),
          gross_salary: fromOre(m.grossOre),
          taxable_benefits: fromOre(m.benefitsOre),
          tax_free_reimbursements: fromOre(m.reimbursementsOre),
          net_deductions: fromOre(m.deductionsOre),
          tax_basis: fromOre(m.taxBasisOre),
          tax_withheld: fromOre(effectiveTaxOre(m)),
          net_salary: fromOre(m.netOre),
          avgifter_basis: fromOre(m.avgifterBasisOre),
          avgifter_amount: fromOre(effectiveAvgifterOre(m)),
          pension_premium: fromOre(m.pensionOre),
          special_payroll_tax: fromOre(m.specialPayrollTaxOre),
          line_items: items.filter((i) => i.salaryRunEmployeeId === m.id).map(lineItemJson),
        };
      })
      .sort((a, b) => a.last_name.localeCompare(b.last_name, "sv") || a.first_name.localeCompare(b.first_name, "sv"));
    out.push({ run: runJson(run, members.length), employees: rows });
  }
  return {
    filter: {
      salary_run_id: q.salary_run_id ?? null,
      period_year: q.period_year ?? null,
      period_month: q.period_month ?? null,
    },
    runs: out,
    totals: kronorOf(runTotals(runs)),
  };
}

// What reconciliation sets against the payroll liabilities 2710 (preliminary tax withheld) and
// 2731 (employer contributions): the booked salary runs paid in a date range, with the tax and
// contributions of their employees (overrides counted; the contributions with the rounding book
// put on 3740, so as credited to 2731) and the AGI generated for each, if any.

export interface BookedRunLiability {
  runId: string;
  periodYear: number;
  periodMonth: number;
  paymentDate: string;
  salaryEntryId: string | null;
  avgifterEntryId: string | null;
  /** effective preliminary tax withheld, öre */
  taxOre: number;
  /**
   * employer contributions as book credited 2731, öre: the effective per-employee amounts plus the
   * rounding to Skatteverket's figure (avgifter_rounding_ore), so without overrides the AGI's 487
   */
  avgifterOre: number;
  /** the AGI of the run (whole kronor, as declared), null when none was generated */
  agi: { totalTax: number; totalContributions: number; submitted: boolean } | null;
}

export async function bookedRunLiabilities(
  db: Database,
  companyId: string,
  from: string,
  to: string,
): Promise<BookedRunLiability[]> {
  const rows = await db.all<{
    id: string;
    y: number;
    m: number;
    p: string;
    se: string | null;
    ae: string | null;
    t: number | null;
    a: number | null;
    agi_tax: number | null;
    agi_contrib: number | null;
    agi_ref: string | null;
    agi_id: string | null;
  }>(sql`
    SELECT r.id, r.period_year AS y, r.period_month AS m, r.payment_date AS p, r.salary_entry_id AS se, r.avgifter_entry_id AS ae,
           (SELECT SUM(COALESCE(e.tax_override_ore, e.tax_calculated_ore)) FROM salary_run_employees e WHERE e.salary_run_id = r.id) AS t,
           (SELECT SUM(COALESCE(e.avgifter_override_ore, e.avgifter_calculated_ore)) FROM salary_run_employees e WHERE e.salary_run_id = r.id)
             + r.avgifter_rounding_ore AS a,
           g.id AS agi_id, g.total_tax AS agi_tax, g.total_contributions AS agi_contrib, g.submission_reference AS agi_ref
    FROM salary_runs r LEFT JOIN agi_declarations g ON g.salary_run_id = r.id
    WHERE r.company_id = ${companyId} AND r.status = 'booked' AND r.payment_date >= ${from} AND r.payment_date <= ${to}
    ORDER BY r.payment_date, r.id`);
  return rows.map((r) => ({
    runId: r.id,
    periodYear: Number(r.y),
    periodMonth: Number(r.m),
    paymentDate: r.p,
    salaryEntryId: r.se,
    avgifterEntryId: r.ae,
    taxOre: Number(r.t ?? 0),
    avgifterOre: Number(r.a ?? 0),
    agi: r.agi_id
      ? { totalTax: Number(r.agi_tax), totalContributions: Number(r.agi_contrib), submitted: r.agi_ref !== null }
      : null,
  }));
}
