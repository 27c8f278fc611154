// The April–March vacation year (semesterlagen 3 §, förskjutet semesterår; issue #29 item 19) through
// the API, with the books. The company's setting vacation_year is april_march. Three employees, each
// employed from 1 September 2025 (mid earning year), 30 000 kr a month, tax decided at 30 %, born
// 1975–1985 (contributions 31.42 %), 25 days a year. Runs: January, February, March, April, July and
// December 2026 (the clock is moved to 23 December for the last).
//
// Earning year 1 April 2025–31 March 2026 (365 days): employed 212 days (September–March), so it
// gives ⌈25 × 212 / 365⌉ = ⌈14.52⌉ = 15 paid days (7 §), spread over its 7 months of employment,
// taken in the vacation year 1 April 2026–31 March 2027 with 10 unpaid days (25 in all, 4 §). The
// vacation year 2025/26 itself: nothing earned before it, employment from after 31 August: 5 unpaid
// days (4 §). Earning year 2026/27: 25 days, 25/12 a month.
//
// Sara, sammalöneregeln, day value 30 000 × 5.03 % = 1 509:
//   January (first run, September–January): 15 × 5/7 d × 1 509 = 16 167.86; February, 2 vacation days
//   (9–10 Feb, unpaid: −2 × 1 380 = −2 760): 15 × 6/7 × 1 509 = 19 401.43; March: 15 × 1 509 =
//   22 635.00 (contributions 7 111.92) — the liability at 31 March 2026.
//   April (a new vacation year): 15 paid days × 1 509 + 25/12 × 1 509 = 25 778.75; the
//   semesteravstämning values the 15 days at 22 635.00, as carried: difference 0.
//   July, 10 days (6–17 July) from the 15: tillägg 1 290; 5 × 1 509 + 25 × 4/12 × 1 509 = 20 120.00.
//   December: 5 × 1 509 + 25 × 9/12 × 1 509 = 35 838.75 (contributions 11 260.54) — at 31 December.
// Per, procentregeln:
//   January: the earning year's estimate 12 % × 360 000 × 212/365 / 15 = 1 672.77 a day; 15 × 5/7 d =
//   17 922.50. February, commission 10 000: 12 % × (209 095.89 + 10 000) / 15 = 1 752.77; 15 × 6/7 d
//   = 22 535.58. March: 15 d = 26 291.51 (contributions 8 260.79).
//   April: the semesteravstämning fixes the vacation year's base, 219 095.89 (the fixed pay 360 000 ×
//   212/365 and the commission), day value 1 752.77 (exact 1 752.76712), 15 d = 26 291.51 as carried
//   (difference 0); the new earning year 12 % × 360 000 / 25 = 1 728 × 25/12 = 3 600: 29 891.51.
//   July, 10 days and commission 6 000: semesterlön 10 × 1 752.76712 = 17 527.67, semesteravdrag
//   −13 800; the earning year's day value 12 % × 366 000 / 25 = 1 756.80; 5 d × 1 752.76712 +
//   25 × 4/12 × 1 756.80 = 23 403.84. December: 5 d + 18.75 × 1 756.80 = 41 703.84 (contributions
//   13 103.35).
// Eli, sammalöneregeln, employment ends 31 July 2026: as Sara to March (no vacation); April: the
//   earning year 2026/27 to 31 July is 122 days: ⌈25 × 122 / 365⌉ = 9 days over April–July: 15 × 1 509
//   + 9/4 × 1 509 = 26 030.25. July (28 §): semesterersättning for the 15 days and the 9 earned,
//   24 × 1 509 = 36 216; the liability goes to zero.
// Anna, sammalöneregeln, employed since 2020 (the 18 § turn): January, the vacation year 2025/26 has
//   25 paid days (the earning year 2024/25 in full); 25 × 1 509 + 25 × 10/12 × 1 509 = 69 162.50;
//   March: 50 × 1 509 = 75 450. April, none of the 25 taken: 5 (above 20) are saved as {"2025": 5},
//   20 are paid out, 20 × 1 509 = 30 180; the new year's 25 + 5 saved + 25/12 days: 48 413.75.
//   31 December: 30 × 1 509 + 18.75 × 1 509 = 73 563.75 (contributions 23 113.73).
// Totals: 31 March 2026 liability 26 291.51 + 22 635 + 22 635 + 75 450 = 147 011.51, contributions
//   46 191.02; 31 December 2026: 73 563.75 + 41 703.84 + 0 + 35 838.75 = 151 106.34, contributions
//   47 477.62. The books' 2920 and 2940 equal them.
import { afterEach, describe, expect, it } from "vitest";
import { nowMs, shiftClock } from "../../src/clock";
import { AB, call, companyFixture, entryLines, hire, newActor, write } from "../helpers";

const f = companyFixture({ name: "Förskjutna AB", vacation_year: "april_march" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const TERMS = {
  salary_type: "monthly",
  monthly_salary: 30000,
  f_skatt_status: "decided_percent",
  tax_decided_percent: "30",
  tax_decision_reference: "SKV 2026-01-10",
  employment_start: "2025-09-01",
};

let shifted = 0;
/** Sets the service's clock to noon UTC of `date`. */
function today(date: string) {
  const by = Date.parse(`${date}T12:00:00Z`) - nowMs();
  shiftClock(by);
  shifted += by;
}
afterEach(() => {
  shiftClock(-shifted);
  shifted = 0;
});

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

/** Create, fill, add line items, calculate, approve, pay and book a month of 2026. */
async function month(m: number, payDate: string, employees: string[], lineItems: [string, object][] = []) {
  const run = await write(f.actor.key, "POST", url("/salary-runs"), {
    period_year: 2026,
    period_month: m,
    payment_date: payDate,
  });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
  const added = await write(f.actor.key, "POST", R("/employees"), {
    employees: employees.map((employee_id) => ({ employee_id })),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  for (const [emp, body] of lineItems)
    expect((await write(f.actor.key, "POST", R(`/employees/${emp}/line-items`), body)).status).toBe(201);
  const calc = await write(f.actor.key, "POST", R("/calculate"));
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
  expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
  const booked = await write(f.actor.key, "POST", R("/book"));
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  return { id: run.body.data.id as string, R, booked: booked.body.data };
}

const slip = async (R: (p?: string) => string, emp: string) =>
  (await call("GET", R(`/employees/${emp}`), { key: f.actor.key })).body.data;
const vacationOf = async (R: (p?: string) => string, emp: string) =>
  (await slip(R, emp)).calculation_breakdown.vacation;
const balance = async (emp: string) =>
  (await call("GET", url(`/employees/${emp}/vacation-balance`), { key: f.actor.key })).body.data;
const items = (s: any, types: string[]) =>
  s.line_items.filter((i: any) => types.includes(i.item_type)).map((i: any) => [i.item_type, i.amount]);
const liabilityReport = async (asOf: string) => {
  const res = await call("GET", url(`/reports/vacation-liability?as_of=${asOf}`), { key: f.actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The credit balance of 2920 and 2940 from the vacation entries of the runs. */
async function ledgerOf(runs: { booked: { vacation_entry_id: string } }[]) {
  const ledger: Record<string, number> = { "2920": 0, "2940": 0 };
  for (const run of runs)
    for (const [acc, [d, cr]] of Object.entries(
      await entryLines(f.actor.key, f.companyId, run.booked.vacation_entry_id),
    ))
      if (acc in ledger) ledger[acc] = Math.round((ledger[acc] + cr - d) * 100) / 100;
  return ledger;
}

describe("the April–March vacation year", () => {
  it("is a new company's default and the fixture's company has it", async () => {
    const actor = await newActor();
    const created = await call("POST", "/api/v1/companies", { key: actor.key, body: { ...AB, name: "Lagbolaget AB" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const detail = await call("GET", `/api/v1/companies/${created.body.data.id}`, { key: actor.key });
    expect(detail.body.data.settings.vacation_year).toBe("april_march");
    // before any vacation is booked the company may choose the calendar year (an agreement's)
    const toCalendar = await call("PATCH", `/api/v1/companies/${created.body.data.id}/settings`, {
      key: actor.key,
      body: { vacation_year: "calendar" },
    });
    expect([toCalendar.status, toCalendar.body.data?.vacation_year]).toEqual([200, "calendar"]);
    const bad = await call("PATCH", `/api/v1/companies/${created.body.data.id}/settings`, {
      key: actor.key,
      body: { vacation_year: "july_june" },
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const ours = await call("GET", `/api/v1/companies/${f.companyId}`, { key: f.actor.key });
    expect(ours.body.data.settings.vacation_year).toBe("april_march");
  });

  it("earns from 1 April to 31 March, pays the days the year after, and books the liability right at 31 March and 31 December", async () => {
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
      employment_end: "2026-07-31",
    });
    const anna = await employee({
      first_name: "Anna",
      last_name: "Arbetsår",
      personnummer: "199002022383",
      employment_start: "2020-01-01",
    });

    const all = [sara, per, eli, anna];
    const jan = await month(1, "2026-01-23", all);
    const janSara = await vacationOf(jan.R, sara);
    expect(janSara).toMatchObject({
      vacation_year_label: "2025/26",
      entitled_days: 0,
      unpaid_days: 5,
      day_value: 1509,
      april_march: { earning_year: { start: "2025-04-01", end: "2026-03-31", paid_days: 15, employment_days: 212 } },
    });
    expect(janSara.liability.after).toBe(16167.86);
    expect((await vacationOf(jan.R, per)).liability.after).toBe(17922.5);
    expect(await vacationOf(jan.R, anna)).toMatchObject({ entitled_days: 25, unpaid_days: 0, remaining_days: 25 });
    expect((await vacationOf(jan.R, anna)).liability.after).toBe(69162.5);

    // February: Sara takes two unpaid days (9–10 Feb) of the 5; Per is paid a commission
    await vacation(sara, "2026-02-09", "2026-02-10");
    const feb = await month(2, "2026-02-25", all, [[per, { item_type: "commission", amount: 10000 }]]);
    expect(items(await slip(feb.R, sara), ["vacation_deduction", "vacation_supplement"])).toEqual([
      ["vacation_deduction", -2760],
    ]);
    expect(await vacationOf(feb.R, sara)).toMatchObject({ unpaid_taken: 2, unpaid_remaining: 3, remaining_days: 0 });
    expect((await vacationOf(feb.R, sara)).liability.after).toBe(19401.43);
    expect((await vacationOf(feb.R, per)).april_march.earning_year.day_value).toBe(1752.77);
    expect((await vacationOf(feb.R, per)).liability.after).toBe(22535.58);

    const mar = await month(3, "2026-03-25", all);
    expect((await vacationOf(mar.R, sara)).liability.after).toBe(22635);
    expect((await vacationOf(mar.R, per)).liability.after).toBe(26291.51);

    // 31 March 2026: the earning year 2025/26 in full, nothing of the vacation year left to pay
    const atMarch = await liabilityReport("2026-03-31");
    expect(
      atMarch.employees.map((x: any) => [
        x.last_name,
        x.vacation_year_start,
        x.remaining_days,
        x.earned_days,
        x.liability,
        x.contributions,
      ]),
    ).toEqual([
      ["Arbetsår", "2025-04-01", 25, 25, 75450, 23706.39],
      ["Procent", "2025-04-01", 0, 15, 26291.51, 8260.79],
      ["Slut", "2025-04-01", 0, 15, 22635, 7111.92],
      ["Sommar", "2025-04-01", 0, 15, 22635, 7111.92],
    ]);
    expect(atMarch.totals).toMatchObject({ liability: 147011.51, contributions: 46191.02 });
    expect(await ledgerOf([jan, feb, mar])).toEqual({ "2920": 147011.51, "2940": 46191.02 });
    expect(await balance(sara)).toMatchObject({
      vacation_year_kind: "april_march",
      vacation_year_start: "2025-04-01",
      vacation_year_end: "2026-03-31",
      paid_days: 0,
      unpaid_days: 5,
      unpaid_days_taken: 2,
      remaining_days: 0,
      liability: 22635,
      earning_year: { start: "2025-04-01", end: "2026-03-31", paid_days: 15, earned_days: 15, day_value: 1509 },
    });

    // April: the new vacation year; the semesteravstämning of the earning year 2025/26
    const apr = await month(4, "2026-04-24", all);
    const aprSara = await vacationOf(apr.R, sara);
    expect(aprSara).toMatchObject({
      vacation_year_label: "2026/27",
      paid_days_of_year: 15,
      entitled_days: 15,
      unpaid_days: 10,
      remaining_days: 15,
      payout_days: 0,
    });
    expect(aprSara.liability).toMatchObject({ before: 22635, revaluation: 0, after: 25778.75 });
    const aprPer = await vacationOf(apr.R, per);
    expect(aprPer.april_march.semesteravstamning).toEqual({
      earning_year: { start: "2025-04-01", end: "2026-03-31" },
      paid_days: 15,
      non_qualifying_absence_days: 0,
      qualifying_pay: 219095.89,
      day_value: 1752.77,
      liability_carried: 26291.51,
      liability_valued: 26291.51,
      difference: 0,
    });
    expect(aprPer.qualifying_pay).toMatchObject({ fixed: 209095.89, variable: 10000, total: 219095.89 });
    expect(aprPer.liability.after).toBe(29891.51);
    expect((await vacationOf(apr.R, eli)).liability.after).toBe(26030.25);
    // Anna (18 §): 5 of the 25 days left are saved, 20 paid out in the first run of the new year
    const aprAnna = await vacationOf(apr.R, anna);
    expect(items(await slip(apr.R, anna), ["vacation_payout"])).toEqual([["vacation_payout", 30180]]);
    expect(aprAnna).toMatchObject({
      entitled_days: 25,
      remaining_days: 25,
      saved_days: { "2025": 5 },
      payout_days_forced: 20,
      payout_days: 20,
    });
    expect(aprAnna.liability).toMatchObject({ before: 75450, revaluation: 0, paid_out: 30180, after: 48413.75 });
    // the April entry: the change of the four liabilities, 3 143.75 + 3 600 + 3 395.25 − 27 036.25
    expect(await entryLines(f.actor.key, f.companyId, apr.booked.vacation_entry_id)).toMatchObject({
      "7290": [0, 16897.25],
      "2920": [16897.25, 0],
    });

    // July: Sara and Per take 10 days (6–17 July) of the 15; Per's commission; Eli leaves on 31 July
    await vacation(sara, "2026-07-06", "2026-07-19");
    await vacation(per, "2026-07-06", "2026-07-19");
    const jul = await month(7, "2026-07-24", all, [[per, { item_type: "commission", amount: 6000 }]]);
    expect(items(await slip(jul.R, sara), ["vacation_supplement", "vacation_deduction", "vacation_pay"])).toEqual([
      ["vacation_supplement", 1290],
    ]);
    expect(items(await slip(jul.R, per), ["vacation_deduction", "vacation_pay"])).toEqual([
      ["vacation_deduction", -13800],
      ["vacation_pay", 17527.67],
    ]);
    expect(await vacationOf(jul.R, sara)).toMatchObject({ paid_taken: 10, remaining_days: 5 });
    expect((await vacationOf(jul.R, sara)).liability.after).toBe(20120);
    expect((await vacationOf(jul.R, per)).liability.after).toBe(23403.84);
    // Eli (28 §): the vacation year's 15 days and the 9 the earning year to 31 July gave
    const julEli = await vacationOf(jul.R, eli);
    expect(items(await slip(jul.R, eli), ["vacation_payout"])).toEqual([["vacation_payout", 36216]]);
    expect(julEli).toMatchObject({ payout_days: 24, payout_days_end_of_employment: 24, ends_employment: true });
    expect(julEli.liability.after).toBe(0);

    // December, paid on 23 December 2026
    today("2026-12-23");
    const dec = await month(12, "2026-12-23", [sara, per, anna]);
    expect((await vacationOf(dec.R, sara)).liability.after).toBe(35838.75);
    expect((await vacationOf(dec.R, per)).liability.after).toBe(41703.84);

    // 31 December 2026: the 5 days left of the vacation year 2026/27 and 18.75 days earned since 1 April
    const atDecember = await liabilityReport("2026-12-31");
    expect(
      atDecember.employees.map((x: any) => [
        x.last_name,
        x.vacation_year_start,
        x.remaining_days,
        x.earned_days,
        x.liability,
        x.contributions,
      ]),
    ).toEqual([
      ["Arbetsår", "2026-04-01", 25, 18.75, 73563.75, 23113.73],
      ["Procent", "2026-04-01", 5, 18.75, 41703.84, 13103.35],
      ["Slut", "2026-04-01", 0, 0, 0, 0],
      ["Sommar", "2026-04-01", 5, 18.75, 35838.75, 11260.54],
    ]);
    expect(atDecember.totals).toMatchObject({ liability: 151106.34, contributions: 47477.62 });
    expect(await ledgerOf([jan, feb, mar, apr, jul, dec])).toEqual({ "2920": 151106.34, "2940": 47477.62 });
    expect(await balance(anna)).toMatchObject({
      remaining_days: 25,
      saved_days: { "2025": 5 },
      forced_payout_days: 20,
    });
    expect(await balance(sara)).toMatchObject({
      vacation_year_start: "2026-04-01",
      vacation_year_end: "2027-03-31",
      vacation_year: 2026,
      paid_days: 15,
      paid_days_taken: 10,
      remaining_days: 5,
      unpaid_days: 10,
      day_value: 1509,
      liability: 35838.75,
      earning_year: {
        start: "2026-04-01",
        end: "2027-03-31",
        paid_days: 25,
        earned_days: 18.75,
        earned_value: 28293.75,
      },
    });

    // The vacation year cannot change now that runs have booked vacation: 409, the setting unchanged.
    const change = await call("PATCH", url("/settings"), { key: f.actor.key, body: { vacation_year: "calendar" } });
    expect([change.status, change.body.error?.code, change.body.error?.details?.current]).toEqual([
      409,
      "CONFLICT",
      "april_march",
    ]);
    expect((await call("GET", url(""), { key: f.actor.key })).body.data.settings.vacation_year).toBe("april_march");
  });
});
