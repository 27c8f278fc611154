// The percentage rule's variable pay (semesterlagen 16 b §) through the API, with the books.
// Monthly salary 30 000 kr, tax decided at 30 % (whole kronor, truncated), contributions 31.42 %,
// 25 days a year, the calendar year as earning and vacation year, vacation_rule percentage.
//
// Vera (no opening balance):
//   May (first run, January-May accrued), commission 10 000: day value 12 % × (360 000 + 10 000) / 25
//   = 1 776; 25 × 5 / 12 days × 1 776 = 18 500; contributions 31.42 % = 5 812.70. Gross 40 000, tax
//   12 000, net 28 000.
//   July, commission 5 000 (this run's), car benefit 2 000 and mileage allowance 1 000 (neither
//   qualifies), vacation 6-19 July (10 vacation days): day value 12 % × (360 000 + 10 000 + 5 000)
//   / 25 = 1 800 (without the commissions: 1 728); semesteravdrag −10 × 1 380 = −13 800,
//   semesterlön 10 × 1 800 = 18 000; gross 30 000 + 5 000 − 13 800 + 18 000 = 39 200; tax 30 % ×
//   (39 200 + 2 000) = 12 360; net 39 200 + 1 000 − 12 360 = 27 840. Liability 18 500 + 2 × 25 / 12
//   × 1 800 (7 500) − 18 000 = 8 000, contributions 2 513.60: the entry Debit 2920 10 500 / Credit
//   7290, Debit 2940 3 299.10 / Credit 7519.
// Olle (opening balances at 30 April: ytd_vacation_qualifying_variable_pay 20 000, vacation debt
//   15 000, contributions by default 31.42 % = 4 713): May, no commission: day value 12 % × (360 000
//   + 20 000) / 25 = 1 824; one month accrued 25 / 12 × 1 824 = 3 800; liability 18 800,
//   contributions 5 906.96 (change 1 193.96).
// The May entry: Debit 7290 18 500 + 3 800 = 22 300 / Credit 2920; Debit 7519 5 812.70 + 1 193.96
//   = 7 006.66 / Credit 2940.
import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, write, hire } from "../helpers";

const f = companyFixture({ name: "Provisionsbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const TERMS = {
  salary_type: "monthly",
  monthly_salary: 30000,
  f_skatt_status: "decided_percent",
  tax_decided_percent: "30",
  tax_decision_reference: "SKV 2026-01-10",
  employment_start: "2020-01-01",
  clearing_number: "6000",
  bank_account_number: "123456789",
  vacation_rule: "percentage",
};

async function employee(body: Record<string, unknown>): Promise<string> {
  return (await hire(f, { ...TERMS, ...body })).id;
}

/** Create, fill (employees, then manual line items), calculate, approve, pay and book a month. */
async function month(m: number, payDate: string, employees: string[], lineItems: [string, Record<string, unknown>][]) {
  const run = await write(f.actor.key, "POST", url("/salary-runs"), {
    period_year: 2026,
    period_month: m,
    payment_date: payDate,
  });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
  expect(
    (
      await write(f.actor.key, "POST", R("/employees"), {
        employees: employees.map((employee_id) => ({ employee_id })),
      })
    ).status,
  ).toBe(200);
  for (const [emp, body] of lineItems) {
    const added = await write(f.actor.key, "POST", R(`/employees/${emp}/line-items`), body);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const calc = await write(f.actor.key, "POST", R("/calculate"));
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
  expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
  const booked = await write(f.actor.key, "POST", R("/book"));
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  return { id: run.body.data.id as string, R, calc: calc.body.data, booked: booked.body.data };
}

const slip = async (R: (p?: string) => string, emp: string) =>
  (await call("GET", R(`/employees/${emp}`), { key: f.actor.key })).body.data;
const balance = async (emp: string) =>
  (await call("GET", url(`/employees/${emp}/vacation-balance`), { key: f.actor.key })).body.data;
const items = (s: any) =>
  s.line_items
    .map((i: any) => [i.item_type, i.amount])
    .sort((a: any, b: any) => String(a[0]).localeCompare(String(b[0])));

describe("vacation: the percentage rule's variable pay (16 b §)", () => {
  it("adds the year's commission (booked runs, this run, an opening balance) to the day value, the vacation pay and the liability", async () => {
    const vera = await employee({ first_name: "Vera", last_name: "Provision", personnummer: "198503121231" });
    const olle = await employee({ first_name: "Olle", last_name: "Övergång", personnummer: "197511116787" });

    const opening = await write(f.actor.key, "POST", url(`/employees/${olle}/opening-balances`), {
      cutover_date: "2026-04-30",
      ytd_gross: 140000,
      ytd_tax: 42000,
      ytd_net: 98000,
      ytd_vacation_qualifying_variable_pay: 20000,
      vacation_paid_days_remaining: 25,
      vacation_debt: 15000,
    });
    expect(opening.status, JSON.stringify(opening.body)).toBe(201);
    expect(opening.body.data).toMatchObject({
      ytd_vacation_qualifying_variable_pay: 20000,
      vacation_debt: 15000,
      vacation_debt_contributions: 4713,
    });
    const negative = await write(f.actor.key, "POST", url(`/employees/${olle}/opening-balances`), {
      cutover_date: "2026-04-30",
      vacation_paid_days_remaining: 25,
      ytd_vacation_qualifying_variable_pay: -1,
    });
    expect([negative.status, negative.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(
      (await call("GET", url(`/employees/${olle}/opening-balances`), { key: f.actor.key })).body.data
        .ytd_vacation_qualifying_variable_pay,
    ).toBe(20000);

    // May: Vera's commission 10 000
    const may = await month(5, "2026-05-25", [vera, olle], [[vera, { item_type: "commission", amount: 10000 }]]);
    expect(may.calc).toMatchObject({ total_gross: 70000, total_tax: 21000, total_net: 49000 });
    const vMay = await slip(may.R, vera);
    expect(vMay.calculation_breakdown.vacation).toMatchObject({
      rule: "percentage",
      day_value: 1776,
      qualifying_pay: {
        fixed: 360000,
        variable: 10000,
        variable_opening: 0,
        variable_booked_runs: 0,
        variable_this_run: 10000,
        total: 370000,
      },
      liability: { before: 0, accrual: 18500, used: 0, after: 18500, contributions_after: 5812.7 },
    });
    const oMay = await slip(may.R, olle);
    expect(oMay.calculation_breakdown.vacation).toMatchObject({
      carried_from: "opening",
      day_value: 1824,
      qualifying_pay: {
        variable: 20000,
        variable_opening: 20000,
        variable_booked_runs: 0,
        variable_this_run: 0,
        total: 380000,
      },
      liability: {
        before: 15000,
        accrual: 3800,
        after: 18800,
        contributions_before: 4713,
        contributions_after: 5906.96,
        change: 3800,
        contributions_change: 1193.96,
      },
    });
    expect(await entryLines(f.actor.key, f.companyId, may.booked.vacation_entry_id)).toEqual({
      "7290": [22300, 0],
      "2920": [0, 22300],
      "7519": [7006.66, 0],
      "2940": [0, 7006.66],
    });
    expect(await balance(vera)).toMatchObject({ day_value: 1776, liability: 18500, liability_contributions: 5812.7 });

    // July: vacation 6-19 July (10 vacation days); commission 5 000 in this run; a car benefit and a
    // mileage allowance do not qualify
    const absence = await write(f.actor.key, "POST", url(`/employees/${vera}/absence`), {
      from_date: "2026-07-06",
      to_date: "2026-07-19",
      absence_type: "vacation",
    });
    expect(absence.status, JSON.stringify(absence.body)).toBe(201);
    const july = await month(
      7,
      "2026-07-24",
      [vera],
      [
        [vera, { item_type: "commission", amount: 5000 }],
        [vera, { item_type: "car_benefit", amount: 2000 }],
        [vera, { item_type: "mileage_allowance", amount: 1000 }],
      ],
    );
    const v = await slip(july.R, vera);
    expect(v).toMatchObject({ gross_salary: 39200, tax_withheld: 12360, net_salary: 27840 });
    expect(items(v)).toEqual([
      ["car_benefit", 2000],
      ["commission", 5000],
      ["mileage_allowance", 1000],
      ["monthly_salary", 30000],
      ["vacation_deduction", -13800],
      ["vacation_pay", 18000],
    ]);
    expect(v.line_items.find((i: any) => i.item_type === "vacation_pay").description).toBe("Semesterlön 10 d");
    expect(v.calculation_breakdown.vacation).toMatchObject({
      day_value: 1800,
      qualifying_pay: {
        fixed: 360000,
        variable: 15000,
        variable_opening: 0,
        variable_booked_runs: 10000,
        variable_this_run: 5000,
        total: 375000,
      },
      days_taken: { paid: 10, unpaid: 0, advance: 0 },
      remaining_days: 15,
      vacation_pay: 18000,
      deduction: 13800,
      liability: {
        before: 18500,
        accrual: 7500,
        used: 18000,
        after: 8000,
        contributions_before: 5812.7,
        contributions_after: 2513.6,
        change: -10500,
        contributions_change: -3299.1,
      },
    });
    expect(await entryLines(f.actor.key, f.companyId, july.booked.vacation_entry_id)).toEqual({
      "2920": [10500, 0],
      "7290": [0, 10500],
      "2940": [3299.1, 0],
      "7519": [0, 3299.1],
    });
    expect(await entryLines(f.actor.key, f.companyId, july.booked.salary_entry_id)).toEqual({
      "7210": [39200, 0],
      "7331": [1000, 0],
      "2710": [0, 12360],
      "1930": [0, 27840],
      // the car benefit's value against 7380 (issue #40: benefits in the books)
      "7385": [2000, 0],
      "7380": [0, 2000],
    });
    expect(await balance(vera)).toMatchObject({
      day_value: 1800,
      remaining_days: 15,
      liability: 8000,
      liability_ore: 800000,
      liability_contributions: 2513.6,
    });

    // the liability report equals the ledger plus Olle's opening debt (15 000 / 4 713)
    const report = (await call("GET", url("/reports/vacation-liability?as_of=2026-07-31"), { key: f.actor.key })).body
      .data;
    expect(report.employees.map((x: any) => [x.first_name, x.day_value, x.liability, x.contributions])).toEqual([
      ["Vera", 1800, 8000, 2513.6],
      ["Olle", 1824, 18800, 5906.96],
    ]);
    expect(report.totals).toMatchObject({ liability: 26800, contributions: 8420.56 });
    // ledger: 2920 22 300 − 10 500 = 11 800 (+ 15 000 opening = 26 800); 2940 7 006.66 − 3 299.10 = 3 707.56 (+ 4 713 = 8 420.56)
    const ledger = { "2920": 0, "2940": 0 } as Record<string, number>;
    for (const id of [may.booked.vacation_entry_id, july.booked.vacation_entry_id]) {
      for (const [acc, [d, cr]] of Object.entries(await entryLines(f.actor.key, f.companyId, id)))
        if (acc in ledger) ledger[acc] = Math.round((ledger[acc] + cr - d) * 100) / 100;
    }
    expect(ledger).toEqual({ "2920": 11800, "2940": 3707.56 });
    expect(Math.round((ledger["2920"] + 15000) * 100) / 100).toBe(report.totals.liability);
    expect(Math.round((ledger["2940"] + 4713) * 100) / 100).toBe(report.totals.contributions);
  });
});
