// The cash-flow statement (indirect method, K3 kapitel 7) and the key ratios (issue #46), with
// the previous year beside them; every figure below is worked out by hand from these books.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CashFlowSchema, KeyRatiosSchema } from "../../src/domains/reports/analysis/schemas";
import { pdfText } from "../pdf-text";
import { BASE, call, line, newActor, newCompany, postedEntry, write, type Actor } from "../helpers";

let actor: Actor;
let companyId: string;
let prior: string;
let current: string;
const report = (name: string, query: string) =>
  call("GET", `/api/v1/companies/${companyId}/reports/${name}?${query}`, { key: actor.key });

// 2025: P1 03-01 new capital 1930 D 100 000 / 2081 C 100 000; P2 06-01 sale 1930 D 50 000 / 3001 C 40 000 / 2611 C 10 000
// 2026 (no opening entry, so cash starts the year at 0):
//   A1 01-10 new capital      1930 D 200 000 / 2081 C 200 000
//   A2 02-01 a machine        1220 D 80 000, 2641 D 20 000 / 1930 C 100 000
//   A3 02-15 sale on credit   1510 D 62 500 / 3001 C 50 000 / 2611 C 12 500
//   A4 03-01 customer pays    1930 D 40 000 / 1510 C 40 000
//   A5 03-31 depreciation     7832 D 4 000 / 1229 C 4 000
//   A6 04-01 goods to stock   1460 D 10 000 / 2440 C 10 000
//   A7 04-15 bank loan        1930 D 30 000 / 2350 C 30 000
//   A8 05-02 interest         8410 D 1 000 / 1930 C 1 000
//   A9 06-30 F-skatt paid     2518 D 3 000 / 1930 C 3 000
beforeAll(async () => {
  actor = await newActor();
  const c = await newCompany(actor.key, {
    name: "Kassaflöde AB",
    first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
  });
  companyId = c.id;
  prior = c.fiscal_period.id;
  const next = await write(actor.key, "POST", `/api/v1/companies/${companyId}/fiscal-periods`);
  expect(next.status).toBe(201);
  current = next.body.data.id;
  const post = (periodId: string, date: string, lines: unknown[]) =>
    postedEntry(actor.key, companyId, periodId, { entry_date: date, description: "Händelse", lines });
  await post(prior, "2025-03-01", [line("1930", 100000, 0), line("2081", 0, 100000)]);
  await post(prior, "2025-06-01", [line("1930", 50000, 0), line("3001", 0, 40000), line("2611", 0, 10000)]);
  await post(current, "2026-01-10", [line("1930", 200000, 0), line("2081", 0, 200000)]);
  await post(current, "2026-02-01", [line("1220", 80000, 0), line("2641", 20000, 0), line("1930", 0, 100000)]);
  await post(current, "2026-02-15", [line("1510", 62500, 0), line("3001", 0, 50000), line("2611", 0, 12500)]);
  await post(current, "2026-03-01", [line("1930", 40000, 0), line("1510", 0, 40000)]);
  await post(current, "2026-03-31", [line("7832", 4000, 0), line("1229", 0, 4000)]);
  await post(current, "2026-04-01", [line("1460", 10000, 0), line("2440", 0, 10000)]);
  await post(current, "2026-04-15", [line("1930", 30000, 0), line("2350", 0, 30000)]);
  await post(current, "2026-05-02", [line("8410", 1000, 0), line("1930", 0, 1000)]);
  await post(current, "2026-06-30", [line("2518", 3000, 0), line("1930", 0, 3000)]);
});

const amounts = (lines: { key: string; amount: number }[]) => Object.fromEntries(lines.map((l) => [l.key, l.amount]));

describe("cash-flow statement", () => {
  it("lays out the year by the indirect method and reconciles it to cash and bank", async () => {
    const res = await report("cash-flow", `period_id=${current}`);
    expect(res.status).toBe(200);
    const d = CashFlowSchema.parse(res.body.data);
    // result after financial items 50 000 - 4 000 - 1 000; depreciation added back; F-skatt paid
    expect(amounts(d.operating.lines)).toEqual({
      result_after_financial_items: 45000,
      depreciation: 4000,
      capital_gains: 0,
      provisions: 0,
      appropriations: 0,
      tax_paid: -3000,
    });
    expect(d.operating.before_working_capital).toBe(46000);
    // stock 10 000 up; receivables 62 500 - 40 000 up; liabilities: 2611 12 500 + 2440 10 000 - 2641 20 000
    expect(amounts(d.operating.working_capital)).toEqual({
      inventories: -10000,
      receivables: -22500,
      liabilities: 2500,
    });
    expect(d.operating.total).toBe(16000);
    // the machine, not its depreciation
    expect(d.investing).toMatchObject({ total: -80000 });
    expect(amounts(d.investing.lines)).toEqual({ fixed_assets: -80000, short_term_investments: 0 });
    expect(amounts(d.financing.lines)).toEqual({ equity: 200000, borrowings: 30000 });
    expect(d).toMatchObject({
      cash_flow: 166000,
      cash_at_start: 0,
      cash_change: 166000,
      cash_at_end: 166000,
      difference: 0,
      reconciled: true,
    });
    // the previous year: result 40 000, output VAT owed 10 000, capital 100 000
    expect(d.prior_year).toMatchObject({
      from_date: "2025-01-01",
      to_date: "2025-12-31",
      cash_flow: 150000,
      cash_change: 150000,
      reconciled: true,
    });
    expect(amounts(d.prior_year!.operating.working_capital).liabilities).toBe(10000);
  });

  it("covers a range inside the year, starting from the cash before it", async () => {
    const d = (await report("cash-flow", `period_id=${current}&from_date=2026-03-01&to_date=2026-06-30`)).body.data;
    expect(d.operating.before_working_capital).toBe(-4000);
    expect(amounts(d.operating.working_capital)).toEqual({
      inventories: -10000,
      receivables: 40000,
      liabilities: 10000,
    });
    expect(d).toMatchObject({ cash_flow: 66000, cash_at_start: 100000, cash_at_end: 166000, reconciled: true });
    expect(d.investing.total).toBe(0);
    expect(d.prior_year).toMatchObject({ from_date: "2025-03-01", to_date: "2025-06-30", cash_flow: 150000 });
    const first = (await report("cash-flow", `period_id=${prior}`)).body.data;
    expect(first.prior_year).toBeNull();
  });

  it.each([
    ["a date outside the period", "to_date=2027-01-01", 400, "VALIDATION_ERROR"],
    ["an unknown parameter", "colour=red", 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_n, q, status, code) => {
    for (const name of ["cash-flow", "key-ratios"]) {
      const res = await report(name, `period_id=${current}&${q}`);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect((await report("cash-flow", "period_id=nope")).body.error.code).toBe("PERIOD_NOT_FOUND");
  });
});

describe("key ratios", () => {
  it("computes each ratio from the year's result and balance sheets", async () => {
    const res = await report("key-ratios", `period_id=${current}`);
    expect(res.status).toBe(200);
    const d = KeyRatiosSchema.parse(res.body.data);
    expect(d.figures).toEqual({
      net_sales: 50000,
      operating_result: 46000,
      result_after_financial_items: 45000,
      financial_costs: 1000,
    });
    // At 2026-12-31: assets 76 000 machine + 10 000 stock + 22 500 receivable + 7 500 VAT claim
    // + 166 000 bank = 282 000; equity 200 000 + the open result 45 000; current liabilities
    // 10 000 (2440) - 3 000 (2518 paid ahead) = 7 000; current assets 206 000. At the start: nothing.
    const byKey = Object.fromEntries(d.ratios.map((r) => [r.key, [r.percent, r.numerator, r.denominator]]));
    expect(byKey).toEqual({
      equity_ratio: [86.9, 245000, 282000],
      quick_ratio: [2800, 196000, 7000],
      current_ratio: [2942.9, 206000, 7000],
      operating_margin: [92, 46000, 50000],
      profit_margin: [90, 45000, 50000],
      return_on_equity: [36.7, 45000, 122500],
      return_on_assets: [32.6, 46000, 141000],
    });
    // 2025: equity 140 000 of 150 000 assets; no net sales lacking, so margins are 100 %
    const p = Object.fromEntries(d.prior_year!.ratios.map((r) => [r.key, r.percent]));
    expect(p.equity_ratio).toBe(93.3);
    expect(p.operating_margin).toBe(100);
  });

  it("answers null where a denominator is zero", async () => {
    const d = (await report("key-ratios", `period_id=${current}&to_date=2026-01-31`)).body.data;
    const byKey = Object.fromEntries(d.ratios.map((r: any) => [r.key, r.percent]));
    // January: 200 000 in the bank, no liability, no sales
    expect(byKey).toMatchObject({ equity_ratio: 100, quick_ratio: null, operating_margin: null });
  });
});

describe("the cash-flow statement as PDF", () => {
  it("lays out K3's sections beside the previous year", async () => {
    const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/reports/cash-flow/pdf?period_id=${current}`, {
      headers: { Authorization: `Bearer ${actor.key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain("kassaflodesanalys-2026-01-01-2026-12-31-preliminar.pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = await pdfText(bytes);
    for (const words of [
      "Kassaflödesanalys",
      "Den löpande verksamheten",
      "Kassaflöde från den löpande verksamheten",
      "Investeringsverksamheten",
      "Finansieringsverksamheten",
      "Periodens kassaflöde",
      "Likvida medel vid periodens slut",
      "2025-01-01 –",
    ])
      expect(text).toContain(words);
    // the year's 166 000 and the previous year's 150 000
    expect(text).toMatch(/166[\s\u00a0]000/);
    expect(text).toMatch(/150[\s\u00a0]000/);
  });
});

describe("the key ratios as PDF", () => {
  it("lists each ratio in percent beside the previous year, with its formula and figures", async () => {
    const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/reports/key-ratios/pdf?period_id=${current}`, {
      headers: { Authorization: `Bearer ${actor.key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain("nyckeltal-2026-01-01-2026-12-31-preliminar.pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (typeof process !== "undefined" && process.env?.REPORT_PDF_DUMP)
      console.log(`PDF_DUMP key-ratios ${btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))}`);
    const text = await pdfText(bytes);
    // soliditet 86,9 % this year (245 000 / 282 000) and 93,3 % the year before
    for (const words of ["Nyckeltal", "Soliditet", "86,9 %", "93,3 %", "Kassalikviditet", "2 800,0 %", "Underlag (kr)"])
      expect(text).toContain(words);
    expect(text).toMatch(/245[\s\u00a0]000,00 \/ 282[\s\u00a0]000,00 kr/);
    expect(text).toContain("2025-01-01 –");
    const bad = await SELF.fetch(
      `${BASE}/api/v1/companies/${companyId}/reports/key-ratios/pdf?period_id=${current}&to_date=2027-01-01`,
      { headers: { Authorization: `Bearer ${actor.key}` } },
    );
    expect(bad.status).toBe(400);
  });
});

describe("the previous year beside the statements", () => {
  it("answers the income statement and balance sheet with the previous year's at the same dates", async () => {
    const is = (await report("income-statement", `period_id=${current}&to_date=2026-06-30`)).body.data;
    // 2025-01-01..2025-06-30: the sale of 1 June, 40 000
    expect(is.prior_year).toMatchObject({ from_date: "2025-01-01", to_date: "2025-06-30", netResult: 40000 });
    expect(is.netResult).toBe(45000);
    const bs = (await report("balance-sheet", `period_id=${current}`)).body.data;
    // 2025-12-31: the bank's 150 000, equity 100 000 + the open result 40 000, VAT owed 10 000
    expect(bs.prior_year).toMatchObject({
      as_of: "2025-12-31",
      totals: { assets: 150000, equity_and_liabilities: 150000 },
    });
    expect(bs.prior_year.result_for_period).toBe(40000);
    const first = (await report("balance-sheet", `period_id=${prior}`)).body.data;
    expect(first.prior_year).toBeNull();
  });
});
