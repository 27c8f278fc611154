import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, line, postedEntry, settleOperation, write } from "../helpers";
import { booksDb } from "../books";

const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };
const f = companyFixture({ name: "Efterbokning AB", ...YEAR });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const act = (action: string, body?: unknown) =>
  write(f.actor.key, "POST", url(`/fiscal-periods/${f.periodId}/${action}`), body);
const readiness = async () =>
  (
    await call("GET", url(`/compliance/check?type=year_end_readiness&fiscal_period_id=${f.periodId}`), {
      key: f.actor.key,
    })
  ).body.data;
const period = async () =>
  ((await call("GET", url("/fiscal-periods"), { key: f.actor.key })).body.data.fiscal_periods as any[]).find(
    (p) => p.id === f.periodId,
  );
const entries = async () =>
  (await booksDb
    .prepare("SELECT count(*) AS n FROM journal_entries WHERE company_id = ?")
    .bind(f.companyId)
    .first<{ n: number }>())!.n;

/** closing balance per account (debit positive) of the year's trial balance */
async function balances() {
  const res = await call("GET", url(`/reports/trial-balance?period_id=${f.periodId}`), { key: f.actor.key });
  return Object.fromEntries(
    res.body.data.accounts
      .filter((a: any) => a.closing_balance !== 0)
      .map((a: any) => [a.account_number, a.closing_balance]),
  );
}

async function yearEnd() {
  const started = await act("year-end");
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const op = await settleOperation(f.actor.key, started.body.data.operation_id);
  expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
  return op.result;
}

describe("a posting into a year after its year-end", () => {
  it("makes the closing entry stale: close refuses until the year-end runs again, which books the difference", async () => {
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-03-15",
      lines: [line("1930", 125000, 0), line("3001", 0, 100000), line("2611", 0, 25000)],
    });
    expect((await act("lock")).status).toBe(200);
    const first = await yearEnd();
    expect(first.year_result).toBe(100000);
    expect(await balances()).toMatchObject({ "8999": 100000, "2099": -100000 });

    // a balance-only correction (bank to cash) leaves the result, and the closing entry, right
    expect((await act("unlock")).status).toBe(200);
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-12-20",
      lines: [line("1910", 1000, 0), line("1930", 0, 1000)],
    });
    expect((await act("lock")).status).toBe(200);
    expect((await readiness()).findings.map((x: any) => x.code)).toContain("YEAR_END_ALREADY_RUN");

    // a cost found afterwards changes the result: 100 000 - 4 000
    expect((await act("unlock")).status).toBe(200);
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-11-30",
      lines: [line("5010", 4000, 0), line("1930", 0, 4000)],
    });
    expect((await act("lock")).status).toBe(200);

    // the refusal: close names the stale closing entry and the difference, and changes nothing
    const before = await entries();
    const refused = await act("close");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "YEAR_END_STALE",
      details: { closing_entry_id: first.closing_entry_id, year_result: 96000, already_booked: 100000, to_book: -4000 },
    });
    expect(JSON.stringify(refused.body.error)).toContain(`/fiscal-periods/${f.periodId}/year-end`);
    expect((await period()).is_closed).toBe(false);
    expect(await entries()).toBe(before);

    // readiness says the same, as a warning the year-end resolves (not "already run")
    const check = await readiness();
    expect(check.ready).toBe(true);
    expect(check.findings.map((x: any) => x.code)).not.toContain("YEAR_END_ALREADY_RUN");
    expect(check.findings).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        code: "YEAR_END_STALE",
        details: expect.objectContaining({ to_book: -4000 }),
      }),
    );

    // the way out: the year-end again books only the 4 000 taken back from the result
    const second = await yearEnd();
    expect(second).toMatchObject({ year_result: 96000, result_booked_before: 100000, result_account: "2099" });
    expect(second.closing_entry_id).not.toBe(first.closing_entry_id);
    expect(await entryLines(f.actor.key, f.companyId, second.closing_entry_id)).toEqual({
      "8999": [0, 4000],
      "2099": [4000, 0],
    });
    expect(await balances()).toMatchObject({ "8999": 96000, "2099": -96000 });
    expect((await period()).closing_entry_id).toBe(second.closing_entry_id);

    // then close succeeds, and the closed year's 2099 carries the later entry
    const closed = await act("close");
    expect(closed.status).toBe(200);
    expect(closed.body.data.is_closed).toBe(true);
    expect(await balances()).toMatchObject({ "2099": -96000 });
  });
});
