import { describe, expect, it } from "vitest";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import { call, companyFixture, entryLines, line, postedEntry, settleOperation, write } from "../helpers";
import { booksDb } from "../books";

type Fixture = ReturnType<typeof companyFixture>;
const url = (f: Fixture, p: string) => `/api/v1/companies/${f.companyId}${p}`;
const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };

const act = (f: Fixture, periodId: string, action: string, body?: unknown) =>
  write(f.actor.key, "POST", url(f, `/fiscal-periods/${periodId}/${action}`), body);
const readiness = async (f: Fixture, periodId: string) =>
  (
    await call("GET", url(f, `/compliance/check?type=year_end_readiness&fiscal_period_id=${periodId}`), {
      key: f.actor.key,
    })
  ).body.data;
const periods = async (f: Fixture) =>
  (await call("GET", url(f, "/fiscal-periods"), { key: f.actor.key })).body.data.fiscal_periods as any[];

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

const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

/** Imports a SIE file through the API and runs the operation to its end. */
async function importSie(f: Fixture, text: string) {
  const started = await call("POST", url(f, "/imports/sie"), {
    key: f.actor.key,
    body: { file_base64: b64(encodeCp437(text)), file_name: "bokslut.se" },
  });
  expect(started.status).toBe(202);
  return settleOperation(f.actor.key, started.body.data.operation_id);
}

// A year 2025 closed in another program: a sale of 10 000 + VAT, a cost of 350, and the
// program's bokslutsverifikation A3 booking the result 9 650 on 8999 against 2099.
const CLOSED_ELSEWHERE = [
  "#FLAGGA 0",
  "#FORMAT PC8",
  "#SIETYP 4",
  '#PROGRAM "Annat program" 1.0',
  "#GEN 20260210",
  '#FNAMN "Bokslutat AB"',
  "#RAR 0 20250101 20251231",
  '#KONTO 1930 "Företagskonto"',
  '#KONTO 2081 "Aktiekapital"',
  '#KONTO 2099 "Årets resultat"',
  '#KONTO 2611 "Utgående moms 25 %"',
  '#KONTO 3001 "Försäljning 25 %"',
  '#KONTO 6110 "Kontorsmateriel"',
  '#KONTO 8999 "Årets resultat"',
  "#IB 0 1930 25000.00",
  "#IB 0 2081 -25000.00",
  "#UB 0 1930 37150.00",
  "#UB 0 2081 -25000.00",
  "#UB 0 2099 -9650.00",
  "#UB 0 2611 -2500.00",
  "#RES 0 3001 -10000.00",
  "#RES 0 6110 350.00",
  "#RES 0 8999 9650.00",
  '#VER A 1 20250315 "Försäljning"',
  "{",
  "#TRANS 1930 {} 12500.00",
  "#TRANS 3001 {} -10000.00",
  "#TRANS 2611 {} -2500.00",
  "}",
  '#VER A 2 20250320 "Pennor"',
  "{",
  "#TRANS 6110 {} 350.00",
  "#TRANS 1930 {} -350.00",
  "}",
  '#VER A 3 20251231 "Årets resultat"',
  "{",
  "#TRANS 8999 {} 9650.00",
  "#TRANS 2099 {} -9650.00",
  "}",
].join("\r\n");

describe("a result already booked before the year-end", () => {
  const imported = companyFixture({ name: "Bokslutat AB", ...YEAR });
  const manual = companyFixture({ name: "Handbokslut AB", ...YEAR });

  it("sees the closing entry of an imported year and refuses to book the result again", async () => {
    const op = await importSie(imported, CLOSED_ELSEWHERE);
    expect(op.status).toBe("succeeded");
    const year2025 = (await periods(imported)).find((p) => p.period_start === "2025-01-01");
    expect(await closingBalances(imported, year2025.id)).toMatchObject({ "8999": 9650, "2099": -9650 });
    expect((await act(imported, year2025.id, "lock")).status).toBe(200);

    const check = await readiness(imported, year2025.id);
    expect(check.ready).toBe(false);
    expect(check.findings).toContainEqual(
      expect.objectContaining({
        severity: "blocker",
        code: "YEAR_END_RESULT_ALREADY_BOOKED",
        details: { year_result: 9650, booked_on: [{ account_number: "8999", amount: 9650 }] },
      }),
    );

    const before = await tally(imported);
    const refused = await act(imported, year2025.id, "year-end");
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("YEAR_END_FAILED");
    expect(refused.body.error.details.findings.map((x: any) => x.code)).toContain("YEAR_END_RESULT_ALREADY_BOOKED");
    expect(await tally(imported)).toEqual(before);
    expect(await closingBalances(imported, year2025.id)).toMatchObject({ "8999": 9650, "2099": -9650 });
    expect((await periods(imported)).find((p) => p.id === year2025.id).closing_entry_id).toBeNull();
  });

  it("sees a result booked by hand, and books only the rest of one booked in part", async () => {
    const f = manual;
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-03-15",
      lines: [line("1930", 125000, 0), line("3001", 0, 100000), line("2611", 0, 25000)],
    });
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-06-20",
      lines: [line("5010", 24000, 0), line("1930", 0, 24000)],
    });
    // the bookkeeper books the result, 76 000, by hand
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-12-31",
      description: "Årets resultat",
      lines: [line("8999", 76000, 0), line("2099", 0, 76000)],
    });
    expect((await act(f, f.periodId, "lock")).status).toBe(200);
    const check = await readiness(f, f.periodId);
    expect(check.ready).toBe(false);
    expect(check.findings.map((x: any) => x.code)).toContain("YEAR_END_RESULT_ALREADY_BOOKED");
    const before = await tally(f);
    const refused = await act(f, f.periodId, "year-end");
    expect(refused.body.error.code).toBe("YEAR_END_FAILED");
    expect(await tally(f)).toEqual(before);

    // a bank fee found afterwards: the result is 75 500, of which 76 000 is booked
    expect((await act(f, f.periodId, "unlock")).status).toBe(200);
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-11-30",
      lines: [line("6570", 500, 0), line("1930", 0, 500)],
    });
    expect((await act(f, f.periodId, "lock")).status).toBe(200);
    const partly = await readiness(f, f.periodId);
    expect(partly.ready).toBe(true);
    expect(partly.findings).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        code: "YEAR_END_RESULT_PARTLY_BOOKED",
        details: expect.objectContaining({ year_result: 75500, already_booked: 76000, to_book: -500 }),
      }),
    );
    const started = await act(f, f.periodId, "year-end");
    expect(started.status).toBe(202);
    const op = await settleOperation(f.actor.key, started.body.data.operation_id);
    expect(op.status).toBe("succeeded");
    expect(op.result).toMatchObject({ year_result: 75500, result_booked_before: 76000, result_account: "2099" });
    // only the 500 too much is taken back: credit 8999, debit 2099
    expect(await entryLines(f.actor.key, f.companyId, op.result.closing_entry_id)).toEqual({
      "8999": [0, 500],
      "2099": [500, 0],
    });
    expect(await closingBalances(f, f.periodId)).toMatchObject({ "8999": 75500, "2099": -75500 });
  });
});

describe("closing rates the rate service cannot give", () => {
  // the fake Riksbank is down on 2029-12-31 (test/fakes/fx-rates.ts)
  const f = companyFixture({
    name: "Valutabokslut AB",
    first_fiscal_year: { start_date: "2029-01-01", end_date: "2029-12-31" },
    fiscal_year_start_month: 1,
  });

  it("reports the missing rate in readiness, refuses without it, and takes closing_rates from the request", async () => {
    const customer = await write(f.actor.key, "POST", url(f, "/customers"), {
      name: "Export Kund AB",
      customer_type: "swedish_business",
      email: "a@kund.se",
      default_payment_terms: 30,
    });
    // 800 EUR + 25 % VAT = 1 000 EUR at 11.00: 11 000.00 SEK on 1510, revenue 8 800
    const inv = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id: customer.body.data.id,
      currency: "EUR",
      exchange_rate: 11,
      invoice_date: "2029-11-20",
      items: [{ description: "Licens", unit_price: 800, vat_rate: 0.25 }],
    });
    expect(inv.status).toBe(201);
    expect((await write(f.actor.key, "POST", url(f, `/invoices/${inv.body.data.id}/mark-sent`))).status).toBe(200);
    const supplier = await write(f.actor.key, "POST", url(f, "/suppliers"), {
      name: "Supplier Ltd",
      supplier_type: "eu_business",
      country: "IE",
      default_currency: "USD",
      default_expense_account: "4010",
      default_payment_terms: 30,
    });
    // 400 USD at 10.00: 4 000.00 SEK on 2440
    const si = await write(f.actor.key, "POST", url(f, "/supplier-invoices"), {
      supplier_id: supplier.body.data.id,
      supplier_invoice_number: "US-1",
      invoice_date: "2029-11-25",
      currency: "USD",
      exchange_rate: 10,
      items: [{ amount: 400, vat_rate: 0 }],
    });
    expect(si.status).toBe(201);
    expect((await act(f, f.periodId, "lock")).status).toBe(200);

    const check = await readiness(f, f.periodId);
    expect(check.ready).toBe(false);
    expect(check.findings.filter((x: any) => x.code === "FX_CLOSING_RATE_UNAVAILABLE")).toEqual([
      expect.objectContaining({
        severity: "blocker",
        details: { currency: "EUR", date: "2029-12-31", open_items: 1 },
      }),
      expect.objectContaining({
        severity: "blocker",
        details: { currency: "USD", date: "2029-12-31", open_items: 1 },
      }),
    ]);

    const before = await tally(f);
    const refused = await act(f, f.periodId, "year-end");
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({
      code: "FX_CLOSING_RATE_UNAVAILABLE",
      details: {
        missingRates: [
          { currency: "EUR", date: "2029-12-31" },
          { currency: "USD", date: "2029-12-31" },
        ],
      },
    });
    // one currency stated is not enough
    const half = await act(f, f.periodId, "year-end", { closing_rates: { EUR: "11.4520" } });
    expect(half.body.error).toMatchObject({
      code: "FX_CLOSING_RATE_UNAVAILABLE",
      details: { missingRates: [{ currency: "USD", date: "2029-12-31" }] },
    });
    for (const bad of [{ EUR: "-1" }, { EUR: 0 }, { EUR: "11,45" }, { EUR: 11.1234567 }, { SEK: 1 }, { eur: 11 }]) {
      const res = await act(f, f.periodId, "year-end", { closing_rates: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect(await tally(f)).toEqual(before);

    // a decimal string and a number
    const started = await act(f, f.periodId, "year-end", { closing_rates: { EUR: "11.4520", USD: 10.25 } });
    expect(started.status).toBe(202);
    const op = await settleOperation(f.actor.key, started.body.data.operation_id);
    expect(op.status).toBe("succeeded");
    const revaluation = op.result.currency_revaluation;
    // receivable 1 000 x 11.452 = 11 452.00, a gain of 452.00; payable 400 x 10.25 = 4 100.00, a loss of 100.00
    expect(revaluation).toMatchObject({ as_of_date: "2029-12-31", gain: 452, loss: 100, net: 352 });
    expect(revaluation.items).toEqual([
      expect.objectContaining({
        currency: "EUR",
        closing_rate: 11.452,
        rate_date: "2029-12-31",
        rate_source: "request",
        revalued_sek: 11452,
      }),
      expect.objectContaining({ currency: "USD", closing_rate: 10.25, rate_source: "request", revalued_sek: 4100 }),
    ]);
    expect(await entryLines(f.actor.key, f.companyId, revaluation.revaluation_entry_id)).toEqual({
      "1510": [452, 0],
      "2440": [0, 100],
      "3960": [0, 452],
      "7960": [100, 0],
    });
    // the result: 8 800 revenue - 4 000 cost + 352 net gain = 5 152
    expect(op.result).toMatchObject({ year_result: 5152, result_account: "2099" });
    expect(await entryLines(f.actor.key, f.companyId, op.result.closing_entry_id)).toEqual({
      "8999": [5152, 0],
      "2099": [0, 5152],
    });
    expect((await call("GET", url(f, `/invoices/${inv.body.data.id}`), { key: f.actor.key })).body.data).toMatchObject({
      exchange_rate: 11.452,
      total_sek: 11452,
    });
  });
});

describe("years closed in order, and a year closed in another program", () => {
  const order = companyFixture({ name: "Årsföljd AB", ...YEAR });
  const moved = companyFixture({ name: "Flyttat AB", ...YEAR });

  it("refuses the year-end of a year while an earlier year is not closed", async () => {
    const f = order;
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-05-10",
      lines: [line("1930", 1250, 0), line("3001", 0, 1000), line("2611", 0, 250)],
    });
    const next = await write(f.actor.key, "POST", url(f, "/fiscal-periods"));
    expect(next.status).toBe(201);
    const year2027 = next.body.data.id as string;
    await postedEntry(f.actor.key, f.companyId, year2027, {
      entry_date: "2027-03-10",
      lines: [line("1930", 2500, 0), line("3001", 0, 2000), line("2611", 0, 500)],
    });
    expect((await act(f, year2027, "lock")).status).toBe(200);

    const check = await readiness(f, year2027);
    expect(check.ready).toBe(false);
    expect(check.findings).toContainEqual(
      expect.objectContaining({
        severity: "blocker",
        code: "YEAR_END_PRIOR_PERIOD_OPEN",
        details: expect.objectContaining({ prior_period_id: f.periodId, name: "2026", closing_entry_id: null }),
      }),
    );
    const before = await tally(f);
    const refused = await act(f, year2027, "year-end");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "YEAR_END_PRIOR_PERIOD_OPEN",
      details: { prior_period_id: f.periodId },
    });
    expect(await tally(f)).toEqual(before);

    // its year-end run is not enough: the earlier year must be closed
    expect((await act(f, f.periodId, "lock")).status).toBe(200);
    const first = await settleOperation(f.actor.key, (await act(f, f.periodId, "year-end")).body.data.operation_id);
    expect(first.status).toBe("succeeded");
    expect((await act(f, year2027, "year-end")).body.error.code).toBe("YEAR_END_PRIOR_PERIOD_OPEN");
    expect((await act(f, f.periodId, "close")).status).toBe(200);
    const second = await settleOperation(f.actor.key, (await act(f, year2027, "year-end")).body.data.operation_id);
    expect(second.status).toBe("succeeded");
    expect(await entryLines(f.actor.key, f.companyId, second.result.closing_entry_id)).toEqual({
      "8999": [2000, 0],
      "2099": [0, 2000],
    });

    // a year closed here is never reopened
    expect((await act(f, year2027, "reopen", { reason: "Fel" })).body.error.code).toBe("PERIOD_REOPEN_NOT_CLOSED");
    expect((await act(f, f.periodId, "reopen", { reason: "Fel" })).body.error).toMatchObject({
      code: "PERIOD_REOPEN_NOT_EXTERNAL",
      details: { fiscal_period_id: f.periodId, closing_entry_id: first.result.closing_entry_id },
    });
    expect((await periods(f)).find((p) => p.id === f.periodId)).toMatchObject({ is_closed: true });
  });

  it("closes an imported year as closed elsewhere, reopens it with a reason, and keeps the order", async () => {
    const f = moved;
    expect((await importSie(f, CLOSED_ELSEWHERE)).status).toBe("succeeded");
    const year2025 = (await periods(f)).find((p) => p.period_start === "2025-01-01").id as string;
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-02-10",
      lines: [line("1930", 5000, 0), line("3001", 0, 4000), line("2611", 0, 1000)],
    });
    expect((await act(f, f.periodId, "lock")).status).toBe(200);
    expect((await act(f, f.periodId, "year-end")).body.error).toMatchObject({
      code: "YEAR_END_PRIOR_PERIOD_OPEN",
      details: { prior_period_id: year2025, name: "2025" },
    });

    // refusals, each leaving the period as it was
    expect((await act(f, year2025, "reopen", { reason: "Rättelse" })).body.error.code).toBe("PERIOD_REOPEN_NOT_CLOSED");
    expect((await act(f, year2025, "close", { closed_externally: true })).body.error.code).toBe("CONFLICT");
    // the 2026 year has its result unbooked: it cannot pass as closed elsewhere
    expect((await act(f, f.periodId, "close", { closed_externally: true })).body.error).toMatchObject({
      code: "YEAR_END_NOT_RUN",
      details: { year_result: 4000, already_booked: 0, to_book: 4000 },
    });
    expect((await act(f, f.periodId, "close", { closed_externally: "yes" })).body.error.code).toBe("VALIDATION_ERROR");
    expect((await periods(f)).filter((p) => p.is_closed)).toEqual([]);

    expect((await act(f, year2025, "lock")).status).toBe(200);
    const before = await tally(f);
    const closed = await act(f, year2025, "close", { closed_externally: true });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ id: year2025, is_closed: true, closed_externally: true });
    expect(await tally(f)).toEqual(before); // no entry: the other program's closing entry stands
    expect((await periods(f)).find((p) => p.id === year2025)).toMatchObject({
      is_closed: true,
      closed_externally: true,
      closing_entry_id: null,
      reopened_at: null,
    });

    // reopened with a reason: open again but still locked
    expect((await act(f, year2025, "reopen", {})).body.error.code).toBe("VALIDATION_ERROR");
    const reopened = await act(f, year2025, "reopen", {
      reason: "Bokslutet i förra programmet saknade en avskrivning",
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({
      id: year2025,
      is_closed: false,
      closed_at: null,
      closed_externally: false,
      reopen_reason: "Bokslutet i förra programmet saknade en avskrivning",
    });
    expect(reopened.body.data.locked_at).not.toBeNull();
    expect(reopened.body.data.reopened_at).not.toBeNull();
    const event = await booksDb
      .prepare("SELECT object FROM outbox_events WHERE company_id = ? AND type = 'period.reopened'")
      .bind(f.companyId)
      .first<{ object: string }>();
    expect(JSON.parse(event!.object)).toMatchObject({ id: year2025, is_closed: false });
    const locked = await postedEntryAttempt(f, year2025, "2025-12-31");
    expect(locked.body.error.code).toBe("PERIOD_LOCKED");
    expect((await act(f, f.periodId, "year-end")).body.error.code).toBe("YEAR_END_PRIOR_PERIOD_OPEN");

    // closed again, the next year's year-end runs; then the earlier year stays closed
    expect((await act(f, year2025, "close", { closed_externally: true })).status).toBe(200);
    const op = await settleOperation(f.actor.key, (await act(f, f.periodId, "year-end")).body.data.operation_id);
    expect(op.status).toBe("succeeded");
    expect(op.result.year_result).toBe(4000);
    expect((await act(f, year2025, "reopen", { reason: "Igen" })).body.error).toMatchObject({
      code: "CONFLICT",
      details: { later_period_id: f.periodId, later_closing_entry_id: op.result.closing_entry_id },
    });
    expect((await periods(f)).find((p) => p.id === year2025)).toMatchObject({ is_closed: true });
  });
});

/** A draft in a period on a date: the raw answer, for refusals. */
function postedEntryAttempt(f: Fixture, periodId: string, date: string) {
  return write(f.actor.key, "POST", url(f, "/journal-entries"), {
    fiscal_period_id: periodId,
    entry_date: date,
    description: "Avskrivning",
    lines: [line("7832", 1000, 0), line("1229", 0, 1000)],
  });
}
