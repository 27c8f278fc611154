import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, line, postedEntry, settleOperation, write } from "../helpers";
import { booksDb } from "../books";

const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };

// the year's books, in kronor: the figures the expected tax is computed from below
const SALES = 1_000_123;
const COSTS = 300_000;
const REPRESENTATION = 4_321.5; // 6072, not deductible
const TAX_INTEREST = 1_234; // 8423, not deductible
const TAX_FREE_INTEREST = 567; // 8314
const BOOK_RESULT = SALES - COSTS - REPRESENTATION - TAX_INTEREST + TAX_FREE_INTEREST; // 695 134.50
const SURPLUS = BOOK_RESULT + REPRESENTATION + TAX_INTEREST - TAX_FREE_INTEREST; // 700 123
/** IL 1 kap 6 §: down to hundreds; IL 65 kap 10 §: 20.6 %, whole kronor down */
const taxOn = (taxable: number) => Math.floor((Math.floor(taxable / 100) * 100 * 206) / 1000);

async function bookYear(f: ReturnType<typeof companyFixture>) {
  const post = (date: string, lines: unknown[]) =>
    postedEntry(f.actor.key, f.companyId, f.periodId, { entry_date: date, lines });
  await post("2026-03-15", [line("1930", 1_250_153.75, 0), line("3001", 0, SALES), line("2611", 0, 250_030.75)]);
  await post("2026-04-10", [line("5010", COSTS, 0), line("1930", 0, COSTS)]);
  await post("2026-05-20", [line("6072", REPRESENTATION, 0), line("1930", 0, REPRESENTATION)]);
  await post("2026-06-12", [line("8423", TAX_INTEREST, 0), line("1630", 0, TAX_INTEREST)]);
  await post("2026-07-12", [line("1630", TAX_FREE_INTEREST, 0), line("8314", 0, TAX_FREE_INTEREST)]);
}

const url = (f: ReturnType<typeof companyFixture>, p: string) => `/api/v1/companies/${f.companyId}${p}`;
const tax = (f: ReturnType<typeof companyFixture>, body?: unknown, headers: Record<string, string> = {}) =>
  write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/tax`), body, headers);
const count = async (sql: string, companyId: string) =>
  (await booksDb.prepare(sql).bind(companyId).first<{ n: number }>())!.n;
const entries = (f: ReturnType<typeof companyFixture>) =>
  count("SELECT count(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId);
const calculations = (f: ReturnType<typeof companyFixture>) =>
  count("SELECT count(*) AS n FROM tax_calculations WHERE company_id = ?", f.companyId);

async function balances(f: ReturnType<typeof companyFixture>) {
  const res = await call("GET", url(f, `/reports/trial-balance?period_id=${f.periodId}`), { key: f.actor.key });
  return Object.fromEntries(
    res.body.data.accounts
      .filter((a: any) => a.closing_balance !== 0)
      .map((a: any) => [a.account_number, a.closing_balance]),
  );
}

describe("the corporate tax without a periodiseringsfond", () => {
  const f = companyFixture({ name: "Skatt AB", ...YEAR });

  it("books 20.6 % of the taxable result, keeps the calculation, and is refused after the year-end", async () => {
    await bookYear(f);
    const expectedTax = taxOn(SURPLUS);
    expect(expectedTax).toBe(144_220); // 700 100 * 0.206 = 144 220.6

    const res = await tax(f);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const calc = res.body.data;
    expect(calc).toMatchObject({
      tax_year: 2026,
      book_result_before_tax: BOOK_RESULT,
      surplus_before_periodiseringsfond: SURPLUS,
      periodiseringsfond: { max: 175_030, amount: 0, account_number: null },
      taxable_result: SURPLUS,
      taxable_income: 700_100,
      tax_rate: "0.206",
      tax: expectedTax,
      loss_carried_forward: 0,
      result_after_tax: BOOK_RESULT - expectedTax,
    });
    expect(calc.adjustments).toEqual([
      {
        kind: "non_deductible",
        account_number: "6072",
        name: "Representation, ej avdragsgill",
        amount: REPRESENTATION,
      },
      {
        kind: "non_deductible",
        account_number: "8423",
        name: "Räntekostnader för skatter och avgifter (ej avdragsgill)",
        amount: TAX_INTEREST,
      },
      { kind: "tax_free", account_number: "8314", name: "Skattefria ränteintäkter", amount: -TAX_FREE_INTEREST },
    ]);
    // the books: one entry on the year's last day, 8910 against 2512, the next voucher number
    expect(calc.entry).toMatchObject({ date: "2026-12-31", voucher_series: "A", voucher_number: 6 });
    expect(await entryLines(f.actor.key, f.companyId, calc.entry.id)).toEqual({
      "8910": [expectedTax, 0],
      "2512": [0, expectedTax],
    });
    const b = await balances(f);
    expect(b["8910"]).toBe(expectedTax);
    expect(b["2512"]).toBe(-expectedTax);

    // GET answers the stored calculation
    const got = await call("GET", url(f, `/fiscal-periods/${f.periodId}/tax`), { key: f.actor.key });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(calc);

    // a second calculation is refused and changes nothing
    const before = await entries(f);
    const again = await tax(f);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("TAX_ALREADY_CALCULATED");
    expect(await entries(f)).toBe(before);

    // the year-end books the result after tax to 2099
    expect((await write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/lock`))).status).toBe(200);
    const started = await write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/year-end`));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = await settleOperation(f.actor.key, started.body.data.operation_id);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.year_result).toBe(BOOK_RESULT - expectedTax);
    expect((await balances(f))["2099"]).toBe(-(BOOK_RESULT - expectedTax));

    // after the year-end: refused with its own code (before "already calculated"), nothing written
    const late = await tax(f);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("TAX_AFTER_YEAR_END");
    expect(await entries(f)).toBe(before + 1);
  });
});

describe("the corporate tax with a periodiseringsfond", () => {
  const f = companyFixture({ name: "Fond AB", ...YEAR });

  it("dry-runs the calculation without writing, then books the largest fund and the tax on what is left", async () => {
    await bookYear(f);
    const fund = Math.floor(SURPLUS * 0.25); // IL 30 kap 5 §: 25 % of 700 123 = 175 030.75 -> 175 030
    const expectedTax = taxOn(SURPLUS - fund); // 525 093 -> 525 000 * 0.206 = 108 150
    expect(expectedTax).toBe(108_150);

    const entriesBefore = await entries(f);
    const dry = await tax(f, { periodiseringsfond: true }, { "X-Dry-Run": "true" });
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(dry.body.data).toMatchObject({
      periodiseringsfond: { max: fund, amount: fund, account_number: "2126" },
      taxable_result: SURPLUS - fund,
      taxable_income: 525_000,
      tax: expectedTax,
    });
    expect(dry.body.data.entry.lines).toEqual([
      { account_number: "8811", debit: fund, credit: 0, description: "Avsättning periodiseringsfond 2026" },
      { account_number: "2126", debit: 0, credit: fund, description: "Avsättning periodiseringsfond 2026" },
      { account_number: "8910", debit: expectedTax, credit: 0, description: "Beräknad inkomstskatt 2026" },
      { account_number: "2512", debit: 0, credit: expectedTax, description: "Beräknad inkomstskatt 2026" },
    ]);
    expect(await entries(f)).toBe(entriesBefore);
    expect(await calculations(f)).toBe(0);

    // a fund above the largest is refused with the largest, and writes nothing
    const tooBig = await tax(f, { periodiseringsfond: fund + 1 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.code).toBe("VALIDATION_ERROR");
    expect(tooBig.body.error.details.max_periodiseringsfond).toBe(fund);
    expect(await calculations(f)).toBe(0);

    // the real run, replayed under its Idempotency-Key: one effect
    const key = "tax-fund-1";
    const res = await tax(f, { periodiseringsfond: true }, { "Idempotency-Key": key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const replay = await tax(f, { periodiseringsfond: true }, { "Idempotency-Key": key });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data).toEqual(res.body.data);
    expect(await entries(f)).toBe(entriesBefore + 1);
    expect(await calculations(f)).toBe(1);

    const b = await balances(f);
    expect(b).toMatchObject({ "8811": fund, "2126": -fund, "8910": expectedTax, "2512": -expectedTax });
  });
});

describe("a sole trader", () => {
  const f = companyFixture({
    name: "Enskild firma",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    vat_registered: false,
    moms_period: undefined,
    first_fiscal_year: undefined,
    fiscal_year_start_month: 1,
  });

  it("is refused the corporate tax: an enskild firma pays none", async () => {
    const res = await tax(f);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("TAX_ENTITY_TYPE_MISMATCH");
    expect(await calculations(f)).toBe(0);
  });

  it("gets the NE figures from the books, each with its accounts, and nothing is booked", async () => {
    const periods = (await call("GET", url(f, "/fiscal-periods"), { key: f.actor.key })).body.data.fiscal_periods;
    const start: string = periods.find((p: any) => p.id === f.periodId).period_start;
    const on = (mmdd: string) => `${start.slice(0, 4)}-${mmdd}`;
    const post = (date: string, lines: unknown[]) =>
      postedEntry(f.actor.key, f.companyId, f.periodId, { entry_date: date, lines });
    await post(on("02-01"), [line("1930", 50_000, 0), line("3001", 0, 50_000)]);
    await post(on("02-02"), [line("4010", 10_000, 0), line("1930", 0, 10_000)]);
    await post(on("02-03"), [line("5010", 6_000, 0), line("1930", 0, 6_000)]);
    await post(on("02-04"), [line("6072", 500.5, 0), line("1930", 0, 500.5)]);
    await post(on("02-05"), [line("1930", 100, 0), line("8314", 0, 100)]);
    await post(on("02-06"), [line("8423", 200, 0), line("1930", 0, 200)]);
    const before = await entries(f);

    const res = await call("GET", url(f, `/fiscal-periods/${f.periodId}/ne`), { key: f.actor.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byField = Object.fromEntries(res.body.data.fields.map((x: any) => [x.field, x]));
    // not VAT-registered: the sales are momsfria intäkter (R2), not R1
    const r11 = 50_000 + 100 - 10_000 - 6_500.5 - 200;
    expect(Object.fromEntries(Object.entries(byField).map(([k, v]: [string, any]) => [k, v.amount]))).toEqual({
      R1: 0,
      R2: 50_000,
      R3: 0,
      R4: 100,
      R5: 10_000,
      R6: 6_500.5,
      R7: 0,
      R8: 200,
      R9: 0,
      R10: 0,
      R11: r11,
      R12: r11,
      R13: 700.5,
      R14: 100,
      // the balance sheet: every movement went through the bank, and the year's result is the equity
      ...Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`B${i + 1}`, 0])),
      B9: r11,
      B10: r11,
    });
    expect(byField.R6.accounts).toEqual([
      { account_number: "5010", amount: 6_000 },
      { account_number: "6072", amount: 500.5 },
    ]);
    expect(byField.R6.whole_kronor).toBe(6_500);
    expect(byField.R13.accounts).toEqual([
      { account_number: "6072", amount: 500.5 },
      { account_number: "8423", amount: 200 },
    ]);
    expect(res.body.data.adjusted_result).toBe(r11 + 700.5 - 100);
    expect(res.body.data.egenavgifter_booked).toBe(false);
    expect(await entries(f)).toBe(before);
  });
});

describe("the NE figures of an aktiebolag", () => {
  const f = companyFixture({ name: "Inte NE AB", ...YEAR });
  it("are refused: its tax is POST .../tax", async () => {
    const res = await call("GET", url(f, `/fiscal-periods/${f.periodId}/ne`), { key: f.actor.key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("TAX_ENTITY_TYPE_MISMATCH");
  });
});

describe("funds held from earlier years", () => {
  const f = companyFixture({
    name: "Gamla fonder AB",
    first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
    fiscal_year_start_month: 1,
  });

  it("adds the schablonintäkt on the funds at the year's start and reverses the six-year-old fund", async () => {
    const first = f.periodId;
    const p = (id: string, action: string, body?: unknown) =>
      write(f.actor.key, "POST", url(f, `/fiscal-periods/${id}/${action}`), body);
    // 2025: funds of 2020 and 2025 in the books (brought in), and a small profit
    await postedEntry(f.actor.key, f.companyId, first, {
      entry_date: "2025-01-02",
      lines: [line("1930", 300_000, 0), line("2120", 0, 100_000), line("2125", 0, 200_000)],
    });
    await postedEntry(f.actor.key, f.companyId, first, {
      entry_date: "2025-06-02",
      lines: [line("1930", 10_000, 0), line("3001", 0, 10_000)],
    });
    const next = await write(f.actor.key, "POST", url(f, "/fiscal-periods"));
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    const second: string = next.body.data.id;
    expect((await p(first, "lock")).status).toBe(200);
    const started = await p(first, "year-end");
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await settleOperation(f.actor.key, started.body.data.operation_id)).status).toBe("succeeded");
    expect((await p(first, "opening-balances", { next_period_id: second })).status).toBe(201);

    // 2026: a profit of 500 000
    await postedEntry(f.actor.key, f.companyId, second, {
      entry_date: "2026-03-02",
      lines: [line("1930", 500_000, 0), line("3001", 0, 500_000)],
    });
    const tax2026 = (body?: unknown, headers: Record<string, string> = {}) =>
      write(f.actor.key, "POST", url(f, `/fiscal-periods/${second}/tax`), body, headers);

    // the statslåneränta is needed while funds are held, and its absence writes nothing
    const missing = await tax2026();
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields[0].path).toBe("statslaneranta");
    expect(await calculations(f)).toBe(0);

    // a test input (the rate of 30 Nov 2025 is the caller's to state): 2.00 %
    const res = await tax2026({ statslaneranta: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const schablon = 300_000 * 0.02; // IL 30 kap 6 a §: funds at the start * statslåneräntan
    const bookResult = 500_000 + 100_000; // the 2020 fund reversed to 8819 is income of 2026
    const surplus = bookResult + schablon;
    expect(res.body.data).toMatchObject({
      funds_at_start: 300_000,
      schablonintakt: schablon,
      fund_reversals: [{ account_number: "2120", fund_year: 2020, amount: 100_000 }],
      book_result_before_tax: bookResult,
      surplus_before_periodiseringsfond: surplus,
      taxable_income: 606_000,
      tax: taxOn(surplus), // 606 000 * 0.206 = 124 836
    });
    expect(taxOn(surplus)).toBe(124_836);
    const lines = await entryLines(f.actor.key, f.companyId, res.body.data.entry.id);
    expect(lines).toEqual({
      "2120": [100_000, 0],
      "8819": [0, 100_000],
      "8910": [124_836, 0],
      "2512": [0, 124_836],
    });
  });
});

describe("a year with a loss", () => {
  const f = companyFixture({ name: "Förlust AB", ...YEAR });

  it("books no tax and no fund, carries the loss (with last year's) forward, and keeps the calculation", async () => {
    const post = (date: string, lines: unknown[]) =>
      postedEntry(f.actor.key, f.companyId, f.periodId, { entry_date: date, lines });
    await post("2026-02-02", [line("1930", 20_000, 0), line("3001", 0, 20_000)]);
    await post("2026-02-03", [line("5010", 50_000, 0), line("1930", 0, 50_000)]);
    const before = await entries(f);

    // no surplus, so no fund may be made
    const fund = await tax(f, { periodiseringsfond: 100 });
    expect(fund.status).toBe(400);
    expect(fund.body.error.details.max_periodiseringsfond).toBe(0);

    // last year's underskott is deducted and carried on with this year's
    const dry = await tax(f, { previous_year_loss: 5_000 }, { "X-Dry-Run": "true" });
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body.data).toMatchObject({
      book_result_before_tax: -30_000,
      taxable_result: -35_000,
      taxable_income: 0,
      tax: 0,
      loss_carried_forward: 35_000,
      entry: null,
    });
    expect(await calculations(f)).toBe(0);

    const res = await tax(f);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ tax: 0, loss_carried_forward: 30_000, entry: null });
    expect(await entries(f)).toBe(before);
    expect(await calculations(f)).toBe(1);
  });
});
