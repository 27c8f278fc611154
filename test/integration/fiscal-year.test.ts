import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, line, postedEntry, write, createDraft, settleOperation } from "../helpers";
import { booksDb } from "../books";

type Fixture = ReturnType<typeof companyFixture>;
const url = (f: Fixture, p: string) => `/api/v1/companies/${f.companyId}${p}`;
const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };

const settle = (f: Fixture, operationId: string) => settleOperation(f.actor.key, operationId);

const post = (f: Fixture, date: string, description: string, lines: unknown[]) =>
  postedEntry(f.actor.key, f.companyId, f.periodId, { entry_date: date, description, lines });
const act = (f: Fixture, action: string, body?: unknown, periodId = f.periodId) =>
  write(f.actor.key, "POST", url(f, `/fiscal-periods/${periodId}/${action}`), body);
const periodOf = async (f: Fixture, id: string) =>
  (await call("GET", url(f, "/fiscal-periods"), { key: f.actor.key })).body.data.fiscal_periods.find(
    (p: any) => p.id === id,
  );

async function tally(f: Fixture) {
  const q = (sql: string) =>
    booksDb
      .prepare(sql)
      .bind(f.companyId)
      .first<{ n: number }>()
      .then((r) => r!.n);
  return {
    entries: await q("SELECT count(*) AS n FROM journal_entries WHERE company_id = ?"),
    operations: await q("SELECT count(*) AS n FROM operations WHERE company_id = ?"),
    revaluations: await q("SELECT count(*) AS n FROM currency_revaluations WHERE company_id = ?"),
  };
}

/** closing balance per account (debit positive) of a period's trial balance */
async function closingBalances(f: Fixture, periodId: string) {
  const res = await call("GET", url(f, `/reports/trial-balance?period_id=${periodId}`), { key: f.actor.key });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.data.accounts
      .filter((a: any) => a.closing_balance !== 0)
      .map((a: any) => [a.account_number, a.closing_balance]),
  );
}

describe("a limited company's year, from the first entry to the next year's opening balances", () => {
  const ab = companyFixture({ name: "Årsbokslut AB", ...YEAR });

  it("closes the year to 8999/2099, closes it, and opens the next with 2099 carried to 2098", async () => {
    await post(ab, "2026-01-10", "Aktiekapital", [line("1930", 50000, 0), line("2081", 0, 50000)]);
    await post(ab, "2026-03-15", "Försäljning", [
      line("1930", 125000, 0),
      line("3001", 0, 100000),
      line("2611", 0, 25000),
    ]);
    await post(ab, "2026-06-20", "Hyra", [line("5010", 24000, 0), line("2641", 6000, 0), line("1930", 0, 30000)]);
    await post(ab, "2026-11-30", "Bankavgift", [line("6570", 500, 0), line("1930", 0, 500)]);

    // refusals before the year is ready, each leaving nothing
    const before = await tally(ab);
    const unlocked = await act(ab, "year-end");
    expect(unlocked.status).toBe(400);
    expect(unlocked.body.error.code).toBe("PERIOD_NOT_LOCKED");
    expect(unlocked.body.error.details.findings.map((x: any) => x.code)).toEqual(["PERIOD_NOT_LOCKED"]);
    expect((await act(ab, "close")).body.error.code).toBe("CONFLICT");
    const next0 = await write(ab.actor.key, "POST", url(ab, "/fiscal-periods"));
    expect(next0.status).toBe(201);
    const nextId = next0.body.data.id as string;
    expect((await act(ab, "opening-balances", { next_period_id: nextId })).body.error.code).toBe("YEAR_END_NOT_RUN");
    expect(await tally(ab)).toEqual({ ...before });

    const draft = await createDraft(ab.actor.key, ab.companyId, ab.periodId, { entry_date: "2026-12-01" });
    expect((await act(ab, "lock")).body.error).toMatchObject({
      code: "PERIOD_LOCK_HAS_DRAFTS",
      details: { draft_count: 1 },
    });
    await write(ab.actor.key, "POST", url(ab, `/journal-entries/${draft.body.data.id}/cancel`));
    expect((await act(ab, "lock")).status).toBe(200);

    const started = await act(ab, "year-end");
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ type: "fiscal_periods.year_end", status: "queued" });
    const op = await settle(ab, started.body.data.operation_id);
    expect(op.status).toBe("succeeded");
    // result 100 000 - 24 000 - 500 = 75 500
    expect(op.result).toMatchObject({
      year_result: 75500,
      result_account: "2099",
      currency_revaluation: { revaluation_entry_id: null, items: [] },
    });
    const period = await periodOf(ab, ab.periodId);
    expect(period.closing_entry_id).toBe(op.result.closing_entry_id);
    expect(await entryLines(ab.actor.key, ab.companyId, op.result.closing_entry_id)).toEqual({
      "8999": [75500, 0],
      "2099": [0, 75500],
    });
    const closingEntry = (
      await call("GET", url(ab, `/journal-entries/${op.result.closing_entry_id}`), { key: ab.actor.key })
    ).body.data;
    expect(closingEntry).toMatchObject({ entry_date: "2026-12-31", status: "posted" });

    // the books after the year-end: the result accounts net to zero as a class
    const balances = await closingBalances(ab, ab.periodId);
    expect(balances).toEqual({
      "1930": 144500,
      "2081": -50000,
      "2611": -25000,
      "2641": 6000,
      "3001": -100000,
      "5010": 24000,
      "6570": 500,
      "8999": 75500,
      "2099": -75500,
    });
    const sheet = (await call("GET", url(ab, `/reports/balance-sheet?period_id=${ab.periodId}`), { key: ab.actor.key }))
      .body.data;
    // 1930 144 500; the VAT net (sweden/vat-balance.ts), 25 000 - 6 000, a liability (was 150 500 with 2641 gross)
    expect(sheet.totals).toEqual({ assets: 144500, equity_and_liabilities: 144500, difference: 0 });
    expect(sheet.result_for_period).toBe(0);
    const income = (
      await call("GET", url(ab, `/reports/income-statement?period_id=${ab.periodId}`), { key: ab.actor.key })
    ).body.data;
    expect(income.netResult).toBe(75500);

    // a second run is refused and leaves nothing
    const afterYearEnd = await tally(ab);
    const again = await act(ab, "year-end");
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CONFLICT",
      details: { closing_entry_id: op.result.closing_entry_id },
    });
    expect(await tally(ab)).toEqual(afterYearEnd);

    // close: irreversible, announced
    const closed = await act(ab, "close");
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ id: ab.periodId, is_closed: true });
    expect((await act(ab, "unlock")).body.error.code).toBe("PERIOD_UNLOCK_CLOSED");
    expect((await act(ab, "close")).body.error.code).toBe("CONFLICT");
    const ev = await booksDb
      .prepare("SELECT count(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'period.year_closed'")
      .bind(ab.companyId)
      .first<{ n: number }>();
    expect(ev!.n).toBe(1);

    // the next year's opening balances: the closing balances of classes 1-2, then 2099 to 2098
    const opened = await act(ab, "opening-balances", { next_period_id: nextId });
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({
      next_period_id: nextId,
      voucher_series: "A",
      voucher_number: 1,
      carry_forward_voucher_number: 2,
    });
    expect(await entryLines(ab.actor.key, ab.companyId, opened.body.data.opening_entry_id)).toEqual({
      "1930": [144500, 0],
      "2641": [6000, 0],
      "2081": [0, 50000],
      "2099": [0, 75500],
      "2611": [0, 25000],
    });
    expect(await entryLines(ab.actor.key, ab.companyId, opened.body.data.carry_forward_entry_id)).toEqual({
      "2099": [75500, 0],
      "2098": [0, 75500],
    });
    const continuity = (
      await call("GET", url(ab, `/reports/continuity-check?period_id=${nextId}`), { key: ab.actor.key })
    ).body.data;
    expect(continuity).toMatchObject({ is_continuous: true, discrepancies: [] });
    expect(await closingBalances(ab, nextId)).toEqual({
      "1930": 144500,
      "2081": -50000,
      "2098": -75500,
      "2611": -25000,
      "2641": 6000,
    });

    const afterOpening = await tally(ab);
    expect((await act(ab, "opening-balances", { next_period_id: nextId })).body.error.code).toBe(
      "YEAR_END_NEXT_PERIOD_HAS_IB",
    );
    expect((await act(ab, "opening-balances", { next_period_id: ab.periodId })).body.error.code).toBe(
      "VALIDATION_ERROR",
    );
    expect(await tally(ab)).toEqual(afterOpening);
  });
});

describe("a sole trader's year", () => {
  const ef = companyFixture({
    name: "Anna Andersson",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    ...YEAR,
  });

  it("closes the result to 2019 and carries 2011-2019 into 2010 in the next year", async () => {
    await post(ef, "2026-02-01", "Egen insättning", [line("1930", 20000, 0), line("2018", 0, 20000)]);
    await post(ef, "2026-05-10", "Försäljning", [
      line("1930", 62500, 0),
      line("3001", 0, 50000),
      line("2611", 0, 12500),
    ]);
    await post(ef, "2026-08-15", "Förbrukningsinventarier", [
      line("5410", 8000, 0),
      line("2641", 2000, 0),
      line("1930", 0, 10000),
    ]);
    await post(ef, "2026-10-01", "Eget uttag", [line("2013", 15000, 0), line("1930", 0, 15000)]);
    expect((await act(ef, "lock")).status).toBe(200);
    const op = await settle(ef, (await act(ef, "year-end")).body.data.operation_id);
    expect(op.status).toBe("succeeded");
    // result 50 000 - 8 000 = 42 000
    expect(op.result).toMatchObject({ year_result: 42000, result_account: "2019" });
    expect(await entryLines(ef.actor.key, ef.companyId, op.result.closing_entry_id)).toEqual({
      "8999": [42000, 0],
      "2019": [0, 42000],
    });
    expect((await act(ef, "close")).status).toBe(200);

    const nextId = (await write(ef.actor.key, "POST", url(ef, "/fiscal-periods"))).body.data.id;
    const opened = await act(ef, "opening-balances", { next_period_id: nextId });
    expect(opened.status).toBe(201);
    expect(await entryLines(ef.actor.key, ef.companyId, opened.body.data.opening_entry_id)).toEqual({
      "1930": [57500, 0],
      "2013": [15000, 0],
      "2641": [2000, 0],
      "2018": [0, 20000],
      "2019": [0, 42000],
      "2611": [0, 12500],
    });
    // 15 000 withdrawn, 20 000 put in, 42 000 earned: equity grows by 47 000
    expect(await entryLines(ef.actor.key, ef.companyId, opened.body.data.carry_forward_entry_id)).toEqual({
      "2013": [0, 15000],
      "2018": [20000, 0],
      "2019": [42000, 0],
      "2010": [0, 47000],
    });
    expect(
      (await call("GET", url(ef, `/reports/continuity-check?period_id=${nextId}`), { key: ef.actor.key })).body.data
        .is_continuous,
    ).toBe(true);
    expect(await closingBalances(ef, nextId)).toEqual({ "1930": 57500, "2641": 2000, "2010": -47000, "2611": -12500 });
  });
});

describe("a lock date inside the year", () => {
  const f = companyFixture({ name: "Momskvartal AB", ...YEAR });
  const quarter = companyFixture({ name: "Deklarerat kvartal AB", ...YEAR });

  it("freezes a filed quarter while the next is booked, and moves only forward", async () => {
    const february = await post(f, "2026-02-10", "Försäljning", [
      line("1930", 250, 0),
      line("3001", 0, 200),
      line("2611", 0, 50),
    ]);
    const early = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: "2026-03-10" });
    const refused = await act(f, "lock", { lock_date: "2026-03-31" });
    expect(refused.body.error).toMatchObject({ code: "PERIOD_LOCK_HAS_DRAFTS", details: { draft_count: 1 } });
    await write(f.actor.key, "POST", url(f, `/journal-entries/${early.body.data.id}/cancel`));
    // a draft after the lock date does not stand in the way
    const later = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: "2026-04-10" });

    const locked = await act(f, "lock", { lock_date: "2026-03-31" });
    expect(locked.status).toBe(200);
    expect(locked.body.data).toEqual({ id: f.periodId, locked_at: null, is_closed: false, lock_date: "2026-03-31" });
    expect(await periodOf(f, f.periodId)).toMatchObject({ locked_at: null, lock_date: "2026-03-31" });

    const inQuarter = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: "2026-03-31" });
    expect(inQuarter.status).toBe(400);
    expect(inQuarter.body.error).toMatchObject({
      code: "PERIOD_LOCKED",
      details: { fiscal_period_id: f.periodId, lock_date: "2026-03-31", entry_date: "2026-03-31" },
    });
    // a correction of a voucher in the frozen quarter is refused, and leaves nothing
    const before = await tally(f);
    const correction = await write(f.actor.key, "POST", url(f, `/journal-entries/${february.id}/correct`), {
      lines: [line("1930", 250, 0), line("3001", 0, 250)],
    });
    expect(correction.body.error).toMatchObject({ code: "PERIOD_LOCKED", details: { lock_date: "2026-03-31" } });
    expect(await tally(f)).toEqual(before);
    expect(
      (await post(f, "2026-04-01", "Försäljning", [line("1930", 125, 0), line("3001", 0, 100), line("2611", 0, 25)]))
        .voucher_number,
    ).toBe(2);
    expect((await tally(f)).entries).toBe(before.entries + 1);

    expect((await act(f, "lock", { lock_date: "2026-02-28" })).body.error).toMatchObject({
      code: "PERIOD_LOCK_ALREADY_LOCKED",
      details: { lock_date: "2026-03-31" },
    });
    expect((await act(f, "lock", { lock_date: "2025-12-31" })).body.error.code).toBe("VALIDATION_ERROR");
    // moving the date past that draft needs it committed or cancelled first
    expect((await act(f, "lock", { lock_date: "2026-06-30" })).body.error).toMatchObject({
      code: "PERIOD_LOCK_HAS_DRAFTS",
      details: { draft_count: 1 },
    });
    await write(f.actor.key, "POST", url(f, `/journal-entries/${later.body.data.id}/cancel`));
    expect((await act(f, "lock", { lock_date: "2026-06-30" })).body.data.lock_date).toBe("2026-06-30");
    expect(
      (await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: "2026-05-02" })).body.error.code,
    ).toBe("PERIOD_LOCKED");

    const unlocked = await act(f, "unlock");
    expect(unlocked.body.data).toEqual({ id: f.periodId, locked_at: null, is_closed: false, lock_date: null });
    expect((await act(f, "unlock")).body.error.code).toBe("PERIOD_UNLOCK_NOT_LOCKED");
    expect((await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: "2026-03-31" })).status).toBe(201);
  });

  it("keeps a declared quarter's lock date when the year is locked and unlocked again", async () => {
    const q = quarter;
    await post(q, "2026-02-10", "Försäljning", [line("1930", 250, 0), line("3001", 0, 200), line("2611", 0, 50)]);
    const december = await post(q, "2026-12-10", "Försäljning", [
      line("1930", 125, 0),
      line("3001", 0, 100),
      line("2611", 0, 25),
    ]);
    expect((await act(q, "lock", { lock_date: "2026-03-31" })).body.data.lock_date).toBe("2026-03-31");
    expect((await act(q, "lock")).body.data).toMatchObject({ lock_date: "2026-12-31" });

    // the year is unlocked to correct a December entry: the first quarter stays declared
    const unlocked = await act(q, "unlock");
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toEqual({ id: q.periodId, locked_at: null, is_closed: false, lock_date: "2026-03-31" });
    expect(await periodOf(q, q.periodId)).toMatchObject({ locked_at: null, lock_date: "2026-03-31" });
    const event = await booksDb
      .prepare(
        "SELECT object, previous_attributes AS previous FROM outbox_events WHERE company_id = ? AND type = 'period.unlocked'",
      )
      .bind(q.companyId)
      .first<{ object: string; previous: string }>();
    expect(JSON.parse(event!.object)).toMatchObject({ locked_at: null, lock_date: "2026-03-31" });
    expect(JSON.parse(event!.previous)).toMatchObject({ lock_date: "2026-12-31" });

    const correction = await write(q.actor.key, "POST", url(q, `/journal-entries/${december.id}/correct`), {
      lines: [line("1930", 250, 0), line("3001", 0, 200), line("2611", 0, 50)],
    });
    expect(correction.status).toBe(201);
    const before = await tally(q);
    const inQuarter = await createDraft(q.actor.key, q.companyId, q.periodId, { entry_date: "2026-03-31" });
    expect(inQuarter.body.error).toMatchObject({ code: "PERIOD_LOCKED", details: { lock_date: "2026-03-31" } });
    expect(await tally(q)).toEqual(before);

    // taking the quarter's own lock date off is a second, deliberate unlock
    expect((await act(q, "unlock")).body.data).toMatchObject({ locked_at: null, lock_date: null });
    expect((await act(q, "unlock")).body.error.code).toBe("PERIOD_UNLOCK_NOT_LOCKED");
    expect((await createDraft(q.actor.key, q.companyId, q.periodId, { entry_date: "2026-03-31" })).status).toBe(201);
  });

  it("names the period and its end when the whole period is locked", async () => {
    const g = await call("GET", url(f, "/fiscal-periods"), { key: f.actor.key });
    expect(g.status).toBe(200);
    // cancel every draft so that the whole period can be locked
    const drafts = await booksDb
      .prepare("SELECT id FROM journal_entries WHERE company_id = ? AND status = 'draft'")
      .bind(f.companyId)
      .all<{ id: string }>();
    for (const d of drafts.results) await write(f.actor.key, "POST", url(f, `/journal-entries/${d.id}/cancel`));
    expect((await act(f, "lock")).body.data).toMatchObject({ lock_date: "2026-12-31" });
    const res = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: "2026-10-01" });
    expect(res.body.error).toMatchObject({
      code: "PERIOD_LOCKED",
      details: { fiscal_period_id: f.periodId, lock_date: "2026-12-31" },
    });
    await act(f, "unlock");
  });
});
