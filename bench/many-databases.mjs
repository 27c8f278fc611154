// npm run bench:databases [-- --companies 300 --lines-each 1000 --report-lines 20000 --move-lines 100000 --seconds 6]
// Issue #33 "Past one database", measured: the service with a directory and three ledger
// databases (wrangler.toml LEDGER_1..3), started locally (wrangler dev, a fresh state
// directory, MOVE_CLEANUP_GRACE_SECONDS=0 so a move's cleanup runs at once). Every figure is
// printed beside a floor measured in the same run. In order:
//   0. a report company (--report-lines lines, imported as a SIE file through the API) is
//      created first, so it is alone in its ledger database: its reports are timed there
//      ("an otherwise empty database");
//   1. placement: --companies companies (default: BENCH_COMPANIES from the environment, else
//      300), each with a year of books (--lines-each journal lines inserted raw through the
//      /__bench/sie-rows floor), created one after another; where each went is read from
//      GET /admin/v1/databases after each creation, and the spread printed. Creation stops at
//      --budget seconds and says so (the run must fit well under 15 minutes on 2 cores);
//   2. write rate: 8 clients doing draft+commit pairs on 8 companies of ONE ledger database
//      against 8 clients on 8 companies spread 3/3/2 over the three, alternated, three rounds
//      of --seconds each (needs at least 33 companies placed);
//      floors: sequential GET /health, and the raw commit batch (/__bench/commit-batch) run
//      by 8 concurrent requests on the same two sets of companies;
//   3. the report company's reports again, now that its database holds 100+ companies;
//   4. a move of a company of --move-lines lines (SIE import through the API) to another
//      ledger database: time from POST /admin/v1/companies/{id}/move to `succeeded`,
//      writes_closed_ms, the rows per table the move compared and deleted, and its trial
//      balance before and after; floor: the same number of lines inserted raw through the
//      /__bench/sie-rows floor into a throwaway company. Meanwhile five loops time what the
//      rest of the service answers: GET /health, the directory (GET /admin/v1/databases) and
//      a trial balance in each ledger database (the move's source, its target, the third).
// One workerd process on this machine: the databases are SQLite files in one process, so
// what this shows about parallelism across databases is local, not D1's. Asserts only
// that the moved company's trial balance is unchanged (exit 1 otherwise).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLiveKey } from "./mfa.mjs";
import { benchApi, startService } from "./service.mjs";
import { generateSie, LINES_PER_VOUCHER } from "./sie-file.mjs";

const { values } = parseArgs({
  options: {
    companies: { type: "string", default: process.env.BENCH_COMPANIES ?? "300" },
    "lines-each": { type: "string", default: "1000" },
    "report-lines": { type: "string", default: "20000" },
    "move-lines": { type: "string", default: "100000" },
    seconds: { type: "string", default: "6" },
    budget: { type: "string", default: "360" },
    port: { type: "string", default: "8813" },
  },
});
const COMPANIES = Number(values.companies);
const LINES_EACH = Number(values["lines-each"]);
const REPORT_LINES = Number(values["report-lines"]);
const MOVE_LINES = Number(values["move-lines"]);
const SECONDS = Number(values.seconds);
const BUDGET_MS = Number(values.budget) * 1000;
const BASE = `http://127.0.0.1:${values.port}`;
const YEAR = { start_date: "2025-01-01", end_date: "2025-12-31" };
const REPEAT = 7;
const ROUNDS = 3;

const api = benchApi(BASE, { timeoutMs: 300_000 });

function must(res, what) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const line = (label, value, extra = "") => console.log(`${label.padEnd(60)} ${String(value).padStart(12)}  ${extra}`);
const rate = (n, ms) => (n * 1000) / ms;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The companies each database holds, by name (GET /admin/v1/databases). */
async function held() {
  const rows = must(await api("GET", "/admin/v1/databases", { admin: true }), "databases");
  return new Map(rows.map((r) => [r.name, r.companies]));
}

/** A company made through the API, and the database it was placed in (the one whose count grew). */
async function createCompany(key, name) {
  const before = await held();
  const company = must(
    await api("POST", "/api/v1/companies", {
      key,
      body: { name, entity_type: "aktiebolag", f_skatt: true, first_fiscal_year: YEAR },
    }),
    "company",
  );
  const after = await held();
  const home = [...after].find(([db, n]) => n === (before.get(db) ?? 0) + 1)?.[0];
  if (!home) throw new Error(`no database's count grew for ${company.id}`);
  return { ...company, home };
}

/** A year of books inserted raw (entries and lines, series Z, no balances): the floor the SIE import is held to. */
async function floorLines(company, lines) {
  const res = await api("POST", "/__bench/sie-rows", {
    admin: true,
    body: {
      company_id: company.id,
      fiscal_period_id: company.fiscal_period.id,
      entries: Math.ceil(lines / LINES_PER_VOUCHER),
      lines_per_entry: LINES_PER_VOUCHER,
    },
  });
  // the floors answer their figures bare, not in the API's envelope
  if (res.status !== 200) throw new Error(`sie-rows floor: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Books through the API: a generated SIE 4 file imported, waited for. */
async function importSie(key, company, lines) {
  const started = await api("POST", `/api/v1/companies/${company.id}/imports/sie`, {
    key,
    body: { file_base64: Buffer.from(generateSie(lines)).toString("base64"), file_name: "bench.se" },
  });
  if (started.status !== 202) throw new Error(`import refused: ${JSON.stringify(started.body)}`);
  for (;;) {
    await sleep(500);
    const op = must(await api("GET", `/api/v1/operations/${started.body.data.operation_id}`, { key }), "operation");
    if (op.status === "succeeded") return op.result;
    if (op.status === "failed") throw new Error(`import failed: ${JSON.stringify(op.error)}`);
  }
}

/** The median of REPEAT timings of fn, in ms. */
async function timedMedian(fn, n = REPEAT) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fn();
    times.push(performance.now() - t0);
    if (res && res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  return medianOf(times);
}

const healthMedian = () => timedMedian(() => fetch(`${BASE}/api/v1/health`).then((r) => r.arrayBuffer()), 51);

/** The reports of item 3, each the median of REPEAT requests; the health floor measured just before. */
async function reportTimes(key, company) {
  const base = `/api/v1/companies/${company.id}/reports`;
  const pid = company.fiscal_period.id;
  const gl = `${base}/general-ledger?period_id=${pid}&account_from=1930&account_to=1930&limit=500`;
  return {
    health: await healthMedian(),
    "trial balance, whole year": await timedMedian(() => api("GET", `${base}/trial-balance?period_id=${pid}`, { key })),
    "trial balance to 2025-06-30": await timedMedian(() =>
      api("GET", `${base}/trial-balance?period_id=${pid}&to_date=2025-06-30`, { key }),
    ),
    "balance sheet as of 2025-06-30": await timedMedian(() =>
      api("GET", `${base}/balance-sheet?period_id=${pid}&as_of=2025-06-30`, { key }),
    ),
    "general ledger 1930, first page of 500 lines": await timedMedian(() => api("GET", gl, { key })),
  };
}

function trialBalanceRes(key, company) {
  return api("GET", `/api/v1/companies/${company.id}/reports/trial-balance?period_id=${company.fiscal_period.id}`, {
    key,
  });
}

async function trialBalance(key, company) {
  return must(
    await api("GET", `/api/v1/companies/${company.id}/reports/trial-balance?period_id=${company.fiscal_period.id}`, {
      key,
    }),
    "trial balance",
  );
}

/** One draft and its commit. */
async function pair(key, company, n) {
  const url = `/api/v1/companies/${company.id}/journal-entries`;
  const draft = must(
    await api("POST", url, {
      key,
      body: {
        fiscal_period_id: company.fiscal_period.id,
        entry_date: `2025-${String(1 + (n % 12)).padStart(2, "0")}-15`,
        description: `Bänk ${n}`,
        lines: [
          { account_number: "1930", debit_amount: 125 },
          { account_number: "3001", credit_amount: 100 },
          { account_number: "2611", credit_amount: 25 },
        ],
      },
    }),
    "draft",
  );
  must(await api("POST", `${url}/${draft.id}/commit`, { key }), "commit");
}

/** 8 clients (each its own key) on 8 companies, pairs back to back for SECONDS: entries a second over all. */
async function pairs(keys, companies, round) {
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  const counts = await Promise.all(
    companies.map(async (company, c) => {
      let n = 0;
      while (performance.now() < deadline) await pair(keys[c], company, round * 1_000_000 + c * 10_000 + n++);
      return n;
    }),
  );
  return rate(
    counts.reduce((a, b) => a + b, 0),
    performance.now() - t0,
  );
}

/** The raw commit batch (/__bench/commit-batch), `count` in a row, by 8 concurrent requests on 8 companies: batches a second. */
async function floorBatches(companies, count, firstNumber) {
  const t0 = performance.now();
  await Promise.all(
    companies.map(async (company) => {
      const res = await api("POST", "/__bench/commit-batch", {
        admin: true,
        body: {
          company_id: company.id,
          fiscal_period_id: company.fiscal_period.id,
          entry_date: "2025-06-15",
          first_number: firstNumber,
          count,
        },
      });
      if (res.status !== 200) throw new Error(`commit-batch floor: ${res.status} ${JSON.stringify(res.body)}`);
    }),
  );
  return rate(companies.length * count, performance.now() - t0);
}

/** The move of `company` to database `to`, polled until it ends: the move as it ended and the ms it took. */
async function moveAndWait(company, to) {
  const t0 = performance.now();
  const started = await api("POST", `/admin/v1/companies/${company.id}/move`, { admin: true, body: { to } });
  if (started.status !== 202) throw new Error(`move refused: ${started.status} ${JSON.stringify(started.body)}`);
  // each status as first seen, with when the poll that saw it was answered
  const statuses = [
    { status: `${started.body.data.status} (the POST's answer)`, at: Math.round(performance.now() - t0) },
  ];
  for (;;) {
    const move = must(await api("GET", `/admin/v1/company-moves/${started.body.data.id}`, { admin: true }), "move");
    if (statuses.at(-1)?.status !== move.status)
      statuses.push({ status: move.status, at: Math.round(performance.now() - t0) });
    if (move.status === "succeeded" || move.status === "failed") return { move, ms: performance.now() - t0, statuses };
    await sleep(100);
  }
}

/**
 * What the rest of the service answers while a move runs: each probe in its own loop (a
 * request, 50 ms pause, again) until stopped; the ms of each request, per probe.
 */
function probeDuring(probes) {
  const times = Object.fromEntries(Object.keys(probes).map((name) => [name, []]));
  let running = true;
  const loops = Object.entries(probes).map(async ([name, fn]) => {
    while (running) {
      const t0 = performance.now();
      const res = await fn();
      if (res.status >= 300) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      times[name].push(performance.now() - t0);
      await sleep(50);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return times;
    },
  };
}

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-bench-databases-"));
const runStarted = performance.now();
const dev = await startService(stateDir, {
  port: values.port,
  ratePerMinute: 10_000_000,
  vars: { MOVE_CLEANUP_GRACE_SECONDS: "0" },
});
let failed = false;
try {
  const user = must(
    await api("POST", "/admin/v1/users", {
      admin: true,
      body: { email: `databases-${Date.now()}@example.se`, name: "Bench" },
    }),
    "user",
  );
  const keys = [];
  for (let i = 0; i < 8; i++)
    keys.push((await createLiveKey(BASE, user.id, { name: `bench ${i}`, scopes: ["*"] })).key);
  const key = keys[0];
  for (let i = 0; i < 20; i++) await fetch(`${BASE}/api/v1/health`).then((r) => r.arrayBuffer());
  console.log(
    `bench: many databases (issue #33), local wrangler dev, databases ${[...(await held()).keys()].join(", ")}`,
  );

  // 0. the report company, alone in its ledger database
  const reportCompany = await createCompany(key, "Rapportbolaget AB");
  let t0 = performance.now();
  await importSie(key, reportCompany, REPORT_LINES);
  line(
    `report company: SIE import of ${REPORT_LINES} lines, home ${reportCompany.home}`,
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // once to warm the isolate and the company's pages, then the figures
  await reportTimes(key, reportCompany);
  const empty = await reportTimes(key, reportCompany);

  // 1. placement
  console.log(`\n1. placement: ${COMPANIES} companies, ${LINES_EACH} journal lines each (raw, /__bench/sie-rows)`);
  const placed = [];
  let createMs = 0;
  let floorMs = 0;
  t0 = performance.now();
  for (let i = 0; i < COMPANIES; i++) {
    if (performance.now() - t0 > BUDGET_MS) {
      console.log(`   stopped at ${i} companies: the ${BUDGET_MS / 1000} s budget for placement was spent`);
      break;
    }
    const c0 = performance.now();
    const company = await createCompany(keys[i % 8], `Bolag ${i} AB`);
    createMs += performance.now() - c0;
    const f0 = performance.now();
    await floorLines(company, LINES_EACH);
    floorMs += performance.now() - f0;
    placed.push(company);
    if ((i + 1) % 50 === 0) console.error(`   ${i + 1} companies, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const spread = must(await api("GET", "/admin/v1/databases", { admin: true }), "databases");
  line(
    `companies created (POST /companies + GET /admin/v1/databases)`,
    placed.length,
    `${(createMs / placed.length).toFixed(0)} ms a company`,
  );
  line(
    `journal lines inserted raw (${LINES_EACH} a company)`,
    placed.length * LINES_EACH,
    `${(floorMs / placed.length).toFixed(0)} ms a company`,
  );
  line("placement took", `${((performance.now() - t0) / 1000).toFixed(0)} s`);
  for (const db of spread)
    line(
      `  ${db.name} (${db.kind}${db.placement_open ? ", open" : ""})`,
      `${db.companies} companies`,
      db.migrated ? "migrated" : "NOT MIGRATED",
    );

  // 2. write rate
  console.log(`\n2. write rate: 8 clients, draft+commit pairs, ${SECONDS} s a round`);
  const on = (db) => placed.filter((c) => c.home === db);
  const oneDb = on("LEDGER_1").slice(0, 8);
  const spreadSet = [...on("LEDGER_1").slice(8, 11), ...on("LEDGER_2").slice(0, 3), ...on("LEDGER_3").slice(0, 2)];
  if (oneDb.length < 8 || spreadSet.length < 8) throw new Error("too few companies for the write rate's two sets");
  line(
    "  sets: one database / spread",
    "",
    `${oneDb.map((c) => c.home.slice(-1)).join("")} / ${spreadSet.map((c) => c.home.slice(-1)).join("")} (LEDGER_n)`,
  );
  for (const [i, c] of [...oneDb, ...spreadSet].entries()) await pair(keys[i % 8], c, 999_000 + i);
  t0 = performance.now();
  for (let i = 0; i < 300; i++) await fetch(`${BASE}/api/v1/health`).then((r) => r.arrayBuffer());
  const healthRate = rate(300, performance.now() - t0);
  line("floor: GET /health, 300 sequential", `${healthRate.toFixed(0)}/s`);
  const floorOne = [];
  const floorSpread = [];
  const rateOne = [];
  const rateSpread = [];
  for (let round = 0; round < ROUNDS; round++) {
    floorOne.push(await floorBatches(oneDb, 100, 100_000 + round * 1000));
    floorSpread.push(await floorBatches(spreadSet, 100, 100_000 + round * 1000));
    rateOne.push(await pairs(keys, oneDb, 2 * round));
    rateSpread.push(await pairs(keys, spreadSet, 2 * round + 1));
  }
  const fmt = (xs) => `${xs.map((x) => x.toFixed(1)).join(" / ")} (median ${medianOf(xs).toFixed(1)})`;
  line(
    "floor: raw commit batch, 8 requests × 100, 8 companies in one db",
    `${fmt(floorOne)}/s`,
    "batches a second, each round",
  );
  line("floor: raw commit batch, 8 requests × 100, spread over 3 dbs", `${fmt(floorSpread)}/s`);
  line("entries (draft+commit) a second, 8 on 8 in one database", `${fmt(rateOne)}/s`);
  line(
    "entries (draft+commit) a second, 8 on 8 spread over three",
    `${fmt(rateSpread)}/s`,
    `spread ÷ one = ${(medianOf(rateSpread) / medianOf(rateOne)).toFixed(2)} (medians)`,
  );

  // 3. reports, empty database against full
  const full = await reportTimes(key, reportCompany);
  const fullHome = spread.find((d) => d.name === reportCompany.home);
  console.log(
    `\n3. reports of the report company (${REPORT_LINES} lines), median of ${REPEAT}: its database ${reportCompany.home} alone, then holding ${fullHome.companies} companies`,
  );
  console.log(`${"".padEnd(60)} ${"alone".padStart(12)}  ${"full".padStart(9)}`);
  for (const label of Object.keys(empty))
    line(
      label === "health" ? "floor: GET /health (median of 51)" : label,
      `${empty[label].toFixed(1)} ms`,
      `${full[label].toFixed(1).padStart(7)} ms`,
    );

  // 4. a move of a large company
  console.log(`\n4. a move of a company of ${MOVE_LINES} journal lines`);
  const throwaway = await createCompany(key, "Golvbolaget AB");
  const floor = await floorLines(throwaway, MOVE_LINES);
  line(
    `floor: ${floor.lines} lines raw into ${throwaway.home} (/__bench/sie-rows)`,
    `${(floor.ms / 1000).toFixed(1)} s`,
    `${floor.batches} batches, measured in the Worker`,
  );
  const mover = await createCompany(key, "Flyttbolaget AB");
  t0 = performance.now();
  await importSie(key, mover, MOVE_LINES);
  line(
    `SIE import of ${MOVE_LINES} lines into ${mover.home} (through the API)`,
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const to = ["LEDGER_1", "LEDGER_2", "LEDGER_3"].find((db) => db !== mover.home);
  const tbBefore = await trialBalance(key, mover);
  // a company in each ledger database (the move's source, its target, the third), the directory, a bare request
  const neighbour = (db) => placed.find((c) => c.home === db);
  const third = ["LEDGER_1", "LEDGER_2", "LEDGER_3"].find((db) => db !== mover.home && db !== to);
  const probe = probeDuring({
    "GET /health": async () => {
      const res = await fetch(`${BASE}/api/v1/health`);
      await res.arrayBuffer();
      return { status: res.status };
    },
    "GET /admin/v1/databases (the directory)": () => api("GET", "/admin/v1/databases", { admin: true }),
    [`trial balance of a company in ${mover.home} (source)`]: () => trialBalanceRes(key, neighbour(mover.home)),
    [`trial balance of a company in ${to} (target)`]: () => trialBalanceRes(key, neighbour(to)),
    [`trial balance of a company in ${third}`]: () => trialBalanceRes(key, neighbour(third)),
  });
  const { move, ms, statuses } = await moveAndWait(mover, to);
  const probed = await probe.stop();
  line(`move ${move.from} → ${move.to}: request to ${move.status}`, `${(ms / 1000).toFixed(1)} s`);
  line("  statuses seen by polling (ms after the request)", "", statuses.map((s) => `${s.status} ${s.at}`).join(", "));
  if (move.status !== "succeeded") throw new Error(`move failed: ${JSON.stringify(move.error)}`);
  console.log("  during the move, each in its own loop (requests answered: median / longest):");
  for (const [what, times] of Object.entries(probed))
    line(`    ${what}`, `${times.length}`, `${medianOf(times).toFixed(0)} / ${Math.max(...times).toFixed(0)} ms`);
  line("  writes_closed_ms (copy + verify + switch)", `${move.writes_closed_ms} ms`);
  line(
    "  steps (writer invocations) and the most D1 queries one made",
    `${move.steps}`,
    `${move.max_step_queries} queries`,
  );
  const sum = (f) => move.tables.reduce((s, t) => s + (t[f] ?? 0), 0);
  line(
    `  rows compared, ${move.tables.length} tables: source / copied / deleted`,
    "",
    `${sum("source")} / ${sum("copied")} / ${sum("deleted")}`,
  );
  for (const t of [...move.tables].sort((a, b) => b.source - a.source).filter((t) => t.source > 0))
    line(`    ${t.table}`, "", `${t.source} / ${t.copied} / ${t.deleted}`);
  const homes = must(await api("GET", "/admin/v1/databases", { admin: true }), "databases");
  line("  companies per database after the move", "", homes.map((d) => `${d.name} ${d.companies}`).join(", "));
  const tbAfter = await trialBalance(key, mover);
  const same = JSON.stringify(tbBefore) === JSON.stringify(tbAfter);
  line(
    "  trial balance before = after",
    same,
    `${tbAfter.accounts.length} accounts, balanced ${tbAfter.balanced}, 1930 closing ${tbAfter.accounts.find((a) => a.account_number === "1930")?.closing_balance}`,
  );
  if (!same) failed = true;
  line("\nrun took", `${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
