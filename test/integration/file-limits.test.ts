// Issue #41 item 4 through the Worker: each reader of an outside file gets a file past one of
// its limits (src/formats/limits.ts) and answers a clear refusal, nothing is stored, and
// GET /api/v1/health answers throughout (each hostile request runs while a loop asks the
// health route, every answer timed, as bench/import-latency.mjs does for the bank import).
// The hostile files are made here: a zip bomb with fflate, deep and odd XML as strings.
import { SELF } from "cloudflare:test";
import { strToU8, unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { FILE_LIMITS } from "../../src/formats/limits";
import { BASE, call, countOf, newActor, newCompany, settleOperation } from "../helpers";
import { xlsxOf } from "../tax-account-file";

let key = "";
let companyId = "";
const url = (p: string) => `${BASE}/api/v1/companies/${companyId}${p}`;

beforeAll(async () => {
  const actor = await newActor();
  key = actor.key;
  companyId = (await newCompany(key, { name: "Gränser AB" })).id;
});

/** The answer of `send` and the latency of every health request made while it ran. */
async function whileHealthy(send: () => Promise<Response>) {
  const latencies: number[] = [];
  const statuses = new Set<number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await SELF.fetch(`${BASE}/api/v1/health`);
      await res.arrayBuffer();
      statuses.add(res.status);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const res = await send();
  const body = (await res.json()) as any;
  running = false;
  await loop;
  return { status: res.status, body, latencies, healthStatuses: [...statuses] };
}

function upload(path: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return () => SELF.fetch(url(path), { method: "POST", headers: { Authorization: `Bearer ${key}` }, body: form });
}

/** Health answered 200 every time, and never waited a second (the refusal comes before the work). */
function expectHealthy(r: { latencies: number[]; healthStatuses: number[] }) {
  expect(r.latencies.length).toBeGreaterThan(0);
  expect(r.healthStatuses).toEqual([200]);
  expect(Math.max(...r.latencies)).toBeLessThan(1000);
}

const count = (table: string) => countOf(`SELECT COUNT(*) AS n FROM ${table} WHERE company_id = ?`, companyId);

const CAMT_HEAD =
  '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>S1</Id>';
const camt = (body: string) => strToU8(`${CAMT_HEAD}${body}</Stmt></BkToCstmrStmt></Document>`);

describe("bank files past their limits are refused by the route, nothing stored", () => {
  it.each([
    ["camt nested 100 000 levels", "depth"],
    ["camt of 250 001 elements", "elements"],
    ["BgMax with a 2 000-character line", "lineLength"],
    ["CSV of 1 000 001 lines", "lines"],
  ])("%s: FILE_LIMIT_EXCEEDED (%s)", async (name, limit) => {
    // made here, not in the table: the test's name and arguments travel to the runner
    const bytes = {
      "camt nested 100 000 levels": () => camt(`${"<Ntry>".repeat(100_000)}${"</Ntry>".repeat(100_000)}`),
      "camt of 250 001 elements": () => camt("<Ntry/>".repeat(FILE_LIMITS.camt.elements)),
      "BgMax with a 2 000-character line": () => strToU8(`01BGMAX${" ".repeat(2000)}\n`),
      "CSV of 1 000 001 lines": () => strToU8(`Datum;Belopp\n${"1\n".repeat(FILE_LIMITS.bank_csv.lines)}`),
    }[name]!();
    const before = await count("bank_imports");
    const r = await whileHealthy(upload("/imports/bank", bytes, "bank.txt"));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.code).toBe("VALIDATION_ERROR");
    expect(r.body.error.details).toMatchObject({ reason: "FILE_LIMIT_EXCEEDED", limit });
    expect(await count("bank_imports")).toBe(before);
    expectHealthy(r);
  });

  it("a camt with __proto__ or constructor elements is BANK_FILE_MALFORMED naming the element", async () => {
    for (const name of ["__proto__", "constructor"]) {
      const r = await whileHealthy(upload("/imports/bank", camt(`<${name}><x>1</x></${name}>`), "camt.xml"));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.details).toMatchObject({ reason: "BANK_FILE_MALFORMED", element: name });
      expectHealthy(r);
    }
    expect(await count("bank_imports")).toBe(0);
  });
});

describe("the tax-account list", () => {
  const HEAD = [["Bokföringsdag", "Transaktion", "Belopp"]];

  it("a zip bomb (40 KB inflating to 40 MiB) is FILE_LIMIT_EXCEEDED on the inflated bytes", async () => {
    const sheet = new Uint8Array(40 * 1024 * 1024).fill(0x20);
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": [sheet, { level: 9 }] });
    const r = await whileHealthy(upload("/imports/skattekonto", bomb, "bomb.xlsx"));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.details).toMatchObject({
      reason: "FILE_LIMIT_EXCEEDED",
      reader: "tax_account_xlsx",
      limit: "inflatedBytes",
      max: FILE_LIMITS.tax_account_xlsx.inflatedBytes,
    });
    expectHealthy(r);
    expect(await count("operations")).toBe(0);
  });

  it("an unreadable workbook is 400 TAX_ACCOUNT_FILE_UNREADABLE, not 500", async () => {
    const bytes = xlsxOf(HEAD);
    const files = unzipSync(bytes);
    files["xl/worksheets/sheet1.xml"] = strToU8(`<worksheet>${"<a>".repeat(5000)}</worksheet>`);
    for (const broken of [bytes.subarray(0, bytes.length >> 1), zipSync(files)]) {
      const r = await whileHealthy(upload("/imports/skattekonto", broken, "broken.xlsx"));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(["TAX_ACCOUNT_FILE_UNREADABLE", "FILE_LIMIT_EXCEEDED"]).toContain(r.body.error.details.reason);
      expectHealthy(r);
    }
    expect(await count("operations")).toBe(0);
  });
});

describe("SIE", () => {
  it("a line past the length limit fails the operation with FILE_LIMIT_EXCEEDED and posts nothing", async () => {
    const text = `#FLAGGA 0\r\n#SIETYP 4\r\n#FNAMN "${"x".repeat(FILE_LIMITS.sie.lineLength)}"\r\n`;
    const started = await call("POST", url("/imports/sie").slice(BASE.length), {
      key,
      body: { file_base64: btoa(text), file_name: "lang.se" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = await settleOperation(key, started.body.data.operation_id);
    expect(op.status).toBe("failed");
    expect(op.error.code).toBe("VALIDATION_ERROR");
    expect(op.error.details).toMatchObject({
      reason: "FILE_LIMIT_EXCEEDED",
      reader: "sie",
      limit: "lineLength",
      line: 3,
    });
    expect(await count("journal_entries")).toBe(0);
  });
});

describe("documents", () => {
  it("a file past 10 MiB is DOC_UPLOAD_TOO_LARGE and not archived", async () => {
    const bytes = new Uint8Array(FILE_LIMITS.document.bytes + 1);
    bytes.set(strToU8("%PDF-1.7\n"));
    const r = await whileHealthy(upload("/documents", bytes, "stor.pdf"));
    expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
    expect(r.body.error.code).toBe("DOC_UPLOAD_TOO_LARGE");
    expect(await count("documents")).toBe(0);
    expectHealthy(r);
  });
});
