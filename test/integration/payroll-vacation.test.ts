// Vacation and opening balances through the API, with the books. Monthly salary 30 000 kr, tax
// decided at 30 % (whole kronor, truncated), born 1985 (contributions 31.42 %), 25 days a year,
// the calendar year as earning and vacation year.
//
// Same-salary rule (Sara): day value 30 000 × (4.6 % + 0.43 %) = 1 509; a month earns 25 / 12 days.
//   June (first run, Jan-June accrued): 12.5 d × 1 509 = 18 862.50; contributions 31.42 % = 5 926.60.
//   July, vacation 6-19 July (10 vacation days, the weekends not counted): semestertillägg
//   10 × 129 = 1 290; gross 31 290, tax 9 387, net 21 903; liability 18 862.50 + 3 143.75 − 15 090
//   = 6 916.25, contributions 2 173.09: the entry Debit 2920 11 946.25 / Credit 7290, Debit 2940
//   3 753.51 / Credit 7519.
// Percentage rule (Per): day value 12 % × 360 000 / 25 = 1 728. June: 12.5 × 1 728 = 21 600,
//   contributions 6 786.72. July, 10 days: semesteravdrag −10 × 1 380 = −13 800, semesterlön
//   17 280; gross 33 480, tax 10 044, net 23 436; liability 21 600 + 3 600 − 17 280 = 7 920,
//   contributions 2 488.46.
// End of employment (Eli, employed to 31 August): paid days ⌈25 × 243 / 365⌉ = 17 over 8 months.
//   June: 17 × 6 / 8 = 12.75 d × 1 509 = 19 239.75, contributions 6 045.13. August, vacation 3-7
//   August (5 days): tillägg 645, semesterersättning for 12 days 12 × 1 509 = 18 108 (one-off);
//   the liability and its contributions go to zero.
// Cutover (Cia, opening balances at 30 June): ytd gross 180 000, tax 54 000, net 126 000; 8 paid
//   days left, 2 saved from 2025, vacation debt 20 000 (contributions 6 284.00). July, 10 vacation
//   days: 8 paid + 2 saved, tillägg 1 290; liability 20 000 + 3 143.75 − 15 090 = 8 053.75,
//   contributions 2 530.49.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, companyFixture, entryLines, write, hire } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Semesterbolaget AB" });
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
};

async function employee(body: Record<string, unknown>): Promise<string> {
  return (await hire(f, { ...TERMS, ...body })).id;
}

async function vacation(emp: string, from: string, to: string) {
  const res = await write(f.actor.key, "POST", url(`/employees/${emp}/absence`), {
    from_date: from,
    to_date: to,
    absence_type: "vacation",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Create, fill, calculate, approve, pay and book a month; returns the booked run and the calculate answer. */
async function month(m: number, payDate: string, employees: string[]) {
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
const balance = (emp: string) => call("GET", url(`/employees/${emp}/vacation-balance`), { key: f.actor.key });
const items = (s: any) => s.line_items.map((i: any) => [i.item_type, i.description, i.amount]);

describe("vacation", () => {
  it("pays a summer's vacation under both rules, pays out at the end of employment, takes saved days after a June cutover, and books the liability", async () => {
    const sara = await employee({ first_name: "Sara", last_name: "Sommar", personnummer: "198503121231" });
    const per = await employee({
      first_name: "Per",
      last_name: "Procent",
      personnummer: "197511116787",
      vacation_rule: "percentage",
    });
    const eli = await employee({
      first_name: "Eli",
      last_name: "Slut",
      personnummer: "198001012387",
      employment_end: "2026-08-31",
    });
    const cia = await employee({ first_name: "Cia", last_name: "Byte", personnummer: "199002022383" });

    // no balance before the first booking or an opening balance
    const none = await balance(sara);
    expect([none.status, none.body.error.code]).toEqual([404, "VACATION_BALANCE_NOT_FOUND"]);
    expect((await call("GET", url(`/employees/${cia}/opening-balances`), { key: f.actor.key })).status).toBe(404);

    // the cutover: Cia's year before 1 July
    const opening = {
      cutover_date: "2026-06-30",
      ytd_gross: 180000,
      ytd_tax: 54000,
      ytd_net: 126000,
      ytd_avgifter: 56556,
      vacation_paid_days_remaining: 8,
      vacation_saved_days: { "2025": 2 },
      vacation_debt: 20000,
      karens_adjustment: { qualifying_absence_days_used: { sick: 5 }, karens_occasions_ytd: 2 },
    };
    const badSaved = await write(f.actor.key, "POST", url(`/employees/${cia}/opening-balances`), {
      ...opening,
      vacation_saved_days: { "2019": 2 },
    });
    expect([badSaved.status, badSaved.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const set = await write(f.actor.key, "POST", url(`/employees/${cia}/opening-balances`), opening);
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    expect(set.body.data).toMatchObject({
      year: 2026,
      ytd_gross: 180000,
      vacation_debt: 20000,
      vacation_debt_contributions: 6284,
      vacation_saved_days: { "2025": 2 },
      locked: false,
      locked_by_run_id: null,
    });
    const replaced = await write(f.actor.key, "POST", url(`/employees/${cia}/opening-balances`), opening);
    expect(replaced.status).toBe(200);
    const ciaOpen = await balance(cia);
    expect(ciaOpen.status).toBe(200);
    expect(ciaOpen.body.data).toMatchObject({
      source: "opening_balance",
      as_of: "2026-06-30",
      remaining_days: 8,
      saved_days: { "2025": 2 },
      saved_days_total: 2,
      liability: 20000,
      liability_contributions: 6284,
      estimated_liability_sek: 26284,
    });

    // June: no vacation; Jan-June accrued at the first run
    const june = await month(6, "2026-06-25", [sara, per, eli]);
    expect(june.calc).toMatchObject({ total_gross: 90000, total_tax: 27000, total_net: 63000 });
    expect(june.booked.vacation_entry_id).toEqual(expect.any(String));
    expect(june.booked.entry_ids).toContain(june.booked.vacation_entry_id);
    // 18 862.50 + 21 600 + 19 239.75; 5 926.60 + 6 786.72 + 6 045.13
    expect(await entryLines(f.actor.key, f.companyId, june.booked.vacation_entry_id)).toEqual({
      "7290": [59702.25, 0],
      "2920": [0, 59702.25],
      "7519": [18758.45, 0],
      "2940": [0, 18758.45],
    });
    const saraJune = await balance(sara);
    expect(saraJune.body.data).toMatchObject({
      source: "salary_run",
      salary_run_id: june.id,
      paid_days: 25,
      taken_days: 0,
      remaining_days: 25,
      day_value: 1509,
      liability: 18862.5,
      liability_ore: 1886250,
      liability_contributions: 5926.6,
    });
    expect((await balance(eli)).body.data).toMatchObject({
      paid_days: 17,
      unpaid_days: 8,
      liability: 19239.75,
      liability_contributions: 6045.13,
    });

    // July: vacation 6-19 July for Sara, Per and Cia (14 calendar days, 10 vacation days)
    for (const e of [sara, per, cia]) await vacation(e, "2026-07-06", "2026-07-19");
    const july = await month(7, "2026-07-24", [sara, per, cia]);

    const s = await slip(july.R, sara);
    expect(s).toMatchObject({ gross_salary: 31290, tax_withheld: 9387, net_salary: 21903 });
    expect(items(s)).toEqual([
      ["monthly_salary", "Månadslön", 30000],
      ["vacation_supplement", "Semestertillägg 10 d × 0,43 %", 1290],
    ]);
    expect(s.calculation_breakdown.vacation).toMatchObject({
      rule: "same_salary",
      paid_days_of_year: 25,
      days_taken: { paid: 10, unpaid: 0, advance: 0 },
      remaining_days: 15,
      day_value: 1509,
      liability: { before: 18862.5, accrual: 3143.75, used: 15090, after: 6916.25, contributions_after: 2173.09 },
    });

    const p = await slip(july.R, per);
    expect(p).toMatchObject({ gross_salary: 33480, tax_withheld: 10044, net_salary: 23436 });
    expect(items(p)).toEqual([
      ["monthly_salary", "Månadslön", 30000],
      ["vacation_deduction", "Semesteravdrag 10 d × 4,6 %", -13800],
      ["vacation_pay", "Semesterlön 10 d", 17280],
    ]);
    expect(p.calculation_breakdown.vacation.liability).toMatchObject({
      before: 21600,
      accrual: 3600,
      used: 17280,
      after: 7920,
      contributions_after: 2488.46,
    });

    // Cia: the 8 paid days left, then the 2 saved days; YTD includes the opening balances
    const c = await slip(july.R, cia);
    expect(c).toMatchObject({
      gross_salary: 31290,
      tax_withheld: 9387,
      net_salary: 21903,
      ytd: { gross: 211290, tax: 63387, net: 147903, avgifter: 56556 + c.avgifter_amount },
    });
    expect(c.calculation_breakdown.vacation).toMatchObject({
      carried_from: "opening",
      entitled_days: 8,
      days_taken: { paid: 8, from_saved: { "2025": 2 }, unpaid: 0 },
      remaining_days: 0,
      saved_days: {},
      liability: { before: 20000, accrual: 3143.75, used: 15090, after: 8053.75, contributions_after: 2530.49 },
    });

    // liability −11 946.25 − 13 680 − 11 946.25; contributions −3 753.51 − 4 298.26 − 3 753.51
    expect(await entryLines(f.actor.key, f.companyId, july.booked.vacation_entry_id)).toEqual({
      "2920": [37572.5, 0],
      "7290": [0, 37572.5],
      "2940": [11805.28, 0],
      "7519": [0, 11805.28],
    });
    expect(await entryLines(f.actor.key, f.companyId, july.booked.salary_entry_id)).toEqual({
      "7210": [96060, 0],
      "2710": [0, 28818],
      "1930": [0, 67242],
    });

    expect((await balance(sara)).body.data).toMatchObject({
      vacation_year_start: "2026-01-01",
      paid_days: 25,
      paid_days_taken: 10,
      taken_days: 10,
      remaining_days: 15,
      saved_days_total: 0,
      liability: 6916.25,
      liability_contributions: 2173.09,
      estimated_liability_sek: 9089.34,
    });
    expect((await balance(cia)).body.data).toMatchObject({
      paid_days: 8,
      paid_days_taken: 8,
      saved_days_taken: 2,
      taken_days: 10,
      remaining_days: 0,
      saved_days: {},
      liability: 8053.75,
      liability_contributions: 2530.49,
    });

    // the opening balances are locked by the booked July run
    const locked = await write(f.actor.key, "POST", url(`/employees/${cia}/opening-balances`), {
      ...opening,
      ytd_gross: 1,
    });
    expect([locked.status, locked.body.error.code, locked.body.error.details.locked_by_run_id]).toEqual([
      409,
      "CONFLICT",
      july.id,
    ]);
    const readOpening = await call("GET", url(`/employees/${cia}/opening-balances`), { key: f.actor.key });
    expect(readOpening.body.data).toMatchObject({
      ytd_gross: 180000,
      locked: true,
      locked_by_run_id: july.id,
      karens_adjustment: { qualifying_absence_days_used: { sick: 5 }, karens_occasions_ytd: 2 },
    });

    // August: Eli's last month: 5 vacation days, the 12 days left paid out as semesterersättning
    await vacation(eli, "2026-08-03", "2026-08-07");
    const aug = await month(8, "2026-08-25", [eli]);
    const e = await slip(aug.R, eli);
    expect(items(e)).toEqual([
      ["monthly_salary", "Månadslön", 30000],
      ["vacation_supplement", "Semestertillägg 5 d × 0,43 %", 645],
      ["vacation_payout", "Semesterersättning 12 d (12 d vid anställningens slut)", 18108],
    ]);
    // tax: 30 % of 30 645 = 9 193 (truncated) on the month's pay, 30 % of 18 108 = 5 432 on the one-off amount
    expect(e).toMatchObject({ gross_salary: 48753, tax_withheld: 14625, net_salary: 34128 });
    expect(e.calculation_breakdown.vacation).toMatchObject({
      ends_employment: true,
      payout_days_end_of_employment: 12,
      remaining_days: 0,
      liability: { before: 19239.75, accrual: 6413.25, used: 25653, after: 0, contributions_after: 0 },
    });
    expect(await entryLines(f.actor.key, f.companyId, aug.booked.vacation_entry_id)).toEqual({
      "2920": [19239.75, 0],
      "7290": [0, 19239.75],
      "2940": [6045.13, 0],
      "7519": [0, 6045.13],
    });
    expect((await balance(eli)).body.data).toMatchObject({
      paid_days: 17,
      paid_days_taken: 5,
      forced_payout_days: 12,
      liability: 0,
      liability_contributions: 0,
    });

    // the vacation-liability report equals the books: 2920 and 2940 from the entries plus Cia's opening debt
    const report = await call("GET", url("/reports/vacation-liability?as_of=2026-08-31"), { key: f.actor.key });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const r = report.body.data;
    expect(r.employees.map((x: any) => [x.last_name, x.remaining_days, x.liability, x.contributions])).toEqual([
      ["Byte", 0, 8053.75, 2530.49],
      ["Procent", 15, 7920, 2488.46],
      ["Slut", 0, 0, 0],
      ["Sommar", 15, 6916.25, 2173.09],
    ]);
    expect(r.totals).toMatchObject({ liability: 22890, contributions: 7192.04, total: 30082.04 });
    // the answer is exactly what the OpenAPI document describes (a strict schema: no field undescribed)
    const { VacationLiabilitySchema } = await import("../../src/domains/payroll/reports/schemas");
    const shape = VacationLiabilitySchema.safeParse(r);
    expect(shape.success, JSON.stringify(shape.error)).toBe(true);
    const doc = (await call("GET", "/api/v1/openapi.json")).body;
    const liabilityAnswer = doc.paths["/api/v1/companies/{companyId}/reports/vacation-liability"].get.responses["200"];
    expect(liabilityAnswer.content["application/json"].schema.properties.data).toEqual({
      $ref: "#/components/schemas/VacationLiability",
    });
    const ledger = { "2920": 0, "2940": 0 } as Record<string, number>;
    for (const id of [june.booked.vacation_entry_id, july.booked.vacation_entry_id, aug.booked.vacation_entry_id]) {
      for (const [acc, [d, cr]] of Object.entries(await entryLines(f.actor.key, f.companyId, id)))
        if (acc in ledger) ledger[acc] = Math.round((ledger[acc] + cr - d) * 100) / 100;
    }
    expect(ledger).toEqual({ "2920": 2890, "2940": 908.04 });
    expect(Math.round((ledger["2920"] + 20000) * 100) / 100).toBe(r.totals.liability);
    expect(Math.round((ledger["2940"] + 6284) * 100) / 100).toBe(r.totals.contributions);
    // as of the end of June: the June records and Cia's opening balance
    const juneReport = (await call("GET", url("/reports/vacation-liability?as_of=2026-06-30"), { key: f.actor.key }))
      .body.data;
    expect(juneReport.totals).toMatchObject({ liability: 79702.25, contributions: 25042.45 });

    // the stored rows
    const rows = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM vacation_records WHERE company_id = ?")
      .bind(f.companyId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(7);

    // the payslip with its vacation lines and box
    const pdf = await SELF.fetch(`${BASE}${july.R(`/payslips/${sara}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect([pdf.status, pdf.headers.get("Content-Type")]).toEqual([200, "application/pdf"]);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });
});
