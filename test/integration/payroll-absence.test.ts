import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, write, hire } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Frånvarobolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const BANK = { clearing_number: "6000", bank_account_number: "123456789" };
const TERMS = {
  salary_type: "monthly",
  monthly_salary: 36500,
  f_skatt_status: "decided_percent",
  tax_decided_percent: "30",
  tax_decision_reference: "SKV 2026-01-10",
  employment_start: "2020-01-01",
  ...BANK,
};

async function employee(body: Record<string, unknown>): Promise<string> {
  return (await hire(f, { ...TERMS, ...body })).id;
}

const absent = (emp: string, body: Record<string, unknown>) =>
  write(f.actor.key, "POST", url(`/employees/${emp}/absence`), body);
const read = (emp: string, q: string) => call("GET", url(`/employees/${emp}/absence?${q}`), { key: f.actor.key });
const count = async (emp: string) =>
  (await booksDb
    .prepare("SELECT COUNT(*) AS n FROM salary_absence_days WHERE employee_id = ?")
    .bind(emp)
    .first<{ n: number }>())!.n;

describe("absence", () => {
  it("registers, reads, changes and removes absence, and the run pays sick pay and deducts absence", async () => {
    const eva = await employee({ first_name: "Eva", last_name: "Ek", personnummer: "198503121231" });
    const olle = await employee({ first_name: "Olle", last_name: "Oak", personnummer: "197511116787" });

    const week = await absent(eva, {
      from_date: "2026-03-02",
      to_date: "2026-03-08",
      absence_type: "sick",
      notes: "Influensa",
    });
    expect(week.status, JSON.stringify(week.body)).toBe(201);
    expect(week.body.data.map((d: any) => d.absence_date)).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
    ]);
    expect(week.body.data[0]).toMatchObject({
      employee_id: eva,
      absence_type: "sick",
      hours: null,
      notes: "Influensa",
      salary_run_employee_id: null,
    });
    expect((await absent(eva, { from_date: "2026-03-16", to_date: "2026-03-17", absence_type: "vab" })).status).toBe(
      201,
    );
    const part = await absent(eva, { from_date: "2026-03-18", absence_type: "vab", hours: 3 });
    expect(part.body.data).toEqual([expect.objectContaining({ absence_date: "2026-03-18", hours: 3 })]);
    expect((await absent(olle, { from_date: "2026-03-10", to_date: "2026-03-31", absence_type: "sick" })).status).toBe(
      201,
    );

    // refusals leave nothing
    const before = await count(eva);
    const dup = await absent(eva, { from_date: "2026-03-08", to_date: "2026-03-09", absence_type: "vab" });
    expect([dup.status, dup.body.error.code, dup.body.error.details.dates]).toEqual([409, "CONFLICT", ["2026-03-08"]]);
    const long = await absent(eva, { from_date: "2026-05-01", to_date: "2026-08-01", absence_type: "parental" });
    expect([long.status, long.body.error.code, long.body.error.details.days]).toEqual([
      400,
      "ABSENCE_RANGE_TOO_LARGE",
      93,
    ]);
    const hoursRange = await absent(eva, {
      from_date: "2026-05-01",
      to_date: "2026-05-02",
      absence_type: "vab",
      hours: 2,
    });
    expect([hoursRange.status, hoursRange.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const badType = await absent(eva, { from_date: "2026-05-01", absence_type: "holiday" });
    expect(badType.status).toBe(400);
    expect(await count(eva)).toBe(before);

    // the read: inclusive range, at most 92 days, type filter
    const all = await read(eva, "from=2026-03-01&to=2026-03-31");
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(10);
    expect((await read(eva, "from=2026-03-08&to=2026-03-16")).body.data.map((d: any) => d.absence_date)).toEqual([
      "2026-03-08",
      "2026-03-16",
    ]);
    expect(
      (await read(eva, "from=2026-03-01&to=2026-03-31&type=vab")).body.data.map((d: any) => [d.absence_date, d.hours]),
    ).toEqual([
      ["2026-03-16", null],
      ["2026-03-17", null],
      ["2026-03-18", 3],
    ]);
    expect((await read(eva, "from=2026-01-01&to=2026-04-02")).status).toBe(200); // 92 days
    const tooLong = await read(eva, "from=2026-01-01&to=2026-04-03");
    expect([tooLong.status, tooLong.body.error.code]).toEqual([400, "ABSENCE_RANGE_TOO_LARGE"]);
    const noTo = await read(eva, "from=2026-03-01");
    expect([noTo.status, noTo.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);

    // change and remove a mistaken day
    const wrong = (await absent(olle, { from_date: "2026-03-05", absence_type: "leave_without_pay", hours: 2 })).body
      .data[0];
    const changed = await write(
      f.actor.key,
      "PATCH",
      url(`/employees/${olle}/absence/${wrong.salary_absence_day_id}`),
      { absence_type: "vacation", hours: null, notes: "Semesterdag" },
    );
    expect(changed.body.data).toMatchObject({ absence_type: "vacation", hours: null, notes: "Semesterdag" });
    expect(
      (await write(f.actor.key, "DELETE", url(`/employees/${olle}/absence/${wrong.salary_absence_day_id}`))).status,
    ).toBe(204);
    expect((await read(olle, "from=2026-03-05&to=2026-03-05")).body.data).toEqual([]);

    // the March run
    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 3,
      payment_date: "2026-03-25",
    });
    const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
    const calc = await write(f.actor.key, "POST", R("/calculate"));
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.data).toMatchObject({
      total_gross: 52632.89,
      total_tax: 15789,
      total_net: 36843.89,
      total_avgifter: 16537.25,
    });
    expect(calc.body.data.warnings).toContainEqual(
      expect.stringMatching(/^Olle Oak: sick period from 2026-03-10: day 15 is 2026-03-24/),
    );

    const slip = async (emp: string) => (await call("GET", R(`/employees/${emp}`), { key: f.actor.key })).body.data;
    const e = await slip(eva);
    expect(e).toMatchObject({
      gross_salary: 30440.58,
      tax_withheld: 9132,
      net_salary: 21308.58,
      avgifter_amount: 9564.43,
      absence_counts: { sick: { days: 7, hours: 0 }, vab: { days: 2, hours: 3 } },
    });
    expect(e.line_items.map((i: any) => [i.item_type, i.amount, i.source])).toEqual([
      ["monthly_salary", 36500, "engine"],
      ["sick_deduction", -8400, "engine"],
      ["sick_pay", 6720, "engine"],
      ["karens_deduction", -1347.69, "engine"],
      ["absence_deduction", -3031.73, "engine"],
    ]);
    expect(e.line_items.find((i: any) => i.item_type === "absence_deduction").description).toBe(
      "Frånvaroavdrag vård av barn 2 d 3 h",
    );
    expect(e.calculation_breakdown.absence).toMatchObject({
      sick_deduction: 8400,
      sick_pay: 6720,
      karens: 1347.69,
      deductions: { vab: 3031.73 },
      sick_periods: [{ start: "2026-03-02", days_in_month: 7, day_15: null, karens: 1347.69 }],
    });
    const o = await slip(olle);
    expect(o).toMatchObject({
      gross_salary: 22192.31,
      tax_withheld: 6657,
      net_salary: 15535.31,
      avgifter_amount: 6972.82,
    });
    expect(o.line_items.map((i: any) => [i.item_type, i.amount])).toEqual([
      ["monthly_salary", 36500],
      ["sick_deduction", -26400],
      ["sick_pay", 13440],
      ["karens_deduction", -1347.69],
    ]);
    expect(o.calculation_breakdown.absence.sick_periods).toEqual([
      { start: "2026-03-10", days_in_month: 22, day_15: "2026-03-24", karens: 1347.69 },
    ]);

    // the days are tied to the run; the month is closed to changes while the run is calculated
    const tied = (await read(eva, "from=2026-03-01&to=2026-03-31")).body.data;
    expect(new Set(tied.map((d: any) => d.salary_run_employee_id))).toEqual(new Set([e.salary_run_employee_id]));
    const late = await absent(eva, { from_date: "2026-03-20", absence_type: "vab" });
    expect([late.status, late.body.error.code, late.body.error.details.salary_run_id]).toEqual([
      409,
      "CONFLICT",
      run.body.data.id,
    ]);
    const lateDelete = await write(
      f.actor.key,
      "DELETE",
      url(`/employees/${eva}/absence/${tied[0].salary_absence_day_id}`),
    );
    expect([lateDelete.status, lateDelete.body.error.code]).toEqual([409, "CONFLICT"]);
    expect((await absent(eva, { from_date: "2026-04-01", absence_type: "vab" })).status).toBe(201);

    // the books: the absence is in the pay booked to 7210
    expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
    expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
    const booked = await write(f.actor.key, "POST", R("/book"));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(await entryLines(f.actor.key, f.companyId, booked.body.data.salary_entry_id)).toEqual({
      "7210": [52632.89, 0],
      "2710": [0, 15789],
      "1930": [0, 36843.89],
    });
    expect(await entryLines(f.actor.key, f.companyId, booked.body.data.avgifter_entry_id)).toEqual({
      "7510": [16537.25, 0],
      // Skatteverket's figure: 31.42 % of (30 440 + 22 192) = 16 536.97 -> 16 536; 1.25 on 3740
      "2731": [0, 16536],
      "3740": [0, 1.25],
    });
  });
});
