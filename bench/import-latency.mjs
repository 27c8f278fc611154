// node bench/import-latency.mjs [--rows 100000] [--idle 200] [--chunk-rows 500] [--port 8793] [--unsorted]
// Issue #34 item 4: does a large bank import stall the service? Starts the service locally
// (wrangler dev, a fresh state directory), makes two companies, and prints:
//   - GET /api/v1/health idle: --idle sequential requests, p50 / p95 / max;
//   - a generated CSV of --rows rows (generic_csv, one year of card purchases and deposits,
//     each row its own external id) imported through POST .../imports/bank; while it runs,
//     one client asks GET /api/v1/health in a loop and another lists the second company's
//     accounts (another company's request), each timed, p50 / p95 / max;
//   - the import's total time (upload to the operation's end) and rows a second;
//   - the same file imported again: nothing new (rows inserted / skipped).
// --chunk-rows sets the Worker's BANK_IMPORT_CHUNK_ROWS (rows per stored chunk; default 500).
// The rows are in date order, as a bank's export lists them; --unsorted writes the file this
// bench wrote first (each month's days 1..28 over and over), which a file read in ranges cannot
// take in order, so it is read whole (docs/bank-transactions.md, "Large files").
// Asserts only that every row was imported once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLiveKey } from "./mfa.mjs";
import { BENCH_ADMIN_TOKEN, startService } from "./service.mjs";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    idle: { type: "string", default: "200" },
    port: { type: "string", default: "8793" },
    "chunk-rows": { type: "string" },
    unsorted: { type: "boolean", default: false },
  },
});
const ROWS = Number(values.rows);
const IDLE_N = Number(values.idle);
const PORT = values.port;
const BASE = `http://127.0.0.1:${PORT}`;

async function api(method, path, { key, body, admin, form } = {}) {
  const headers = {
    Authorization: `Bearer ${admin ? BENCH_ADMIN_TOKEN : key}`,
    "Idempotency-Key": crypto.randomUUID(),
  };
  if (body) headers["Content-Type"] = "application/json";
  const res = await fetch(BASE + path, {
    method,
    headers,
    body: form ?? (body ? JSON.stringify(body) : undefined),
    signal: AbortSignal.timeout(600_000),
  });
  return { status: res.status, body: await res.json() };
}
const must = (res, what) => {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const line = (label, value) => console.log(`${label.padEnd(56)} ${value}`);

/** One request's latency in milliseconds. */
async function timedFetch(path, key) {
  const t0 = performance.now();
  const res = await fetch(BASE + path, key ? { headers: { Authorization: `Bearer ${key}` } } : {});
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - t0;
}

function percentiles(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

/** Requests of one path, one after another, until stop() says so. */
function loop(path, key) {
  const times = [];
  let running = true;
  const done = (async () => {
    while (running) times.push(await timedFetch(path, key));
  })();
  return {
    times,
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}

/** The i-th of n rows' date: spread over 12 months of 28 days in order, or (--unsorted) each month's days over and over. */
function dateOf(i, n) {
  const pad = (x) => String(x).padStart(2, "0");
  if (values.unsorted) return `2025-${pad(1 + Math.floor((i / n) * 12))}-${pad(1 + (i % 28))}`;
  const day = Math.floor((i / n) * 12 * 28);
  return `2025-${pad(1 + Math.floor(day / 28))}-${pad(1 + (day % 28))}`;
}

/** A generic_csv file of n rows in 2025: a header, then date;amount;text;id, about 40 bytes a row. */
function csvFile(n) {
  const out = ["Datum;Belopp;Text;Referens"];
  for (let i = 0; i < n; i++) {
    const date = dateOf(i, n);
    const ore = i % 7 === 0 ? 25_000 + (i % 5000) : -(4_900 + (i % 3000) * 3);
    const kr = `${ore < 0 ? "-" : ""}${Math.floor(Math.abs(ore) / 100)},${String(Math.abs(ore) % 100).padStart(2, "0")}`;
    out.push(`${date};${kr};${ore > 0 ? "Insättning" : "Kortköp Butik"} ${i % 500};B-${i}`);
  }
  return new TextEncoder().encode(`${out.join("\n")}\n`);
}

async function startImport(key, companyId, bytes) {
  const form = new FormData();
  form.append("file", new File([bytes], "bench.csv"));
  form.append("settlement_account", "1930");
  form.append("format", "generic_csv");
  form.append(
    "mapping",
    JSON.stringify({ date: "Datum", amount: "Belopp", description: "Text", external_id: "Referens" }),
  );
  return must(await api("POST", `/api/v1/companies/${companyId}/imports/bank`, { key, form }), "import").operation_id;
}

async function waitFor(key, operationId) {
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const op = must(await api("GET", `/api/v1/operations/${operationId}`, { key }), "poll");
    if (op.status === "succeeded") return op.result;
    if (op.status === "failed") throw new Error(`import failed: ${JSON.stringify(op.error)}`);
  }
}

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-import-latency-"));
const CHUNK_ROWS = values["chunk-rows"];
const dev = await startService(stateDir, {
  port: PORT,
  ratePerMinute: 1000000,
  vars: CHUNK_ROWS ? { BANK_IMPORT_CHUNK_ROWS: CHUNK_ROWS } : {},
});
try {
  const user = must(
    await api("POST", "/admin/v1/users", { admin: true, body: { email: `bench-${Date.now()}@example.se`, name: "B" } }),
    "user",
  );
  // a live key needs the user's two-step verification since the platform's MFA (bench/mfa.mjs)
  const key = (await createLiveKey(BASE, user.id, { name: "bench", scopes: ["*"] })).key;
  const company = (name, org) =>
    api("POST", "/api/v1/companies", {
      key,
      body: {
        name,
        entity_type: "aktiebolag",
        org_number: org,
        f_skatt: true,
        vat_registered: true,
        moms_period: "quarterly",
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    });
  const importer = must(await company("Importen AB", "556016-0680"), "company");
  const other = must(await company("Grannen AB", "556036-0793"), "company");
  const otherPath = `/api/v1/companies/${other.id}/accounts?limit=20`;

  const bytes = csvFile(ROWS);
  console.log(
    `bench: a generic_csv bank file of ${ROWS.toLocaleString("sv-SE")} rows (${(bytes.length / 1024 / 1024).toFixed(1)} MB), chunks of ${CHUNK_ROWS ?? "500 (default)"} rows; local workerd + D1`,
  );
  for (let i = 0; i < 20; i++) await timedFetch("/api/v1/health"); // warm up
  const idle = [];
  for (let i = 0; i < IDLE_N; i++) idle.push(await timedFetch("/api/v1/health"));
  const idleOther = [];
  for (let i = 0; i < Math.min(IDLE_N, 100); i++) idleOther.push(await timedFetch(otherPath, key));
  line("GET /api/v1/health, idle", percentiles(idle));
  line("GET another company's accounts, idle", percentiles(idleOther));

  const health = loop("/api/v1/health");
  const neighbour = loop(otherPath, key);
  const t0 = performance.now();
  const operationId = await startImport(key, importer.id, bytes);
  const accepted = performance.now() - t0;
  const result = await waitFor(key, operationId);
  const total = performance.now() - t0;
  const during = await health.stop();
  const duringOther = await neighbour.stop();
  line("GET /api/v1/health, during the import", percentiles(during));
  line("GET another company's accounts, during the import", percentiles(duringOther));
  line("import: upload answered (202)", `${accepted.toFixed(0)} ms`);
  line("import: total, upload to the operation's end", `${(total / 1000).toFixed(1)} s`);
  line("import: rows a second", `${((ROWS * 1000) / total).toFixed(0)} rows/s`);
  line(
    "import: rows inserted / skipped / rejected",
    `${result.rows_inserted} / ${result.rows_skipped_duplicate} / ${result.rows_rejected}`,
  );
  if (result.rows_inserted !== ROWS) throw new Error(`expected ${ROWS} rows inserted, got ${result.rows_inserted}`);

  const t1 = performance.now();
  const again = await waitFor(key, await startImport(key, importer.id, bytes));
  line("the same file again: total", `${((performance.now() - t1) / 1000).toFixed(1)} s`);
  line("the same file again: rows inserted / skipped", `${again.rows_inserted} / ${again.rows_skipped_duplicate}`);
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
