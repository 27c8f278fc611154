// npm run bench:commit [-- --seconds 6 --health 300]
// The commit path (issue 19): a draft-and-commit pair through the API, timed against
// floors measured in the same run. Starts the service locally (wrangler dev, a fresh
// state directory) and prints:
//   - GET /api/v1/health, N sequential requests: the floor of one HTTP request;
//   - the raw D1 batch a commit makes (an entry, three lines, three balance upserts),
//     run in a loop inside the Worker (/__bench/commit-batch), and one batch a request;
//   - draft+commit pairs a second: 1 client; 8 clients on one company; 8 clients on
//     8 companies (each client its own key, a user's keys on the user's companies);
//   - the D1 round trips the company's writer made per request (X-D1-Round-Trips);
//   - the ratios against the goals: pairs/s ÷ (health/s ÷ 2) ≥ 0.60; 8-on-8 ÷ 1 ≥ 1.5.
// Asserts nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchApi, startService } from "./service.mjs";
import { createLiveKey } from "./mfa.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "6" },
    health: { type: "string", default: "300" },
    port: { type: "string", default: "8796" },
  },
});
const SECONDS = Number(values.seconds);
const HEALTH_N = Number(values.health);
const BASE = `http://127.0.0.1:${values.port}`;
const YEAR = { start_date: "2025-01-01", end_date: "2025-12-31" };

const call = benchApi(BASE);

/** A call, with the D1 round trips the company's writer reported for it. */
async function api(method, path, options) {
  const res = await call(method, path, options);
  return { ...res, roundTrips: res.headers.get("X-D1-Round-Trips") };
}

function must(res, what) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const line = (label, value, extra = "") => console.log(`${label.padEnd(52)} ${String(value).padStart(9)}  ${extra}`);
const rate = (n, ms) => (n * 1000) / ms;

/** One draft and its commit; the round trips of each. */
async function pair(key, company, n) {
  const url = `/api/v1/companies/${company.id}/journal-entries`;
  const draft = await api("POST", url, {
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
  });
  const id = must(draft, "draft").id;
  const commit = await api("POST", `${url}/${id}/commit`, { key });
  must(commit, "commit");
  return [Number(draft.roundTrips), Number(commit.roundTrips)];
}

/** Clients running pairs back to back for SECONDS; pairs a second over all. */
async function pairs(clients) {
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  const trips = { draft: [], commit: [] };
  const counts = await Promise.all(
    clients.map(async ({ key, company }, c) => {
      let n = 0;
      while (performance.now() < deadline) {
        const [d, k] = await pair(key, company, c * 100_000 + n++);
        trips.draft.push(d);
        trips.commit.push(k);
      }
      return n;
    }),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  return { perSecond: rate(total, performance.now() - t0), total, trips };
}

const mode = (xs) => {
  const counts = new Map();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([v, n]) => `${v}×${n}`)
    .join(" ");
};

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-bench-commit-"));
const dev = await startService(stateDir, { port: values.port, ratePerMinute: 1_000_000 });
try {
  const user = must(
    await api("POST", "/admin/v1/users", {
      admin: true,
      body: { email: `commit-${Date.now()}@example.se`, name: "Bench" },
    }),
    "user",
  );
  const keys = [];
  for (let i = 0; i < 8; i++)
    keys.push((await createLiveKey(BASE, user.id, { name: `bench ${i}`, scopes: ["*"] })).key);
  const companies = [];
  for (let i = 0; i < 9; i++) {
    companies.push(
      must(
        await api("POST", "/api/v1/companies", {
          key: keys[0],
          body: { name: `Bänk ${i} AB`, entity_type: "aktiebolag", f_skatt: true, first_fiscal_year: YEAR },
        }),
        "company",
      ),
    );
  }
  const floorCompany = companies[8];
  console.error("set up: a user, 8 keys, 9 companies");

  // warm up: every isolate, object and company once
  for (let i = 0; i < 8; i++) await pair(keys[i], companies[i], 999_000 + i);
  for (let i = 0; i < 20; i++) await fetch(`${BASE}/api/v1/health`);

  console.log(`bench: the commit path, local workerd + D1, ${SECONDS} s a run`);
  let t0 = performance.now();
  for (let i = 0; i < HEALTH_N; i++) {
    const res = await fetch(`${BASE}/api/v1/health`);
    await res.arrayBuffer();
  }
  const health = rate(HEALTH_N, performance.now() - t0);
  line("GET /health, sequential (floor of a request)", `${health.toFixed(0)}/s`);

  const floorBody = (first, count) => ({
    company_id: floorCompany.id,
    fiscal_period_id: floorCompany.fiscal_period.id,
    entry_date: "2025-06-15",
    first_number: first,
    count,
  });
  const floor = await api("POST", "/__bench/commit-batch", { admin: true, body: floorBody(1, 500) });
  if (floor.status !== 200) throw new Error(`floor: ${floor.status} ${JSON.stringify(floor.body)}`);
  const inWorker = floor.body;
  line(
    "raw D1 commit batch, in the Worker (floor of D1)",
    `${rate(inWorker.batches, inWorker.ms).toFixed(0)}/s`,
    "entry + 3 lines + 3 balance upserts",
  );
  t0 = performance.now();
  for (let i = 0; i < 200; i++)
    await api("POST", "/__bench/commit-batch", { admin: true, body: floorBody(1000 + i, 1) });
  line("raw D1 commit batch, one a request", `${rate(200, performance.now() - t0).toFixed(0)}/s`);

  const goal = health / 2;
  const one = await pairs([{ key: keys[0], company: companies[0] }]);
  line(
    "draft+commit pairs, 1 client",
    `${one.perSecond.toFixed(1)}/s`,
    `÷ (health/2 = ${goal.toFixed(1)}) = ${(one.perSecond / goal).toFixed(2)} (goal ≥ 0.60)`,
  );
  const eightOnOne = await pairs(keys.map((key) => ({ key, company: companies[0] })));
  line(
    "draft+commit pairs, 8 clients on 1 company",
    `${eightOnOne.perSecond.toFixed(1)}/s`,
    `÷ 1 client = ${(eightOnOne.perSecond / one.perSecond).toFixed(2)}`,
  );
  const eightOnEight = await pairs(keys.map((key, i) => ({ key, company: companies[i] })));
  line(
    "draft+commit pairs, 8 clients on 8 companies",
    `${eightOnEight.perSecond.toFixed(1)}/s`,
    `÷ 1 client = ${(eightOnEight.perSecond / one.perSecond).toFixed(2)} (goal ≥ 1.5)`,
  );
  const trips = {
    draft: [...one.trips.draft, ...eightOnOne.trips.draft, ...eightOnEight.trips.draft],
    commit: [...one.trips.commit, ...eightOnOne.trips.commit, ...eightOnEight.trips.commit],
  };
  line("D1 round trips per draft (value×requests)", mode(trips.draft));
  line("D1 round trips per commit (value×requests)", mode(trips.commit));
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
