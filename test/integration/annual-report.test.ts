// Issue #31, the annual report (K2): an aktiebolag's two years through the API (share
// capital, sales and costs, inventarier bought and depreciated by the register, the tax
// with a periodiseringsfond, the year-end and opening balances, the previous result
// carried forward and a dividend paid), then POST .../annual-report for the second year:
// the statements equal the ledger (figures computed here), the equity change and the
// soliditet follow, the asset note equals the register, every figure of the model is a
// fact of the inline XBRL with the same value, dry-run stores nothing, idempotency replays.
import { SELF } from "cloudflare:test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, hire, line, postedEntry, settleOperation, uniqueKey, write } from "../helpers";
import { pdfText } from "../pdf-text";

const f = companyFixture({
  name: "Årsbolaget AB",
  first_fiscal_year: { start_date: "2024-01-01", end_date: "2024-12-31" },
  fiscal_year_start_month: 1,
});
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const post = (p: string, body?: unknown, headers: Record<string, string> = {}) =>
  write(f.actor.key, "POST", url(p), body, headers);
const book = (periodId: string, date: string, lines: unknown[]) =>
  postedEntry(f.actor.key, f.companyId, periodId, { entry_date: date, lines });

// the books, in kronor
const SHARE_CAPITAL = 25_000;
const SALES_1 = 200_000;
const COSTS_1 = 50_000;
const MACHINE = 60_000; // inventarier, 60 months from July 2024: 1 000 a month
const DEP_1 = 6_000;
const SALES_2 = 300_000;
const COSTS_2 = 100_000;
const DEP_2 = 12_000;
const DIVIDEND_PAID = 10_000;
// IL 30 kap 5 §: 25 % of the surplus; IL 1 kap 6 §: down to hundreds; 20.6 %, whole kronor down
const FUND = (SALES_1 - COSTS_1 - DEP_1) * 0.25; // 36 000
const TAX_1 = Math.floor((Math.floor((SALES_1 - COSTS_1 - DEP_1 - FUND) / 100) * 100 * 206) / 1000); // 22 248
const RESULT_1 = SALES_1 - COSTS_1 - DEP_1 - FUND - TAX_1; // 85 752
const SCHABLON = FUND * 0.02; // the fund held at the start × statslåneräntan 2 %
const TAX_2 = Math.floor((Math.floor((SALES_2 - COSTS_2 - DEP_2 + SCHABLON) / 100) * 100 * 206) / 1000); // 38 872
const RESULT_2 = SALES_2 - COSTS_2 - DEP_2 - TAX_2; // 149 128
const BANK_1 = SHARE_CAPITAL + SALES_1 - COSTS_1 - MACHINE;
const BANK_2 = BANK_1 + SALES_2 - COSTS_2 - TAX_1 - DIVIDEND_PAID;
const ASSETS_1 = BANK_1 + MACHINE - DEP_1;
const ASSETS_2 = BANK_2 + MACHINE - DEP_1 - DEP_2;
const EQUITY_2 = SHARE_CAPITAL + RESULT_1 - DIVIDEND_PAID + RESULT_2;
/** BFNAR 2016:10's soliditet: (equity + 79.4 % of the untaxed reserves) / total assets, whole percent */
const soliditet = (equity: number, assets: number) => Math.round(((equity + 0.794 * FUND) / assets) * 100);

const INPUT = {
  business_description: "Bolaget säljer konsulttjänster inom redovisning. Säte i Göteborg.",
  significant_events: "Bolaget köpte en maskin under föregående år.",
  dividend: 50_000,
  board_members: [{ name: "Åsa Öberg", role: "Styrelseledamot, VD" }, { name: "Per Ärlig" }],
  place: "Göteborg",
  signing_date: "2026-03-15",
  average_employees: 2,
  previous_average_employees: 1,
  pledged_assets: 100_000,
};

const COMMENTED = { ...INPUT, multi_year_comment: "Försäljningen ökade när maskinen kom i drift." };

let second = "";

async function twoYearsOfBooks() {
  const first = f.periodId;
  await book(first, "2024-01-02", [line("1930", SHARE_CAPITAL, 0), line("2081", 0, SHARE_CAPITAL)]);
  await book(first, "2024-03-10", [line("1930", SALES_1, 0), line("3001", 0, SALES_1)]);
  await book(first, "2024-04-10", [line("5010", COSTS_1, 0), line("1930", 0, COSTS_1)]);
  const asset = await post("/fixed-assets", {
    name: "Fräsmaskin",
    category: "inventarier",
    acquisition_date: "2024-07-01",
    acquisition_value: MACHINE,
    useful_life_months: 60,
    book_acquisition: true,
    counter_account: "1930",
  });
  expect(asset.status, JSON.stringify(asset.body)).toBe(201);
  const run1 = await post("/fixed-assets/depreciation-runs", { period_from: "2024-07", period_to: "2024-12" });
  expect(run1.status, JSON.stringify(run1.body)).toBe(201);
  const tax1 = await post(`/fiscal-periods/${first}/tax`, { periodiseringsfond: true });
  expect(tax1.status, JSON.stringify(tax1.body)).toBe(201);
  expect(tax1.body.data).toMatchObject({ tax: TAX_1, periodiseringsfond: { amount: FUND } });

  const next = await post("/fiscal-periods");
  expect(next.status, JSON.stringify(next.body)).toBe(201);
  second = next.body.data.id;
  expect((await post(`/fiscal-periods/${first}/lock`)).status).toBe(200);
  const started = await post(`/fiscal-periods/${first}/year-end`);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect((await settleOperation(f.actor.key, started.body.data.operation_id)).status).toBe("succeeded");
  expect((await post(`/fiscal-periods/${first}/opening-balances`, { next_period_id: second })).status).toBe(201);

  // 2025: a dividend paid, the tax paid (the opening balances carried 2024's result from 2099 to balanserat resultat)
  await book(second, "2025-05-20", [line("2091", DIVIDEND_PAID, 0), line("1930", 0, DIVIDEND_PAID)]);
  await book(second, "2025-02-12", [line("2512", TAX_1, 0), line("1930", 0, TAX_1)]);
  await book(second, "2025-06-10", [line("1930", SALES_2, 0), line("3001", 0, SALES_2)]);
  await book(second, "2025-08-10", [line("5010", COSTS_2, 0), line("1930", 0, COSTS_2)]);
  const run2 = await post("/fixed-assets/depreciation-runs", { period_from: "2025-01", period_to: "2025-12" });
  expect(run2.status, JSON.stringify(run2.body)).toBe(201);
  const tax2 = await post(`/fiscal-periods/${second}/tax`, { statslaneranta: 2 });
  expect(tax2.status, JSON.stringify(tax2.body)).toBe(201);
  expect(tax2.body.data.tax).toBe(TAX_2);
}

const reports = () => countOf("SELECT COUNT(*) AS n FROM annual_reports WHERE company_id = ?", f.companyId);
const documents = () => countOf("SELECT COUNT(*) AS n FROM documents WHERE company_id = ?", f.companyId);

/** Every object of the model with a concept, a context and a value: the figures the PDF prints. */
function modelFacts(v: unknown, out: any[] = []): any[] {
  if (Array.isArray(v)) for (const x of v) modelFacts(x, out);
  else if (v && typeof v === "object") {
    const o = v as any;
    if (typeof o.concept === "string" && typeof o.context === "string") out.push(o);
    else for (const x of Object.values(o)) modelFacts(x, out);
  }
  return out;
}

/** The ix:nonFraction facts of the document: name, context and value (scale and sign applied). */
function xbrlFacts(xhtml: string) {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", parseTagValue: false }).parse(xhtml);
  const out: { name: string; context: string; value: number; unit: string }[] = [];
  const walk = (v: any, key?: string) => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === "object") {
      if (key === "ix:nonFraction") {
        const digits = Number(String(v["#text"]).replace(/\s/g, "").replace(",", "."));
        const scaled = digits * 10 ** Number(v["@_scale"] ?? 0);
        out.push({
          name: v["@_name"],
          context: v["@_contextRef"],
          unit: v["@_unitRef"],
          value: Math.round((v["@_sign"] === "-" ? -scaled : scaled) * 10000) / 10000,
        });
      }
      for (const [k, x] of Object.entries(v)) if (!k.startsWith("@_")) walk(x, k);
    }
  };
  walk(doc);
  return out;
}

describe("the annual report of a K2 aktiebolag's second year", () => {
  it("is refused while the year is open, and a dry run stores nothing", async () => {
    await twoYearsOfBooks();
    const open = await post(`/fiscal-periods/${second}/annual-report`, INPUT);
    expect(open.status).toBe(409);
    expect(open.body.error.code).toBe("ANNUAL_REPORT_YEAR_OPEN");
    expect((await post(`/fiscal-periods/${second}/lock`)).status).toBe(200);

    const before = await documents();
    const dry = await post(`/fiscal-periods/${second}/annual-report`, INPUT, { "X-Dry-Run": "true" });
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body.meta.dry_run).toBe(true);
    expect(dry.body.data.report.fiscal_year).toEqual({ start: "2025-01-01", end: "2025-12-31" });
    expect(dry.body.data).toMatchObject({ id: null, pdf_document_id: null, ixbrl_document_id: null });
    // 200 000 → 300 000 is more than 30 %: BFNAR 2016:10 punkt 5.5 asks for a comment, which INPUT lacks
    expect(dry.body.data.report.warnings).toEqual([
      "Nettoomsättningen varierar mer än 30 % mellan 2024 och 2025: BFNAR 2016:10 punkt 5.5 kräver en kommentar (multi_year_comment).",
    ]);
    expect(await reports()).toBe(0);
    expect(await documents()).toBe(before);
    expect((await call("GET", url(`/fiscal-periods/${second}/annual-report`), { key: f.actor.key })).status).toBe(404);
  });

  it("refuses a dividend above the free equity and writes nothing", async () => {
    const res = await post(`/fiscal-periods/${second}/annual-report`, { ...INPUT, dividend: 300_000 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.details.fields[0].path).toBe("dividend");
    expect(await reports()).toBe(0);
  });

  let report: any;
  let stored: any;
  it("builds the statements from the ledger, stores the model and its files, and replays its key", async () => {
    const key = uniqueKey("ar");
    const res = await post(`/fiscal-periods/${second}/annual-report`, COMMENTED, { "Idempotency-Key": key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    stored = res.body.data;
    report = stored.report;
    const replay = await post(`/fiscal-periods/${second}/annual-report`, COMMENTED, { "Idempotency-Key": key });
    expect(replay.status).toBe(201);
    expect(replay.body.data.id).toBe(stored.id);
    expect(await reports()).toBe(1);
    expect(report.warnings).toEqual([]);
    expect(report.management_report.multi_year_comment).toBe(COMMENTED.multi_year_comment);

    const line = (lines: any[], key: string) => lines.find((l) => l.key === key);
    const is = report.income_statement;
    expect(line(is, "net_sales").current.amount).toBe(SALES_2);
    expect(line(is, "net_sales").previous.amount).toBe(SALES_1);
    expect(line(is, "other_external_costs").current).toMatchObject({ amount: -COSTS_2, value: COSTS_2 });
    expect(line(is, "depreciation").current.amount).toBe(-DEP_2);
    expect(line(is, "depreciation").previous.amount).toBe(-DEP_1);
    expect(line(is, "result_after_financial_items").current.amount).toBe(SALES_2 - COSTS_2 - DEP_2);
    expect(line(is, "periodiseringsfond").previous.amount).toBe(-FUND);
    expect(line(is, "tax").current.amount).toBe(-TAX_2);
    expect(line(is, "net_result").current.amount).toBe(RESULT_2);
    expect(line(is, "net_result").previous.amount).toBe(RESULT_1);

    const assets = report.balance_sheet.assets;
    const eql = report.balance_sheet.equity_and_liabilities;
    expect(line(assets, "equipment").current.amount).toBe(MACHINE - DEP_1 - DEP_2);
    expect(line(assets, "equipment").note).toBe(3);
    expect(line(assets, "cash").current.amount).toBe(BANK_2);
    expect(line(assets, "total_assets").current.amount).toBe(ASSETS_2);
    expect(line(assets, "total_assets").previous.amount).toBe(ASSETS_1);
    expect(line(eql, "share_capital").current.amount).toBe(SHARE_CAPITAL);
    expect(line(eql, "retained_earnings").current.amount).toBe(RESULT_1 - DIVIDEND_PAID);
    expect(line(eql, "year_result").current.amount).toBe(RESULT_2);
    expect(line(eql, "equity").current.amount).toBe(EQUITY_2);
    expect(line(eql, "periodiseringsfonder").current.amount).toBe(FUND);
    expect(line(eql, "tax_liabilities").current.amount).toBe(TAX_2);
    expect(line(eql, "total_equity_liabilities").current.amount).toBe(ASSETS_2);

    // the ledger says the same: the trial balance's closing balances
    const tb = await call("GET", url(`/reports/trial-balance?period_id=${second}`), { key: f.actor.key });
    const bal = Object.fromEntries(tb.body.data.accounts.map((a: any) => [a.account_number, a.closing_balance]));
    expect(bal["1930"]).toBe(BANK_2);
    expect(bal["1220"] + bal["1229"]).toBe(line(assets, "equipment").current.amount);
  });

  it("shows the flerårsöversikt with soliditet, the equity change and the proposal", async () => {
    const [y2, y1] = report.management_report.multi_year_overview;
    expect(y2.net_sales.amount).toBe(SALES_2);
    expect(y1.result_after_financial_items.amount).toBe(SALES_1 - COSTS_1 - DEP_1);
    expect(y2.solidity_percent).toMatchObject({ amount: soliditet(EQUITY_2, ASSETS_2), unit: "procent" });
    expect(y1.solidity_percent.amount).toBe(soliditet(SHARE_CAPITAL + RESULT_1, ASSETS_1));
    expect(soliditet(EQUITY_2, ASSETS_2)).toBe(86); // (249 880 + 28 584) / 324 752

    const rows = Object.fromEntries(report.management_report.equity_changes.rows.map((r: any) => [r.key, r.cells]));
    expect(rows.opening.total.amount).toBe(SHARE_CAPITAL + RESULT_1);
    expect(rows.carried_forward.retained_earnings.amount).toBe(RESULT_1);
    expect(rows.carried_forward.year_result.amount).toBe(-RESULT_1);
    expect(rows.dividend.total.amount).toBe(-DIVIDEND_PAID);
    expect(rows.result.total.amount).toBe(RESULT_2);
    expect(rows.closing.total.amount).toBe(EQUITY_2);
    // consistent: opening + changes = closing, column by column
    for (const col of ["share_capital", "retained_earnings", "year_result", "total"]) {
      const moved = ["carried_forward", "dividend", "result"].reduce((t, k) => t + (rows[k][col]?.amount ?? 0), 0);
      expect(rows.opening[col].amount + moved).toBe(rows.closing[col].amount);
    }
    const a = report.management_report.appropriation;
    expect(a.available.amount).toBe(RESULT_1 - DIVIDEND_PAID + RESULT_2);
    expect(a.dividend.amount).toBe(50_000);
    expect(a.carried_forward.amount).toBe(RESULT_1 - DIVIDEND_PAID + RESULT_2 - 50_000);
  });

  it("has notes whose asset figures equal the fixed-asset register", async () => {
    const n = report.notes;
    expect(n.accounting_principles.text).toContain("Inventarier, verktyg och installationer 5 år");
    expect(n.employees.current.amount).toBe(2);
    expect(n.employees.previous.amount).toBe(1);
    const reg = await call("GET", url("/fixed-assets/register?as_of=2025-12-31"), { key: f.actor.key });
    expect(reg.status).toBe(200);
    const note = n.fixed_assets[0];
    expect(note.number).toBe(3);
    const rows = Object.fromEntries(note.rows.map((r: any) => [r.key, r]));
    expect(rows.opening_cost.current.amount + rows.opening_depreciation.current.amount).toBe(
      reg.body.data.totals.opening_value,
    );
    expect(-rows.year_depreciation.current.amount).toBe(reg.body.data.totals.depreciation);
    expect(rows.book_value.current.amount).toBe(reg.body.data.totals.closing_value);
    expect(rows.purchases.previous.amount).toBe(MACHINE);
    expect(rows.closing_depreciation.current.amount).toBe(-(DEP_1 + DEP_2));
    expect(n.other).toEqual([
      expect.objectContaining({
        number: 4,
        title: "Ställda säkerheter",
        amount: expect.objectContaining({ amount: 100_000 }),
      }),
    ]);
  });

  it("answers the same report by GET, its PDF and its inline XBRL, every figure tagged with its value", async () => {
    const got = await call("GET", url(`/fiscal-periods/${second}/annual-report`), { key: f.actor.key });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(stored);

    const pdfRes = await fetchFile(`/fiscal-periods/${second}/annual-report/pdf`);
    expect(pdfRes.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdfRes.arrayBuffer()));
    expect(text).toContain("Årsredovisning för räkenskapsåret 2025-01-01 – 2025-12-31");
    expect(text).toContain("Förvaltningsberättelse");
    expect(text).toContain("Åsa Öberg");

    const xRes = await fetchFile(`/fiscal-periods/${second}/annual-report/ixbrl`);
    expect(xRes.headers.get("Content-Type")).toBe("application/xhtml+xml");
    const xhtml = await xRes.text();
    expect(XMLValidator.validate(xhtml)).toBe(true);
    expect(xhtml).toContain('xmlns:se-gen-base="http://www.taxonomier.se/se/fr/gen-base/2021-10-31"');
    expect(xhtml).toContain('<xbrli:identifier scheme="http://www.bolagsverket.se">');
    const tagged = xbrlFacts(xhtml);
    const wanted = modelFacts(report);
    expect(wanted.length).toBeGreaterThan(60);
    for (const m of wanted) {
      const hit = tagged.find(
        (t) => t.name === `se-gen-base:${m.concept}` && t.context === m.context && t.value === m.value,
      );
      expect(hit, `${m.concept} ${m.context} ${m.value}`).toBeDefined();
      expect(hit!.unit).toBe(m.unit);
      expect(Math.abs(m.value)).toBe(m.unit === "procent" ? Math.abs(m.amount) / 100 : Math.abs(m.amount));
    }
    // and nothing is tagged that the model does not hold; one concept and context, one value
    for (const t of tagged) {
      const same = tagged.filter((x) => x.name === t.name && x.context === t.context);
      expect(new Set(same.map((x) => x.value)).size, `${t.name} ${t.context}`).toBe(1);
      expect(wanted.some((m) => `se-gen-base:${m.concept}` === t.name && m.context === t.context)).toBe(true);
    }
    // the contexts the facts name exist
    for (const ctx of new Set(tagged.map((t) => t.context))) expect(xhtml).toContain(`<xbrli:context id="${ctx}">`);
  });
});

async function fetchFile(path: string) {
  const res = await SELF.fetch(`http://localhost${url(path)}`, { headers: { Authorization: `Bearer ${f.actor.key}` } });
  expect(res.status).toBe(200);
  return res;
}

describe("an annual report the books cannot give", () => {
  const hand = companyFixture({
    name: "Handbokat AB",
    first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
    fiscal_year_start_month: 1,
  });
  const sole = companyFixture({
    name: "Enskild firma",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    vat_registered: false,
    moms_period: undefined,
    first_fiscal_year: undefined,
    fiscal_year_start_month: 1,
  });
  const annual = (c: typeof hand, body: unknown) =>
    write(c.actor.key, "POST", `/api/v1/companies/${c.companyId}/fiscal-periods/${c.periodId}/annual-report`, body);

  it("refuses a computer booked by hand and not in the register: its note would differ from the balance sheet", async () => {
    await postedEntry(hand.actor.key, hand.companyId, hand.periodId, {
      entry_date: "2025-02-01",
      lines: [line("1930", 50_000, 0), line("2081", 0, 50_000)],
    });
    await postedEntry(hand.actor.key, hand.companyId, hand.periodId, {
      entry_date: "2025-03-01",
      lines: [line("1250", 20_000, 0), line("1930", 0, 20_000)],
    });
    const lock = await write(
      hand.actor.key,
      "POST",
      `/api/v1/companies/${hand.companyId}/fiscal-periods/${hand.periodId}/lock`,
    );
    expect(lock.status).toBe(200);
    const before = await countOf("SELECT COUNT(*) AS n FROM documents WHERE company_id = ?", hand.companyId);
    const res = await annual(hand, INPUT);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ANNUAL_REPORT_REGISTER_MISMATCH");
    expect(res.body.error.details.differences).toEqual([
      { class: "equipment", fiscal_year_end: "2025-12-31", register: 0, ledger: 20_000 },
    ]);
    expect(await countOf("SELECT COUNT(*) AS n FROM annual_reports WHERE company_id = ?", hand.companyId)).toBe(0);
    expect(await countOf("SELECT COUNT(*) AS n FROM documents WHERE company_id = ?", hand.companyId)).toBe(before);
  });

  it("refuses a sole trader: the K2 report here is an aktiebolag's", async () => {
    const res = await annual(sole, INPUT);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("ANNUAL_REPORT_NOT_AKTIEBOLAG");
  });
});

describe("a first year: medelantalet anställda from the payroll, the share capital as a nyemission", () => {
  const pay = companyFixture({
    name: "Lönebolaget AB",
    first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
    fiscal_year_start_month: 1,
  });
  const at = (p: string) => `/api/v1/companies/${pay.companyId}${p}`;
  const TERMS = {
    salary_type: "monthly",
    f_skatt_status: "decided_percent",
    tax_decided_percent: "30",
    tax_decision_reference: "SKV 2026-01-10",
  };

  it("counts the employees paid in each month's booked runs over the year's twelve months", async () => {
    await hire(pay, {
      ...TERMS,
      first_name: "Anna",
      last_name: "Ek",
      personnummer: "198503121231",
      monthly_salary: 30000,
    });
    await hire(pay, {
      ...TERMS,
      first_name: "Bo",
      last_name: "Ask",
      personnummer: "195001013456",
      monthly_salary: 25000,
    });
    // the payroll holds the tax rates of 2026: a company whose first year is 2026, locked early for the test
    // two employees paid in January-March: 6 employee-months / 12 = 0.5, a whole number half up: 1
    for (const month of [1, 2, 3]) {
      const run = await write(pay.actor.key, "POST", at("/salary-runs"), {
        period_year: 2026,
        period_month: month,
        payment_date: `2026-0${month}-25`,
      });
      expect(run.status, JSON.stringify(run.body)).toBe(201);
      const R = (p = "") => at(`/salary-runs/${run.body.data.id}${p}`);
      expect((await write(pay.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
      const calc = await write(pay.actor.key, "POST", R("/calculate"));
      expect(calc.status, JSON.stringify(calc.body)).toBe(200);
      expect((await write(pay.actor.key, "POST", R("/approve"))).status).toBe(200);
      expect((await write(pay.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
      const booked = await write(pay.actor.key, "POST", R("/book"));
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    }
    await postedEntry(pay.actor.key, pay.companyId, pay.periodId, {
      entry_date: "2026-01-02",
      lines: [line("1930", 500_000, 0), line("2081", 0, 500_000)],
    });
    expect((await write(pay.actor.key, "POST", at(`/fiscal-periods/${pay.periodId}/lock`))).status).toBe(200);
    const { average_employees: _a, previous_average_employees: _p, ...withoutCount } = INPUT;
    // a loss year: no dividend to propose
    const body = { ...withoutCount, dividend: 0 };
    const res = await write(pay.actor.key, "POST", at(`/fiscal-periods/${pay.periodId}/annual-report`), body, {
      "X-Dry-Run": "true",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.report.notes.employees.current.amount).toBe(1);
    expect(res.body.data.report.notes.employees.previous).toBeNull();
    expect(res.body.data.report.income_statement.find((l: any) => l.key === "personnel_costs").note).toBe(2);
    // the share capital paid in during the first year is a nyemission in the equity change
    const rows = Object.fromEntries(
      res.body.data.report.management_report.equity_changes.rows.map((r: any) => [r.key, r.cells]),
    );
    expect(rows.opening.share_capital.amount).toBe(0);
    expect(rows.new_issue.share_capital).toMatchObject({
      amount: 500_000,
      concept: "ForandringEgetKapitalAktiekapitalNyemission",
    });
    expect(rows.closing.share_capital.amount).toBe(500_000);
  });
});
