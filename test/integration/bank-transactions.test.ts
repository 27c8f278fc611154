// Bank transactions in: bank files through POST .../imports/bank (an operation) and JSON
// through POST .../transactions/ingest; reading them back; de-duplication.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  BASE,
  call,
  companyFixture,
  newActor,
  newCompany,
  newKey,
  uniqueKey,
  write,
  settleOperation,
} from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Bankimport AB" });
const url = (p: string, companyId = f.companyId) => `/api/v1/companies/${companyId}${p}`;
const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));

const settle = (operationId: string, key = f.actor.key) => settleOperation(key, operationId);

async function upload(
  bytes: Uint8Array,
  fields: Record<string, string> = {},
  opts: { companyId?: string; key?: string; query?: string; name?: string } = {},
) {
  const form = new FormData();
  form.append("file", new File([bytes], opts.name ?? "bank.dat"));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await SELF.fetch(`${BASE}${url("/imports/bank", opts.companyId)}${opts.query ?? ""}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${opts.key ?? f.actor.key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function importFile(
  name: string,
  fields: Record<string, string> = {},
  opts: { companyId?: string; query?: string } = {},
) {
  const started = await upload(fixture(name), fields, { ...opts, name });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.data).toMatchObject({
    type: "import.bank",
    status: "queued",
    webhook_event: "operation.completed",
  });
  return settle(started.body.data.operation_id);
}

async function allTransactions(companyId = f.companyId, query = "") {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: any } = await call(
      "GET",
      url(`/transactions?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, companyId),
      { key: f.actor.key },
    );
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.meta.next_cursor;
  } while (cursor);
  return out;
}

describe("POST .../imports/bank", () => {
  it("imports the ISO 20022 camt.053 business sample: three rows, balances 500 000.00 + rows = 435 678.50", async () => {
    // the sample is dated 2010-10-18: a company whose books start in 2010 (rows far from every fiscal year are refused)
    const c = await newCompany(f.actor.key, {
      name: "Camt AB",
      first_fiscal_year: { start_date: "2010-01-01", end_date: "2010-12-31" },
    });
    const op = await importFile("iso20022_business-sample_camt.053.001.04_AAAASESS_SEK.xml", {}, { companyId: c.id });
    expect(op.status).toBe("succeeded");
    expect(op.result).toMatchObject({
      rows_inserted: 3,
      rows_skipped_duplicate: 0,
      format_detected: "camt053",
      earliest_date: "2010-10-18",
      latest_date: "2010-10-18",
      settlement_account: "1930",
    });
    expect(op.result.statements).toEqual([
      expect.objectContaining({
        account: "50000000054910000003",
        currency: "SEK",
        opening_balance: 500000,
        closing_balance: 435678.5,
        rows_total: -64321.5,
        balance_check: "ok",
      }),
    ]);
    const rows = await allTransactions(c.id);
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([-200000, 30000, 105678.5]);
    const fx = rows.find((r) => r.amount === 30000);
    expect(fx).toMatchObject({
      currency: "SEK",
      amount_foreign: 3255,
      currency_foreign: "EUR",
      status: "unbooked",
      journal_entry_id: null,
      is_ignored: false,
    });
    expect(fx.import).toMatchObject({ source: "file", format: "camt053", external_id: "AAAASESS-FP-CONF-FX" });
    // rows only: no entry was made
    const entries = await call("GET", url("/journal-entries", c.id), { key: f.actor.key });
    expect(entries.body.data).toEqual([]);

    // the same file again inserts nothing
    const again = await importFile(
      "iso20022_business-sample_camt.053.001.04_AAAASESS_SEK.xml",
      {},
      { companyId: c.id },
    );
    expect(again.result).toMatchObject({ rows_inserted: 0, rows_skipped_duplicate: 3 });
    expect(await allTransactions(c.id)).toHaveLength(3);
  });

  it("refuses a camt.053.001.08 file of two statements (SEK and EUR) on one SEK account, storing nothing", async () => {
    // Before issue #29 the EUR statement's rows were stored on 1930 beside the SEK ones.
    const c = await newCompany(f.actor.key, { name: "Camt8 AB" });
    const op = await importFile("synthetic_camt.053.001.08_two_statements.xml", {}, { companyId: c.id });
    expect(op.status).toBe("failed");
    expect(op.error).toMatchObject({
      code: "BANK_STATEMENT_CURRENCY_MISMATCH",
      details: {
        settlement_account: "1930",
        file_account: "99601234567",
        statement_id: "TESTBANK-EUR-20250304",
        file_currency: "EUR",
        expected_currency: "SEK",
      },
    });
    expect(await allTransactions(c.id)).toEqual([]);
  });

  it("imports Bankgirot's BgMax example: 9 rows over three deposits, OCR references kept, twice gives nothing new", async () => {
    const c = await newCompany(f.actor.key, {
      name: "BgMax AB",
      first_fiscal_year: { start_date: "2004-01-01", end_date: "2004-12-31" },
    });
    // the example's third deposit is in EUR: the file cannot go to a SEK account as it is
    const mixed = await importFile(
      "bankgirot_bgmax_exempelfil_ocr-kontroll_checksiffra_langd.txt",
      { settlement_account: "1920" },
      { companyId: c.id },
    );
    expect(mixed.status).toBe("failed");
    expect(mixed.error).toMatchObject({
      code: "BANK_STATEMENT_CURRENCY_MISMATCH",
      details: { file_currency: "EUR", expected_currency: "SEK", settlement_account: "1920" },
    });
    expect(await allTransactions(c.id)).toEqual([]);
    // the same file with its EUR deposit in SEK (the amounts and totals unchanged)
    const text = Array.from(fixture("bankgirot_bgmax_exempelfil_ocr-kontroll_checksiffra_langd.txt"), (b) =>
      String.fromCharCode(b),
    ).join("");
    const sekOnly = Uint8Array.from(text.replaceAll("EUR", "SEK"), (ch) => ch.charCodeAt(0));
    const importSek = async () => {
      const started = await upload(sekOnly, { settlement_account: "1920" }, { companyId: c.id });
      expect(started.status).toBe(202);
      return settle(started.body.data.operation_id);
    };
    // 1920 registered with another bankgiro: refused; with the file's bankgiro (991-2346): taken
    const registerBankgiro = (bankgiro: string) =>
      write(f.actor.key, "POST", url("/bank-accounts", c.id), { ledger_account: "1920", bankgiro });
    expect((await registerBankgiro("5050-1055")).status).toBe(201);
    const otherGiro = await importSek();
    expect(otherGiro.error).toMatchObject({
      code: "BANK_STATEMENT_ACCOUNT_MISMATCH",
      details: { settlement_account: "1920", file_account: "991-2346", expected_account: "50501055" },
    });
    expect((await registerBankgiro("991-2346")).status).toBe(200);
    const op = await importSek();
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result).toMatchObject({
      rows_inserted: 9,
      format_detected: "bgmax",
      earliest_date: "2004-05-25",
      latest_date: "2004-05-25",
      settlement_account: "1920",
    });
    expect(op.result.statements.map((s: any) => [s.currency, s.rows_total])).toEqual([
      ["SEK", 1900],
      ["SEK", 8000],
      ["SEK", 4000],
    ]);
    const rows = await allTransactions(c.id);
    const first = rows.find((r) => r.reference === "655969");
    expect(first).toMatchObject({
      amount: 1000,
      reference_type: "ocr",
      ocr_references: ["655969"],
      merchant_name: "Kalles Plåt AB",
      settlement_account: "1920",
    });
    expect(rows.filter((r) => r.amount < 0).map((r) => r.amount)).toEqual([-500]);
    const again = await importSek();
    expect(again.result).toMatchObject({ rows_inserted: 0, rows_skipped_duplicate: 9 });
  });

  it("refuses a BgMax file whose payments disagree with its deposit record, naming the record, and stores nothing", async () => {
    const c = await newCompany(f.actor.key, { name: "BgMax fel AB" });
    const bytes = fixture("bankgirot_bgmax_exempelfil_ocr-kontroll_checksiffra_langd.txt");
    const text = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
    // the first payment (TK20, line 3) becomes 2 000.00 instead of 1 000.00
    const broken = text.replace("655969000000000000100000", "655969000000000000200000");
    expect(broken).not.toBe(text);
    const started = await upload(
      Uint8Array.from(broken, (ch) => ch.charCodeAt(0)),
      {},
      { companyId: c.id },
    );
    expect(started.status).toBe(202);
    const op = await settle(started.body.data.operation_id);
    expect(op.status).toBe("failed");
    expect(op.error.code).toBe("VALIDATION_ERROR");
    expect(op.error.details.reason).toBe("BANK_FILE_TOTALS_MISMATCH");
    expect(op.error.message).toMatch(/line \d+/);
    expect(await allTransactions(c.id)).toEqual([]);
  });

  it("detects each bank's CSV export and its encoding, and de-duplicates the second import", async () => {
    const cases: [string, string][] = [
      ["synthetic_swedbank_transaktioner_windows-1252.csv", "swedbank"],
      ["synthetic_seb_kontoutdrag_windows-1252.csv", "seb"],
      ["synthetic_handelsbanken_kontotransaktioner_windows-1252.csv", "handelsbanken"],
      ["synthetic_nordea_personkonto_utf-8-bom.csv", "nordea"],
      ["synthetic_nordea_business_foretagskonto_utf-8-bom.csv", "nordea_business"],
      ["synthetic_sparbanken_transaktionsrapport_windows-1252.csv", "sparbanken"],
      ["synthetic_amex_activity_utf-8.csv", "amex"],
      ["synthetic_lunar_transaktioner_utf-8-bom.csv", "lunar"],
      ["synthetic_skandia_kontoutdrag_windows-1252.csv", "skandia"],
      ["synthetic_generic_semicolon_windows-1252.csv", "generic_csv"],
      ["synthetic_generic_tab_utf-16le-bom.txt", "generic_csv"],
    ];
    const c = await newCompany(f.actor.key, { name: "CSV AB" });
    for (const [i, [name, format]] of cases.entries()) {
      const account = String(1940 + i);
      const op = await importFile(name, { settlement_account: account }, { companyId: c.id });
      expect(op.status, `${name}: ${JSON.stringify(op.error)}`).toBe("succeeded");
      expect(op.result.format_detected, name).toBe(format);
      expect(op.result.rows_inserted, name).toBeGreaterThan(0);
      for (const s of op.result.statements) expect(s.balance_check, name).not.toBe("mismatch");
      const again = await importFile(name, { settlement_account: account }, { companyId: c.id });
      expect(again.result, name).toMatchObject({
        rows_inserted: 0,
        rows_skipped_duplicate: op.result.rows_inserted + op.result.rows_skipped_duplicate,
      });
    }
  });

  it("rejects Wise's refunded, unknown-status and other-currency rows and counts them", async () => {
    const c = await newCompany(f.actor.key, { name: "Wise AB" });
    const op = await importFile(
      "synthetic_wise_transaction_history_utf-8.csv",
      { currency: "SEK" },
      { companyId: c.id },
    );
    expect(op.status).toBe("succeeded");
    expect(op.result.format_detected).toBe("wise");
    expect(op.result.rows_rejected).toBeGreaterThan(0);
    expect(op.result.rejected.length).toBe(op.result.rows_rejected);
    const rows = await allTransactions(c.id);
    expect(rows.every((r) => r.currency === "SEK")).toBe(true);
  });

  it("takes the format from the query, and refuses a file that is not that format or no format at all", async () => {
    const c = await newCompany(f.actor.key, { name: "Format AB" });
    const started = await upload(
      fixture("synthetic_revolut_business_statement_utf-8.csv"),
      {},
      { companyId: c.id, query: "?format=revolut" },
    );
    expect(started.status).toBe(202);
    const op = await settle(started.body.data.operation_id);
    // read as Revolut: its USD account's rows are refused on the SEK account 1930 (issue #29)
    expect(op.error).toMatchObject({
      code: "BANK_STATEMENT_CURRENCY_MISMATCH",
      details: { file_currency: "USD", expected_currency: "SEK" },
    });

    const wrong = await upload(
      fixture("synthetic_revolut_business_statement_utf-8.csv"),
      { format: "camt053" },
      { companyId: c.id },
    );
    expect(wrong.status).toBe(202);
    const failed = await settle(wrong.body.data.operation_id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatchObject({ code: "VALIDATION_ERROR", details: { reason: "BANK_FILE_FORMAT_MISMATCH" } });

    const junk = await upload(new TextEncoder().encode("hello\nthis is not a bank file\n"), {}, { companyId: c.id });
    expect(junk.status).toBe(400);
    expect(junk.body.error.code).toBe("VALIDATION_ERROR");
    expect(junk.body.error.details.reason).toBe("BANK_FILE_UNRECOGNISED");
    expect(junk.body.error.details.looked_for).toBeDefined();

    const empty = await upload(new Uint8Array(0), {}, { companyId: c.id });
    expect(empty.status).toBe(400);
    const badAccount = await upload(
      fixture("synthetic_revolut_business_statement_utf-8.csv"),
      { settlement_account: "19x0" },
      { companyId: c.id },
    );
    expect(badAccount.status).toBe(400);
    const badFormat = await upload(
      fixture("synthetic_revolut_business_statement_utf-8.csv"),
      {},
      { companyId: c.id, query: "?format=mt940" },
    );
    expect(badFormat.status).toBe(400);
  });

  it("accepts imports:write instead of transactions:write, and refuses a key with neither", async () => {
    const company = await newCompany(f.actor.key, { name: "Scope AB" });
    const importer = await newKey(f.actor.userId, { scopes: ["imports:write", "operations:read"] });
    const reader = await newKey(f.actor.userId, { scopes: ["transactions:read"] });
    const a = await upload(
      fixture("synthetic_seb_kontoutdrag_windows-1252.csv"),
      {},
      { companyId: company.id, key: importer.key },
    );
    expect(a.status).toBe(202);
    const d = await upload(
      fixture("synthetic_seb_kontoutdrag_windows-1252.csv"),
      {},
      { companyId: company.id, key: reader.key },
    );
    expect(d.status).toBe(403);
    expect(d.body.error.code).toBe("INSUFFICIENT_SCOPE");
    const stranger = await newActor();
    const e = await upload(
      fixture("synthetic_seb_kontoutdrag_windows-1252.csv"),
      {},
      { companyId: company.id, key: stranger.key },
    );
    expect(e.status).toBe(404);
  });
});

describe("POST .../transactions/ingest and the list", () => {
  const tx = (external_id: string, amount: number, extra: Record<string, unknown> = {}) => ({
    external_id,
    date: "2026-03-02",
    description: `Rad ${external_id}`,
    amount,
    ...extra,
  });

  it("inserts new rows, skips known external ids, and lists them newest first with filters", async () => {
    const c = await newCompany(f.actor.key, { name: "Ingest AB" });
    const first = await write(f.actor.key, "POST", url("/transactions/ingest", c.id), {
      transactions: [tx("a1", -125.5, { merchant_name: "Kontorab" }), tx("a2", 1000), tx("a2", 1000)],
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ rows_inserted: 2, rows_skipped_duplicate: 1 });
    const second = await write(f.actor.key, "POST", url("/transactions/ingest", c.id), {
      transactions: [tx("a2", 1000)],
    });
    expect(second.body.data).toMatchObject({ rows_inserted: 0, rows_skipped_duplicate: 1 });
    // a EUR row goes to an account registered in EUR (a SEK account refuses it, issue #29)
    expect(
      (await write(f.actor.key, "POST", url("/bank-accounts", c.id), { ledger_account: "1940", currency: "EUR" }))
        .status,
    ).toBe(201);
    const third = await write(f.actor.key, "POST", url("/transactions/ingest", c.id), {
      settlement_account: "1940",
      transactions: [tx("a3", -49, { date: "2026-04-10", currency: "EUR", description: "Hotell Berlin" })],
    });
    expect(third.body.data).toMatchObject({ rows_inserted: 1, rows_skipped_duplicate: 0 });

    const all = await allTransactions(c.id);
    expect(all).toHaveLength(3);
    const synced = await booksDb
      .prepare("SELECT object FROM outbox_events WHERE company_id = ? AND type = 'transaction.synced' ORDER BY rowid")
      .bind(c.id)
      .all<{ object: string }>();
    expect(synced.results.map((r) => JSON.parse(r.object).count)).toEqual([2, 1]);
    expect(all[0].import.external_id).toBe("a3");
    expect((await allTransactions(c.id, "&currency=EUR")).map((r) => r.import.external_id)).toEqual(["a3"]);
    expect((await allTransactions(c.id, "&date_from=2026-04-01")).map((r) => r.import.external_id)).toEqual(["a3"]);
    expect((await allTransactions(c.id, "&date_to=2026-03-31")).map((r) => r.import.external_id).sort()).toEqual([
      "a1",
      "a2",
    ]);
    expect((await allTransactions(c.id, "&search=hotell")).map((r) => r.import.external_id)).toEqual(["a3"]);
    expect(await allTransactions(c.id, "&status=booked")).toEqual([]);
    expect(await allTransactions(c.id, "&status=unbooked")).toHaveLength(3);

    const page = await call("GET", url("/transactions?limit=2", c.id), { key: f.actor.key });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta.next_cursor).toBeTruthy();

    const one = await call("GET", url(`/transactions/${all[2].id}`, c.id), { key: f.actor.key });
    expect(one.status).toBe(200);
    expect(one.body.data.id).toBe(all[2].id);
    const other = await newCompany(f.actor.key, { name: "Annat AB" });
    expect((await call("GET", url(`/transactions/${all[2].id}`, other.id), { key: f.actor.key })).status).toBe(404);
  });

  it("refuses bad input whole: more than 500 rows, a row without external_id, a zero amount", async () => {
    const c = await newCompany(f.actor.key, { name: "Ingest2 AB" });
    const many = Array.from({ length: 501 }, (_, i) => tx(`m${i}`, 1));
    expect((await write(f.actor.key, "POST", url("/transactions/ingest", c.id), { transactions: many })).status).toBe(
      400,
    );
    const noId = await write(f.actor.key, "POST", url("/transactions/ingest", c.id), {
      transactions: [tx("ok", 1), { date: "2026-03-02", description: "x", amount: 5 }],
    });
    expect(noId.status).toBe(400);
    expect(noId.body.error.code).toBe("VALIDATION_ERROR");
    expect(
      (await write(f.actor.key, "POST", url("/transactions/ingest", c.id), { transactions: [tx("z", 0)] })).status,
    ).toBe(400);
    expect(await allTransactions(c.id)).toEqual([]);
    // 500 is the limit, and a dry run writes nothing
    const dry = await write(f.actor.key, "POST", url("/transactions/ingest?dry_run=true", c.id), {
      transactions: many.slice(0, 500),
    });
    expect(dry.status).toBe(200);
    expect(dry.body.data.rows_inserted).toBe(500);
    expect(await allTransactions(c.id)).toEqual([]);
    const full = await write(f.actor.key, "POST", url("/transactions/ingest", c.id), {
      transactions: many.slice(0, 500),
    });
    expect(full.body.data.rows_inserted).toBe(500);
    expect(await allTransactions(c.id)).toHaveLength(500);
  });

  it("replays an ingest under the same Idempotency-Key", async () => {
    const c = await newCompany(f.actor.key, { name: "Ingest3 AB" });
    const key = uniqueKey();
    const body = { transactions: [tx("r1", 10)] };
    const a = await call("POST", url("/transactions/ingest", c.id), {
      key: f.actor.key,
      body,
      headers: { "Idempotency-Key": key },
    });
    const b = await call("POST", url("/transactions/ingest", c.id), {
      key: f.actor.key,
      body,
      headers: { "Idempotency-Key": key },
    });
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(b.body.data).toEqual(a.body.data);
  });
});

describe("the OpenAPI document", () => {
  it("describes every transactions route and the bank import", async () => {
    const doc = await call("GET", "/api/v1/openapi.json");
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      "/api/v1/companies/{companyId}/transactions",
      "/api/v1/companies/{companyId}/transactions/{id}",
      "/api/v1/companies/{companyId}/transactions/ingest",
      "/api/v1/companies/{companyId}/transactions/batch-categorize",
      "/api/v1/companies/{companyId}/transactions/{id}/categorize",
      "/api/v1/companies/{companyId}/transactions/{id}/suggest-categories",
      "/api/v1/companies/{companyId}/transactions/{id}/ignore",
      "/api/v1/companies/{companyId}/transactions/{id}/uncategorize",
      "/api/v1/companies/{companyId}/transactions/{id}/match-invoice",
      "/api/v1/companies/{companyId}/transactions/{id}/match-supplier-invoice",
      "/api/v1/companies/{companyId}/transaction-templates",
      "/api/v1/companies/{companyId}/imports/bank",
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(Object.keys(doc.body.paths["/api/v1/companies/{companyId}/transactions/{id}/ignore"]).sort()).toEqual([
      "delete",
      "post",
    ]);
    expect(
      doc.body.paths["/api/v1/companies/{companyId}/imports/bank"].post.requestBody.content["multipart/form-data"],
    ).toBeDefined();
  });
});
