// node bench/line-bytes.mjs [-- --lines 200000]
// What a journal line costs in the database, and how many companies one D1 database then
// carries (issue #33, "Books that stay small"; docs/scaling.md, "Capacity beyond one
// database"). Starts the service (wrangler dev, a fresh state directory), imports a generated
// SIE 4 file of --lines lines (five a voucher, each voucher announcing one
// journal_entry.committed event) into a fresh company, and reads SQLite's dbstat over the
// local D1 file, per table and index, less what the database held before the import:
//   before  the schema before issue #33 (the entry-cover index on journal_lines, the
//           outbox's (company_id, created) index) and every event still in the outbox: a
//           copy of the file taken after the import, with those two indexes built again on it;
//   after   this tree's schema, once the schedule has pruned the outbox (the service runs
//           with OUTBOX_RETENTION_DAYS=0, so every finished event goes at the first run;
//           /__scheduled runs the cron).
// Then the companies a 10 GB database carries, with the assumptions of docs/scaling.md:
// 20 000 lines a year (5 000 vouchers of 4 lines), the current year and seven more kept
// (Bokföringslagen 7 kap. 2 §), and after the change the last 30 days of events kept (the
// default window). No webhooks, so no deliveries; a company with webhooks adds its
// deliveries, which are kept. Asserts nothing beyond the import's success.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { createLiveKey } from "./mfa.mjs";
import { benchApi, startService } from "./service.mjs";
import { generateSie, LINES_PER_VOUCHER } from "./sie-file.mjs";

const { values } = parseArgs({
  options: { lines: { type: "string", default: "200000" }, port: { type: "string", default: "8799" } },
});
const LINES = Number(values.lines);
const BASE = `http://127.0.0.1:${values.port}`;
const DATABASE_BYTES = 10e9; // D1's limit per database, 10 GB
const LINES_A_YEAR = 20_000;
const YEARS_KEPT = 8;
const RETENTION_DAYS = 30;

const api = benchApi(BASE);

/**
 * The local D1 file that holds the benchmark's books (wrangler dev --persist-to): of the
 * directory and the ledger databases (docs/databases.md), the largest.
 */
function d1File(stateDir) {
  const dir = join(stateDir, "v3", "d1");
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : /\.sqlite$/.test(e.name) ? [join(d, e.name)] : [],
    );
  const size = (f) => statSync(f).size + (existsSync(`${f}-wal`) ? statSync(`${f}-wal`).size : 0);
  const files = walk(dir).filter((f) => !f.includes("metadata"));
  if (files.length === 0) throw new Error(`no D1 file under ${dir}`);
  return files.sort((a, b) => size(b) - size(a))[0];
}

/** A copy of the database file with its write-ahead log, so that the copy holds every commit. */
function copyDatabase(file, to) {
  for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) copyFileSync(file + suffix, to + suffix);
  return to;
}

/** Bytes of every table and index (SQLite's dbstat: the pages each B-tree holds). */
function btreeBytes(file, prepare = () => {}) {
  const db = new DatabaseSync(file);
  try {
    prepare(db);
    return new Map(
      db
        .prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name")
        .all()
        .map((r) => [r.name, Number(r.bytes)]),
    );
  } finally {
    db.close();
  }
}

/** The schema before issue #33, built again on a copy: the two indexes migration 0040 dropped. */
function schemaBefore(db) {
  db.exec(`DROP INDEX outbox_created_idx;
    CREATE INDEX outbox_company_created_idx ON outbox_events (company_id, created);
    CREATE INDEX journal_lines_entry_cover_idx ON journal_lines (journal_entry_id, account_number, debit_ore, credit_ore);`);
}

function outboxCount(file) {
  const db = new DatabaseSync(copyDatabase(file, join(work, "count.sqlite")), { readOnly: true });
  try {
    return Number(db.prepare("SELECT COUNT(*) AS n FROM outbox_events").get().n);
  } finally {
    db.close();
  }
}

const ROWS = [
  ["journal_lines (rows)", ["journal_lines"]],
  ["  index account and date (general ledger)", ["journal_lines_account_date_idx"]],
  ["  index entry cover (sums)", ["journal_lines_entry_cover_idx"]],
  ["  index entry and order", ["journal_lines_entry_idx"]],
  ["  primary key", ["sqlite_autoindex_journal_lines_1"]],
  ["journal_entries (rows)", ["journal_entries"]],
  ["  its indexes", (n) => n.startsWith("journal_entries_") || n === "sqlite_autoindex_journal_entries_1"],
  ["outbox_events (rows)", ["outbox_events"]],
  [
    "  its indexes",
    (n) => (n.startsWith("outbox_") && n !== "outbox_events") || n === "sqlite_autoindex_outbox_events_1",
  ],
  ["account_day_balances, account_balances", (n) => n.startsWith("account_") || /autoindex_account_/.test(n)],
];

function sumOf(bytes, which) {
  let total = 0;
  for (const [name, b] of bytes) if (Array.isArray(which) ? which.includes(name) : which(name)) total += b;
  return total;
}

const grownBy = (bytes, base) => {
  const out = new Map();
  for (const [name, b] of bytes) out.set(name, b - (base.get(name) ?? 0));
  return out;
};
const total = (bytes) => [...bytes.values()].reduce((s, b) => s + b, 0);
const perLine = (b) => (b / LINES).toFixed(0);

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-bytes-"));
const work = mkdtempSync(join(tmpdir(), "bokforing-bytes-copies-"));
const dev = await startService(stateDir, {
  port: values.port,
  ratePerMinute: 1_000_000,
  testScheduled: true,
  // every finished event goes at the first run; the batch bound high enough for one run
  vars: { OUTBOX_RETENTION_DAYS: "0", OUTBOX_PRUNE_BATCH: "1000000" },
});
let before;
let after;
let base;
try {
  const user = await api("POST", "/admin/v1/users", {
    admin: true,
    body: { email: `bytes-${Date.now()}@example.se`, name: "Bench" },
  });
  const key = (await createLiveKey(BASE, user.body.data.id, { name: "bench", scopes: ["*"] })).key;
  const company = (
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name: "Byteföretaget AB",
        entity_type: "aktiebolag",
        f_skatt: true,
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    })
  ).body.data;
  const file = d1File(stateDir);
  base = btreeBytes(copyDatabase(file, join(work, "base.sqlite")));

  const sie = Buffer.from(generateSie(LINES)).toString("base64");
  const started = await api("POST", `/api/v1/companies/${company.id}/imports/sie`, {
    key,
    body: { file_base64: sie, file_name: "bytes.se" },
  });
  if (started.status !== 202) throw new Error(`import refused: ${JSON.stringify(started.body)}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const op = (await api("GET", `/api/v1/operations/${started.body.data.operation_id}`, { key })).body.data;
    if (op.status === "succeeded") break;
    if (op.status === "failed") throw new Error(`import failed: ${JSON.stringify(op.error)}`);
  }
  before = btreeBytes(copyDatabase(file, join(work, "before.sqlite")), schemaBefore);
  const events = outboxCount(file);
  console.log(`imported ${LINES} lines in ${LINES / LINES_PER_VOUCHER} vouchers; ${events} outbox events`);

  // the schedule, as the deployed cron runs it, until the outbox is empty
  for (let i = 0; outboxCount(file) > 0; i++) {
    if (i === 120) throw new Error("the outbox was not pruned in two minutes");
    await fetch(`${BASE}/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  after = btreeBytes(copyDatabase(file, join(work, "after.sqlite")));
} finally {
  dev.kill("SIGTERM");
}
try {
  const grownBefore = grownBy(before, base);
  const grownAfter = grownBy(after, base);
  console.log(`\nbytes a journal line costs (dbstat, ${LINES} lines)   before   after`);
  for (const [label, which] of ROWS)
    console.log(
      `${label.padEnd(46)} ${perLine(sumOf(grownBefore, which)).padStart(6)}   ${perLine(sumOf(grownAfter, which)).padStart(5)}`,
    );
  const beforeLine = total(grownBefore) / LINES;
  const afterLine = total(grownAfter) / LINES;
  const outboxLine = sumOf(grownBefore, ROWS[7][1]) / LINES + sumOf(grownBefore, ROWS[8][1]) / LINES;
  console.log(
    `${"in all (every table and index)".padEnd(46)} ${beforeLine.toFixed(0).padStart(6)}   ${afterLine.toFixed(0).padStart(5)}`,
  );

  // a company's share: its kept years of lines, and after the change only the window's events
  const companyBytes = (linesAYear, line, keptEvents) => linesAYear * (YEARS_KEPT * line + keptEvents * outboxLine);
  const windowShare = RETENTION_DAYS / 365;
  console.log(`\ncompanies a 10 GB database carries (${YEARS_KEPT} years kept)            before   after`);
  for (const linesAYear of [LINES_A_YEAR, LINES_A_YEAR / 10]) {
    const was = companyBytes(linesAYear, beforeLine, 0);
    const now = companyBytes(linesAYear, afterLine, windowShare);
    console.log(
      `${`${linesAYear} lines a year: MB a company / companies`.padEnd(46)} ${(was / 1e6).toFixed(0).padStart(4)} / ${Math.floor(DATABASE_BYTES / was)}   ${(now / 1e6).toFixed(0).padStart(4)} / ${Math.floor(DATABASE_BYTES / now)}`,
    );
  }
  console.log(
    `${"journal lines a database holds".padEnd(46)} ${(DATABASE_BYTES / beforeLine / 1e6).toFixed(1)} M   ${(DATABASE_BYTES / afterLine / 1e6).toFixed(1)} M`,
  );
} finally {
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
