// Budgets (issue #46, docs/budgets.md): create, replace, read and delete a budget version
// through the API, import one from a CSV and from a SIE file's #PBUDGET lines, the income
// statement and the reports by dimension beside it, and the SIE export's #PSALDO per object
// and #PBUDGET. Every figure below is worked out by hand from the books and budgets set up here.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BudgetSchema } from "../../src/domains/budgets/schemas";
import { DimensionIncomeStatementSchema } from "../../src/domains/reports/dimensions/schemas";
import { IncomeStatementSchema } from "../../src/domains/reports/schemas";
import { decodeCp437, encodeCp437 } from "../../src/sweden/sie/encoding";
import { booksDb } from "../books";
import { pdfText } from "../pdf-text";
import { BASE, call, line, newActor, newCompany, postedEntry, uniqueKey, write, type Actor } from "../helpers";

let actor: Actor;
let companyId: string;
let periodId: string;
const url = (path: string) => `/api/v1/companies/${companyId}${path}`;
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  write(actor.key, method, url(path), body, headers);
const get = (path: string) => call("GET", url(path), { key: actor.key });
const cc = (code: string) => ({ "1": code });
const bl = (account: string, month: string, amount: number, dimensions?: Record<string, string>) => ({
  account_number: account,
  month,
  amount,
  ...(dimensions ? { dimensions } : {}),
});

// Books (2026): A1 2026-01-15 1930 D 12 500 / 3001 C 6 000 {1:100} / 3001 C 4 000 {1:200} / 2611 C 2 500
//               A2 2026-02-10 5010 D 3 000 {1:100}, 5010 D 500 / 1930 C 3 500
// The budget "Plan A": 3001 January -8 000 on 100 and -3 000 on 200; 5010 February 2 500 on 100
// and 1 000 + 500 (summed) without object: total -7 000 with the ledger's sign.
const PLAN_A = [
  bl("3001", "2026-01", -8000, cc("100")),
  bl("3001", "2026-01", -3000, cc("200")),
  bl("5010", "2026-02", 2500, cc("100")),
  bl("5010", "2026-02", 1000),
  bl("5010", "2026-02", 500),
];
let planA: string;

beforeAll(async () => {
  actor = await newActor();
  const c = await newCompany(actor.key, { name: "Budget AB" });
  companyId = c.id;
  periodId = c.fiscal_period.id;
  await send("POST", "/dimensions", { id: 1, name: "Kostnadsställe" });
  for (const code of ["100", "200"]) await send("POST", "/dimensions/1/codes", { code, name: `KS ${code}` });
  const post = (date: string, description: string, lines: unknown[]) =>
    postedEntry(actor.key, companyId, periodId, { entry_date: date, description, lines });
  await post("2026-01-15", "Försäljning", [
    line("1930", 12500, 0),
    { ...line("3001", 0, 6000), dimensions: cc("100") },
    { ...line("3001", 0, 4000), dimensions: cc("200") },
    line("2611", 0, 2500),
  ]);
  await post("2026-02-10", "Hyra", [
    { ...line("5010", 3000, 0), dimensions: cc("100") },
    line("5010", 500, 0),
    line("1930", 0, 3500),
  ]);
});

describe("a budget through the API", () => {
  it("is created with its lines summed per account, month and objects", async () => {
    const body = { fiscal_period_id: periodId, name: "Plan A", lines: PLAN_A };
    const dry = await send("POST", "/budgets", body, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect((await get("/budgets")).body.data).toEqual([]);
    const key = uniqueKey();
    const res = await send("POST", "/budgets", body, { "Idempotency-Key": key });
    expect(res.status).toBe(201);
    const b = BudgetSchema.parse(res.body.data);
    planA = b.id;
    expect(b).toMatchObject({ name: "Plan A", fiscal_period_id: periodId, line_count: 4, total: -7000 });
    expect(b.lines).toEqual([
      { account_number: "3001", month: "2026-01", dimensions: { "1": "100" }, amount: -8000 },
      { account_number: "3001", month: "2026-01", dimensions: { "1": "200" }, amount: -3000 },
      { account_number: "5010", month: "2026-02", dimensions: { "1": "100" }, amount: 2500 },
      { account_number: "5010", month: "2026-02", dimensions: {}, amount: 1500 },
    ]);
    const again = await send("POST", "/budgets", body, { "Idempotency-Key": key });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await get(`/budgets/${planA}`)).body.data).toEqual(b);
    expect((await get(`/budgets?fiscal_period_id=${periodId}`)).body.data).toEqual(
      [{ ...b, lines: undefined }].map(({ lines: _l, ...rest }) => rest),
    );
  });

  it.each([
    ["a name the year has", { name: "Plan A", lines: [] }, 409, "BUDGET_NAME_TAKEN"],
    ["an unknown year", { fiscal_period_id: "nope", name: "X", lines: [] }, 404, "PERIOD_NOT_FOUND"],
    ["a month outside the year", { name: "X", lines: [bl("3001", "2027-01", 1)] }, 400, "VALIDATION_ERROR"],
    ["three decimals", { name: "X", lines: [bl("3001", "2026-01", 1.005)] }, 400, "VALIDATION_ERROR"],
    ["an account outside the chart", { name: "X", lines: [bl("8888", "2026-01", 1)] }, 400, "ACCOUNTS_NOT_IN_CHART"],
    [
      "an unknown object",
      { name: "X", lines: [bl("3001", "2026-01", 1, cc("999"))] },
      400,
      "DIMENSION_VALIDATION_FAILED",
    ],
  ])("refuses %s", async (_name, body, status, code) => {
    const res = await send("POST", "/budgets", { fiscal_period_id: periodId, ...body });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it("is replaced and deleted", async () => {
    const made = await send("POST", "/budgets", {
      fiscal_period_id: periodId,
      name: "Utkast",
      lines: [bl("3001", "2026-05", -1)],
    });
    const id = made.body.data.id;
    expect((await send("POST", `/budgets/${id}/replace`, { name: "Plan A", lines: [] })).body.error.code).toBe(
      "BUDGET_NAME_TAKEN",
    );
    const replaced = await send("POST", `/budgets/${id}/replace`, {
      name: "Utkast 2",
      lines: [bl("4010", "2026-06", 700)],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ name: "Utkast 2", line_count: 1, total: 700 });
    expect(replaced.body.data.lines).toEqual([
      { account_number: "4010", month: "2026-06", dimensions: {}, amount: 700 },
    ]);
    expect((await send("DELETE", `/budgets/${id}`)).status).toBe(204);
    expect((await get(`/budgets/${id}`)).body.error.code).toBe("BUDGET_NOT_FOUND");
    expect((await send("DELETE", `/budgets/${id}`)).status).toBe(404);
  });
});

describe("the reports beside a budget", () => {
  it("sets the income statement against the budget", async () => {
    const res = await get(`/reports/income-statement?period_id=${periodId}&budget_id=${planA}`);
    expect(res.status).toBe(200);
    const d = IncomeStatementSchema.parse(res.body.data).budget_comparison!;
    expect(d.budget).toEqual({ id: planA, name: "Plan A" });
    // sales 10 000 against 11 000; rent -3 500 against -4 000; result 6 500 against 7 000
    expect(d.sections.find((s) => s.key === "net_sales")).toMatchObject({
      outcome: 10000,
      budget: 11000,
      difference: -1000,
    });
    expect(d.sections.find((s) => s.key === "other_external_costs")).toMatchObject({
      outcome: -3500,
      budget: -4000,
      difference: 500,
      accounts: [{ account_number: "5010", outcome: -3500, budget: -4000, difference: 500 }],
    });
    expect(d.net_result).toEqual({ outcome: 6500, budget: 7000, difference: -500 });
    // January alone: the February budget is outside
    const jan = (await get(`/reports/income-statement?period_id=${periodId}&budget_id=${planA}&to_date=2026-01-31`))
      .body.data;
    expect(jan.budget_comparison.net_result).toEqual({ outcome: 10000, budget: 11000, difference: -1000 });
    expect((await get(`/reports/income-statement?period_id=${periodId}`)).body.data.budget_comparison).toBeUndefined();
  });

  it("sets each object and each month against the budget", async () => {
    const res = await get(
      `/reports/income-statement/by-dimension?period_id=${periodId}&dimension_id=1&budget_id=${planA}`,
    );
    const d = DimensionIncomeStatementSchema.parse(res.body.data);
    expect(d.columns.map((c) => c.key)).toEqual(["100", "200", "none"]);
    // 100: 6 000 - 3 000 against 8 000 - 2 500; 200: 4 000 against 3 000; none: -500 against -1 500
    expect(d.net_result).toEqual({
      amounts: [3000, 4000, -500],
      total: 6500,
      budget: [5500, 3000, -1500],
      budget_total: 7000,
      difference: [-2500, 1000, 1000],
      difference_total: -500,
    });
    expect(d.budget).toEqual({ id: planA, name: "Plan A" });
    const months = (
      await get(
        `/reports/income-statement/by-dimension?period_id=${periodId}&dimension_id=1&objects=100&breakdown=month&to_date=2026-02-28&budget_id=${planA}`,
      )
    ).body.data;
    expect(months.net_result).toMatchObject({
      amounts: [6000, -3000],
      budget: [8000, -2500],
      difference: [-2000, -500],
    });
  });

  it("sets each object against the budget in the PDF: outcome, budget and difference", async () => {
    const res = await SELF.fetch(
      `${BASE}${url(`/reports/income-statement/by-dimension/pdf?period_id=${periodId}&dimension_id=1&budget_id=${planA}`)}`,
      { headers: { Authorization: `Bearer ${actor.key}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (typeof process !== "undefined" && process.env?.REPORT_PDF_DUMP)
      console.log(`PDF_DUMP budget ${btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))}`);
    const text = await pdfText(bytes);
    for (const words of ["Resultaträkning per kostnadsställe mot budget", "budget Plan A", "Utfall", "Avvikelse"])
      expect(text).toContain(words);
    // a band holds whole objects: (100, 200) then (Utan objekt, Totalt), three columns each
    expect(text).toContain("(kolumn 1–6 av 12)");
    expect(text).toContain("(kolumn 7–12 av 12)");
    // årets resultat per object: outcome, budget, outcome less budget (the JSON report's figures)
    const results = text
      .split("Årets resultat\n")
      .slice(1)
      .map((rest) => rest.split("\n").slice(0, 6));
    expect(results).toEqual([
      ["3 000,00", "5 500,00", "-2 500,00", "4 000,00", "3 000,00", "1 000,00"],
      ["-500,00", "-1 500,00", "1 000,00", "6 500,00", "7 000,00", "-500,00"],
    ]);
  });

  it("refuses a budget that is not there", async () => {
    for (const path of ["income-statement?", "income-statement/by-dimension?dimension_id=1&"]) {
      const res = await get(`/reports/${path}period_id=${periodId}&budget_id=nope`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("BUDGET_NOT_FOUND");
    }
  });
});

describe("budget files", () => {
  it("imports a CSV, refuses the name again unless replace, and names a bad line", async () => {
    // lines end in \n: the API's input rules refuse \r inside a JSON string (docs/hardening.md)
    const csv = "konto;månad;belopp;dimension;objekt\n3001;2026-03;-1 000,50;1;100\n3001;202603;-500;;\n\n";
    const body = { fiscal_period_id: periodId, name: "Från CSV", format: "csv", csv_text: csv };
    const res = await send("POST", "/budgets/import", body);
    expect(res.status).toBe(201);
    expect(res.body.data.lines).toEqual([
      { account_number: "3001", month: "2026-03", dimensions: { "1": "100" }, amount: -1000.5 },
      { account_number: "3001", month: "2026-03", dimensions: {}, amount: -500 },
    ]);
    expect((await send("POST", "/budgets/import", body)).body.error.code).toBe("BUDGET_NAME_TAKEN");
    const comma = "account,month,amount\n4010,2026-04,250.25\n";
    const replaced = await send("POST", "/budgets/import", { ...body, csv_text: comma, replace: true });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ id: res.body.data.id, line_count: 1, total: 250.25 });
    const bad = await send("POST", "/budgets/import", {
      ...body,
      name: "Fel",
      csv_text: "konto;månad;belopp\n3001;2026-13;5\n",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toEqual([
      { path: "csv_text", message: 'line 2: "2026-13" is not a month (YYYY-MM)' },
    ]);
    const noHeader = await send("POST", "/budgets/import", { ...body, name: "Fel", csv_text: "a;b\n" });
    expect(noHeader.body.error.details.fields[0].message).toBe("the header lacks account, month, amount");
  });

  it("imports a SIE file's #PBUDGET lines, the whole less its objects' parts", async () => {
    const sie = [
      "#FLAGGA 0",
      "#SIETYP 4",
      "#PBUDGET 0 202604 3001 {} -10000.00",
      '#PBUDGET 0 202604 3001 {1 "100"} -6000.00',
      "#PBUDGET 0 202604 4010 {} 2000.00",
      "#PBUDGET -1 202504 3001 {} -1.00",
    ].join("\r\n");
    const b64 = btoa(String.fromCharCode(...encodeCp437(sie)));
    const res = await send("POST", "/budgets/import", {
      fiscal_period_id: periodId,
      name: "Från SIE",
      format: "sie",
      sie_base64: b64,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.lines).toEqual([
      { account_number: "3001", month: "2026-04", dimensions: { "1": "100" }, amount: -6000 },
      { account_number: "3001", month: "2026-04", dimensions: {}, amount: -4000 },
      { account_number: "4010", month: "2026-04", dimensions: {}, amount: 2000 },
    ]);
    const bad = await send("POST", "/budgets/import", {
      fiscal_period_id: periodId,
      name: "Fel SIE",
      format: "sie",
      sie_base64: btoa("#PBUDGET 0 202604 3001 {} abc\r\n"),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0]).toEqual({ path: "sie_base64", message: 'line 1: "abc" is not an amount' });
    const notBase64 = await send("POST", "/budgets/import", {
      fiscal_period_id: periodId,
      name: "Fel",
      format: "sie",
      sie_base64: "***",
    });
    expect(notBase64.status).toBe(400);
  });

  it("writes #PSALDO per object and the budget's #PBUDGET in the SIE export, which imports back", async () => {
    const sie = async (query: string) => {
      const res = await SELF.fetch(`${BASE}${url(`/reports/sie-export?period_id=${periodId}${query}`)}`, {
        headers: { Authorization: `Bearer ${actor.key}` },
      });
      return { status: res.status, text: decodeCp437(new Uint8Array(await res.arrayBuffer())) };
    };
    const { status, text } = await sie(`&budget_id=${planA}`);
    expect(status).toBe(200);
    const lines = text.split("\r\n");
    expect(lines.filter((l) => l.startsWith("#PSALDO 0 202601 3001"))).toEqual([
      "#PSALDO 0 202601 3001 {} -10000.00",
      "#PSALDO 0 202601 3001 {1 100} -6000.00",
      "#PSALDO 0 202601 3001 {1 200} -4000.00",
    ]);
    expect(lines.filter((l) => l.startsWith("#PBUDGET"))).toEqual([
      "#PBUDGET 0 202601 3001 {} -11000.00",
      "#PBUDGET 0 202601 3001 {1 100} -8000.00",
      "#PBUDGET 0 202601 3001 {1 200} -3000.00",
      "#PBUDGET 0 202602 5010 {} 4000.00",
      "#PBUDGET 0 202602 5010 {1 100} 2500.00",
    ]);
    // several budgets and none asked for: no #PBUDGET
    expect((await sie("")).text).not.toContain("#PBUDGET");
    expect((await sie("&budget_id=nope")).status).toBe(404);
    // the file read back as a budget is Plan A again
    const back = await send("POST", "/budgets/import", {
      fiscal_period_id: periodId,
      name: "Tillbaka",
      format: "sie",
      sie_base64: btoa(String.fromCharCode(...encodeCp437(text))),
    });
    const original = (await get(`/budgets/${planA}`)).body.data;
    expect(back.body.data.lines).toEqual(original.lines);
  });
});

describe("budget events", () => {
  it("announce each write (created, updated, imported, deleted) without the lines, to a webhook too", async () => {
    const c = await newCompany(actor.key, { name: "Budgethändelser AB" });
    const at = (path: string) => `/api/v1/companies/${c.id}${path}`;
    const hook = await write(actor.key, "POST", at("/webhooks"), {
      event_type: "budget.imported",
      webhook_url: "https://hooks.test/budgets",
      name: "budgets",
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const made = await write(actor.key, "POST", at("/budgets"), {
      fiscal_period_id: c.fiscal_period.id,
      name: "B1",
      lines: [bl("3001", "2026-01", -100)],
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    // a dry run announces nothing
    const dry = await write(actor.key, "POST", at(`/budgets/${id}/replace`), { lines: [] }, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(200);
    expect(
      (await write(actor.key, "POST", at(`/budgets/${id}/replace`), { lines: [bl("4010", "2026-02", 40)] })).status,
    ).toBe(200);
    const csv = {
      fiscal_period_id: c.fiscal_period.id,
      name: "B2",
      format: "csv",
      csv_text: "konto;månad;belopp\n3001;2026-03;-7\n",
    };
    const imported = await write(actor.key, "POST", at("/budgets/import"), csv);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect((await write(actor.key, "POST", at("/budgets/import"), { ...csv, replace: true })).status).toBe(200);
    expect((await write(actor.key, "DELETE", at(`/budgets/${id}`))).status).toBe(204);
    const events = (
      await booksDb
        .prepare("SELECT type, object FROM outbox_events WHERE company_id = ? AND type LIKE 'budget.%' ORDER BY rowid")
        .bind(c.id)
        .all<{ type: string; object: string }>()
    ).results.map((e) => ({ type: e.type, object: JSON.parse(e.object) }));
    expect(events.map((e) => [e.type, e.object.id, e.object.name])).toEqual([
      ["budget.created", id, "B1"],
      ["budget.updated", id, "B1"],
      ["budget.imported", imported.body.data.id, "B2"],
      ["budget.imported", imported.body.data.id, "B2"],
      ["budget.deleted", id, "B1"],
    ]);
    expect(events[0].object).toMatchObject({ fiscal_period_id: c.fiscal_period.id, line_count: 1, total: -100 });
    expect(events[0].object.lines).toBeUndefined();
    expect(events[1].object).toMatchObject({ line_count: 1, total: 40 });
    expect(events.slice(2, 4).map((e) => e.object.replaced)).toEqual([false, true]);
    const deliveries = await booksDb
      .prepare("SELECT event_type FROM webhook_deliveries WHERE webhook_id = ?")
      .bind(hook.body.data.id)
      .all<{ event_type: string }>();
    expect(deliveries.results.map((d) => d.event_type)).toEqual(["budget.imported", "budget.imported"]);
  });
});
