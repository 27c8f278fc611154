// npm run bench:commit-profile [-- --pairs 300 --rounds 3 --json out.json --cpuprofile pairs.cpuprofile]
// A/B: --trees ../before,.,../main (a worktree each; every tree's service runs at once, on
// ports counted up from --port and --inspector, and the rounds go through the trees in
// turn, so that each tree meets the same load of a shared machine).
// Where a draft-and-commit pair spends the Worker's CPU (issue 28: the commit path must
// not get slower; issue 45: the chain's share of it). The service runs under `wrangler dev
// --inspector-port`; V8's sampling profiler (DevTools protocol, bench/isolate.mjs) records
// while one client runs pairs back to back, and the script prints:
//   - per round (health then pairs, `--rounds` times), the isolate's CPU time per pair
//     (samples that were not idle × the interval) and pairs a second, beside the same for
//     one `GET /health` (the floor of a request, measured in the same round); then the
//     median of the rounds' ratios to that floor;
//   - the share of the pairs' CPU spent in the verifiable ledger's modules (src/ledger/chain.ts,
//     src/ledger/signing.ts; native calls such as digest and sign count to the module that
//     made them), found from the `// src/...` markers of wrangler's bundle;
//   - the functions with the most self time, by source file, with their share.
// CPU time per request varies far less with the machine's load than requests a second
// do, so two trees can be compared on a shared machine (run them in turn, several times).
// --objects: the sale's 3001 line names an object of two dimensions (cost centre 1, project 6),
// so that a pair also writes the lines' objects (object_day_balances, journal_line_objects).
// Asserts nothing.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { connectIsolate } from "./isolate.mjs";
import { benchApi } from "./service.mjs";

const { values } = parseArgs({
  options: {
    pairs: { type: "string", default: "300" },
    port: { type: "string", default: "8797" },
    inspector: { type: "string", default: "9231" },
    top: { type: "string", default: "25" },
    rounds: { type: "string", default: "1" },
    // worktrees to compare, comma-separated (default: this one)
    trees: { type: "string" },
    // appends one JSON line of each tree's figures
    json: { type: "string" },
    // writes each tree's last profile of the pairs (open in Chrome's DevTools): <path>.<tree n>.cpuprofile
    cpuprofile: { type: "string" },
    objects: { type: "boolean", default: false },
  },
});
const PAIRS = Number(values.pairs);
const ROUNDS = Number(values.rounds);
const INTERVAL_US = 100;
const TREES = values.trees ? values.trees.split(",").map((t) => resolve(t)) : [resolve(import.meta.dirname, "..")];
/** The verifiable ledger's modules (issue 45): their share of a pair is the chain's cost. */
const CHAIN_MODULES = ["src/ledger/chain.ts", "src/ledger/signing.ts"];

/** The data of a call that went through; any other answer stops the benchmark. */
async function api(call, method, path, options) {
  const res = await call(method, path, options);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function pair(t, n) {
  const url = `/api/v1/companies/${t.company.id}/journal-entries`;
  const draft = await api(t.call, "POST", url, {
    key: t.key,
    body: {
      fiscal_period_id: t.company.fiscal_period.id,
      entry_date: `2025-${String(1 + (n % 12)).padStart(2, "0")}-15`,
      description: `Profil ${n}`,
      lines: [
        { account_number: "1930", debit_amount: 125 },
        {
          account_number: "3001",
          credit_amount: 100,
          ...(values.objects ? { dimensions: { 1: `K${n % 4}`, 6: `P${n % 3}` } } : {}),
        },
        { account_number: "2611", credit_amount: 25 },
      ],
    },
  });
  await api(t.call, "POST", `${url}/${draft.id}/commit`, { key: t.key });
}

/** CPU time in a profile (ms): the samples that were not the idle or the collector's root. */
function busyMs(profile) {
  const idle = new Set(
    profile.nodes.filter((n) => ["(idle)", "(program)"].includes(n.callFrame.functionName)).map((n) => n.id),
  );
  const busy = profile.samples.filter((id) => !idle.has(id)).length;
  return (busy * INTERVAL_US) / 1000;
}

/** The source module of each line of a bundle, from esbuild's `// src/x.ts` markers. */
function moduleLines(source) {
  const starts = [];
  source.split("\n").forEach((line, i) => {
    const m = /^\/\/ (\S+\.(?:[cm]?[jt]s|json))$/.exec(line);
    if (!m) return;
    // a library by its package ("node_modules/drizzle-orm"), the service's own files by path
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(m[1]);
    starts.push([i, pkg ? `node_modules/${pkg[1]}` : m[1]]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) {
        found = starts[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/**
 * Self time by function (file:line name) and by module, most first. A frame without a
 * script (a native call: digest, sign, a D1 call) counts to the module of the nearest
 * caller that has one.
 */
function selfTimes(profile, moduleOf) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const moduleOfNode = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = byNode.get(at).callFrame;
      if (f.url) return moduleOf(f) ?? f.url.split("/").slice(-2).join("/");
    }
    return "(native)";
  };
  const counts = new Map();
  const modules = new Map();
  for (const id of profile.samples) {
    const f = byNode.get(id).callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const mod = moduleOfNode(id);
    const file = f.url ? (moduleOf(f) ?? f.url.split("/").slice(-2).join("/")) : f.url;
    const name = `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    modules.set(mod, (modules.get(mod) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, share: n / total }));
  return { functions: sorted(counts), modules: sorted(modules) };
}

/** The profile of `work`, and its wall-clock time in ms. */
async function profiled(isolate, work) {
  await isolate.send("Profiler.start");
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  return { ...(await isolate.send("Profiler.stop")).profile, ms };
}

/** Cost centres K0..K3 (dimension 1) and projects P0..P2 (dimension 6) of the company. */
async function objectsOf(t) {
  const url = `/api/v1/companies/${t.company.id}/dimensions`;
  await api(t.call, "POST", url, { key: t.key, body: { id: 1, name: "Kostnadsställe" } });
  await api(t.call, "POST", url, { key: t.key, body: { id: 6, name: "Projekt" } });
  for (const code of ["K0", "K1", "K2", "K3"])
    await api(t.call, "POST", `${url}/1/codes`, { key: t.key, body: { code, name: code } });
  for (const code of ["P0", "P1", "P2"])
    await api(t.call, "POST", `${url}/6/codes`, { key: t.key, body: { code, name: code } });
}

/** A tree's service started (with that tree's own bench/service.mjs), a user, a live key, a company, 30 pairs. */
async function setUp(tree, i) {
  const port = Number(values.port) + i;
  const inspector = Number(values.inspector) + i;
  const base = `http://127.0.0.1:${port}`;
  const { startService } = await import(pathToFileURL(join(tree, "bench", "service.mjs")).href);
  const { createLiveKey } = await import(pathToFileURL(join(tree, "bench", "mfa.mjs")).href);
  const stateDir = mkdtempSync(join(tmpdir(), "bokforing-bench-profile-"));
  const t = { tree, base, stateDir, call: benchApi(base), rounds: [], last: null, pairNo: 0 };
  t.dev = await startService(stateDir, { port, ratePerMinute: 1_000_000, inspectorPort: inspector });
  setUps.push(t);
  const user = await api(t.call, "POST", "/admin/v1/users", {
    admin: true,
    body: { email: `profile-${Date.now()}@example.se`, name: "Profil" },
  });
  // a live key needs the user's second factor (bench/mfa.mjs)
  t.key = (await createLiveKey(base, user.id, { name: "profile", scopes: ["*"] })).key;
  t.company = await api(t.call, "POST", "/api/v1/companies", {
    key: t.key,
    body: {
      name: "Profil AB",
      entity_type: "aktiebolag",
      f_skatt: true,
      first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
    },
  });
  if (values.objects) await objectsOf(t);
  for (let n = 0; n < 30; n++) await pair(t, 900_000 + n);
  // wrangler's inspector proxy may answer later than the Worker does on a loaded machine
  for (let n = 0; n < 120; n++) {
    if (
      await fetch(`http://127.0.0.1:${inspector}/json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  t.isolate = await connectIsolate(inspector, `${base}/api/v1/health`);
  await t.isolate.send("Profiler.enable");
  await t.isolate.send("Profiler.setSamplingInterval", { interval: INTERVAL_US });
  return t;
}

/** One round of a tree: PAIRS health requests, then PAIRS pairs, each profiled. */
async function round(t) {
  const health = await profiled(t.isolate, async () => {
    for (let i = 0; i < PAIRS; i++) await (await fetch(`${t.base}/api/v1/health`)).arrayBuffer();
  });
  const pairs = await profiled(t.isolate, async () => {
    for (let i = 0; i < PAIRS; i++) await pair(t, t.pairNo++);
  });
  const r = {
    health_cpu_ms: busyMs(health) / PAIRS,
    pair_cpu_ms: busyMs(pairs) / PAIRS,
    health_per_s: (1000 * PAIRS) / health.ms,
    pairs_per_s: (1000 * PAIRS) / pairs.ms,
  };
  r.cpu_ratio = r.pair_cpu_ms / r.health_cpu_ms;
  // pairs a second against the health floor's requests a second (higher is better)
  r.rate_ratio = r.pairs_per_s / r.health_per_s;
  t.rounds.push(r);
  t.last = pairs;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fixed = (x, d = 3) => x.toFixed(d).padStart(8);

/** Prints a tree's rounds, medians, the chain's share and the top self times; returns its summary. */
async function report(t, i) {
  // the bundle's source, to name each sampled line's module (after the rounds: the debugger costs time)
  await t.isolate.send("Debugger.enable");
  const sources = new Map();
  for (const n of t.last.nodes) {
    const { scriptId, url } = n.callFrame;
    if (url && !sources.has(scriptId))
      sources.set(
        scriptId,
        moduleLines((await t.isolate.send("Debugger.getScriptSource", { scriptId })).scriptSource ?? ""),
      );
  }
  await t.isolate.send("Debugger.disable");
  const lastCpu = t.rounds[t.rounds.length - 1].pair_cpu_ms;
  const times = selfTimes(t.last, (frame) => sources.get(frame.scriptId)?.(frame.lineNumber) ?? null);
  const chain = times.modules.filter((m) => CHAIN_MODULES.includes(m.name));
  const summary = {
    tree: t.tree,
    pairs: PAIRS,
    rounds: t.rounds,
    median_health_cpu_ms: median(t.rounds.map((r) => r.health_cpu_ms)),
    median_pair_cpu_ms: median(t.rounds.map((r) => r.pair_cpu_ms)),
    median_cpu_ratio: median(t.rounds.map((r) => r.cpu_ratio)),
    median_pairs_per_s: median(t.rounds.map((r) => r.pairs_per_s)),
    median_rate_ratio: median(t.rounds.map((r) => r.rate_ratio)),
    chain_share: chain.reduce((a, m) => a + m.share, 0),
  };
  summary.chain_ms = summary.chain_share * lastCpu;
  console.log(`\n== tree ${i + 1}: ${t.tree}`);
  console.log("round  health CPU  pair CPU  CPU ÷ health  health/s   pairs/s  pairs/s ÷ health/s");
  for (const [n, r] of t.rounds.entries())
    console.log(
      `${String(n + 1).padStart(5)}  ${fixed(r.health_cpu_ms)}  ${fixed(r.pair_cpu_ms)}  ${fixed(r.cpu_ratio, 2)}  ${fixed(r.health_per_s, 1)}  ${fixed(r.pairs_per_s, 1)}  ${fixed(r.rate_ratio, 4)}`,
    );
  console.log(
    `median  ${fixed(summary.median_health_cpu_ms)}  ${fixed(summary.median_pair_cpu_ms)}  ${fixed(summary.median_cpu_ratio, 2)}            ${fixed(summary.median_pairs_per_s, 1)}  ${fixed(summary.median_rate_ratio, 4)}`,
  );
  console.log(
    `the verifiable ledger's modules (last round): ${(summary.chain_share * 100).toFixed(1)} % of a pair's CPU, ${summary.chain_ms.toFixed(3)} ms` +
      (chain.length ? ` (${chain.map((m) => `${m.name} ${(m.share * 100).toFixed(1)} %`).join(", ")})` : ""),
  );
  const top = Number(values.top);
  console.log(`self time of a pair by module (last round), top ${top}:`);
  for (const { name, share } of times.modules.slice(0, top))
    console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${(share * lastCpu).toFixed(3)} ms  ${name}`);
  console.log(`self time of a pair by function (last round), top ${top}:`);
  for (const { name, share } of times.functions.slice(0, top))
    console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${(share * lastCpu).toFixed(3)} ms  ${name}`);
  if (values.cpuprofile) {
    const { ms: _ms, ...profile } = t.last;
    writeFileSync(`${values.cpuprofile}.${i + 1}.cpuprofile`, JSON.stringify(profile));
  }
  return summary;
}

/** Every service started, set up or not, to stop at the end. */
const setUps = [];
const trees = [];
try {
  for (const [i, tree] of TREES.entries()) trees.push(await setUp(tree, i));
  console.log(
    `bench: CPU of the Worker's isolate, ${PAIRS} sequential requests of each kind, ${ROUNDS} round(s) a tree`,
  );
  // the trees in turn, the first one first in odd rounds and last in even ones
  for (let r = 0; r < ROUNDS; r++) for (const t of r % 2 ? [...trees].reverse() : trees) await round(t);
  const summaries = [];
  for (const [i, t] of trees.entries()) summaries.push(await report(t, i));
  if (trees.length > 1) {
    console.log("\ntree  pair CPU ÷ health (median)  vs tree 1   pairs/s ÷ health/s (median)  vs tree 1");
    for (const [i, s] of summaries.entries())
      console.log(
        `${String(i + 1).padStart(4)}  ${fixed(s.median_cpu_ratio, 2)}                  ${fixed((100 * s.median_cpu_ratio) / summaries[0].median_cpu_ratio - 100, 1)} %  ${fixed(s.median_rate_ratio, 4)}                     ${fixed((100 * s.median_rate_ratio) / summaries[0].median_rate_ratio - 100, 1)} %`,
      );
  }
  if (values.json) for (const s of summaries) appendFileSync(values.json, `${JSON.stringify(s)}\n`);
} finally {
  for (const t of setUps) {
    t.isolate?.close();
    t.dev.kill("SIGTERM");
    rmSync(t.stateDir, { recursive: true, force: true });
  }
}
