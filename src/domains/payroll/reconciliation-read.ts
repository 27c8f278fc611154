// What reconciliation sets against the payroll liabilities 2710 (preliminary tax withheld) and
// 2731 (employer contributions): the booked salary runs paid in a date range, with the tax and
// contributions of their employees (overrides counted; the contributions with the rounding book
// put on 3740, so as credited to 2731) and the AGI generated for each, if any.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

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
