// Opening balances of a cutover in a company with the April–March vacation year (issue #29 item 19).
// Cutover 30 June 2026, in the vacation year 1 April 2026–31 March 2027; 30 000 kr a month, tax
// decided at 30 %, born 1990 (contributions 31.42 %), employed since 2020, 25 days a year.
//
// Cia, sammalöneregeln: 20 paid days left of 2026/27, 2 saved in 2025/26 ({"2025": 2}), debt 40 000
//   (contributions by default 31.42 % = 12 568). July, 10 vacation days (6–17 July): tillägg 1 290.
//   Carried in at this run's values: 22 days × 1 509 + the earning year's April–June, 25 × 3/12 =
//   6.25 days × 1 509 = 9 431.25: 42 629.25, a revaluation of 2 629.25 against the 40 000 carried.
//   After July: 12 days × 1 509 + 25 × 4/12 × 1 509 = 18 108 + 12 575 = 30 683 (contributions
//   9 640.60).
// Dan, procentregeln: 25 paid days left, the earning year's variable pay before the cutover 12 000
//   (ytd_vacation_qualifying_variable_pay), debt 55 000 (contributions 17 281). The vacation year's
//   day value after a cutover is the fixed pay's: 12 % × 360 000 / 25 = 1 728; the earning year's
//   12 % × (360 000 + 12 000) / 25 = 1 785.60. Carried in: 25 × 1 728 + 6.25 × 1 785.60 = 54 360
//   (revaluation −640); after July 25 × 1 728 + 25 × 4/12 × 1 785.60 = 43 200 + 14 880 = 58 080
//   (contributions 18 248.74). The July entry: Debit 2920 6 237 / Credit 7290 (30 683 + 58 080 −
//   95 000), Debit 2940 1 959.66 / Credit 7519.
import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, hire, write } from "../helpers";

const f = companyFixture({ name: "Bytesbolaget AB", vacation_year: "april_march" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const TERMS = {
  salary_type: "monthly",
  monthly_salary: 30000,
  f_skatt_status: "decided_percent",
  tax_decided_percent: "30",
  tax_decision_reference: "SKV 2026-01-10",
  employment_start: "2020-01-01",
};
const OPENING = {
  cutover_date: "2026-06-30",
  ytd_gross: 180000,
  ytd_tax: 54000,
  ytd_net: 126000,
  ytd_avgifter: 56556,
  ytd_taxable_benefits: 0,
  vacation_unpaid_days_remaining: 0,
};

const put = (emp: string, body: object) => write(f.actor.key, "POST", url(`/employees/${emp}/opening-balances`), body);
const balance = async (emp: string) =>
  (await call("GET", url(`/employees/${emp}/vacation-balance`), { key: f.actor.key })).body.data;

describe("opening balances with the April–March year", () => {
  it("starts from the vacation year in progress at the cutover, revalues the debt and books the change", async () => {
    const cia = (await hire(f, { ...TERMS, first_name: "Cia", last_name: "Byte", personnummer: "199002022383" })).id;
    const dan = (
      await hire(f, {
        ...TERMS,
        first_name: "Dan",
        last_name: "Dagsvärde",
        personnummer: "198503121231",
        vacation_rule: "percentage",
      })
    ).id;

    // saved days are keyed by the vacation year they were saved in: 2026/27 is the cutover's own
    const badKey = await put(cia, {
      ...OPENING,
      vacation_paid_days_remaining: 20,
      vacation_saved_days: { "2026": 2 },
      vacation_debt: 40000,
    });
    expect([badKey.status, badKey.body.error.code, badKey.body.error.details.fields[0].path]).toEqual([
      400,
      "VALIDATION_ERROR",
      "vacation_saved_days.2026",
    ]);
    expect((await call("GET", url(`/employees/${cia}/opening-balances`), { key: f.actor.key })).status).toBe(404);

    const setCia = await put(cia, {
      ...OPENING,
      vacation_paid_days_remaining: 20,
      vacation_saved_days: { "2025": 2 },
      vacation_debt: 40000,
    });
    expect(setCia.status, JSON.stringify(setCia.body)).toBe(201);
    expect(setCia.body.data).toMatchObject({ vacation_debt: 40000, vacation_debt_contributions: 12568 });
    const setDan = await put(dan, {
      ...OPENING,
      vacation_paid_days_remaining: 25,
      vacation_debt: 55000,
      ytd_vacation_qualifying_variable_pay: 12000,
    });
    expect(setDan.status, JSON.stringify(setDan.body)).toBe(201);

    // before the first run: the opening balance in the vacation year 2026/27
    expect(await balance(cia)).toMatchObject({
      source: "opening_balance",
      vacation_year_kind: "april_march",
      vacation_year_start: "2026-04-01",
      vacation_year_end: "2027-03-31",
      remaining_days: 20,
      saved_days: { "2025": 2 },
      liability: 40000,
    });

    const leave = await write(f.actor.key, "POST", url(`/employees/${cia}/absence`), {
      from_date: "2026-07-06",
      to_date: "2026-07-19",
      absence_type: "vacation",
    });
    expect(leave.status).toBe(201);

    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 7,
      payment_date: "2026-07-24",
    });
    const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
    const calc = await write(f.actor.key, "POST", R("/calculate"));
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
    expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
    const booked = await write(f.actor.key, "POST", R("/book"));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const vac = async (emp: string) =>
      (await call("GET", R(`/employees/${emp}`), { key: f.actor.key })).body.data.calculation_breakdown.vacation;
    const ciaJuly = await vac(cia);
    expect(ciaJuly).toMatchObject({
      carried_from: "opening",
      supplement: 1290,
      paid_taken: 10,
      remaining_days: 10,
      saved_days: { "2025": 2 },
    });
    expect(ciaJuly.liability).toMatchObject({ before: 40000, revaluation: 2629.25, after: 30683 });
    const danJuly = await vac(dan);
    expect(danJuly.day_value).toBe(1728);
    expect(danJuly.april_march.earning_year.day_value).toBe(1785.6);
    expect(danJuly.liability).toMatchObject({ before: 55000, revaluation: -640, after: 58080 });

    // the entry books the change from the opening debts: 30 683 + 58 080 − 95 000 = −6 237, and the
    // contributions 9 640.60 + 18 248.74 − (12 568 + 17 281) = −1 959.66
    expect(await entryLines(f.actor.key, f.companyId, booked.body.data.vacation_entry_id)).toEqual({
      "2920": [6237, 0],
      "7290": [0, 6237],
      "2940": [1959.66, 0],
      "7519": [0, 1959.66],
    });
    const report = (await call("GET", url("/reports/vacation-liability?as_of=2026-07-31"), { key: f.actor.key })).body
      .data;
    expect(
      report.employees.map((x: any) => [
        x.last_name,
        x.source,
        x.remaining_days,
        x.saved_days_total,
        x.liability,
        x.contributions,
      ]),
    ).toEqual([
      ["Byte", "salary_run", 10, 2, 30683, 9640.6],
      ["Dagsvärde", "salary_run", 25, 0, 58080, 18248.74],
    ]);
    const june = (await call("GET", url("/reports/vacation-liability?as_of=2026-06-30"), { key: f.actor.key })).body
      .data;
    expect(june.employees.map((x: any) => [x.source, x.vacation_year_start, x.liability])).toEqual([
      ["opening_balance", "2026-04-01", 40000],
      ["opening_balance", "2026-04-01", 55000],
    ]);
  });
});
