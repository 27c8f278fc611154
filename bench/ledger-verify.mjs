// node bench/ledger-verify.mjs [-- --lines 1000000 --page 5000]
// The verifiable ledger against the books' size (issue #45: verifying a company of a million
// lines must take less time than exporting its SIE file). Starts the service locally (wrangler
// dev, a fresh state directory), builds a company whose year has that many journal lines by
// importing a generated SIE 4 file (bench/sie-file.mjs; every imported voucher is chained in
// its chunk's batch), then times, in the same run: the whole verification walk
// (GET .../ledger/verify page by page) and the SIE 4 export of the year, with the health floor.
// Asserts nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLiveKey } from "./mfa.mjs";
import { benchApi, startService } from "./service.mjs";
import { generateSie, LINES_PER_VOUCHER } from "./sie-file.mjs";

const { values } = parseArgs({
  options: {
    lines: { type: "string", default: "1000000" },
    page: { type: "string", default: "5000" },
    port: { type: "string", default: "8793" },
  },
});
const LINES = Number(values.lines);
const PAGE = Number(values.page);
const BASE = `http://127.0.0.1:${values.port}`;

const api = benchApi(BASE, { timeoutMs: 600_000 });

async function timed(label, fn) {
  const t0 = performance.now();
  const out = await fn();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(46)} ${ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`}`);
  return { out, ms };
}

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-bench-verify-"));
const dev = await startService(stateDir, { port: values.port, ratePerMinute: 1_000_000 });
try {
  const user = await api("POST", "/admin/v1/users", {
    admin: true,
    body: { email: `bench-${Date.now()}@example.se`, name: "Bench" },
  });
  const key = (await createLiveKey(BASE, user.body.data.id, { name: "bench", scopes: ["*"] })).key;
  console.log(
    `\nbench: the verifiable ledger on ${LINES.toLocaleString("sv-SE")} journal lines (vouchers of ${LINES_PER_VOUCHER})`,
  );
  const company = (
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name: "Kedjebolaget AB",
        entity_type: "aktiebolag",
        f_skatt: true,
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    })
  ).body.data;
  const base = `/api/v1/companies/${company.id}`;
  const sie = generateSie(LINES);
  await timed("SIE4 import (build the company)", async () => {
    const started = await api("POST", `${base}/imports/sie`, {
      key,
      body: { file_base64: Buffer.from(sie).toString("base64"), file_name: "bench.se" },
    });
    if (started.status !== 202) throw new Error(JSON.stringify(started.body));
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const op = await api("GET", `/api/v1/operations/${started.body.data.operation_id}`, { key });
      if (op.body.data.status === "succeeded") return op.body.data;
      if (op.body.data.status === "failed") throw new Error(JSON.stringify(op.body.data.error));
    }
  });
  const health = [];
  for (let i = 0; i < 7; i++) health.push((await timed("  GET /health", () => api("GET", "/api/v1/health"))).ms);
  let pages = 0;
  const verified = await timed(`verify the whole chain (pages of ${PAGE})`, async () => {
    let after = 0;
    for (;;) {
      const res = await api("GET", `${base}/ledger/verify?after_seq=${after}&limit=${PAGE}`, { key });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      pages++;
      if (res.body.data.next_after_seq === null) return res.body.data;
      after = res.body.data.next_after_seq;
    }
  });
  console.log(
    `${"  pages / head seq / complete".padEnd(46)} ${pages} / ${verified.out.head_seq} / ${verified.out.complete}`,
  );
  const periods = await api("GET", `${base}/fiscal-periods`, { key });
  const pid = periods.body.data.fiscal_periods.find((p) => p.period_start === "2025-01-01").id;
  const exported = await timed("SIE4 export of the year", () =>
    api("GET", `${base}/reports/sie-export?period_id=${pid}`, { key }),
  );
  console.log(`${"  export size".padEnd(46)} ${(exported.out.body.length / 1024 / 1024).toFixed(1)} MB`);
  console.log(
    `verify / export: ${(verified.ms / exported.ms).toFixed(2)} (health median ${health.sort((a, b) => a - b)[3].toFixed(1)} ms)`,
  );
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
