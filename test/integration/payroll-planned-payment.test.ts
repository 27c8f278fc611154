// A salary payment in the future (issue 29, item 10): mark-paid with a payment date after today
// (the service's clock) is refused unless the caller says the payment is planned; a planned run is
// not booked before its date, and the minute sweep books it on that date.
//
// The service's clock is moved (shiftClock) so that "today" is 20 April 2026 and later 25 April;
// one employee, 30 000 kr, tax decided at 30 %: tax 9 000, net 21 000, contributions 9 426.
import { afterEach, describe, expect, it } from "vitest";
import { nowMs, shiftClock } from "../../src/clock";
import { call, companyFixture, countOf, entryLines, hire, runJob, write } from "../helpers";

const f = companyFixture({ name: "Planeringsbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

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

async function approvedRun(period_month: number, payment_date: string) {
  const run = await write(f.actor.key, "POST", url("/salary-runs"), { period_year: 2026, period_month, payment_date });
  expect(run.status).toBe(201);
  const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
  expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
  expect((await write(f.actor.key, "POST", R("/calculate"))).status).toBe(200);
  expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
  return { id: run.body.data.id as string, R };
}

const getRun = async (R: (p?: string) => string) => (await call("GET", R(), { key: f.actor.key })).body.data;
const entriesOf = (runId: string) => countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE source_id = ?", runId);

describe("salary payments in the future", () => {
  it("refuses a future payment date unless planned, books a planned run only on its date, by the sweep", async () => {
    await hire(f, {
      first_name: "Petra",
      last_name: "Plan",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 30000,
      f_skatt_status: "decided_percent",
      tax_decided_percent: "30",
      tax_decision_reference: "SKV 2026-01-10",
    });
    const april = await approvedRun(4, "2026-04-25");
    today("2026-04-20");

    // the run's own date and a given date after today: refused, the run untouched
    for (const body of [{}, { payment_date: "2026-04-27" }, { planned: false }]) {
      const early = await write(f.actor.key, "POST", april.R("/mark-paid"), body);
      expect([early.status, early.body.error?.code], JSON.stringify(body)).toEqual([400, "PAYMENT_DATE_IN_FUTURE"]);
      expect(early.body.error.details).toMatchObject({ today: "2026-04-20", planned: false });
    }
    expect(await getRun(april.R)).toMatchObject({ status: "approved", paid_at: null, payment_planned: false });

    // planned: recorded, not booked
    const planned = await write(f.actor.key, "POST", april.R("/mark-paid"), { planned: true });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    expect(planned.body.data).toMatchObject({ status: "paid", payment_date: "2026-04-25", payment_planned: true });
    const book = await write(f.actor.key, "POST", april.R("/book"));
    expect([book.status, book.body.error?.code]).toEqual([409, "SALARY_RUN_BOOK_NOT_DUE"]);
    expect(book.body.error.details).toEqual({ payment_date: "2026-04-25", today: "2026-04-20", payment_planned: true });
    await runJob({ type: "payroll.planned_runs_sweep" });
    expect(await getRun(april.R)).toMatchObject({ status: "paid", salary_entry_id: null });
    expect(await entriesOf(april.id)).toBe(0);

    // the day before: still nothing
    today("2026-04-24");
    await runJob({ type: "payroll.planned_runs_sweep" });
    expect(await entriesOf(april.id)).toBe(0);

    // its date: the sweep books it, as the service, dated the payment date
    today("2026-04-25");
    await runJob({ type: "payroll.planned_runs_sweep" });
    const booked = await getRun(april.R);
    expect(booked).toMatchObject({ status: "booked", booked_by: "system", payment_planned: true });
    expect(await entryLines(f.actor.key, f.companyId, booked.salary_entry_id)).toEqual({
      "7210": [30000, 0],
      "2710": [0, 9000],
      "1930": [0, 21000],
    });
    const entry = await call("GET", url(`/journal-entries/${booked.salary_entry_id}`), { key: f.actor.key });
    expect(entry.body.data.entry_date).toBe("2026-04-25");
    // salary, contributions and the vacation liability
    expect(await entriesOf(april.id)).toBe(3);
    expect(booked.entry_ids).toHaveLength(3);
    expect(
      await countOf(
        "SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'salary_run.booked'",
        f.companyId,
      ),
    ).toBe(1);
    // a second sweep finds nothing to do
    await runJob({ type: "payroll.planned_runs_sweep" });
    expect(await entriesOf(april.id)).toBe(3);

    // a payment that has happened needs no flag; the sweep leaves an unplanned paid run to the caller
    const may = await approvedRun(5, "2026-05-25");
    today("2026-05-26");
    const paid = await write(f.actor.key, "POST", may.R("/mark-paid"), {});
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", payment_planned: false });
    await runJob({ type: "payroll.planned_runs_sweep" });
    expect((await getRun(may.R)).status).toBe("paid");
    const byHand = await write(f.actor.key, "POST", may.R("/book"));
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    expect(await entriesOf(may.id)).toBe(byHand.body.data.entry_ids.length);
  });
});
