// The reports by dimension (issue #46): the income statement per object, per month and for
// chosen objects, and the general ledger of each object, with figures worked out by hand
// below, and the refusals the other reports make.
import { SELF } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DimensionGeneralLedgerSchema,
  DimensionIncomeStatementSchema,
} from "../../src/domains/reports/dimensions/schemas";
import { pdfText } from "../pdf-text";
import {
  BASE,
  call,
  createDraft,
  line,
  newActor,
  newCompany,
  newKey,
  postedEntry,
  write,
  type Actor,
} from "../helpers";

let actor: Actor;
let companyId: string;
let periodId: string;
const report = (name: string, query: string) =>
  call("GET", `/api/v1/companies/${companyId}/reports/${name}?${query}`, { key: actor.key });
const withObjects = (l: ReturnType<typeof line>, dimensions: Record<string, string>) => ({ ...l, dimensions });
const cc = (code: string) => ({ "1": code });

// Dimension 1 Kostnadsställe: 100 Sälj, 200 Lager, 300 Kontor (no lines); dimension 6 Projekt: P1.
//   A1 2026-01-15 1930 D 12 500 / 3001 C 6 000 {1:100} / 3001 C 4 000 {1:200} / 2611 C 2 500
//   A2 2026-02-10 5010 D 3 000 {1:100}, 5010 D 1 000 {1:200}, 5010 D 500 / 1930 C 4 500
//   A3 2026-02-20 7010 D 2 000 {1:100, 6:P1} / 1930 C 2 000 {1:100}
//   A4 2026-03-05 1930 D 1 000 {1:100} / 3001 C 1 000 {1:100}
//   a draft 2026-03-06 3001 C 99 999 {1:200}: never counted
// Per object (revenue positive): 100: sales 7 000, costs -3 000 and -2 000, result 2 000;
// 200: 4 000 - 1 000 = 3 000; 300: 0; no object: -500. Together 4 500, the income statement's.
beforeAll(async () => {
  actor = await newActor();
  const c = await newCompany(actor.key, { name: "Dimension AB" });
  companyId = c.id;
  periodId = c.fiscal_period.id;
  const base = `/api/v1/companies/${companyId}`;
  await write(actor.key, "POST", `${base}/dimensions`, { id: 1, name: "Kostnadsställe" });
  await write(actor.key, "POST", `${base}/dimensions`, { id: 6, name: "Projekt" });
  for (const [code, name] of [
    ["100", "Sälj"],
    ["200", "Lager"],
    ["300", "Kontor"],
  ])
    await write(actor.key, "POST", `${base}/dimensions/1/codes`, { code, name });
  await write(actor.key, "POST", `${base}/dimensions/6/codes`, { code: "P1", name: "Bygget" });
  const post = (date: string, description: string, lines: unknown[]) =>
    postedEntry(actor.key, companyId, periodId, { entry_date: date, description, lines });
  await post("2026-01-15", "Försäljning", [
    line("1930", 12500, 0),
    withObjects(line("3001", 0, 6000), cc("100")),
    withObjects(line("3001", 0, 4000), cc("200")),
    line("2611", 0, 2500),
  ]);
  await post("2026-02-10", "Hyra", [
    withObjects(line("5010", 3000, 0), cc("100")),
    withObjects(line("5010", 1000, 0), cc("200")),
    line("5010", 500, 0),
    line("1930", 0, 4500),
  ]);
  await post("2026-02-20", "Lön projekt", [
    withObjects(line("7010", 2000, 0), { "1": "100", "6": "P1" }),
    withObjects(line("1930", 0, 2000), cc("100")),
  ]);
  await post("2026-03-05", "Försäljning sälj", [
    withObjects(line("1930", 1000, 0), cc("100")),
    withObjects(line("3001", 0, 1000), cc("100")),
  ]);
  const draft = await createDraft(actor.key, companyId, periodId, {
    entry_date: "2026-03-06",
    lines: [line("1930", 99999, 0), withObjects(line("3001", 0, 99999), cc("200"))],
  });
  expect(draft.status).toBe(201);
});

const section = (d: any, key: string) => d.sections.find((s: any) => s.key === key);

describe("income statement by dimension", () => {
  it("has a column per object and one for no object, adding up to the income statement", async () => {
    const res = await report("income-statement/by-dimension", `period_id=${periodId}&dimension_id=1`);
    expect(res.status).toBe(200);
    const d = DimensionIncomeStatementSchema.parse(res.body.data);
    expect(d.columns.map((c) => [c.key, c.label, c.object])).toEqual([
      ["100", "Sälj", "100"],
      ["200", "Lager", "200"],
      ["300", "Kontor", "300"],
      ["none", "Utan objekt", null],
    ]);
    expect(section(d, "net_sales")).toMatchObject({
      amounts: [7000, 4000, 0, 0],
      total: 11000,
      accounts: [{ account_number: "3001", amounts: [7000, 4000, 0, 0], total: 11000 }],
    });
    expect(section(d, "other_external_costs").amounts).toEqual([-3000, -1000, 0, -500]);
    expect(section(d, "personnel_costs").amounts).toEqual([-2000, 0, 0, 0]);
    expect(d.gross_margin).toEqual({ amounts: [7000, 4000, 0, 0], total: 11000 });
    expect(d.operating_result).toEqual({ amounts: [2000, 3000, 0, -500], total: 4500 });
    expect(d.net_result).toEqual({ amounts: [2000, 3000, 0, -500], total: 4500 });
    const plain = await report("income-statement", `period_id=${periodId}`);
    expect(plain.body.data.netResult).toBe(d.net_result.total);
    expect(d.dimension).toEqual({ id: 1, name: "Kostnadsställe" });
    expect(d.objects).toBeNull();
    expect(d.breakdown).toBe("object");
  });

  it("reads another dimension: project P1 against everything else", async () => {
    const d = (await report("income-statement/by-dimension", `period_id=${periodId}&dimension_id=6`)).body.data;
    expect(d.columns.map((c: any) => c.key)).toEqual(["P1", "none"]);
    expect(d.net_result).toEqual({ amounts: [-2000, 6500], total: 4500 });
  });

  it("narrows to chosen objects, a column each or one together", async () => {
    const two = (await report("income-statement/by-dimension", `period_id=${periodId}&dimension_id=1&objects=200,100`))
      .body.data;
    expect(two.columns.map((c: any) => c.key)).toEqual(["200", "100"]);
    expect(two.objects).toEqual(["200", "100"]);
    expect(two.net_result).toEqual({ amounts: [3000, 2000], total: 5000 });
    const one = (
      await report(
        "income-statement/by-dimension",
        `period_id=${periodId}&dimension_id=1&objects=100,200&breakdown=none`,
      )
    ).body.data;
    expect(one.columns).toEqual([{ key: "total", label: "Totalt", object: null, month: null }]);
    expect(one.net_result).toEqual({ amounts: [5000], total: 5000 });
    expect(section(one, "net_sales").amounts).toEqual([11000]);
  });

  it("goes month by month, over the year or a range inside it", async () => {
    const year = (
      await report("income-statement/by-dimension", `period_id=${periodId}&dimension_id=1&objects=100&breakdown=month`)
    ).body.data;
    expect(year.columns).toHaveLength(12);
    expect(year.columns[0]).toEqual({ key: "2026-01", label: "2026-01", object: null, month: "2026-01" });
    // January 6 000; February -3 000 - 2 000; March 1 000
    expect(year.net_result.amounts).toEqual([6000, -5000, 1000, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(year.net_result.total).toBe(2000);
    const range = (
      await report(
        "income-statement/by-dimension",
        `period_id=${periodId}&dimension_id=1&breakdown=month&from_date=2026-02-15&to_date=2026-03-31`,
      )
    ).body.data;
    // every object: 2026-02-20 salary -2 000; March +1 000 (the 10 February rent is before the range)
    expect(range.columns.map((c: any) => c.key)).toEqual(["2026-02", "2026-03"]);
    expect(range.net_result).toEqual({ amounts: [-2000, 1000], total: -1000 });
    expect(range.from_date).toBe("2026-02-15");
  });

  it.each([
    ["a date outside the period", "dimension_id=1&from_date=2025-12-31", 400, "VALIDATION_ERROR"],
    ["from after to", "dimension_id=1&from_date=2026-03-01&to_date=2026-02-01", 400, "VALIDATION_ERROR"],
    ["an unknown parameter", "dimension_id=1&colour=blue", 400, "VALIDATION_ERROR"],
    ["no dimension", "", 400, "VALIDATION_ERROR"],
    ["a dimension that is no number", "dimension_id=x", 400, "VALIDATION_ERROR"],
    ["an unknown breakdown", "dimension_id=1&breakdown=week", 400, "VALIDATION_ERROR"],
    ["an object the dimension lacks", "dimension_id=1&objects=100,999", 400, "VALIDATION_ERROR"],
    ["an empty code", "dimension_id=1&objects=100,,200", 400, "VALIDATION_ERROR"],
    ["an unknown dimension", "dimension_id=42", 404, "NOT_FOUND"],
  ])("refuses %s", async (_name, q, status, code) => {
    const res = await report("income-statement/by-dimension", `period_id=${periodId}&${q}`);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it("refuses an unknown period with PERIOD_NOT_FOUND", async () => {
    const res = await report("income-statement/by-dimension", "period_id=nope&dimension_id=1");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("PERIOD_NOT_FOUND");
  });
});

describe("general ledger by dimension", () => {
  // a fresh key a test: paging walks many pages, and each key has 100 requests a minute
  beforeEach(async () => {
    actor = { ...actor, ...(await newKey(actor.userId)) };
  });

  it("lists each object's lines by account, without empty objects", async () => {
    const res = await report(
      "general-ledger/by-dimension",
      `period_id=${periodId}&dimension_id=1&account_from=3000&account_to=3999`,
    );
    expect(res.status).toBe(200);
    const d = DimensionGeneralLedgerSchema.parse(res.body.data);
    expect(d.objects.map((o) => [o.object, o.name])).toEqual([
      ["100", "Sälj"],
      ["200", "Lager"],
    ]);
    const sales = d.objects[0].accounts[0];
    expect(sales).toMatchObject({
      account_number: "3001",
      opening_balance: 0,
      debit: 0,
      credit: 7000,
      closing_balance: -7000,
    });
    expect(sales.lines.map((l) => [l.entry_date, l.credit, l.balance])).toEqual([
      ["2026-01-15", 6000, -6000],
      ["2026-03-05", 1000, -7000],
    ]);
    expect(d.objects[1].totals).toEqual({ debit: 0, credit: 4000 });
  });

  it("carries an object's balance from before the range", async () => {
    const d = (
      await report(
        "general-ledger/by-dimension",
        `period_id=${periodId}&dimension_id=1&objects=100&account_from=1930&account_to=1930&from_date=2026-03-01`,
      )
    ).body.data;
    // 1930 for Sälj: C 2 000 on 20 February, then D 1 000 on 5 March
    expect(d.objects).toHaveLength(1);
    expect(d.objects[0].accounts).toEqual([
      expect.objectContaining({
        account_number: "1930",
        opening_balance: -2000,
        debit: 1000,
        credit: 0,
        closing_balance: -1000,
      }),
    ]);
    expect(d.objects[0].accounts[0].lines.map((l: any) => [l.voucher, l.balance])).toEqual([["A4", -1000]]);
  });

  it("has a block for the lines without object", async () => {
    const d = (
      await report(
        "general-ledger/by-dimension",
        `period_id=${periodId}&dimension_id=1&account_from=5010&account_to=5010`,
      )
    ).body.data;
    expect(d.objects.map((o: any) => [o.object, o.accounts[0].closing_balance])).toEqual([
      ["100", 3000],
      ["200", 1000],
      [null, 500],
    ]);
  });

  it("keeps an object asked for that has no lines", async () => {
    const d = (await report("general-ledger/by-dimension", `period_id=${periodId}&dimension_id=1&objects=300`)).body
      .data;
    expect(d.objects).toEqual([{ object: "300", name: "Kontor", accounts: [], totals: { debit: 0, credit: 0 } }]);
  });

  it("reads only the objects asked for, with the figures the unfiltered answer gives them", async () => {
    const all = DimensionGeneralLedgerSchema.parse(
      (await report("general-ledger/by-dimension", `period_id=${periodId}&dimension_id=1`)).body.data,
    );
    for (const code of ["100", "200"]) {
      const one = DimensionGeneralLedgerSchema.parse(
        (await report("general-ledger/by-dimension", `period_id=${periodId}&dimension_id=1&objects=${code}`)).body.data,
      );
      expect(one.objects).toEqual([all.objects.find((o) => o.object === code)]);
    }
    // without an object: 1930 D 12 500 (A1), C 4 500 (A2); 2611 C 2 500; 5010 D 500
    const none = all.objects.find((o) => o.object === null)!;
    expect(none.accounts.map((a) => [a.account_number, a.lines.length, a.closing_balance])).toEqual([
      ["1930", 2, 8000],
      ["2611", 1, -2500],
      ["5010", 1, 500],
    ]);
    expect(none.totals).toEqual({ debit: 13000, credit: 7000 });
  });

  /** Every page of a question with `limit`, following meta.next_cursor. */
  async function pages(query: string, limit: number) {
    const out: any[] = [];
    let cursor: string | null = null;
    do {
      const more = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const res = await report("general-ledger/by-dimension", `${query}&limit=${limit}${more}`);
      expect(res.status).toBe(200);
      out.push(DimensionGeneralLedgerSchema.parse(res.body.data));
      cursor = res.body.meta.next_cursor;
      expect(out.length).toBeLessThan(50);
    } while (cursor);
    return out;
  }

  /** The pages laid together: per object and account its figures and all its lines, continues dropped. */
  function joined(answers: any[]) {
    const blocks = new Map<
      string | null,
      { object: string | null; name: string; totals: unknown; accounts: Map<string, any> }
    >();
    for (const page of answers)
      for (const o of page.objects) {
        const block = blocks.get(o.object) ?? { object: o.object, name: o.name, totals: o.totals, accounts: new Map() };
        blocks.set(o.object, block);
        expect(block.totals).toEqual(o.totals);
        for (const { continues: _c, ...a } of o.accounts) {
          const seen = block.accounts.get(a.account_number);
          if (seen) seen.lines.push(...a.lines);
          else block.accounts.set(a.account_number, { ...a, lines: [...a.lines] });
        }
      }
    return [...blocks.values()].map((b) => ({ ...b, accounts: [...b.accounts.values()] }));
  }

  it.each([
    ["every object", `dimension_id=1`],
    ["two objects from March", `dimension_id=1&objects=200,100&from_date=2026-02-15`],
    // the sale and the rent have a line of each object on one account in one voucher
    ["two objects, the whole year", `dimension_id=1&objects=100,200`],
    [
      "one object on 1930 from March",
      `dimension_id=1&objects=100&account_from=1930&account_to=1930&from_date=2026-03-01`,
    ],
    ["project P1 and no project", `dimension_id=6`],
  ])("pages %s with the lines and running balances of one answer", async (_name, q) => {
    const query = `period_id=${periodId}&${q}`;
    const whole = (await report("general-ledger/by-dimension", query)).body;
    expect(whole.meta.next_cursor).toBeUndefined();
    const order = (blocks: any[]) => [...blocks].sort((a, b) => String(a.object).localeCompare(String(b.object)));
    // two objects at a limit of 100 are read one query each and merged, at 10 000 in one query
    for (const limit of [1, 2, 3, 100, 10_000]) {
      const answers = await pages(query, limit);
      expect(order(joined(answers))).toEqual(
        order(whole.data.objects.filter((o: any) => o.accounts.length > 0 || answers.length === 1)),
      );
      for (const page of answers)
        expect(page.objects.flatMap((o: any) => o.accounts).flatMap((a: any) => a.lines).length).toBeLessThanOrEqual(
          limit,
        );
    }
  });

  it("marks the account whose lines go on in the next page", async () => {
    const first = await report(
      "general-ledger/by-dimension",
      `period_id=${periodId}&dimension_id=1&objects=100&limit=1`,
    );
    // 100's first line is 1930 C 2 000 on 20 February; its 1930 lines go on with D 1 000 on 5 March
    expect(first.body.data.objects[0].accounts).toEqual([
      expect.objectContaining({ account_number: "1930", continues: true, opening_balance: 0, closing_balance: -1000 }),
    ]);
    expect(first.body.data.objects[0].accounts[0].lines.map((l: any) => [l.voucher, l.balance])).toEqual([
      ["A3", -2000],
    ]);
    expect(typeof first.body.meta.next_cursor).toBe("string");
  });

  it("refuses a cursor without limit, altered, or of another question or limit", async () => {
    const q = `period_id=${periodId}&dimension_id=1`;
    const cursor = (await report("general-ledger/by-dimension", `${q}&limit=2`)).body.meta.next_cursor as string;
    const altered = cursor.replace(/.$/, (ch) => (ch === "a" ? "b" : "a"));
    for (const bad of [
      `${q}&cursor=${encodeURIComponent(cursor)}`,
      `${q}&limit=2&cursor=${encodeURIComponent(altered)}`,
      `${q}&limit=3&cursor=${encodeURIComponent(cursor)}`,
      `${q}&objects=100&limit=2&cursor=${encodeURIComponent(cursor)}`,
      `${q}&limit=2&cursor=nonsense`,
    ]) {
      const res = await report("general-ledger/by-dimension", bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.details.fields[0].path).toBe("cursor");
    }
    expect((await report("general-ledger/by-dimension", `${q}&limit=0`)).status).toBe(400);
    expect((await report("general-ledger/by-dimension", `${q}&limit=10001`)).status).toBe(400);
  });

  it.each([
    ["a date outside the period", "dimension_id=1&to_date=2027-01-01", 400, "VALIDATION_ERROR"],
    ["a bad account", "dimension_id=1&account_from=12", 400, "VALIDATION_ERROR"],
    ["an unknown dimension", "dimension_id=7", 404, "NOT_FOUND"],
    ["an object the dimension lacks", "dimension_id=6&objects=100", 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_name, q, status, code) => {
    const res = await report("general-ledger/by-dimension", `period_id=${periodId}&${q}`);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });
});

describe("income statement by dimension as PDF", () => {
  const pdf = (query: string) =>
    SELF.fetch(`${BASE}/api/v1/companies/${companyId}/reports/income-statement/by-dimension/pdf?${query}`, {
      headers: { Authorization: `Bearer ${actor.key}` },
    });

  it("lays a column per object, one for no object and the total over the sections", async () => {
    const res = await pdf(`period_id=${periodId}&dimension_id=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain("resultatrakning-dimension-1-2026-01-01-2026-12-31");
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (typeof process !== "undefined" && process.env?.REPORT_PDF_DUMP)
      console.log(`PDF_DUMP by-object ${btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))}`);
    const text = await pdfText(bytes);
    for (const words of ["Resultaträkning per kostnadsställe", "Sälj", "Lager", "Kontor", "Utan objekt", "Totalt"])
      expect(text).toContain(words);
    for (const words of ["Nettoomsättning", "Bruttovinst", "Rörelseresultat", "Årets resultat"])
      expect(text).toContain(words);
    // the net result per column: 2 000, 3 000, 0, -500 and 4 500 in all
    expect(text).toMatch(/2[\s\u00a0]000,00\s+3[\s\u00a0]000,00\s+0,00\s+-500,00\s+4[\s\u00a0]500,00/);
  });

  it("cuts a month by month table into bands of columns that fit the page", async () => {
    const res = await pdf(`period_id=${periodId}&dimension_id=1&breakdown=month`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (typeof process !== "undefined" && process.env?.REPORT_PDF_DUMP)
      console.log(`PDF_DUMP by-month ${btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))}`);
    const text = await pdfText(bytes);
    expect(text).toMatch(/kolumn 1–\d+ av 13/);
    for (const month of ["jan", "jun", "dec"]) expect(text).toContain(month);
  });

  it("refuses what the JSON report refuses, a budget that is not there too", async () => {
    expect((await pdf(`period_id=${periodId}&dimension_id=9`)).status).toBe(404);
    const budget = await pdf(`period_id=${periodId}&dimension_id=1&budget_id=x`);
    expect(budget.status).toBe(404);
    expect(((await budget.json()) as { error: { code: string } }).error.code).toBe("BUDGET_NOT_FOUND");
    expect((await pdf(`period_id=${periodId}&dimension_id=1&budgets=x`)).status).toBe(400);
  });
});
