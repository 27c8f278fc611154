// npm run bench:commit-profile [-- --pairs 300]
// Where a draft-and-commit pair spends the Worker's CPU (issue 28: the commit path must
// not get slower). The service runs under `wrangler dev --inspector-port`; V8's sampling
// profiler (DevTools protocol, bench/isolate.mjs) records while one client runs pairs
// back to back, and the script prints:
//   - the isolate's CPU time per pair (samples that were not idle × the interval), beside
//     the same for one `GET /health` (the floor of a request, measured in the same run);
//   - the functions with the most self time, by file, with their share.
// CPU time per request varies far less with the machine's load than requests a second
// do, so two trees can be compared on a shared machine. Asserts nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { connectIsolate } from "./isolate.mjs";
import { createLiveKey } from "./mfa.mjs";
import { benchApi, startService } from "./service.mjs";

const { values } = parseArgs({
  options: {
    pairs: { type: "string", default: "300" },
    port: { type: "string", default: "8797" },
    inspector: { type: "string", default: "9231" },
    top: { type: "string", default: "25" },
  },
});
const PAIRS = Number(values.pairs);
const BASE = `http://127.0.0.1:${values.port}`;
const INTERVAL_US = 100;

const call = benchApi(BASE);

/** The data of a call that went through; any other answer stops the benchmark. */
async function api(method, path, options) {
  const res = await call(method, path, options);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function pair(key, company, n) {
  const url = `/api/v1/companies/${company.id}/journal-entries`;
  const draft = await api("POST", url, {
    key,
    body: {
      fiscal_period_id: company.fiscal_period.id,
      entry_date: `2025-${String(1 + (n % 12)).padStart(2, "0")}-15`,
      description: `Profil ${n}`,
      lines: [
        { account_number: "1930", debit_amount: 125 },
        { account_number: "3001", credit_amount: 100 },
        { account_number: "2611", credit_amount: 25 },
      ],
    },
  });
  await api("POST", `${url}/${draft.id}/commit`, { key });
}

/** CPU time in a profile (ms): the samples that were not the idle or the collector's root. */
function busyMs(profile) {
  const idle = new Set(
    profile.nodes.filter((n) => ["(idle)", "(program)"].includes(n.callFrame.functionName)).map((n) => n.id),
  );
  const busy = profile.samples.filter((id) => !idle.has(id)).length;
  return (busy * INTERVAL_US) / 1000;
}

/** Self time by function (file:line name), most first. */
function selfTimes(profile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) {
    const f = byNode.get(id).callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const file = f.url.split("/").slice(-2).join("/");
    const name = `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, share: n / total }));
}

/** The profile of `work`, and its wall-clock time in ms. */
async function profiled(isolate, work) {
  await isolate.send("Profiler.start");
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  return { ...(await isolate.send("Profiler.stop")).profile, ms };
}

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-bench-profile-"));
const dev = await startService(stateDir, {
  port: values.port,
  ratePerMinute: 1_000_000,
  inspectorPort: values.inspector,
});
try {
  const user = await api("POST", "/admin/v1/users", {
    admin: true,
    body: { email: `profile-${Date.now()}@example.se`, name: "Profil" },
  });
  // a live key needs the user's second factor (bench/mfa.mjs)
  const { key } = await createLiveKey(BASE, user.id, { name: "profile", scopes: ["*"] });
  const company = await api("POST", "/api/v1/companies", {
    key,
    body: {
      name: "Profil AB",
      entity_type: "aktiebolag",
      f_skatt: true,
      first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
    },
  });
  for (let i = 0; i < 30; i++) await pair(key, company, 900_000 + i);
  const isolate = await connectIsolate(values.inspector, `${BASE}/api/v1/health`);
  await isolate.send("Profiler.enable");
  await isolate.send("Profiler.setSamplingInterval", { interval: INTERVAL_US });

  const health = await profiled(isolate, async () => {
    for (let i = 0; i < PAIRS; i++) await (await fetch(`${BASE}/api/v1/health`)).arrayBuffer();
  });
  const pairs = await profiled(isolate, async () => {
    for (let i = 0; i < PAIRS; i++) await pair(key, company, i);
  });
  isolate.close();

  const perHealth = busyMs(health) / PAIRS;
  const perPair = busyMs(pairs) / PAIRS;
  console.log(`bench: CPU of the Worker's isolate, ${PAIRS} sequential requests of each kind`);
  const wall = (p) => `${(p.ms / PAIRS).toFixed(2).padStart(6)} ms wall`;
  console.log(`GET /health (floor)            ${perHealth.toFixed(3).padStart(8)} ms CPU  ${wall(health)} a request`);
  console.log(
    `draft+commit pair              ${perPair.toFixed(3).padStart(8)} ms CPU  ${wall(pairs)} a pair (CPU ÷ health = ${(perPair / perHealth).toFixed(1)})`,
  );
  console.log(`self time of a pair, top ${values.top}:`);
  for (const { name, share } of selfTimes(pairs).slice(0, Number(values.top)))
    console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${(share * perPair).toFixed(3)} ms  ${name}`);
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
