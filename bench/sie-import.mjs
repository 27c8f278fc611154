// node bench/sie-import.mjs [-- --lines 100000,1000000 --memory-mb 50]
// The SIE import against its floor. Starts the service (wrangler dev, a fresh state
// directory, port 8797), and for each size: generates a SIE 4 file of that many journal
// lines (bench/sie-file.mjs), imports it into a fresh company through the API
// (multipart POST .../imports/sie, then the operation polled to its end), then asks the
// floor (POST /__bench/sie-rows, src/http/bench-floors-sie.ts) to insert the same number
// of entry and line rows raw into D1 for another fresh company. Prints both rates in
// rows a second (entries + lines), their ratio (goal >= 0.70), and where the import's
// time went (upload, queue, the operation's own run).
// Then the import's peak memory: the streaming parse, check and plan of the import
// (src/domains/imports/sie-stream.ts), bundled with esbuild and run in Node over a
// generated file of --memory-mb MB read as a stream, sampling process.memoryUsage()
// (heap used + external, which holds the array buffers) every few milliseconds; the same for the
// whole-file parse (decodeSie + parseSie) beside it. Then the same in workerd itself:
// the service started with an inspector (bench/isolate.mjs), a file of --memory-mb MB
// uploaded by form and by JSON and imported, the isolate's live memory (V8 heap and
// ArrayBuffer backing stores, after a full collection) sampled throughout. Asserts nothing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { connectIsolate, peakLiveMemory } from "./isolate.mjs";
import { BENCH_ADMIN_TOKEN, startService } from "./service.mjs";
import { createLiveKey } from "./mfa.mjs";
import { generateSie, LINES_PER_VOUCHER } from "./sie-file.mjs";
import { projectRoot } from "../scripts/node.mjs";

const { values } = parseArgs({
  options: {
    lines: { type: "string", default: "100000,1000000" },
    port: { type: "string", default: "8797" },
    "memory-mb": { type: "string", default: "50" },
    "skip-memory": { type: "boolean", default: false },
    "skip-import": { type: "boolean", default: false },
  },
});
const SIZES = values.lines
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const BASE = `http://127.0.0.1:${values.port}`;
/** vouchers per D1 batch: what the import writes per chunk (src/domains/imports/sie-import.ts CHUNK) */
const ENTRIES_PER_BATCH = 2000;

async function api(method, path, { key, body, admin, form, json } = {}) {
  const headers = {
    Authorization: `Bearer ${admin ? BENCH_ADMIN_TOKEN : key}`,
    "Idempotency-Key": crypto.randomUUID(),
  };
  if (body || json) headers["Content-Type"] = "application/json";
  const res = await fetch(BASE + path, {
    method,
    headers,
    body: form ?? json ?? (body ? JSON.stringify(body) : undefined),
  });
  const type = res.headers.get("Content-Type") ?? "";
  const out = { status: res.status, body: type.includes("json") ? await res.json() : await res.text() };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(out.body).slice(0, 500)}`);
  return out;
}

const fmt = (ms) => (ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
const row = (label, value) => console.log(`${label.padEnd(48)} ${value}`);

/** A user of the benchmark's own and a key of theirs with every scope. */
async function benchKey(name) {
  const user = await api("POST", "/admin/v1/users", {
    admin: true,
    body: { email: `${name}-${Date.now()}@example.se`, name },
  });
  return (await createLiveKey(BASE, user.body.data.id, { name, scopes: ["*"] })).key;
}

/** Polls the operation until it succeeds (an error if it fails). */
async function operationSucceeded(key, operationId) {
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const op = (await api("GET", `/api/v1/operations/${operationId}`, { key })).body.data;
    if (op.status === "failed") throw new Error(`import failed: ${JSON.stringify(op.error)}`);
    if (op.status === "succeeded") return op;
  }
}

async function newCompany(key, name) {
  return (
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name,
        entity_type: "aktiebolag",
        f_skatt: true,
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    })
  ).body.data;
}

/** Imports and polls; returns the wall time, the upload, the wait in the queue and the operation's own run (its started_at and completed_at). */
async function importAndWait(key, companyId, bytes) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), "bench.se");
  const t0 = performance.now();
  const started = await api("POST", `/api/v1/companies/${companyId}/imports/sie`, { key, form });
  const upload = performance.now() - t0;
  const op = await operationSucceeded(key, started.body.data.operation_id);
  const ms = performance.now() - t0;
  const at = (iso) => Date.parse(iso);
  const phases = new Map([
    ["upload (POST answered 202)", upload],
    ["in the queue", at(op.started_at) - at(op.created_at)],
    ["operation running (read, check, write)", at(op.completed_at) - at(op.started_at)],
  ]);
  return { ms, phases, result: op.result };
}

async function importBench() {
  const stateDir = mkdtempSync(join(tmpdir(), "bokforing-sie-bench-"));
  const dev = await startService(stateDir, { port: values.port, ratePerMinute: 100000 });
  try {
    const key = await benchKey("sie-bench");
    for (const lines of SIZES) {
      const vouchers = Math.floor(lines / LINES_PER_VOUCHER);
      const file = generateSie(lines);
      console.log(
        `\nSIE import of ${lines.toLocaleString("en-US")} lines (${vouchers.toLocaleString("en-US")} vouchers, ${(file.length / 1024 / 1024).toFixed(1)} MB), local workerd + D1`,
      );
      // The machine is shared, so its speed drifts: the floor runs just before and just
      // after the import, and the import is compared with the mean of the two. The floor
      // gives the rows the ids the import gives them (time-ordered, src/ids.ts); once more
      // with random ids, as every row had before, to show what the ids are worth.
      const floorOnce = async (label, ids = "time-ordered") => {
        const floorCompany = await newCompany(key, `Floor ${label} ${lines}`);
        const floor = (
          await api("POST", "/__bench/sie-rows", {
            admin: true,
            body: {
              company_id: floorCompany.id,
              fiscal_period_id: floorCompany.fiscal_period.id,
              entries: vouchers,
              lines_per_entry: LINES_PER_VOUCHER,
              entries_per_batch: ENTRIES_PER_BATCH,
              ids,
            },
          })
        ).body;
        row(`floor ${label}: the same rows raw into D1`, `${fmt(floor.ms)} (${floor.batches} batches)`);
        return (floor.entries + floor.lines) / (floor.ms / 1000);
      };
      const before = await floorOnce("before");
      const company = await newCompany(key, `Import ${lines}`);
      const imported = await importAndWait(key, company.id, file);
      const rows = imported.result.entries_imported + 1 + imported.result.lines_imported + 2; // the vouchers and the opening entry
      row("import (upload to operation succeeded)", fmt(imported.ms));
      for (const [phase, ms] of imported.phases) row(`  ${phase}`, fmt(ms));
      const after = await floorOnce("after");
      const random = await floorOnce("with random ids (v4)", "random");
      const importRate = rows / (imported.ms / 1000);
      const floorRate = (before + after) / 2;
      row("import rate (entries + lines a second)", importRate.toFixed(0));
      row(
        "floor rate, mean of before and after",
        `${floorRate.toFixed(0)} (${before.toFixed(0)}, ${after.toFixed(0)})`,
      );
      row("ratio import / floor (goal >= 0.70)", (importRate / floorRate).toFixed(2));
      row("floor rate with random ids", `${random.toFixed(0)} (import / it: ${(importRate / random).toFixed(2)})`);
    }
  } finally {
    dev.kill("SIGTERM");
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/** Bundles bench/sie-memory-probe.ts and runs it over a generated file of about `mb` MB. */
function memoryBench(mb) {
  const dir = mkdtempSync(join(tmpdir(), "sie-memory-"));
  try {
    const bundle = join(dir, "probe.mjs");
    execFileSync(
      "npx",
      [
        "esbuild",
        join(projectRoot, "bench", "sie-memory-probe.ts"),
        "--bundle",
        "--platform=node",
        "--format=esm",
        `--outfile=${bundle}`,
        "--log-level=warning",
      ],
      { cwd: projectRoot, stdio: "inherit" },
    );
    // about 33 bytes a line in the generated file
    const lines = Math.round((mb * 1024 * 1024) / 33.4 / LINES_PER_VOUCHER) * LINES_PER_VOUCHER;
    const file = join(dir, "big.se");
    writeFileSync(file, generateSie(lines));
    console.log(
      `\nPeak memory of the import's parse, check and plan (Node ${process.version}, esbuild bundle of src/domains/imports/sie-stream.ts)`,
    );
    // the streamed import once as it comes, once in a V8 heap capped at 48 MB (it must finish
    // there: a Worker has 128 MB); the whole-file import as it was
    for (const [mode, flags] of [
      ["stream", []],
      ["stream", ["--max-old-space-size=48"]],
      ["whole", []],
    ]) {
      const out = execFileSync(process.execPath, ["--expose-gc", ...flags, bundle, mode, file], { encoding: "utf8" });
      console.log(out.trimEnd() + (flags.length ? `  [${flags.join(" ")}: finished]` : ""));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The upload and the import of a file of about `size` MB in workerd, the isolate's live
 * memory sampled: locally one isolate runs the Worker and the company's Durable Object
 * (on Cloudflare each has its own), so each figure bounds both from above.
 */
async function isolateMemoryBench(size) {
  const stateDir = mkdtempSync(join(tmpdir(), "bokforing-sie-memory-"));
  const inspectorPort = Number(values.port) + 1000;
  const dev = await startService(stateDir, { port: values.port, ratePerMinute: 100000, inspectorPort });
  const isolate = await connectIsolate(inspectorPort, `${BASE}/api/v1/health`);
  try {
    const key = await benchKey("sie-memory");
    const lines = Math.round((size * 1024 * 1024) / 33.4 / LINES_PER_VOUCHER) * LINES_PER_VOUCHER;
    const file = generateSie(lines);
    console.log(
      `\nLive memory of the Worker's isolate in workerd (heap + ArrayBuffers, after a full collection), a ${mb(file.length)} file of ${lines.toLocaleString("en-US")} lines`,
    );
    console.log(
      `${"".padEnd(48)} ${"before".padStart(9)} ${"peak".padStart(9)} ${"heap".padStart(9)} ${"buffers".padStart(9)}`,
    );
    const show = (label, { before, peak }) =>
      console.log(
        `${label.padEnd(48)} ${mb(before.total).padStart(9)} ${mb(peak.total).padStart(9)} ${mb(peak.heap).padStart(9)} ${mb(peak.buffers).padStart(9)}`,
      );
    const uploads = [
      [
        "upload by multipart form",
        () => {
          const form = new FormData();
          form.append("file", new Blob([file]), "bench.se");
          return { form };
        },
      ],
      [
        "upload by JSON (file_base64)",
        () => ({ json: JSON.stringify({ file_name: "bench.se", file_base64: Buffer.from(file).toString("base64") }) }),
      ],
    ];
    for (const [label, body] of uploads) {
      const company = await newCompany(key, `Memory ${label}`);
      const request = body();
      const upload = await peakLiveMemory(isolate, () =>
        api("POST", `/api/v1/companies/${company.id}/imports/sie`, { key, ...request }),
      );
      show(label, upload);
      const operationId = upload.result.body.data.operation_id;
      const imported = await peakLiveMemory(isolate, () => operationSucceeded(key, operationId));
      show("  then its import (read, check, write)", imported);
    }
  } finally {
    isolate.close();
    dev.kill("SIGTERM");
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (!values["skip-import"]) await importBench();
if (!values["skip-memory"]) {
  memoryBench(Number(values["memory-mb"]));
  await isolateMemoryBench(Number(values["memory-mb"]));
}
