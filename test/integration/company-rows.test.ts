// Issue #33 "Past one database": a company's rows moved from one D1 database to another
// (src/db/company-rows.ts). The source is the test's DB with books made through the API;
// the target is a second, empty database (TEST_TARGET_DB in vitest.config.ts) migrated here.
import { applyD1Migrations, env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companyTables,
  copyCompanyRows,
  countCompanyRows,
  deleteCompanyRows,
  keyColumns,
  ledgerFingerprint,
  quote,
  readTableShapes,
  type TableCount,
} from "../../src/db/company-rows";
import { bindingOf, directory, homeOf } from "../../src/db/homes";
import {
  admin,
  BASE,
  call,
  companyFixture,
  createDraft,
  line,
  newCompany,
  postedEntry,
  uniqueKey,
  write,
} from "../helpers";

// the home of both companies: B is moved beside A when placement put it elsewhere
let sourceDb: D1Database;
const source = () => sourceDb;
const target = () => env.TEST_TARGET_DB;

const a = companyFixture({ name: "Flyttar AB" });
const b = companyFixture({ name: "Stannar AB" });
let tables: string[] = [];

/** A text that must stay text: it looks like the copy's own encoding of a BLOB, and like JSON. */
const TRICKY_TEXT = '{"hex":"41"} "citat" \\ ünïcødé € 😀\n\ttab';
const LONG_TEXT = TRICKY_TEXT + "y".repeat(300_000);
/** Beyond 2^53: a JS number cannot hold it, SQLite's integer can. */
const BIG_INTEGER = "9007199254740993";

async function uploadDocument(f: typeof a) {
  const form = new FormData();
  const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  form.append("file", new File([pdf], "kvitto.pdf", { type: "application/pdf" }));
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${f.companyId}/documents`, {
    method: "POST",
    headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A customer and a sent invoice (its sale posted by the ledger). */
async function sentInvoice(f: typeof a) {
  const path = `/api/v1/companies/${f.companyId}`;
  const cust = await write(f.actor.key, "POST", `${path}/customers`, {
    name: "Kund AB",
    customer_type: "swedish_business",
  });
  expect(cust.status, JSON.stringify(cust.body)).toBe(201);
  const inv = await write(f.actor.key, "POST", `${path}/invoices`, {
    customer_id: cust.body.data.id,
    invoice_date: "2026-04-10",
    items: [{ description: "Konsult", quantity: 3, unit_price: 1000, vat_rate: 0.25 }],
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  const sent = await write(f.actor.key, "POST", `${path}/invoices/${inv.body.data.id}/mark-sent`, {});
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

/**
 * Values the API does not write but a row may hold: a text that looks like JSON, an integer
 * past 2^53, a real in an INTEGER column, a BLOB in a TEXT column, and descriptions of 300 kB,
 * so that one page of the copy needs several INSERTs (each JSON text under 512 kB) and the page's
 * byte budget cuts a page short of its row count.
 */
async function addEdgeValues(companyId: string) {
  await source()
    .prepare(
      `INSERT INTO bank_import_chunks (import_id, chunk_index, company_id, rows_inserted, rows_skipped_duplicate, created_at)
       VALUES ('edge-' || ?1, 0, ?1, ${BIG_INTEGER}, 2.5, x'00ff41'), ('edge-' || ?1, 1, ?1, 1.0, -0.0, '2026-01-01')`,
    )
    .bind(companyId)
    .run();
  // 15 lines of 0 kr and 300 kB on the draft, inserted after the others (lines are immutable: no
  // UPDATE): 4.5 MB, more than one page of the copy takes (4 MB), whatever its row count
  await source()
    .prepare(
      `WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < 14)
       INSERT INTO journal_lines (id, company_id, journal_entry_id, sort_order, account_number, debit_ore, credit_ore,
         line_description, entry_date)
       SELECT 'long-' || k, ?1, e.id, 10 + k, '1930', 0, 0, CASE k WHEN 0 THEN ?2 ELSE ?3 || k END, e.entry_date
       FROM journal_entries e, n WHERE e.company_id = ?1 AND e.status = 'draft'`,
    )
    .bind(companyId, LONG_TEXT, "x".repeat(300_000))
    .run();
}

/**
 * Every row of the company in one table, in rowid order, with the storage class of each
 * value beside it: equal rows and equal classes mean the copy kept the values exactly.
 */
async function rowsOf(d1: D1Database, table: string, companyId: string) {
  const { results: cols } = await d1
    .prepare("SELECT name FROM pragma_table_info(?1)")
    .bind(table)
    .all<{ name: string }>();
  const types = cols.map((c) => `typeof("${c.name}")`).join(" || ',' || ");
  const key = table === "companies" ? "id" : "company_id";
  // a WITHOUT ROWID table (journal_line_objects) has no rowid: its key orders its rows
  const shape = (await readTableShapes(d1)).get(table)!;
  const order = keyColumns(shape).map(quote).join(", ");
  const { results } = await d1
    .prepare(`SELECT *, ${types} AS __types FROM "${table}" WHERE ${key} = ?1 ORDER BY ${order}`)
    .bind(companyId)
    .all();
  return results;
}

const nonZero = (counts: TableCount[]) => counts.filter((c) => c.rows > 0);
const allZero = (counts: TableCount[]) => counts.map((c) => ({ ...c, rows: 0 }));

/** The target emptied of both companies (idempotent), so that each test starts from an empty target. */
async function clearTarget() {
  await deleteCompanyRows(target(), a.companyId, tables);
  await deleteCompanyRows(target(), b.companyId, tables);
}

/** Moves company B's books into A's home (POST /admin/v1/companies/{id}/move), so both are in one source. */
async function besideA(): Promise<D1Database> {
  const home = (id: string) => homeOf(directory(env), id);
  const aHome = (await home(a.companyId))!;
  if ((await home(b.companyId)) !== aHome) {
    const started = await admin("POST", `/admin/v1/companies/${b.companyId}/move`, { to: aHome });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (let i = 0; i < 200 && (await home(b.companyId)) !== aHome; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await home(b.companyId)).toBe(aHome);
  }
  return bindingOf(env, aHome);
}

beforeAll(async () => {
  sourceDb = await besideA();
  await applyD1Migrations(target(), env.TEST_MIGRATIONS);
  tables = await companyTables(source());
  // company A: journal entries (posted and a draft), a customer and a sent invoice, a document
  await postedEntry(a.actor.key, a.companyId, a.periodId, { description: "Försäljning kontant" });
  await postedEntry(a.actor.key, a.companyId, a.periodId, {
    entry_date: "2026-02-03",
    description: "Hyra",
    lines: [line("5010", 8000, 0, "Lokalhyra februari"), line("1930", 0, 8000)],
  });
  expect((await createDraft(a.actor.key, a.companyId, a.periodId, { description: "Utkast" })).status).toBe(201);
  await sentInvoice(a);
  await uploadDocument(a);
  await addEdgeValues(a.companyId);
  // company B: a few rows in the same tables, which must stay where they are
  await postedEntry(b.actor.key, b.companyId, b.periodId, { description: "B:s försäljning" });
  await sentInvoice(b);
});

describe("companyTables", () => {
  it("lists the tables with a company's rows, parents before children, and none of the directory's", async () => {
    expect(tables).toContain("companies");
    for (const t of ["journal_entries", "journal_lines", "invoices", "customers", "documents", "audit_log"]) {
      expect(tables).toContain(t);
    }
    for (const t of ["memberships", "users", "api_keys", "bas_accounts", "d1_migrations", "_cf_METADATA"]) {
      expect(tables).not.toContain(t);
    }
    const at = (t: string) => tables.indexOf(t);
    // the foreign keys of the schema: companies <- fiscal_periods <- journal_entries <- journal_lines
    expect(at("companies")).toBeLessThan(at("fiscal_periods"));
    expect(at("companies")).toBeLessThan(at("accounts"));
    expect(at("companies")).toBeLessThan(at("company_settings"));
    expect(at("fiscal_periods")).toBeLessThan(at("journal_entries"));
    expect(at("journal_entries")).toBeLessThan(at("journal_lines"));
    // the same schema gives the same order on the other database
    expect(await companyTables(target())).toEqual(tables);
  });
});

describe("copyCompanyRows", () => {
  it("copies every row of the company, and only its, with the same counts and the same journal by figures", async () => {
    await clearTarget();
    const before = await countCompanyRows(source(), a.companyId, tables);
    const seen: string[] = [];
    // pages of 3 rows: every table of more than 3 rows is read and resumed page by page
    const copied = await copyCompanyRows(source(), target(), a.companyId, {
      chunkRows: 3,
      afterTable: (t) => void seen.push(t),
    });
    expect(copied).toEqual(before);
    expect(seen).toEqual(tables);
    expect(await countCompanyRows(target(), a.companyId, tables)).toEqual(before);
    // the books were really there: entries, lines, the invoice, the document, the audit trail
    const n = Object.fromEntries(before.map((c) => [c.table, c.rows]));
    // documents: the upload and the invoice's archived PDF
    expect(n).toMatchObject({ companies: 1, customers: 1, invoices: 1, documents: 2 });
    expect(n.journal_entries).toBe(4); // two posted, a draft, the invoice's sale
    expect(n.journal_lines).toBeGreaterThanOrEqual(8);
    expect(n.audit_log).toBeGreaterThan(0);
    // the journal by figures: 1 250 + 8 000 + 3 750 kr posted, and the draft's 1 250 kr
    const fingerprint = await ledgerFingerprint(source(), a.companyId);
    expect(fingerprint).toMatchObject({ entries: 4, debitOre: 1_425_000, creditOre: 1_425_000 });
    expect(fingerprint.accounts).toContainEqual({ account: "5010", debitOre: 800_000, creditOre: 0 });
    expect(await ledgerFingerprint(target(), a.companyId)).toEqual(fingerprint);
    // company B stays behind
    expect(await countCompanyRows(target(), b.companyId, tables)).toEqual(
      allZero(await countCompanyRows(source(), b.companyId, tables)),
    );
    expect(await ledgerFingerprint(target(), b.companyId)).toEqual({
      entries: 0,
      lines: 0,
      debitOre: 0,
      creditOre: 0,
      accounts: [],
    });
  });

  it("keeps every value exactly: integers past 2^53, reals, BLOBs, NULLs, JSON columns, long texts, row order", async () => {
    await clearTarget();
    await copyCompanyRows(source(), target(), a.companyId);
    for (const t of tables) {
      expect(await rowsOf(target(), t, a.companyId), t).toEqual(await rowsOf(source(), t, a.companyId));
    }
    // what those rows hold: NULLs, JSON text, the edge values (compared in SQL, not in JS numbers)
    const lines = await rowsOf(target(), "journal_lines", a.companyId);
    expect(lines.some((l) => l.dimensions === null)).toBe(true);
    expect(lines.find((l) => l.id === "long-0")!.line_description).toBe(LONG_TEXT);
    const [settings] = await rowsOf(target(), "company_settings", a.companyId);
    expect(Object.values(settings!)).toContain(null);
    const events = await rowsOf(target(), "outbox_events", a.companyId);
    expect(events.length).toBeGreaterThan(0);
    expect(() => JSON.parse(String(events[0]!.object))).not.toThrow();
    const edge = await target()
      .prepare(
        `SELECT rows_inserted = ${BIG_INTEGER} AS big, typeof(rows_skipped_duplicate) AS real, rows_skipped_duplicate AS half,
                typeof(created_at) AS blob, hex(created_at) AS bytes
         FROM bank_import_chunks WHERE company_id = ?1 AND chunk_index = 0`,
      )
      .bind(a.companyId)
      .first();
    expect(edge).toEqual({ big: 1, real: "real", half: 2.5, blob: "blob", bytes: "00FF41" });
    const second = await target()
      .prepare(
        "SELECT typeof(rows_inserted) AS one, typeof(rows_skipped_duplicate) AS zero FROM bank_import_chunks WHERE company_id = ?1 AND chunk_index = 1",
      )
      .bind(a.companyId)
      .first();
    expect(second).toEqual({ one: "integer", zero: "integer" });
    // the copied books answer through the same SQL the API runs: the journal entries' voucher numbers
    const vouchers = await target()
      .prepare(
        "SELECT voucher_series || voucher_number AS v FROM journal_entries WHERE company_id = ?1 AND status = 'posted' ORDER BY rowid",
      )
      .bind(a.companyId)
      .all<{ v: string }>();
    const sourceVouchers = await source()
      .prepare(
        "SELECT voucher_series || voucher_number AS v FROM journal_entries WHERE company_id = ?1 AND status = 'posted' ORDER BY rowid",
      )
      .bind(a.companyId)
      .all<{ v: string }>();
    expect(vouchers.results).toEqual(sourceVouchers.results);
    expect(vouchers.results).toHaveLength(3);
  });

  it("refuses a second copy onto rows already there, and a target whose columns differ", async () => {
    await clearTarget();
    await copyCompanyRows(source(), target(), a.companyId, { tables: ["companies"] });
    await expect(copyCompanyRows(source(), target(), a.companyId, { tables: ["companies"] })).rejects.toThrow(
      /UNIQUE constraint failed/,
    );
    await expect(copyCompanyRows(source(), target(), a.companyId, { tables: ["no_such_table"] })).rejects.toThrow(
      "the source database has no table no_such_table",
    );
    await expect(copyCompanyRows(source(), target(), a.companyId, { chunkRows: 0 })).rejects.toThrow(
      "chunkRows must be a positive integer",
    );
    // a database a migration behind (here: a table with a column fewer) is refused before any row is written
    await source().exec("CREATE TABLE rows_probe (company_id TEXT, note TEXT)");
    await target().exec("CREATE TABLE rows_probe (company_id TEXT)");
    await source().prepare("INSERT INTO rows_probe VALUES (?1, 'kept')").bind(a.companyId).run();
    await expect(copyCompanyRows(source(), target(), a.companyId, { tables: ["rows_probe"] })).rejects.toThrow(
      "table rows_probe differs between the databases (source: company_id,note; target: company_id): migrate both first",
    );
    expect(await countCompanyRows(target(), a.companyId, ["rows_probe"])).toEqual([{ table: "rows_probe", rows: 0 }]);
    await source().exec("DROP TABLE rows_probe");
    await target().exec("DROP TABLE rows_probe");
  });

  it("pages a WITHOUT ROWID table by its composite primary key, and deletes it in chunks by that key", async () => {
    // no table of the schema is WITHOUT ROWID today; a table made for the test on both databases
    const ddl = `CREATE TABLE rows_keyed (company_id TEXT NOT NULL, a TEXT NOT NULL, b INTEGER NOT NULL, v TEXT,
      PRIMARY KEY (a, b)) WITHOUT ROWID`;
    await source().exec(ddl.replaceAll("\n", " "));
    await target().exec(ddl.replaceAll("\n", " "));
    try {
      // keys inserted out of order, two companies interleaved; (a, b) pages must not skip a "b" tie
      await source()
        .prepare(
          `INSERT INTO rows_keyed VALUES (?1, 'y', 2, 'y2'), (?1, 'x', 10, NULL), (?2, 'x', 5, 'other'), (?1, 'x', 2, 'x2'),
             (?1, 'y', 1, 'y1'), (?1, 'x', 9, 'x9'), (?1, 'z', 0, 'z0')`,
        )
        .bind(a.companyId, b.companyId)
        .run();
      const copied = await copyCompanyRows(source(), target(), a.companyId, { tables: ["rows_keyed"], chunkRows: 2 });
      expect(copied).toEqual([{ table: "rows_keyed", rows: 6 }]);
      const keyed = (d1: D1Database) =>
        d1
          .prepare("SELECT * FROM rows_keyed ORDER BY a, b")
          .all()
          .then((r) => r.results);
      expect(await keyed(target())).toEqual((await keyed(source())).filter((r) => r.company_id === a.companyId));
      expect(await deleteCompanyRows(source(), a.companyId, ["rows_keyed"], { chunkRows: 4 })).toEqual([
        { table: "rows_keyed", rows: 6 },
      ]);
      expect(await keyed(source())).toEqual([{ company_id: b.companyId, a: "x", b: 5, v: "other" }]);
    } finally {
      await source().exec("DROP TABLE rows_keyed");
      await target().exec("DROP TABLE rows_keyed");
    }
  });

  it("leaves a copy that failed half-way partial, and deleteCompanyRows on the target removes it completely", async () => {
    await clearTarget();
    await copyCompanyRows(source(), target(), a.companyId); // A is on the target already: it must not be touched
    const aOnTarget = await countCompanyRows(target(), a.companyId, tables);
    await expect(
      copyCompanyRows(source(), target(), b.companyId, {
        chunkRows: 2,
        afterTable: (t) => {
          if (t === "journal_entries") throw new Error("the worker was stopped");
        },
      }),
    ).rejects.toThrow("the worker was stopped");
    const partial = await countCompanyRows(target(), b.companyId, tables);
    const rows = (t: string) => partial.find((c) => c.table === t)!.rows;
    expect(rows("companies")).toBe(1);
    expect(rows("journal_entries")).toBe(2);
    expect(rows("journal_lines")).toBe(0); // after journal_entries: never reached
    const deleted = await deleteCompanyRows(target(), b.companyId, tables, { chunkRows: 2 });
    expect(nonZero(deleted).sort((x, y) => x.table.localeCompare(y.table))).toEqual(
      nonZero(partial).sort((x, y) => x.table.localeCompare(y.table)),
    );
    expect(await countCompanyRows(target(), b.companyId, tables)).toEqual(allZero(partial));
    expect(await countCompanyRows(target(), a.companyId, tables)).toEqual(aOnTarget);
    // and the cleaned target takes the whole copy
    const full = await copyCompanyRows(source(), target(), b.companyId);
    expect(full).toEqual(await countCompanyRows(source(), b.companyId, tables));
    expect(await ledgerFingerprint(target(), b.companyId)).toEqual(await ledgerFingerprint(source(), b.companyId));
  });
});

describe("deleteCompanyRows", () => {
  it("deletes the company from the source, children first, leaves the other company untouched, and runs again as a no-op", async () => {
    const bBefore = await countCompanyRows(source(), b.companyId, tables);
    const bLedger = await ledgerFingerprint(source(), b.companyId);
    const aBefore = await countCompanyRows(source(), a.companyId, tables);
    // the memberships are the directory's (not a company table): the directory ends them first,
    // else the foreign key memberships -> companies refuses the company's row
    await expect(deleteCompanyRows(source(), a.companyId, ["companies"])).rejects.toThrow(
      /deleting the company's rows of companies was refused: .*FOREIGN KEY/,
    );
    await source().prepare("DELETE FROM memberships WHERE company_id = ?1").bind(a.companyId).run();
    const order: string[] = [];
    const deleted = await deleteCompanyRows(source(), a.companyId, tables, {
      chunkRows: 2,
      afterTable: (t) => void order.push(t),
    });
    expect(order).toEqual([...tables].reverse());
    expect(deleted).toEqual([...aBefore].reverse());
    expect(await countCompanyRows(source(), a.companyId, tables)).toEqual(allZero(aBefore));
    expect(await ledgerFingerprint(source(), a.companyId)).toMatchObject({ entries: 0, lines: 0, debitOre: 0 });
    // B's rows and books are as they were, and its API still answers
    expect(await countCompanyRows(source(), b.companyId, tables)).toEqual(bBefore);
    expect(await ledgerFingerprint(source(), b.companyId)).toEqual(bLedger);
    const list = await call("GET", `/api/v1/companies/${b.companyId}/journal-entries`, { key: b.actor.key });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    // a second run deletes nothing and succeeds
    expect(nonZero(await deleteCompanyRows(source(), a.companyId, tables))).toEqual([]);
    // the ledger's guards are back: any other delete of a journal line or entry is still refused
    await expect(
      source().prepare("DELETE FROM journal_lines WHERE company_id = ?1").bind(b.companyId).run(),
    ).rejects.toThrow("journal lines are immutable");
    await expect(
      source().prepare("DELETE FROM journal_entries WHERE company_id = ?1").bind(b.companyId).run(),
    ).rejects.toThrow("journal entries are never deleted");
    await expect(
      source().prepare("DELETE FROM documents WHERE company_id = ?1").bind(b.companyId).run(),
    ).rejects.toThrow("archived documents are never deleted");
  });
});

describe("a larger company", () => {
  it("copies 5 000 journal lines and verifies them by counts and figures, then deletes them in chunks", async () => {
    const actor = b.actor;
    const c = await newCompany(actor.key, { name: "Stor AB" });
    const home = bindingOf(env, (await homeOf(directory(env), c.id))!);
    // 1 000 posted entries of five lines each, written directly: the volume, not the API, is tested here
    await home
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
         INSERT INTO journal_entries (id, company_id, fiscal_period_id, voucher_series, voucher_number, entry_date,
           description, status, source_type, total_ore, created_at, posted_at)
         SELECT 'bulk-' || ?1 || '-' || i, ?1, ?2, 'A', i, '2026-05-01', 'Försäljning ' || i, 'posted', 'manual',
           12500 + i, '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z' FROM n`,
      )
      .bind(c.id, c.fiscal_period.id)
      .run();
    await home
      .prepare(
        `WITH l(k, account, debit, credit) AS (VALUES (0, '1930', 1, 0), (1, '1910', 0, 0), (2, '3001', 0, 1), (3, '3001', 0, 0), (4, '2611', 0, 0))
         INSERT INTO journal_lines (id, company_id, journal_entry_id, sort_order, account_number, debit_ore, credit_ore, entry_date)
         SELECT e.id || '-' || l.k, ?1, e.id, l.k, l.account,
           CASE l.k WHEN 0 THEN 10000 + e.voucher_number WHEN 1 THEN 2500 ELSE 0 END,
           CASE l.k WHEN 2 THEN 5000 + e.voucher_number WHEN 3 THEN 5000 WHEN 4 THEN 2500 ELSE 0 END,
           e.entry_date
         FROM journal_entries e, l WHERE e.company_id = ?1 AND e.id GLOB 'bulk-*'`,
      )
      .bind(c.id)
      .run();
    const fingerprint = await ledgerFingerprint(home, c.id);
    expect(fingerprint.lines).toBe(5000);
    // Σ (10 000 + i) + 2 500 × 1 000 over i = 1..1 000 = 10 000 000 + 500 500 + 2 500 000
    expect(fingerprint.debitOre).toBe(13_000_500);
    expect(fingerprint.creditOre).toBe(13_000_500);

    const copied = await copyCompanyRows(home, target(), c.id);
    expect(copied.find((t) => t.table === "journal_lines")!.rows).toBe(5000);
    expect(await countCompanyRows(target(), c.id, tables)).toEqual(await countCompanyRows(home, c.id, tables));
    expect(await ledgerFingerprint(target(), c.id)).toEqual(fingerprint);

    // 5 000 = 7 × 700 + 100: the last chunk is short, then nothing is left
    const deleted = await deleteCompanyRows(target(), c.id, tables, { chunkRows: 700 });
    expect(deleted.find((t) => t.table === "journal_lines")!.rows).toBe(5000);
    expect(nonZero(await countCompanyRows(target(), c.id, tables))).toEqual([]);
    expect(nonZero(await countCompanyRows(home, c.id, tables)).length).toBeGreaterThan(0);
  });
});
