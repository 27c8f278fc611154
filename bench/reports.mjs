// node bench/reports.mjs [-- --lines 100000,1000000 --invoices 200 --roundtrip]
// The reports against the books' size (issue 19). Starts the service locally (wrangler
// dev, a fresh state directory) and, for each size, builds a company whose year has that
// many journal lines by importing a generated SIE 4 file through the API, then times
// every report at several dates inside the year and the general ledger of the busiest
// account page by page. Each figure is the median of REPEAT requests, printed beside the
// floor measured in the same run (the median GET /api/v1/health) and the goal (100 ms).
// It also prints the bytes the database grew by per journal line (the D1 file's size).
// --roundtrip adds the SIE export of the year and its import into a second company;
// --invoices N adds N customer and N supplier invoices and the two ledgers with aging.
// --objects N (default 12, issue #46): every line on a result account names one of N objects of
// dimension 1, and the reports by dimension are timed too (every object a column, one object,
// month by month, the general ledger of one object).
// --dimensions-only times the reports by dimension alone (after building the company);
// --keep leaves the state directory (the D1 file) in place and prints where it is, with the
// key and the company in bench.json there; --state DIR runs on such a kept state (one size:
// the company kept) without building it again: the timings of a change on the same books.
// Asserts nothing.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchApi, startService } from "./service.mjs";
import { createLiveKey } from "./mfa.mjs";
import { generateSie, LINES_PER_VOUCHER } from "./sie-file.mjs";

const { values } = parseArgs({
  options: {
    lines: { type: "string", default: "100000,1000000" },
    invoices: { type: "string", default: "0" },
    port: { type: "string", default: "8791" },
    roundtrip: { type: "boolean", default: false },
    objects: { type: "string", default: "12" },
    "dimensions-only": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    state: { type: "string" },
  },
});
const INVOICES = Number(values.invoices);
const OBJECTS = Number(values.objects);
const SIZES = values.lines
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const PORT = values.port;
const BASE = `http://127.0.0.1:${PORT}`;
const REPEAT = 7;
const GOAL_MS = 100;

// --- the service ---

const api = benchApi(BASE, { timeoutMs: 600_000 });

async function timed(label, fn) {
  const t0 = performance.now();
  const out = await fn();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(46)} ${ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`}`);
  return out;
}

async function importAndWait(key, companyId, bytes) {
  const started = await api("POST", `/api/v1/companies/${companyId}/imports/sie`, {
    key,
    body: { file_base64: Buffer.from(bytes).toString("base64"), file_name: "bench.se" },
  });
  if (started.status !== 202) throw new Error(`import refused: ${JSON.stringify(started.body)}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const op = await api("GET", `/api/v1/operations/${started.body.data.operation_id}`, { key });
    if (op.body.data.status === "succeeded") return op.body.data;
    if (op.body.data.status === "failed") throw new Error(`import failed: ${JSON.stringify(op.body.data.error)}`);
  }
}

/** the median of n timings of fn, in ms */
async function median(n, fn) {
  return (await timings(n, fn))[Math.floor(n / 2)];
}

/** n timings of fn in ms, sorted */
async function timings(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fn();
    times.push(performance.now() - t0);
    if (res && res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  return times.sort((a, b) => a - b);
}

let floorMs = 0;
async function report(label, fn) {
  const ms = await median(REPEAT, fn);
  console.log(
    `${label.padEnd(50)} ${ms.toFixed(1).padStart(7)} ms   ${(ms / floorMs).toFixed(1).padStart(5)} × health   ${ms < GOAL_MS ? "ok" : "OVER"} (goal < ${GOAL_MS} ms)`,
  );
  return ms;
}

/** p50 and p95 of PERCENTILE_RUNS requests, beside the health floor; returns the p95 */
const PERCENTILE_RUNS = 41;
async function reportPercentiles(label, fn) {
  const times = await timings(PERCENTILE_RUNS, fn);
  const p50 = times[Math.floor(PERCENTILE_RUNS / 2)];
  const p95 = times[Math.ceil(PERCENTILE_RUNS * 0.95) - 1];
  console.log(
    `${label.padEnd(50)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms   ${(p50 / floorMs).toFixed(1).padStart(5)} × health   ${p95 < GOAL_MS ? "ok" : "OVER"} (goal < ${GOAL_MS} ms)`,
  );
  return p95;
}

/** the size of the local D1 database files (wrangler dev --persist-to) */
function d1Bytes(dir) {
  let total = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.sqlite(-wal)?$/.test(e.name) && p.includes("D1")) total += statSync(p).size;
    }
  };
  walk(join(dir, "v3", "d1"));
  return total;
}

const stateDir = values.state ?? mkdtempSync(join(tmpdir(), "bokforing-bench-"));
const keptFile = join(stateDir, "bench.json");
const kept = values.state && existsSync(keptFile) ? JSON.parse(readFileSync(keptFile, "utf8")) : null;
if (values.state && !kept) throw new Error(`${keptFile}: no kept state (run with --keep first)`);
const dev = await startService(stateDir, { port: PORT, ratePerMinute: 1_000_000 });
try {
  const key = kept?.key ?? (await benchKey());
  if (kept) await timeKept(key, kept.company);
  else for (const lines of SIZES) await benchSize(key, lines);
  if (INVOICES > 0) await benchLedgers(key);
} finally {
  dev.kill("SIGTERM");
  // a state given (--state) is the caller's: never removed
  if (values.keep || values.state) console.log(`state kept in ${stateDir}`);
  else rmSync(stateDir, { recursive: true, force: true });
}

async function benchKey() {
  const user = await api("POST", "/admin/v1/users", {
    admin: true,
    body: { email: `bench-${Date.now()}@example.se`, name: "Bench" },
  });
  return (await createLiveKey(BASE, user.body.data.id, { name: "bench", scopes: ["*"] })).key;
}

/** The floor, then the reports of the kept company (by dimension alone with --dimensions-only). */
async function timeKept(key, company) {
  console.log(`\nbench: reports on the kept state ${stateDir} (company ${company.id}), local workerd + D1`);
  await timeReports(key, company, company.lines);
}

async function benchSize(key, LINES) {
  console.log(
    `\nbench: reports on ${LINES.toLocaleString("sv-SE")} journal lines (${LINES / LINES_PER_VOUCHER} vouchers of ${LINES_PER_VOUCHER}), local workerd + D1`,
  );
  const company = (
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name: `Bänkföretaget ${LINES} AB`,
        entity_type: "aktiebolag",
        f_skatt: true,
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    })
  ).body.data;
  const sie = await timed("generate SIE file", async () => generateSie(LINES, { objects: OBJECTS }));
  console.log(`${"  file size".padEnd(46)} ${(sie.length / 1024 / 1024).toFixed(1)} MB`);
  const before = d1Bytes(stateDir);
  const imported = await timed("SIE4 import (build the company)", () => importAndWait(key, company.id, sie));
  const grown = d1Bytes(stateDir) - before;
  console.log(
    `${"  entries / lines imported".padEnd(46)} ${imported.result.entries_imported} / ${imported.result.lines_imported}`,
  );
  console.log(
    `${"  database growth per journal line".padEnd(46)} ${(grown / LINES).toFixed(0)} bytes (${(grown / 1024 / 1024).toFixed(1)} MB in all: entries, lines, indexes, balances, events)`,
  );
  if (values.keep)
    writeFileSync(
      keptFile,
      JSON.stringify({ key, company: { id: company.id, fiscal_period: company.fiscal_period, lines: LINES } }),
    );
  await timeReports(key, company, LINES);
}

async function timeReports(key, company, LINES) {
  const pid = company.fiscal_period.id;
  const base = `/api/v1/companies/${company.id}/reports`;
  floorMs = await median(51, () => fetch(`${BASE}/api/v1/health`).then((r) => r.arrayBuffer()));
  console.log(`${"floor: GET /api/v1/health (median of 51)".padEnd(50)} ${floorMs.toFixed(1).padStart(7)} ms`);
  const tb = (await api("GET", `${base}/trial-balance?period_id=${pid}`, { key })).body.data;
  if (!tb.balanced) throw new Error("the trial balance does not balance");
  if (values["dimensions-only"]) return void (OBJECTS && (await benchDimensions(key, base, pid)));
  const worst = [];
  worst.push(
    await report("trial balance, whole year", () => api("GET", `${base}/trial-balance?period_id=${pid}`, { key })),
  );
  for (const d of ["2025-02-14", "2025-06-30", "2025-11-17"]) {
    worst.push(
      await report(`trial balance to ${d}`, () =>
        api("GET", `${base}/trial-balance?period_id=${pid}&to_date=${d}`, { key }),
      ),
    );
    worst.push(
      await report(`balance sheet as of ${d}`, () =>
        api("GET", `${base}/balance-sheet?period_id=${pid}&as_of=${d}`, { key }),
      ),
    );
    worst.push(
      await report(`income statement 2025-01-01..${d}`, () =>
        api("GET", `${base}/income-statement?period_id=${pid}&to_date=${d}`, { key }),
      ),
    );
  }
  worst.push(
    await report("balance sheet at year end", () =>
      api("GET", `${base}/balance-sheet?period_id=${pid}&as_of=2025-12-31`, { key }),
    ),
  );
  worst.push(
    await report("income statement, whole year", () =>
      api("GET", `${base}/income-statement?period_id=${pid}`, { key }),
    ),
  );
  worst.push(
    await report("monthly breakdown", () => api("GET", `${base}/monthly-breakdown?period_id=${pid}`, { key })),
  );
  const gl = `${base}/general-ledger?period_id=${pid}&account_from=1930&account_to=1930`;
  const first = await api("GET", `${gl}&limit=500`, { key });
  let cursor = first.body.meta.next_cursor;
  // walk into the account (every other voucher is a sale on 1930): a later page starts deep inside it
  const linesOn1930 = LINES / LINES_PER_VOUCHER / 2;
  for (let i = 0; i < Math.min(20, Math.floor(linesOn1930 / 500 / 2)); i++)
    cursor = (await api("GET", `${gl}&limit=500&cursor=${encodeURIComponent(cursor)}`, { key })).body.meta.next_cursor;
  worst.push(
    await report("general ledger 1930, first page of 500 lines", () => api("GET", `${gl}&limit=500`, { key })),
  );
  worst.push(
    await report("general ledger 1930, a later page of 500 lines", () =>
      api("GET", `${gl}&limit=500&cursor=${encodeURIComponent(cursor)}`, { key }),
    ),
  );
  await report("general ledger 1930, a page of 5 000 lines", () => api("GET", `${gl}&limit=5000`, { key }));
  worst.push(
    await report("journal register, first page (200 entries)", () =>
      api("GET", `${base}/journal-register?period_id=${pid}&limit=200`, { key }),
    ),
  );
  if (OBJECTS) worst.push(...(await benchDimensions(key, base, pid)));
  const max = Math.max(...worst);
  console.log(
    `${"slowest report (pages of 500)".padEnd(50)} ${max.toFixed(1).padStart(7)} ms   ${(max / floorMs).toFixed(1).padStart(5)} × health   ${max < GOAL_MS ? "ok" : "OVER"} (goal < ${GOAL_MS} ms)`,
  );
  if (!values.roundtrip) return;
  const exported = await timed("SIE4 export of the year", () =>
    api("GET", `${base}/sie-export?period_id=${pid}`, { key }),
  );
  console.log(`${"  export size".padEnd(46)} ${(exported.body.length / 1024 / 1024).toFixed(1)} MB`);
  const second = (
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name: "Kopian AB",
        entity_type: "aktiebolag",
        f_skatt: true,
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    })
  ).body.data;
  await timed("SIE4 import of that export", () => importAndWait(key, second.id, exported.body));
  const tb2 = await api(
    "GET",
    `/api/v1/companies/${second.id}/reports/trial-balance?period_id=${second.fiscal_period.id}`,
    { key },
  );
  console.log(
    `${"  round trip: same trial balance".padEnd(46)} ${JSON.stringify(tb2.body.data.accounts) === JSON.stringify(tb.accounts)}`,
  );
}

/** N customer invoices (self-billed: booked when created, 50 a call) and N supplier invoices over 2025. */
async function benchLedgers(key) {
  const company = (
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name: "Reskontra AB",
        entity_type: "aktiebolag",
        org_number: "556016-0680",
        f_skatt: true,
        vat_registered: true,
        moms_period: "quarterly",
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    })
  ).body.data;
  const url = (p) => `/api/v1/companies/${company.id}${p}`;
  const must = (res, what) => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const customers = [];
  for (let i = 0; i < 100; i++)
    customers.push(
      must(
        await api("POST", url("/customers"), { key, body: { name: `Kund ${i}`, customer_type: "swedish_business" } }),
        "customer",
      ).id,
    );
  const suppliers = [];
  for (let i = 0; i < 50; i++)
    suppliers.push(
      must(
        await api("POST", url("/suppliers"), {
          key,
          body: { name: `Leverantör ${i}`, supplier_type: "swedish_business", default_expense_account: "4010" },
        }),
        "supplier",
      ).id,
    );
  const date = (i) => `2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
  const due = (i) => `2025-${String(Math.min(12, 2 + (i % 12))).padStart(2, "0")}-28`;
  const invoiceIds = [];
  await timed(`${INVOICES} customer invoices (bulk, booked)`, async () => {
    for (let i = 0; i < INVOICES; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(INVOICES, i + 50); j++) {
        batch.push({
          customer_id: customers[j % customers.length],
          is_self_billed: true,
          external_invoice_number: `SB-${j}`,
          received_date: date(j),
          invoice_date: date(j),
          due_date: due(j),
          items: [{ description: "Vara", quantity: 1 + (j % 5), unit_price: 100 + (j % 900) }],
        });
      }
      const out = must(
        await api("POST", url("/invoices/bulk-create"), { key, body: { invoices: batch } }),
        "bulk invoices",
      );
      invoiceIds.push(...out.results.map((r) => r.data.id));
    }
  });
  const supplierIds = [];
  await timed(`${INVOICES} supplier invoices (one by one)`, async () => {
    for (let j = 0; j < INVOICES; j++) {
      const si = must(
        await api("POST", url("/supplier-invoices"), {
          key,
          body: {
            supplier_id: suppliers[j % suppliers.length],
            supplier_invoice_number: `L-${j}`,
            invoice_date: date(j),
            due_date: due(j),
            items: [{ amount: 50 + (j % 700), vat_rate: 0.25 }],
          },
        }),
        "supplier invoice",
      );
      supplierIds.push(si.id);
    }
  });
  await timed(`pay a third of each`, async () => {
    for (let j = 0; j < INVOICES; j += 3) {
      must(
        await api("POST", url(`/invoices/${invoiceIds[j]}/mark-paid`), { key, body: { payment_date: due(j) } }),
        "pay invoice",
      );
      must(
        await api("POST", url(`/supplier-invoices/${supplierIds[j]}/mark-paid`), {
          key,
          body: { payment_date: due(j) },
        }),
        "pay supplier invoice",
      );
    }
  });
  const ar = await timed("ar-ledger at 2025-12-31", () =>
    api("GET", url("/reports/ar-ledger?as_of_date=2025-12-31"), { key }),
  );
  await timed("ar-ledger at 2025-06-30", () => api("GET", url("/reports/ar-ledger?as_of_date=2025-06-30"), { key }));
  const ap = await timed("supplier-ledger at 2025-12-31", () =>
    api("GET", url("/reports/supplier-ledger?as_of_date=2025-12-31"), { key }),
  );
  await timed("supplier-ledger at 2025-12-31, again", () =>
    api("GET", url("/reports/supplier-ledger?as_of_date=2025-12-31"), { key }),
  );
  await timed("supplier-ledger at 2025-06-30", () =>
    api("GET", url("/reports/supplier-ledger?as_of_date=2025-06-30"), { key }),
  );
  await timed("ar-ledger at 2025-12-31, again", () =>
    api("GET", url("/reports/ar-ledger?as_of_date=2025-12-31"), { key }),
  );
  const tb = must(
    await api("GET", url(`/reports/trial-balance?period_id=${company.fiscal_period.id}`), { key }),
    "trial balance",
  );
  const balance = (a) => tb.accounts.find((x) => x.account_number === a)?.closing_balance ?? 0;
  console.log(
    `${"  open invoices / ledger total / 1510".padEnd(46)} ${ar.body.data.totals.invoice_count} / ${ar.body.data.totals.total} / ${balance("1510")}`,
  );
  console.log(
    `${"  open supplier invoices / total / -2440".padEnd(46)} ${ap.body.data.totals.invoice_count} / ${ap.body.data.totals.total} / ${-balance("2440")}`,
  );
}

/**
 * The reports by dimension (issue #46) on the same books: OBJECTS objects of dimension 1 on every
 * result line; p50 and p95 of PERCENTILE_RUNS requests each, at several dates.
 */
async function benchDimensions(key, base, pid) {
  const is = `${base}/income-statement/by-dimension?period_id=${pid}&dimension_id=1`;
  const everyAccount = `${base}/general-ledger/by-dimension?period_id=${pid}&dimension_id=1&objects=KS01`;
  const gl = `${everyAccount}&account_from=3001&account_to=3001`;
  const times = [];
  console.log(`reports by dimension (${PERCENTILE_RUNS} requests each, health ${floorMs.toFixed(1)} ms):`);
  times.push(
    await reportPercentiles(`income statement by ${OBJECTS} objects, whole year`, () => api("GET", is, { key })),
  );
  for (const d of ["2025-02-14", "2025-06-30", "2025-11-17"])
    times.push(
      await reportPercentiles(`income statement by ${OBJECTS} objects to ${d}`, () =>
        api("GET", `${is}&to_date=${d}`, { key }),
      ),
    );
  times.push(
    await reportPercentiles(`by ${OBJECTS} objects, 2025-05-14..2025-09-03`, () =>
      api("GET", `${is}&from_date=2025-05-14&to_date=2025-09-03`, { key }),
    ),
    await reportPercentiles("every object, month by month, whole year", () =>
      api("GET", `${is}&breakdown=month`, { key }),
    ),
    await reportPercentiles("one object, month by month", () =>
      api("GET", `${is}&objects=KS01&breakdown=month`, { key }),
    ),
    await reportPercentiles("two objects, 2025-03..2025-04", () =>
      api("GET", `${is}&objects=KS01,KS02&breakdown=none&from_date=2025-03-01&to_date=2025-04-30`, { key }),
    ),
    await reportPercentiles("general ledger of one object, 3001, one month", () =>
      api("GET", `${gl}&from_date=2025-05-01&to_date=2025-05-31`, { key }),
    ),
    await reportPercentiles("general ledger of one object, 3001, one day in Nov.", () =>
      api("GET", `${gl}&from_date=2025-11-17&to_date=2025-11-17`, { key }),
    ),
    await reportPercentiles("general ledger of one object, every account, one month", () =>
      api("GET", `${everyAccount}&from_date=2025-05-01&to_date=2025-05-31`, { key }),
    ),
  );
  // the whole year of one object on 3001 (a sixth of the account's lines) in one answer: its size, not the reads, is the time
  await reportPercentiles("general ledger of one object, 3001, whole year", () => api("GET", gl, { key }));
  times.push(...(await pagedObjectLedger(key, gl)));
  return times;
}

/** The general ledger of one object over the year in pages of 500: the first page and one deep inside (issue #46). */
async function pagedObjectLedger(key, gl) {
  const first = await api("GET", `${gl}&limit=500`, { key });
  if (first.status !== 200) {
    console.log("  (the general ledger by dimension is not paged here)");
    return [];
  }
  let cursor = first.body.meta.next_cursor;
  for (let i = 0; i < 20 && cursor; i++)
    cursor = (await api("GET", `${gl}&limit=500&cursor=${encodeURIComponent(cursor)}`, { key })).body.meta.next_cursor;
  return [
    await reportPercentiles("general ledger of one object, 3001, first page of 500", () =>
      api("GET", `${gl}&limit=500`, { key }),
    ),
    await reportPercentiles("general ledger of one object, 3001, 22nd page of 500", () =>
      api("GET", `${gl}&limit=500&cursor=${encodeURIComponent(cursor)}`, { key }),
    ),
  ];
}
