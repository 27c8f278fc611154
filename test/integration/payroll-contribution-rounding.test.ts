// The employer contributions a run books against what the AGI declares (issue 29, item 6).
//
// Skatteverket charges the month's contributions on the declared bases: each employee's basis in
// whole kronor, summed per rate, each rate's contribution with the öre dropped (ställningstagande
// 2017-06-08, dnr 131 238881-17/111). The run computes per employee in öre. Book credits 2731 with
// Skatteverket's figure and puts the difference on 3740, so 2731 equals the AGI's field 487.
//
// April 2026 (paid 25 April, so the youth reduction of SFS 2026:100 applies), tax decided at 30 %:
//   Anna, born 1985, 33 333.33: 31.42 % -> 10 473.33 (10 473.332286)
//   Ylva, born 2005, 28 000.55: 20.81 % on 25 000 -> 5 202.50, 31.42 % on 3 000.55 -> 942.77 (942.772810)
//   Sven, born 1950, 30 100.99: 10.21 % -> 3 073.31 (3 073.311079)
//   per employee: 10 473.33 + 6 145.27 + 3 073.31 = 19 691.91 (7510)
// Declared: 31.42 % of (33 333 + 3 000 = 36 333) = 11 415.8286 -> 11 415; 20.81 % of 25 000 =
//   5 202.50 -> 5 202; 10.21 % of 30 100 = 3 073.21 -> 3 073; total 19 690 (2731); 3740 credited 1.91.
import { validateAgi } from "../fixtures/agi/validate-agi";
import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, hire, write } from "../helpers";

const f = companyFixture({ name: "Avrundningsbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const CONTACT = { name: "Lena Lön", phone: "08-123 45 67", email: "lon@avrundning.se" };
const TERMS = {
  salary_type: "monthly",
  f_skatt_status: "decided_percent",
  tax_decided_percent: "30",
  tax_decision_reference: "SKV 2026-01-10",
};

async function balanceOf(account: string): Promise<number> {
  const tb = await call("GET", url(`/reports/trial-balance?period_id=${f.periodId}`), { key: f.actor.key });
  expect(tb.status).toBe(200);
  return tb.body.data.accounts.find((a: any) => a.account_number === account)?.closing_balance ?? 0;
}

describe("employer contributions booked as declared", () => {
  it("credits 2731 with the AGI's total contributions, the öre and kronor of the per-employee figures on 3740", async () => {
    await hire(f, {
      ...TERMS,
      first_name: "Anna",
      last_name: "Full",
      personnummer: "198503121231",
      monthly_salary: 33333.33,
    });
    await hire(f, {
      ...TERMS,
      first_name: "Ylva",
      last_name: "Ung",
      personnummer: "200506152347",
      monthly_salary: 28000.55,
    });
    await hire(f, {
      ...TERMS,
      first_name: "Sven",
      last_name: "Senior",
      personnummer: "195001013456",
      monthly_salary: 30100.99,
    });
    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 4,
      payment_date: "2026-04-25",
    });
    expect(run.status).toBe(201);
    const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
    const calc = await write(f.actor.key, "POST", R("/calculate"));
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.data).toMatchObject({ total_avgifter: 19691.91, avgifter_rounding: 0 });
    expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
    expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
    const booked = await write(f.actor.key, "POST", R("/book"));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data).toMatchObject({ total_avgifter: 19691.91, avgifter_rounding: -1.91 });

    // the contributions entry: 7510 per employee, 2731 as declared, 3740 the difference
    expect(await entryLines(f.actor.key, f.companyId, booked.body.data.avgifter_entry_id)).toEqual({
      "7510": [19691.91, 0],
      "2731": [0, 19690],
      "3740": [0, 1.91],
    });

    const agi = await write(f.actor.key, "POST", R("/generate-agi"), { contact: CONTACT });
    expect(agi.status, JSON.stringify(agi.body)).toBe(201);
    expect(validateAgi(agi.body.data.agi_xml)).toEqual([]);
    expect(agi.body.data).toMatchObject({
      total_avgifter: 19690,
      contributions_by_rate: [
        { percent: "31.42", basis: 36333, contribution: 11415 },
        { percent: "20.81", basis: 25000, contribution: 5202 },
        { percent: "10.21", basis: 30100, contribution: 3073 },
      ],
    });
    // 2731 (credit balance) is exactly what the tax account will be charged
    expect(-(await balanceOf("2731"))).toBe(agi.body.data.total_avgifter);
    expect(await balanceOf("7510")).toBe(19691.91);
    expect(await balanceOf("3740")).toBe(-1.91);

    // reconciliation of 2731 against the run: what book credited, equal to the AGI
    const recon = await call("GET", url("/reconciliation/accounts/employer_contributions?date_to=2026-04-30"), {
      key: f.actor.key,
    });
    expect(recon.status, JSON.stringify(recon.body)).toBe(200);
    expect(recon.body.data).toMatchObject({ ledger_balance: -19690, difference: 0, is_reconciled: true });
    expect(recon.body.data.employer_contributions.salary_runs[0]).toMatchObject({
      employer_contributions: 19690,
      booked_amount: 19690,
      agi_amount: 19690,
      agi_differs: false,
      difference: 0,
    });

    // the report: 7510 per employee, the rounding, and the declared figure
    const basis = await call("GET", url("/reports/avgifter-basis?year=2026"), { key: f.actor.key });
    expect(basis.body.data.totals).toEqual({
      basis: 91434.87,
      amount_booked: 19691.91,
      rounding_booked: -1.91,
      amount_declared: 19690,
    });
  });
});
