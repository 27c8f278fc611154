// The per-object day sums the ledger keeps (object_day_balances, migration 0060, issue #46) and
// the reports by dimension that read them: after posts with mixed dimensions, a draft
// committed, a reversal, a SIE import and the year-end, the table holds exactly what the posted
// lines sum to per (dimension, day, account, object), and the reports answer the figures a
// direct sum over the lines gives, at several date ranges.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import { booksDb } from "../books";
import { call, line, newActor, newCompany, postedEntry, settleOperation, write, type Actor } from "../helpers";

let actor: Actor;
let companyId: string;
let periodId: string;
const url = (p: string) => `/api/v1/companies/${companyId}${p}`;
const dims = (l: ReturnType<typeof line>, dimensions: Record<string, string>) => ({ ...l, dimensions });

/** The table's rows, and the same sums made directly over the posted lines (json_each of each line's map). */
async function keptAndByLines(id: string) {
  const kept = await booksDb
    .prepare(
      `SELECT fiscal_period_id AS p, dimension_id AS k, entry_date AS d, opening AS o, account_number AS a,
        object_code AS v, debit_ore AS dr, credit_ore AS cr
       FROM object_day_balances WHERE company_id = ? ORDER BY 1, 2, 3, 4, 5, 6`,
    )
    .bind(id)
    .all();
  const byLines = await booksDb
    .prepare(
      `SELECT e.fiscal_period_id AS p, CAST(j.key AS INTEGER) AS k, e.entry_date AS d,
        CASE WHEN e.source_type = 'opening_balance' THEN 1 ELSE 0 END AS o, l.account_number AS a,
        CAST(j.value AS TEXT) AS v, SUM(l.debit_ore) AS dr, SUM(l.credit_ore) AS cr
       FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id, json_each(l.dimensions) j
       WHERE e.company_id = ? AND e.status = 'posted' AND l.dimensions IS NOT NULL
       GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
    )
    .bind(id)
    .all();
  return { kept: kept.results, byLines: byLines.results };
}

/**
 * The places the ledger keeps of each line under its objects (journal_line_objects, migration
 * 0062), and the same made directly from the posted lines but the opening entry's.
 */
async function placesAndByLines(id: string) {
  const order = "ORDER BY 1, 2, 3, 4, 5, 6, 7, 8";
  const kept = await booksDb
    .prepare(
      `SELECT dimension_id AS k, object_code AS v, account_number AS a, entry_date AS d, voucher_series AS s,
        voucher_number AS n, sort_order AS so, line_id AS id, journal_entry_id AS e, debit_ore AS dr, credit_ore AS cr,
        line_description AS t
       FROM journal_line_objects WHERE company_id = ? ${order}`,
    )
    .bind(id)
    .all();
  const byLines = await booksDb
    .prepare(
      `SELECT CAST(j.key AS INTEGER) AS k, CAST(j.value AS TEXT) AS v, l.account_number AS a, e.entry_date AS d,
        e.voucher_series AS s, e.voucher_number AS n, l.sort_order AS so, l.id AS id, e.id AS e, l.debit_ore AS dr,
        l.credit_ore AS cr, l.line_description AS t
       FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id, json_each(l.dimensions) j
       WHERE e.company_id = ? AND e.status = 'posted' AND e.source_type <> 'opening_balance'
         AND l.dimensions IS NOT NULL ${order}`,
    )
    .bind(id)
    .all();
  return { kept: kept.results, byLines: byLines.results };
}

/** The net result (revenue positive) per object of dimension `dim` over from..to, straight from the lines; "" is no object. */
async function resultByLines(dim: number, from: string, to: string) {
  const rows = await booksDb
    .prepare(
      `SELECT COALESCE(json_extract(l.dimensions, ?), '') AS o, SUM(l.credit_ore) - SUM(l.debit_ore) AS n
       FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
       WHERE l.company_id = ? AND e.fiscal_period_id = ? AND e.status = 'posted' AND e.source_type <> 'opening_balance'
         AND l.account_number BETWEEN '3000' AND '8989' AND l.entry_date BETWEEN ? AND ?
       GROUP BY o`,
    )
    .bind(`$."${dim}"`, companyId, periodId, from, to)
    .all<{ o: string; n: number }>();
  return Object.fromEntries(rows.results.map((r) => [String(r.o), Number(r.n) / 100]));
}

beforeAll(async () => {
  actor = await newActor();
  const c = await newCompany(actor.key, { name: "Objektsaldo AB" });
  companyId = c.id;
  periodId = c.fiscal_period.id;
  await write(actor.key, "POST", url("/dimensions"), { id: 1, name: "Kostnadsställe" });
  await write(actor.key, "POST", url("/dimensions"), { id: 6, name: "Projekt" });
  for (const code of ["100", "200"]) await write(actor.key, "POST", url("/dimensions/1/codes"), { code, name: code });
  for (const code of ["P1", "P2"]) await write(actor.key, "POST", url("/dimensions/6/codes"), { code, name: code });
  const post = (entry_date: string, lines: unknown[]) =>
    postedEntry(actor.key, companyId, periodId, { entry_date, description: "x", lines });
  await post("2026-01-15", [
    line("1930", 12500, 0),
    dims(line("3001", 0, 6000), { "1": "100", "6": "P1" }),
    dims(line("3001", 0, 4000), { "1": "200" }),
    line("2611", 0, 2500),
  ]);
  const rent = await post("2026-02-10", [
    dims(line("5010", 3000, 0), { "1": "100" }),
    dims(line("5010", 1000, 0), { "6": "P2" }),
    line("5010", 500, 0),
    line("1930", 0, 4500),
  ]);
  // two entries on one day on the same account and object add to one row
  await post("2026-02-10", [dims(line("6110", 250, 0), { "1": "100" }), line("1930", 0, 250)]);
  await post("2026-06-30", [
    dims(line("7010", 2000, 0), { "1": "200", "6": "P1" }),
    dims(line("1930", 0, 2000), { "1": "200" }),
  ]);
  const reversed = await call("POST", url(`/journal-entries/${rent.id}/reverse`), {
    key: actor.key,
    headers: { "Idempotency-Key": crypto.randomUUID() },
    body: { reversal_date: "2026-07-01" },
  });
  expect(reversed.status).toBe(201);
  await post("2026-11-03", [line("1930", 800, 0), dims(line("3001", 0, 800, "Konsultarvode nov"), { "1": "100" })]);
});

describe("object_day_balances", () => {
  it("equal the posted lines per dimension, day, account and object after posts and a reversal", async () => {
    const { kept, byLines } = await keptAndByLines(companyId);
    expect(kept.length).toBeGreaterThan(8);
    expect(kept).toEqual(byLines);
    // the 2026-02-10 rent and office supplies on object 100: two rows, one per account
    expect(kept).toContainEqual(
      expect.objectContaining({ k: 1, d: "2026-02-10", a: "5010", v: "100", dr: 300000, cr: 0 }),
    );
    expect(kept).toContainEqual(
      expect.objectContaining({ k: 1, d: "2026-07-01", a: "5010", v: "100", dr: 0, cr: 300000 }),
    );
    // and each line's places under its objects: 10 lines name 12 objects (the bare lines none)
    const places = await placesAndByLines(companyId);
    expect(places.kept).toEqual(places.byLines);
    expect(places.kept).toHaveLength(12);
    expect(places.kept).toContainEqual(
      expect.objectContaining({ k: 6, v: "P1", a: "7010", d: "2026-06-30", dr: 200000 }),
    );
    expect(places.kept).toContainEqual(
      expect.objectContaining({ k: 1, v: "100", a: "3001", cr: 80000, t: "Konsultarvode nov" }),
    );
  });

  it("give the reports by dimension the lines' figures at any range", async () => {
    for (const [from, to] of [
      ["2026-01-01", "2026-12-31"],
      ["2026-01-01", "2026-02-10"],
      ["2026-02-11", "2026-07-01"],
      ["2026-07-01", "2026-12-31"],
    ]) {
      for (const dim of [1, 6]) {
        const res = await call(
          "GET",
          url(
            `/reports/income-statement/by-dimension?period_id=${periodId}&dimension_id=${dim}&from_date=${from}&to_date=${to}`,
          ),
          { key: actor.key },
        );
        expect(res.status).toBe(200);
        const net = res.body.data.net_result;
        const expected = await resultByLines(dim, from, to);
        const got = Object.fromEntries(
          res.body.data.columns.map((c: any, i: number) => [c.object ?? "", net.amounts[i]]),
        );
        for (const [object, amount] of Object.entries(got))
          expect(amount, `${dim} ${object} ${from}..${to}`).toBe(expected[object] ?? 0);
      }
    }
  });

  it("give the general ledger by object its opening balances before a date", async () => {
    const res = await call(
      "GET",
      url(
        `/reports/general-ledger/by-dimension?period_id=${periodId}&dimension_id=1&account_from=5010&account_to=5010&from_date=2026-03-01`,
      ),
      { key: actor.key },
    );
    expect(res.status).toBe(200);
    const opening = (object: string | null) =>
      res.body.data.objects.find((o: any) => o.object === object)?.accounts[0]?.opening_balance;
    // before March: 3 000 on 100, and 1 500 without an object of dimension 1 (1 000 on P2 and 500 bare)
    expect(opening("100")).toBe(3000);
    expect(opening(null)).toBe(1500);
  });

  it("give the general ledger of an object its lines from their places: entry, voucher, text and amounts", async () => {
    const res = await call(
      "GET",
      url(
        `/reports/general-ledger/by-dimension?period_id=${periodId}&dimension_id=1&objects=100&account_from=3001&account_to=3001`,
      ),
      { key: actor.key },
    );
    expect(res.status).toBe(200);
    const [block] = res.body.data.objects;
    expect(block.object).toBe("100");
    const lines = block.accounts[0].lines.map((l: any) => [l.entry_date, l.description, l.debit, l.credit, l.balance]);
    // the sale's 6 000 (the entry's text: the line has none), then November's 800 (the line's own text)
    expect(lines).toEqual([
      ["2026-01-15", "x", 0, 6000, -6000],
      ["2026-11-03", "Konsultarvode nov", 0, 800, -6800],
    ]);
    const entries = await booksDb
      .prepare("SELECT id FROM journal_entries WHERE company_id = ? AND entry_date = '2026-11-03'")
      .bind(companyId)
      .all<{ id: string }>();
    expect(block.accounts[0].lines[1].journal_entry_id).toBe(entries.results[0]!.id);
  });

  it("follow a SIE import and the year-end", async () => {
    const c = await newCompany(actor.key, {
      name: "Importobjekt AB",
      first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
    });
    const sie = [
      "#FLAGGA 0",
      "#SIETYP 4",
      '#FNAMN "Importobjekt AB"',
      "#RAR 0 20260101 20261231",
      '#DIM 1 "Kostnadsställe"',
      '#OBJEKT 1 "10" "Tio"',
      '#OBJEKT 1 "20" "Tjugo"',
      "#IB 0 1930 1000.00",
      "#IB 0 2081 -1000.00",
      '#VER A 1 20260105 "Sälj"',
      "{",
      "#TRANS 1930 {} 300.00",
      '#TRANS 3001 {1 "10"} -200.00',
      '#TRANS 3001 {1 "20"} -100.00',
      "}",
      '#VER A 2 20260105 "Köp"',
      "{",
      '#TRANS 6110 {1 "10"} 40.00',
      "#TRANS 1930 {} -40.00",
      "}",
    ].join("\r\n");
    const b64 = btoa(Array.from(encodeCp437(sie), (b) => String.fromCharCode(b)).join(""));
    const started = await call("POST", `/api/v1/companies/${c.id}/imports/sie`, {
      key: actor.key,
      body: { file_base64: b64, file_name: "objekt.se" },
    });
    expect(started.status).toBe(202);
    expect((await settleOperation(actor.key, started.body.data.operation_id)).status).toBe("succeeded");
    const pid = c.fiscal_period.id;
    const imported = await keptAndByLines(c.id);
    expect(imported.kept).toEqual(imported.byLines);
    expect(imported.kept).toContainEqual(expect.objectContaining({ d: "2026-01-05", a: "3001", v: "10", cr: 20000 }));
    const importedPlaces = await placesAndByLines(c.id);
    expect(importedPlaces.kept).toEqual(importedPlaces.byLines);
    expect(importedPlaces.kept.map((r: any) => `${r.s}${r.n} ${r.a} ${r.v}`)).toEqual([
      "A1 3001 10",
      "A2 6110 10",
      "A1 3001 20",
    ]);
    const base = `/api/v1/companies/${c.id}/fiscal-periods/${pid}`;
    expect((await write(actor.key, "POST", `${base}/lock`, {})).status).toBe(200);
    const yearEnd = await write(actor.key, "POST", `${base}/year-end`, {});
    expect(yearEnd.status, JSON.stringify(yearEnd.body)).toBe(202);
    expect((await settleOperation(actor.key, yearEnd.body.data.operation_id)).status).toBe("succeeded");
    const closed = await keptAndByLines(c.id);
    expect(closed.kept).toEqual(closed.byLines);
    const closedPlaces = await placesAndByLines(c.id);
    expect(closedPlaces.kept).toEqual(closedPlaces.byLines);
    const is = await call(
      "GET",
      `/api/v1/companies/${c.id}/reports/income-statement/by-dimension?period_id=${pid}&dimension_id=1`,
      { key: actor.key },
    );
    const net = is.body.data.net_result;
    // the closing entry is on 8999/2099 (left out of the statement): 10 earns 160, 20 earns 100
    expect(net.amounts).toEqual([160, 100, 0]);
  });
});
