// node bench/hostile-files.mjs [--port 8806]
// Issue #41 item 4: does a hostile file stop the service? Starts the service locally (wrangler
// dev, a fresh state directory), then uploads, one after another, the files of the probe that
// once ran the isolate out of memory or ended INTERNAL_ERROR (a 100 MB zip bomb of about
// 100 KB, a sheet with a cell in column ZZZZZ, camt files nested 100 000 and 500 000 levels,
// a camt with __proto__ elements, a 5 MB BgMax line), while one client asks GET /api/v1/health
// in a loop. Prints per file: the answer (status, details.reason, details.limit), its time, and
// the health route's p50 / p95 / max while it ran. Limits: src/formats/limits.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { strToU8, zipSync } from "fflate";
import { createLiveKey } from "./mfa.mjs";
import { BENCH_ADMIN_TOKEN, startService } from "./service.mjs";

const { values } = parseArgs({ options: { port: { type: "string", default: "8806" } } });
const BASE = `http://127.0.0.1:${values.port}`;

async function api(method, path, { key, body, admin } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: {
      Authorization: `Bearer ${admin ? BENCH_ADMIN_TOKEN : key}`,
      "Idempotency-Key": crypto.randomUUID(),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

function percentiles(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms (n=${s.length})`;
}

function bomb() {
  const sheet = new Uint8Array(100 * 1024 * 1024).fill(0x20);
  return zipSync({ "xl/worksheets/sheet1.xml": [sheet, { level: 9 }] });
}

function farColumn() {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zipSync({
    "xl/workbook.xml": strToU8(`<workbook ${ns}><sheets><sheet name="a" sheetId="1"/></sheets></workbook>`),
    "xl/worksheets/sheet1.xml": strToU8(
      `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Datum</t></is></c><c r="ZZZZZ1"><v>1</v></c></row></sheetData></worksheet>`,
    ),
  });
}

const camtHead =
  '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>';
const camt = (body) => strToU8(`${camtHead}${body}</Stmt></BkToCstmrStmt></Document>`);
const deep = (n) => camt(`${"<Ntry>".repeat(n)}${"</Ntry>".repeat(n)}`);

const FILES = [
  ["zip bomb, 100 MB sheet", "/imports/skattekonto", "bomb.xlsx", bomb],
  ["sheet with a cell in column ZZZZZ", "/imports/skattekonto", "far.xlsx", farColumn],
  ["camt nested 100 000 levels", "/imports/bank", "deep.xml", () => deep(100_000)],
  ["camt nested 500 000 levels", "/imports/bank", "deeper.xml", () => deep(500_000)],
  ["camt with __proto__ elements", "/imports/bank", "proto.xml", () => camt("<__proto__><x>1</x></__proto__>")],
  ["BgMax with a 5 MB line", "/imports/bank", "bgmax.txt", () => strToU8(`01BGMAX${" ".repeat(5 << 20)}\n`)],
];

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-hostile-files-"));
const dev = await startService(stateDir, { port: values.port, ratePerMinute: 1000000 });
try {
  const user = await api("POST", "/admin/v1/users", {
    admin: true,
    body: { email: `bench-${Date.now()}@example.se`, name: "B" },
  });
  const key = (await createLiveKey(BASE, user.id, { name: "bench", scopes: ["*"] })).key;
  const company = await api("POST", "/api/v1/companies", {
    key,
    body: {
      name: "Gränser AB",
      entity_type: "aktiebolag",
      org_number: "556016-0680",
      f_skatt: true,
      vat_registered: true,
      moms_period: "quarterly",
      first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
    },
  });
  for (const [label, path, name, make] of FILES) {
    const bytes = make();
    const times = [];
    let running = true;
    const health = (async () => {
      while (running) {
        const t0 = performance.now();
        const res = await fetch(`${BASE}/api/v1/health`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`health ${res.status}`);
        times.push(performance.now() - t0);
      }
    })();
    const form = new FormData();
    form.append("file", new File([bytes], name));
    const t0 = performance.now();
    const res = await fetch(`${BASE}/api/v1/companies/${company.id}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    const body = await res.json();
    const took = performance.now() - t0;
    running = false;
    await health;
    const d = body.error?.details ?? {};
    console.log(`${label} (${(bytes.length / 1024).toFixed(0)} KB)`);
    console.log(
      `  ${res.status} ${body.error?.code ?? ""} ${d.reason ?? ""} ${d.limit ?? d.element ?? ""} in ${took.toFixed(0)} ms`,
    );
    console.log(`  GET /api/v1/health meanwhile: ${percentiles(times)}`);
  }
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
