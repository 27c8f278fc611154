// Issue #31 "Done when": one aktiebolag's year 2025 from the purchase of an asset through
// its depreciation, an accrual and its reversal in the next year, the tax with a
// periodiseringsfond and the year-end, to the SRU files and the annual report, every figure
// computed here by hand and held against the ledger, and the files against each other.
import { SELF } from "cloudflare:test";
import { XMLParser } from "fast-xml-parser";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BASE, call, companyFixture, line, postedEntry, settleOperation, write } from "../helpers";

const f = companyFixture({
  name: "Åkerbäck Konsult AB",
  first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
});
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const post = (p: string, body?: unknown, headers: Record<string, string> = {}) =>
  write(f.actor.key, "POST", url(p), body, headers);
const get = async (p: string) => {
  const res = await call("GET", url(p), { key: f.actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const balance = async (periodId: string, account: string) =>
  ((await get(`/reports/trial-balance?period_id=${periodId}`)).accounts.find((a: any) => a.account_number === account)
    ?.closing_balance ?? 0) as number;

// the year, in kronor
const SALES = 100_000;
const RENT_YEAR = 24_000; // 5010, paid in January
const RENT_JAN_2026 = 2_000; // paid in December, accrued to 2026 (1710)
const REPRESENTATION = 2_000; // 6072, not deductible
const MACHINE = 60_000; // 1220, 60 months from February: 1 000 a month
const DEPRECIATION = 11_000; // February-December
const BOOK_RESULT = SALES - RENT_YEAR - REPRESENTATION - DEPRECIATION; // 63 000 (the accrual moves January's rent out)
const SURPLUS = BOOK_RESULT + REPRESENTATION; // 65 000
const FUND = Math.floor(SURPLUS * 0.25); // IL 30 kap 5 §: 16 250
const TAXABLE = Math.floor((SURPLUS - FUND) / 100) * 100; // IL 1 kap 6 §: 48 700
const TAX = Math.floor(TAXABLE * 0.206); // IL 65 kap 10 §: 10 032
const RESULT = BOOK_RESULT - FUND - TAX; // 36 718
const VAT_OUT = 25_000; // 2611 on the sales
const VAT_IN = 6_000 + 15_000 + 500; // 2641 on the rent, the machine and January's rent

let year = "";
let next = "";

describe("an aktiebolag's year, from the asset to the files", () => {
  it("books the year: the asset and its depreciation, the rent and its accrual into 2026", async () => {
    year = f.periodId;
    const book = (date: string, lines: unknown[]) =>
      postedEntry(f.actor.key, f.companyId, year, { entry_date: date, lines });
    const settings = await write(f.actor.key, "PATCH", url("/settings"), {
      address_line1: "Storgatan 1",
      postal_code: "411 01",
      city: "Göteborg",
    });
    expect(settings.status).toBe(200);
    await book("2025-01-02", [line("1930", 25_000, 0), line("2081", 0, 25_000)]);
    await book("2025-01-31", [line("5010", RENT_YEAR, 0), line("2641", 6_000, 0), line("1930", 0, 30_000)]);
    await book("2025-02-03", [line("1220", MACHINE, 0), line("2641", 15_000, 0), line("1930", 0, 75_000)]);
    await book("2025-03-01", [line("1510", 125_000, 0), line("3001", 0, SALES), line("2611", 0, 25_000)]);
    await book("2025-04-30", [line("1930", 125_000, 0), line("1510", 0, 125_000)]);
    await book("2025-05-20", [line("6072", REPRESENTATION, 0), line("1930", 0, REPRESENTATION)]);
    await book("2025-12-20", [line("5010", RENT_JAN_2026, 0), line("2641", 500, 0), line("1930", 0, 2_500)]);

    const asset = await post("/fixed-assets", {
      name: "Maskin",
      category: "inventarier",
      acquisition_date: "2025-02-03",
      acquisition_value: MACHINE,
      useful_life_months: 60,
    });
    expect(asset.status, JSON.stringify(asset.body)).toBe(201);
    const dry = await post(
      "/fixed-assets/depreciation-runs",
      { period_from: "2025-02", period_to: "2025-12" },
      {
        "X-Dry-Run": "true",
      },
    );
    expect(dry.status).toBe(201);
    expect(await balance(year, "1229")).toBe(0);
    const run = await post("/fixed-assets/depreciation-runs", { period_from: "2025-02", period_to: "2025-12" });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect(await balance(year, "1229")).toBe(-DEPRECIATION);
    expect(await balance(year, "7832")).toBe(DEPRECIATION);

    const opened = await post("/fiscal-periods", { start_date: "2026-01-01", end_date: "2026-12-31" });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    next = opened.body.data.id;
    const accrual = await post("/accruals", {
      kind: "period_end",
      description: "Förutbetald hyra januari 2026",
      balance_account: "1710",
      result_account: "5010",
      amount: RENT_JAN_2026,
      period_end: "2025-12-31",
    });
    expect(accrual.status, JSON.stringify(accrual.body)).toBe(201);
    expect(await balance(year, "1710")).toBe(RENT_JAN_2026);
    expect(await balance(year, "5010")).toBe(RENT_YEAR);
    // its reversal on the next year's first day puts January's rent back on 5010
    expect(await balance(next, "5010")).toBe(RENT_JAN_2026);
    const open = await get("/accruals?as_of=2025-12-31");
    expect(open.accruals.map((a: any) => [a.id, a.open_amount])).toEqual([[accrual.body.data.id, RENT_JAN_2026]]);
    expect(open.accounts).toEqual([expect.objectContaining({ open_amount: RENT_JAN_2026, matches_ledger: true })]);
    expect((await get("/accruals?as_of=2026-01-01")).accruals).toEqual([]);
  });

  it("calculates and books the tax with the largest periodiseringsfond, then closes the year", async () => {
    expect((await post(`/fiscal-periods/${year}/lock`)).status).toBe(200);
    const tax = await post(`/fiscal-periods/${year}/tax`, { periodiseringsfond: true });
    expect(tax.status, JSON.stringify(tax.body)).toBe(201);
    expect(tax.body.data).toMatchObject({
      book_result_before_tax: BOOK_RESULT,
      surplus_before_periodiseringsfond: SURPLUS,
      taxable_income: TAXABLE,
      tax: TAX,
    });
    expect(tax.body.data.periodiseringsfond).toMatchObject({ max: FUND, amount: FUND, account_number: "2125" });
    expect(await balance(year, "2125")).toBe(-FUND);
    expect(await balance(year, "8811")).toBe(FUND);
    expect(await balance(year, "2512")).toBe(-TAX);
    const started = await post(`/fiscal-periods/${year}/year-end`);
    expect(started.status).toBe(202);
    expect((await settleOperation(f.actor.key, started.body.data.operation_id)).status).toBe("succeeded");
    expect(await balance(year, "2099")).toBe(-RESULT);
  });

  it("writes the SRU files from the same figures", async () => {
    const res = await SELF.fetch(`${BASE}${url(`/fiscal-periods/${year}/sru`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = new TextDecoder("latin1").decode(files["BLANKETTER.SRU"]);
    const field = (code: string) =>
      text
        .split("\r\n")
        .filter((l) => l.startsWith(`#UPPGIFT ${code} `))
        .map((l) => Number(l.split(" ")[2]));
    expect(field("7410")).toEqual([SALES]); // nettoomsättning
    expect(field("7513")).toEqual([RENT_YEAR + REPRESENTATION]); // övriga externa kostnader
    expect(field("7215")).toEqual([MACHINE - DEPRECIATION]); // inventarier
    expect(field("7321")).toEqual([FUND]); // periodiseringsfonder
    expect(field("7263")).toEqual([RENT_JAN_2026]); // förutbetalda kostnader
    expect(field("7104")).toEqual([SURPLUS - FUND]); // överskott (INK2 1.1)
    // the VAT net (sweden/vat-balance.ts): 25 000 output less 21 500 input, a liability on 7369
    expect(field("7369")).toEqual([VAT_OUT - VAT_IN]);
    expect(field("7261")).toEqual([]);
    expect(text).toContain("Åkerbäck Konsult AB"); // ISO 8859-1, one byte a letter
  });

  it("makes the annual report whose statements equal the ledger and the SRU files", async () => {
    const input = {
      business_description: "Bolaget bedriver konsultverksamhet inom redovisning. Säte: Göteborg.",
      dividend: 10_000,
      board_members: [{ name: "Åsa Ödman" }],
      place: "Göteborg",
      signing_date: "2026-03-15",
    };
    const made = await post(`/fiscal-periods/${year}/annual-report`, input);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const report = made.body.data.report;
    const at = (lines: any[], key: string) => lines.find((l) => l.key === key)?.current.amount;
    expect(at(report.income_statement, "net_sales")).toBe(SALES);
    expect(at(report.income_statement, "depreciation")).toBe(-DEPRECIATION);
    expect(at(report.income_statement, "tax")).toBe(-TAX);
    expect(at(report.income_statement, "net_result")).toBe(RESULT);
    expect(at(report.balance_sheet.assets, "equipment")).toBe(MACHINE - DEPRECIATION);
    expect(at(report.balance_sheet.equity_and_liabilities, "periodiseringsfonder")).toBe(FUND);
    expect(at(report.balance_sheet.equity_and_liabilities, "tax_liabilities")).toBe(TAX);
    // the same net VAT as INK2R's 7369, not 21 500 input VAT among the receivables beside 25 000 output VAT
    expect(at(report.balance_sheet.equity_and_liabilities, "other_current")).toBe(VAT_OUT - VAT_IN);
    expect(at(report.balance_sheet.assets, "other_receivables")).toBeUndefined();
    const pdf = await SELF.fetch(`${BASE}${url(`/fiscal-periods/${year}/annual-report/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(pdf.headers.get("Content-Type")).toContain("application/pdf");
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });
});

// A year that ends with more input VAT than output VAT, unsettled: 500 output VAT on a sale,
// 4 000 input VAT on a purchase, 1 000 personalskatt withheld from a salary. The VAT accounts
// are one claim on Skatteverket of 3 500 (sweden/vat-balance.ts), shown as such by INK2R
// (2.21, 7261), by the annual report and its inline XBRL (Övriga fordringar) and by the
// balance-sheet report; 2710 stays a liability of its own on 7369 / Övriga skulder.
const g = companyFixture({
  name: "Momsfordran AB",
  first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
});
const gUrl = (p: string) => `/api/v1/companies/${g.companyId}${p}`;
const gPost = (p: string, body?: unknown) => write(g.actor.key, "POST", gUrl(p), body);
const gGet = async (p: string) => {
  const res = await call("GET", gUrl(p), { key: g.actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const gFile = (p: string) => SELF.fetch(`${BASE}${gUrl(p)}`, { headers: { Authorization: `Bearer ${g.actor.key}` } });

const CLAIM = {
  capital: 25_000,
  sales: 2_000,
  vatOut: 500,
  purchase: 16_000,
  vatIn: 4_000,
  salary: 4_000,
  withheld: 1_000,
};
const VAT_CLAIM = CLAIM.vatIn - CLAIM.vatOut; // 3 500
const CLAIM_BANK =
  CLAIM.capital + CLAIM.sales + CLAIM.vatOut - CLAIM.purchase - CLAIM.vatIn - (CLAIM.salary - CLAIM.withheld);
const CLAIM_RESULT = CLAIM.sales - CLAIM.purchase - CLAIM.salary; // a loss of 18 000

/** The ix:nonFraction facts of the current balance date (context balans0) by concept, sign applied. */
function balanceFacts(xhtml: string): Map<string, number> {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", parseTagValue: false }).parse(xhtml);
  const out = new Map<string, number>();
  const walk = (v: any, key?: string) => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === "object") {
      if (key === "ix:nonFraction" && v["@_contextRef"] === "balans0") {
        const digits = Number(String(v["#text"]).replace(/\s/g, "").replace(",", "."));
        out.set(String(v["@_name"]).replace("se-gen-base:", ""), v["@_sign"] === "-" ? -digits : digits);
      }
      for (const [k, x] of Object.entries(v)) if (!k.startsWith("@_")) walk(x, k);
    }
  };
  walk(doc);
  return out;
}

describe("a year ending with more input VAT than output VAT: one claim in every filed balance sheet", () => {
  it("books the year, locks it and calculates its tax", async () => {
    const book = (date: string, lines: unknown[]) =>
      postedEntry(g.actor.key, g.companyId, g.periodId, { entry_date: date, lines });
    const settings = await write(g.actor.key, "PATCH", gUrl("/settings"), {
      address_line1: "Storgatan 1",
      postal_code: "411 01",
      city: "Göteborg",
    });
    expect(settings.status).toBe(200);
    await book("2025-01-02", [line("1930", CLAIM.capital, 0), line("2081", 0, CLAIM.capital)]);
    await book("2025-03-01", [
      line("1930", CLAIM.sales + CLAIM.vatOut, 0),
      line("3001", 0, CLAIM.sales),
      line("2611", 0, CLAIM.vatOut),
    ]);
    await book("2025-06-10", [
      line("5010", CLAIM.purchase, 0),
      line("2641", CLAIM.vatIn, 0),
      line("1930", 0, CLAIM.purchase + CLAIM.vatIn),
    ]);
    await book("2025-06-25", [
      line("7210", CLAIM.salary, 0),
      line("2710", 0, CLAIM.withheld),
      line("1930", 0, CLAIM.salary - CLAIM.withheld),
    ]);
    expect((await gPost(`/fiscal-periods/${g.periodId}/lock`)).status).toBe(200);
    const tax = await gPost(`/fiscal-periods/${g.periodId}/tax`, {});
    expect(tax.status, JSON.stringify(tax.body)).toBe(201);
    expect(tax.body.data.tax).toBe(0);
  });

  it("agrees in INK2R, the annual report, its inline XBRL and the balance-sheet report", async () => {
    const res = await gFile(`/fiscal-periods/${g.periodId}/sru`);
    expect(res.status).toBe(200);
    const text = new TextDecoder("latin1").decode(unzipSync(new Uint8Array(await res.arrayBuffer()))["BLANKETTER.SRU"]);
    // INK2R's balance sheet: the #UPPGIFT lines of fields 7201-7370 (INK2R's own; INK2 and INK2S have none there)
    const fields = new Map<string, number>();
    for (const l of text.split("\r\n")) {
      const [tag, code, value] = l.split(" ");
      if (tag === "#UPPGIFT" && code >= "7201" && code <= "7370") fields.set(code, Number(value));
    }
    expect(Object.fromEntries(fields)).toEqual({
      "7261": VAT_CLAIM, // 2.21 Övriga fordringar: the VAT claim
      "7281": CLAIM_BANK,
      "7301": CLAIM.capital,
      "7302": CLAIM_RESULT, // the loss not yet closed to 2099
      "7369": CLAIM.withheld, // 2.48 Övriga skulder: 2710 alone, no VAT
    });
    const side = (from: string, to: string) =>
      [...fields].filter(([c]) => c >= from && c <= to).reduce((s, [, v]) => s + v, 0);
    expect(side("7201", "7281")).toBe(CLAIM_BANK + VAT_CLAIM);
    expect(side("7301", "7370")).toBe(side("7201", "7281"));

    const made = await gPost(`/fiscal-periods/${g.periodId}/annual-report`, {
      business_description: "Bolaget bedriver konsultverksamhet. Säte: Göteborg.",
      dividend: 0,
      board_members: [{ name: "Åsa Ödman" }],
      place: "Göteborg",
      signing_date: "2026-03-15",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sheet = made.body.data.report.balance_sheet;
    const at = (lines: any[], key: string) => lines.find((l) => l.key === key)?.current.amount;
    expect(at(sheet.assets, "other_receivables")).toBe(fields.get("7261"));
    expect(at(sheet.equity_and_liabilities, "other_current")).toBe(fields.get("7369"));
    expect(at(sheet.assets, "total_assets")).toBe(side("7201", "7281"));
    expect(at(sheet.equity_and_liabilities, "total_equity_liabilities")).toBe(at(sheet.assets, "total_assets"));

    const xhtml = await (await gFile(`/fiscal-periods/${g.periodId}/annual-report/ixbrl`)).text();
    const facts = balanceFacts(xhtml);
    expect(facts.get("OvrigaFordringarKortfristiga")).toBe(VAT_CLAIM);
    expect(facts.get("OvrigaKortfristigaSkulder")).toBe(CLAIM.withheld);
    expect(facts.get("Tillgangar")).toBe(CLAIM_BANK + VAT_CLAIM);
    expect(facts.get("EgetKapitalSkulder")).toBe(CLAIM_BANK + VAT_CLAIM);

    // the balance-sheet report: both VAT accounts among the receivables, summing to the claim
    const report = await gGet(`/reports/balance-sheet?period_id=${g.periodId}`);
    expect(report.totals).toEqual({
      assets: CLAIM_BANK + VAT_CLAIM,
      equity_and_liabilities: CLAIM_BANK + VAT_CLAIM,
      difference: 0,
    });
    const section = (list: any[], key: string) => list.find((x) => x.key === key);
    const receivables = section(report.sections.assets, "current_receivables");
    expect(receivables.accounts.map((a: any) => [a.account_number, a.amount])).toEqual([
      ["2611", -CLAIM.vatOut],
      ["2641", CLAIM.vatIn],
    ]);
    expect(receivables.total).toBe(VAT_CLAIM);
    const liabilities = section(report.sections.equity_and_liabilities, "current_liabilities");
    expect(liabilities.accounts.map((a: any) => [a.account_number, a.amount])).toEqual([["2710", CLAIM.withheld]]);
  });
});
