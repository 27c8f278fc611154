// node bench/bank-import.mjs [--transactions 100000] [--invoices 10000] [--per-file 10000]
// Starts the service locally (wrangler dev, a fresh state directory), issues the open
// invoices (self-billed, booked at once, 50 a call), generates camt.053.001.08 statements
// holding the given number of transactions, the first ones paying the invoices with their
// OCR references, imports them through POST .../imports/bank, imports the first file again
// (nothing new), then matches every transaction that the import linked to an invoice by its
// OCR (potential_invoice_id) with match-invoice. Prints the figures; asserts nothing.
//
// A bank file may be at most 10 MB (spec, Limits): 100 000 camt entries are about 40 MB,
// so the statement is split into files of --per-file entries, imported one after the other.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BENCH_ADMIN_TOKEN, startService } from "./service.mjs";
import { createLiveKey } from "./mfa.mjs";

const { values } = parseArgs({
  options: {
    transactions: { type: "string", default: "100000" },
    invoices: { type: "string", default: "10000" },
    "per-file": { type: "string", default: "10000" },
    port: { type: "string", default: "8792" },
  },
});
const TX = Number(values.transactions);
const INVOICES = Math.min(Number(values.invoices), TX);
const PER_FILE = Number(values["per-file"]);
const PORT = values.port;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = BENCH_ADMIN_TOKEN;

async function api(method, path, { key, body, admin, form } = {}) {
  const headers = { Authorization: `Bearer ${admin ? ADMIN : key}`, "Idempotency-Key": crypto.randomUUID() };
  if (body) headers["Content-Type"] = "application/json";
  const res = await fetch(BASE + path, { method, headers, body: form ?? (body ? JSON.stringify(body) : undefined) });
  return { status: res.status, body: await res.json() };
}
const must = (res, what) => {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

async function timed(label, fn) {
  const t0 = performance.now();
  const out = await fn();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(52)} ${ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`}`);
  return out;
}

/** Modulus-10 check digit (Bankgirot's OCR check), as src/sweden/bank-categories.ts computes it. */
function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10;
}
const ocrOf = (inv) =>
  inv.ocr_number ??
  (() => {
    const d = inv.invoice_number.replace(/\D/g, "");
    return `${d}${luhn(d)}`;
  })();
const kr = (ore) => `${Math.floor(Math.abs(ore) / 100)}.${String(Math.abs(ore) % 100).padStart(2, "0")}`;
const date = (i) =>
  `2025-${String(1 + Math.floor((i / TX) * 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;

/** One camt.053.001.08 document of rows [from, to): payments of invoices first, then card purchases and fees. */
function camtFile(from, to, payments, opening) {
  const out = [];
  let balance = opening;
  for (let i = from; i < to; i++) {
    const pay = payments[i];
    const amount = pay ? pay.totalOre : i % 7 === 0 ? 250_00 + (i % 5000) : -(49_00 + (i % 3000) * 3);
    balance += amount;
    const rmt = pay
      ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${pay.ocr}</Ref></CdtrRefInf></Strd></RmtInf>`
      : `<RmtInf><Ustrd>${amount > 0 ? "Insättning" : "Kortköp Butik"} ${i}</Ustrd></RmtInf>`;
    const party =
      amount > 0
        ? `<RltdPties><Dbtr><Pty><Nm>Kund ${i % 100}</Nm></Pty></Dbtr></RltdPties>`
        : `<RltdPties><Cdtr><Pty><Nm>Butik ${i % 500}</Nm></Pty></Cdtr></RltdPties>`;
    out.push(
      `<Ntry><Amt Ccy="SEK">${kr(amount)}</Amt><CdtDbtInd>${amount > 0 ? "CRDT" : "DBIT"}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${date(i)}</Dt></BookgDt><ValDt><Dt>${date(i)}</Dt></ValDt><AcctSvcrRef>BENCH-${i}</AcctSvcrRef>` +
        `<NtryDtls><TxDtls><Amt Ccy="SEK">${kr(amount)}</Amt><CdtDbtInd>${amount > 0 ? "CRDT" : "DBIT"}</CdtDbtInd>${party}${rmt}</TxDtls></NtryDtls></Ntry>`,
    );
  }
  const bal = (cd, ore, d) =>
    `<Bal><Tp><CdOrPrtry><Cd>${cd}</Cd></CdOrPrtry></Tp><Amt Ccy="SEK">${kr(ore)}</Amt><CdtDbtInd>${ore >= 0 ? "CRDT" : "DBIT"}</CdtDbtInd><Dt><Dt>${d}</Dt></Dt></Bal>`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH-${from}</MsgId><CreDtTm>2026-01-02T06:00:00+01:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>BENCH-STMT-${from}</Id><CreDtTm>2026-01-02T06:00:00+01:00</CreDtTm><Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id><Ccy>SEK</Ccy></Acct>` +
    bal("OPBD", opening, date(from)) +
    bal("CLBD", balance, date(to - 1)) +
    out.join("") +
    `</Stmt></BkToCstmrStmt></Document>`;
  return { bytes: new TextEncoder().encode(xml), closing: balance };
}

async function importAndWait(key, companyId, bytes, name) {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  form.append("settlement_account", "1930");
  const started = must(await api("POST", `/api/v1/companies/${companyId}/imports/bank`, { key, form }), "import");
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const op = must(await api("GET", `/api/v1/operations/${started.operation_id}`, { key }), "poll");
    if (op.status === "succeeded") return op.result;
    if (op.status === "failed") throw new Error(`import failed: ${JSON.stringify(op.error)}`);
  }
}

const stateDir = mkdtempSync(join(tmpdir(), "bokforing-bank-bench-"));
const dev = await startService(stateDir, { port: PORT, ratePerMinute: 1000000 });
try {
  console.log(
    `bench: ${TX.toLocaleString("sv-SE")} bank transactions (camt.053, ${Math.ceil(TX / PER_FILE)} files), ${INVOICES.toLocaleString("sv-SE")} open invoices; local workerd + D1`,
  );
  const user = await api("POST", "/admin/v1/users", {
    admin: true,
    body: { email: `bench-${Date.now()}@example.se`, name: "Bench" },
  });
  const key = (await createLiveKey(BASE, user.body.data.id, { name: "bench", scopes: ["*"] })).key;
  const company = must(
    await api("POST", "/api/v1/companies", {
      key,
      body: {
        name: "Bankbänken AB",
        entity_type: "aktiebolag",
        org_number: "556016-0680",
        f_skatt: true,
        vat_registered: true,
        moms_period: "quarterly",
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    }),
    "company",
  );
  const url = (p) => `/api/v1/companies/${company.id}${p}`;
  const customers = [];
  for (let i = 0; i < 100; i++)
    customers.push(
      must(
        await api("POST", url("/customers"), { key, body: { name: `Kund ${i}`, customer_type: "swedish_business" } }),
        "customer",
      ).id,
    );

  const payments = [];
  await timed(`${INVOICES} open invoices (self-billed, bulk 50)`, async () => {
    for (let i = 0; i < INVOICES; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(INVOICES, i + 50); j++) {
        batch.push({
          customer_id: customers[j % 100],
          is_self_billed: true,
          external_invoice_number: `SB-${j + 1}`,
          received_date: "2025-01-01",
          invoice_date: "2025-01-01",
          due_date: "2025-01-31",
          items: [{ description: "Vara", quantity: 1, unit_price: 100 + (j % 900), vat_rate: 0.25 }],
        });
      }
      for (const r of must(await api("POST", url("/invoices/bulk-create"), { key, body: { invoices: batch } }), "bulk")
        .results) {
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        payments.push({ invoiceId: r.data.id, ocr: ocrOf(r.data), totalOre: Math.round(r.data.total * 100) });
      }
    }
  });
  // spread the payments over the year: payment k is row k * (TX / INVOICES)
  const step = Math.max(1, Math.floor(TX / Math.max(1, INVOICES)));
  const byRow = Object.fromEntries(payments.map((p, k) => [k * step, p]));

  const files = [];
  await timed("generate the camt.053 files", async () => {
    let opening = 1_000_000_00;
    for (let from = 0; from < TX; from += PER_FILE) {
      const f = camtFile(from, Math.min(TX, from + PER_FILE), byRow, opening);
      files.push(f.bytes);
      opening = f.closing;
    }
  });
  console.log(`${"  file sizes".padEnd(52)} ${files.map((b) => (b.length / 1024 / 1024).toFixed(1)).join(", ")} MB`);

  let inserted = 0;
  await timed(`import ${TX} transactions`, async () => {
    for (const [n, bytes] of files.entries()) {
      const r = await importAndWait(key, company.id, bytes, `bench-${n}.xml`);
      inserted += r.rows_inserted;
      if (r.statements.some((s) => s.balance_check !== "ok"))
        console.log(`  file ${n}: balance check ${JSON.stringify(r.statements)}`);
    }
  });
  console.log(`${"  rows inserted".padEnd(52)} ${inserted}`);
  const again = await timed("import the first file again", () =>
    importAndWait(key, company.id, files[0], "bench-0-again.xml"),
  );
  console.log(`${"  rows inserted / skipped".padEnd(52)} ${again.rows_inserted} / ${again.rows_skipped_duplicate}`);

  // the rows the import linked to an invoice by OCR
  const linked = [];
  await timed("list the unbooked rows (pages of 100)", async () => {
    let cursor = null;
    do {
      const res = await api(
        "GET",
        url(`/transactions?status=unbooked&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
        { key },
      );
      for (const t of res.body.data) if (t.potential_invoice_id) linked.push(t.id);
      cursor = res.body.meta.next_cursor;
    } while (cursor);
  });
  console.log(`${"  rows with potential_invoice_id".padEnd(52)} ${linked.length}`);
  let matched = 0;
  const t0 = performance.now();
  await timed(`match-invoice for each (${linked.length})`, async () => {
    for (const id of linked) {
      const res = await api("POST", url(`/transactions/${id}/match-invoice`), { key, body: {} });
      if (res.status === 200) matched++;
      else if (matched === 0) console.log(`  refused: ${JSON.stringify(res.body.error)}`);
    }
  });
  if (linked.length)
    console.log(`${"  per match".padEnd(52)} ${((performance.now() - t0) / linked.length).toFixed(1)} ms`);
  const tb = must(
    await api("GET", url(`/reports/trial-balance?period_id=${company.fiscal_period.id}`), { key }),
    "trial balance",
  );
  const balance = (a) => tb.accounts.find((x) => x.account_number === a)?.closing_balance ?? 0;
  console.log(
    `${"  matched / 1510 after / 1930 after".padEnd(52)} ${matched} / ${balance("1510")} / ${balance("1930")}`,
  );
} finally {
  dev.kill("SIGTERM");
  rmSync(stateDir, { recursive: true, force: true });
}
