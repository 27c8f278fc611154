import { env, SELF } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import {
  BASE,
  call,
  newActor,
  newCompany,
  newKey,
  sieFixture,
  uniqueKey,
  type Actor,
  settleOperation,
} from "../helpers";
import { booksDb } from "../books";

let actor: Actor;
beforeAll(async () => {
  actor = await newActor();
});
beforeEach(async () => {
  actor = { ...actor, ...(await newKey(actor.userId)) };
});

const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

async function startImport(companyId: string, bytes: Uint8Array, options?: Record<string, unknown>, key = actor.key) {
  return call("POST", `/api/v1/companies/${companyId}/imports/sie`, {
    key,
    body: { file_base64: b64(bytes), file_name: "import.se", ...(options ? { options } : {}) },
  });
}

/** Runs the operation (unless the local queue consumer already has) and returns its final state. */
const settle = (operationId: string) => settleOperation(actor.key, operationId);

async function importFile(companyId: string, bytes: Uint8Array, options?: Record<string, unknown>) {
  const started = await startImport(companyId, bytes, options);
  expect(started.status).toBe(202);
  return settle(started.body.data.operation_id);
}

async function trialBalance(companyId: string, periodId: string) {
  const res = await call("GET", `/api/v1/companies/${companyId}/reports/trial-balance?period_id=${periodId}`, {
    key: actor.key,
  });
  return Object.fromEntries(
    res.body.data.accounts.map((a: any) => [a.account_number, [a.opening_balance, a.closing_balance]]),
  );
}

async function periodOf(companyId: string, start: string) {
  const list = await call("GET", `/api/v1/companies/${companyId}/fiscal-periods`, { key: actor.key });
  return list.body.data.fiscal_periods.find((p: any) => p.period_start === start);
}

// A hand-written file with every record type the importer reads, in CP437.
const HAND = [
  "#FLAGGA 0",
  "#FORMAT PC8",
  "#SIETYP 4",
  '#PROGRAM "Handskrivet" 1.0',
  "#GEN 20250110",
  '#FNAMN "Åkessons Öl & Bröd AB"',
  "#ORGNR 556016-0680",
  "#RAR 0 20250101 20251231",
  "#RAR -1 20240101 20241231",
  '#KONTO 1930 "Bankkonto Ärlig"',
  "#KTYP 1930 T",
  '#KONTO 1931 "Sparkonto Åland"',
  "#KTYP 1931 T",
  '#KONTO 2081 "Aktiekapital"',
  '#KONTO 3001 "Försäljning 25 %"',
  '#KONTO 2611 "Utgående moms 25 %"',
  '#KONTO 6110 "Kontorsmateriel"',
  "#SRU 1930 7281",
  '#DIM 1 "Kostnadsställe"',
  '#OBJEKT 1 "10" "Östra"',
  "#IB -1 1930 0.00",
  "#IB 0 1930 25000.00",
  "#IB 0 2081 -25000.00",
  "#UB 0 1930 36150.00",
  "#UB 0 1931 1000.00",
  "#UB 0 2081 -25000.00",
  "#UB 0 2611 -2500.00",
  "#RES 0 3001 -10000.00",
  "#RES 0 6110 350.00",
  "#PSALDO 0 202503 1930 {} 12500.00",
  '#VER A 1 20250315 "Försäljning kontant" 20250316',
  "{",
  "#TRANS 1930 {} 12500.00",
  '#TRANS 3001 {1 "10"} -10000.00 "" "Bröd"',
  "#TRANS 2611 {} -2500.00",
  "}",
  '#VER A 2 20250320 "Pennor \\"Bic\\""',
  "{",
  "#RTRANS 6110 {} 350.00",
  "#TRANS 6110 {} 350.00",
  "#BTRANS 6110 {} 300.00",
  "#TRANS 1930 {} -350.00",
  "}",
  '#VER B 1 20250401 "Överföring"',
  "{",
  "#TRANS 1931 {} 1000.00",
  "#TRANS 1930 {} -1000.00",
  "#TRANS 6110 {} 0.00",
  "}",
].join("\r\n");

describe("importing a hand-written file", () => {
  it("creates the year, the opening entry, accounts, objects and posted vouchers; the books equal #UB and #RES", async () => {
    const c = await newCompany(actor.key, { name: "Import AB" });
    const op = await importFile(c.id, encodeCp437(HAND), { updateAccountNames: true });
    expect(op.status).toBe("succeeded");
    // the result says what was renamed: 1930's BAS name to the file's
    expect(op.result.accounts_renamed).toContainEqual({
      account_number: "1930",
      from: "Företagskonto",
      to: "Bankkonto Ärlig",
    });
    expect(op.result).toMatchObject({
      encoding: "cp437",
      entries_imported: 3,
      periods_created: 1,
      opening_balances_imported: 2,
      accounts_created: 1,
      dimensions_created: 1,
      objects_created: 1,
    });
    expect(op.result.warnings.join(" ")).toContain("amount 0 skipped");
    expect(op.progress).toMatchObject({ phase: "writing", current: 3, total: 3 });

    const period = await periodOf(c.id, "2025-01-01");
    expect(period).toMatchObject({ period_end: "2025-12-31", name: "2025" });
    expect(await trialBalance(c.id, period.id)).toEqual({
      "1930": [25000, 36150],
      "1931": [0, 1000],
      "2081": [-25000, -25000],
      "2611": [0, -2500],
      "3001": [0, -10000],
      "6110": [0, 350],
    });

    const entries = await call(
      "GET",
      `/api/v1/companies/${c.id}/journal-entries?fiscal_period_id=${period.id}&limit=100`,
      { key: actor.key },
    );
    const byVoucher = Object.fromEntries(
      entries.body.data.map((e: any) => [`${e.voucher_series}${e.voucher_number}`, e]),
    );
    expect(Object.keys(byVoucher).sort()).toEqual(["A1", "A2", "B1", "I1"]);
    expect(byVoucher.I1).toMatchObject({ source_type: "opening_balance", entry_date: "2025-01-01", status: "posted" });
    expect(byVoucher.A1).toMatchObject({
      description: "Försäljning kontant",
      status: "posted",
      source_type: "sie_import",
    });
    expect(byVoucher.A1.lines[1]).toMatchObject({
      account_number: "3001",
      credit_amount: 10000,
      dimensions: { "1": "10" },
      line_description: "Bröd",
    });
    expect(byVoucher.A2.description).toBe('Pennor "Bic"');
    expect(byVoucher.A2.lines).toHaveLength(2);

    const accounts = await call("GET", `/api/v1/companies/${c.id}/accounts?number_from=1930&number_to=1931`, {
      key: actor.key,
    });
    expect(accounts.body.data.map((a: any) => a.name)).toEqual(["Bankkonto Ärlig", "Sparkonto Åland"]);
    const dims = await call("GET", `/api/v1/companies/${c.id}/dimensions`, { key: actor.key });
    expect(dims.body.data[0].codes).toEqual([expect.objectContaining({ code: "10", name: "Östra" })]);

    // imported entries are posted and immutable
    const correction = await call("POST", `/api/v1/companies/${c.id}/journal-entries/${byVoucher.A1.id}/commit`, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
    });
    expect(correction.status).toBe(409);
  });

  it("keeps the chart's names by default (updateAccountNames false) and counts the names kept", async () => {
    const c = await newCompany(actor.key, { name: "Namn AB" });
    const op = await importFile(c.id, encodeCp437(HAND));
    expect(op.status).toBe("succeeded");
    expect(op.result.accounts_renamed).toEqual([]);
    expect(op.result.account_names_kept).toBeGreaterThanOrEqual(1);
    const accounts = await call("GET", `/api/v1/companies/${c.id}/accounts?number_from=1930&number_to=1931`, {
      key: actor.key,
    });
    expect(accounts.body.data.map((a: any) => a.name)).toEqual(["Företagskonto", "Sparkonto Åland"]);
  });

  it("refuses the same file twice with 409 SIE_IMPORT_DUPLICATE", async () => {
    const c = await newCompany(actor.key, { name: "Dubbel import AB" });
    expect((await importFile(c.id, encodeCp437(HAND))).status).toBe("succeeded");
    const again = await startImport(c.id, encodeCp437(HAND));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("SIE_IMPORT_DUPLICATE");
  });

  it("takes multipart uploads and UTF-8 and Windows-1252 files", async () => {
    const c = await newCompany(actor.key, { name: "Multipart AB" });
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode(HAND)], "bok.se"));
    form.append("options", JSON.stringify({ updateAccountNames: true }));
    const res = await SELF.fetch(`${BASE}/api/v1/companies/${c.id}/imports/sie`, {
      method: "POST",
      headers: { Authorization: `Bearer ${actor.key}` },
      body: form,
    });
    expect(res.status).toBe(202);
    const op = await settle(((await res.json()) as any).data.operation_id);
    expect(op.result.encoding).toBe("utf-8");
    const accounts = await call("GET", `/api/v1/companies/${c.id}/accounts?number_from=1930&number_to=1930`, {
      key: actor.key,
    });
    expect(accounts.body.data[0].name).toBe("Bankkonto Ärlig");

    const c2 = await newCompany(actor.key, { name: "Ansi AB" });
    const ansi = Uint8Array.from(
      HAND.replace("Bankkonto Ärlig", "Bankkonto Ärlig 1252"),
      (ch) => ch.charCodeAt(0) & 0xff,
    );
    const op2 = await importFile(c2.id, ansi, { updateAccountNames: true });
    expect(op2.result.encoding).toBe("windows-1252");
    expect(
      (await call("GET", `/api/v1/companies/${c2.id}/accounts?number_from=1930&number_to=1930`, { key: actor.key }))
        .body.data[0].name,
    ).toBe("Bankkonto Ärlig 1252");
  });

  it("stores the very bytes sent, by form or by JSON however it is written, and knows the same file by its SHA-256", async () => {
    const bytes = encodeCp437(HAND);
    const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    const stored = async (companyId: string) => {
      const row = await booksDb
        .prepare("SELECT sha256, r2_key, file_size_bytes FROM sie_imports WHERE company_id = ?")
        .bind(companyId)
        .first<{ sha256: string; r2_key: string; file_size_bytes: number }>();
      const object = await env.DOCUMENTS.get(row!.r2_key);
      return { sha256: row!.sha256, size: row!.file_size_bytes, bytes: new Uint8Array(await object!.arrayBuffer()) };
    };

    const c = await newCompany(actor.key, { name: "Formulär AB" });
    const form = new FormData();
    form.append("file", new File([bytes], "bok.se"));
    const res = await SELF.fetch(`${BASE}/api/v1/companies/${c.id}/imports/sie`, {
      method: "POST",
      headers: { Authorization: `Bearer ${actor.key}` },
      body: form,
    });
    expect(res.status).toBe(202);
    await settle(((await res.json()) as any).data.operation_id);
    expect(await stored(c.id)).toEqual({ sha256: hex, size: bytes.length, bytes });

    // the same file as JSON: the file last, its base64 broken into lines with escaped slashes
    const text = b64(bytes)
      .replace(/(.{76})/g, "$1\\n")
      .replace(/\//g, "\\/");
    const body = `{ "options": {"updateAccountNames": true}, "file_name": "bok \\"2025\\".se",\n  "file_base64": "${text}" }`;
    const again = await SELF.fetch(`${BASE}/api/v1/companies/${c.id}/imports/sie`, {
      method: "POST",
      headers: { Authorization: `Bearer ${actor.key}`, "Content-Type": "application/json" },
      body,
    });
    const refused = (await again.json()) as any;
    expect(again.status).toBe(409);
    expect(refused.error).toMatchObject({ code: "SIE_IMPORT_DUPLICATE", details: { sha256: hex } });

    const c2 = await newCompany(actor.key, { name: "Json AB" });
    const started = await SELF.fetch(`${BASE}/api/v1/companies/${c2.id}/imports/sie`, {
      method: "POST",
      headers: { Authorization: `Bearer ${actor.key}`, "Content-Type": "application/json" },
      body,
    });
    expect(started.status).toBe(202);
    const op = await settle(((await started.json()) as any).data.operation_id);
    expect(op.status).toBe("succeeded");
    expect(await stored(c2.id)).toEqual({ sha256: hex, size: bytes.length, bytes });
    expect(
      (await booksDb.prepare("SELECT file_name FROM sie_imports WHERE company_id = ?").bind(c2.id).first())!.file_name,
    ).toBe('bok "2025".se');
  });
});

describe("refusals leave nothing behind", () => {
  const broken = (from: string, to: string) => encodeCp437(HAND.replace(from, to));

  it.each([
    [
      "an unbalanced voucher",
      "#TRANS 2611 {} -2500.00",
      "#TRANS 2611 {} -2400.00",
      "line 31: voucher A1 does not balance (difference 100.00)",
    ],
    ["a voucher outside the year", "#VER B 1 20250401", "#VER B 1 20260401", "outside the fiscal year"],
    ["a closing balance the vouchers do not give", "#UB 0 1931 1000.00", "#UB 0 1931 999.00", "#UB/#RES"],
    ["a malformed amount", "#TRANS 1930 {} 12500.00", "#TRANS 1930 {} 12,500.00", "line 33"],
    ["an unclosed voucher", "#TRANS 1930 {} -350.00\r\n}", "#TRANS 1930 {} -350.00", "line"],
  ])("%s", async (_n, from, to, message) => {
    const c = await newCompany(actor.key, { name: "Fel AB" });
    const op = await importFile(c.id, broken(from, to));
    expect(op.status).toBe("failed");
    expect(op.error.code).toBe("VALIDATION_ERROR");
    expect(op.error.message).toContain(message);
    const n = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?")
      .bind(c.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
    const periods = await call("GET", `/api/v1/companies/${c.id}/fiscal-periods`, { key: actor.key });
    expect(periods.body.data.fiscal_periods.map((p: any) => p.period_start)).toEqual(["2026-01-01"]);
    // a failed import does not block a corrected file... nor the same file (it never imported)
    expect((await startImport(c.id, broken(from, to))).status).toBe(202);
  });

  it("refuses a year that already has entries", async () => {
    const c = await newCompany(actor.key, {
      name: "Upptaget AB",
      first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
    });
    const { postedEntry } = await import("../helpers");
    await postedEntry(actor.key, c.id, c.fiscal_period.id, { entry_date: "2025-02-01" });
    const op = await importFile(c.id, encodeCp437(HAND));
    expect(op).toMatchObject({ status: "failed", error: { code: "CONFLICT" } });
  });

  it("validates the request itself", async () => {
    const c = await newCompany(actor.key, { name: "Tom AB" });
    expect(
      (await call("POST", `/api/v1/companies/${c.id}/imports/sie`, { key: actor.key, body: { file_base64: "!!!" } }))
        .body.error.code,
    ).toBe("VALIDATION_ERROR");
    expect(
      (
        await call("POST", `/api/v1/companies/${c.id}/imports/sie`, {
          key: actor.key,
          body: { file_base64: b64(encodeCp437(HAND)), options: { colour: 1 } },
        })
      ).body.error.code,
    ).toBe("VALIDATION_ERROR");
    expect(
      (
        await call("POST", `/api/v1/companies/${c.id}/imports/sie?dry_run=true`, {
          key: actor.key,
          body: { file_base64: b64(encodeCp437(HAND)) },
        })
      ).body.error.code,
    ).toBe("VALIDATION_ERROR");
    const readOnly = await newKey(actor.userId, { scopes: ["reports:read"] });
    expect(
      (await startImport(c.id, encodeCp437(HAND), undefined, readOnly.key)).body.error.details.required_scope,
    ).toBe("bookkeeping:write");
  });
});

describe("files written by other programs, and the round trip", () => {
  it("refuses the Fortnox test file: its #UB is not its #IB plus its vouchers (35 accounts)", async () => {
    const c = await newCompany(actor.key, { name: "Fortnox AB" });
    // its #IB 0 does not balance (by 76 663.00) and it has no #RES -1 to say why: refused first for that
    const refused = await importFile(c.id, sieFixture("fortnox-bokforing-2.0.0_Sie4.si"));
    expect(refused.status).toBe("failed");
    expect(refused.error.details).toMatchObject({
      difference: 76663,
      prior_year_result: null,
      option: "allowOpeningDifference",
    });
    const c2 = await newCompany(actor.key, { name: "Fortnox 2 AB" });
    const op = await importFile(c2.id, sieFixture("fortnox-bokforing-2.0.0_Sie4.si"), {
      allowOpeningDifference: true,
    });
    expect(op.status).toBe("failed");
    expect(op.error.details).toMatchObject({ mismatch_count: 35 });
    expect(op.error.details.mismatches[0]).toEqual({ account_number: "1119", file: -474600, computed: -542400 });
    const n = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id IN (?, ?)")
      .bind(c.id, c2.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it.each([
    ["mamut-enterprise-14_SIE4_EXPORT.SE", "2010-01-01", 168],
    ["bl-administration-2011_typ4_rtrans-btrans.SE", "2009-07-01", null],
  ])("imports %s", async (name, start, count) => {
    const c = await newCompany(actor.key, { name: `Fixture ${name}` });
    const op = await importFile(c.id, sieFixture(name));
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    if (count) expect(op.result.entries_imported).toBe(count);
    expect(await periodOf(c.id, start)).toBeDefined();
  });

  it("imports a type 4I file (no #RAR) into the year that holds its vouchers", async () => {
    const c = await newCompany(actor.key, {
      name: "Lön AB",
      first_fiscal_year: { start_date: "2011-01-01", end_date: "2011-12-31" },
    });
    const op = await importFile(c.id, sieFixture("kontek-lon-2011_lonekorning_4I.SI"));
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    const tb = await trialBalance(c.id, c.fiscal_period.id);
    expect(tb["3740"]).toEqual([0, -0.03]);
  });

  it("exporting an imported file and importing the export reproduces the same books", async () => {
    const first = await newCompany(actor.key, { name: "Original AB" });
    expect((await importFile(first.id, sieFixture("mamut-enterprise-14_SIE4_EXPORT.SE"))).status).toBe("succeeded");
    const period1 = await periodOf(first.id, "2010-01-01");
    const exported = await SELF.fetch(
      `${BASE}/api/v1/companies/${first.id}/reports/sie-export?period_id=${period1.id}`,
      { headers: { Authorization: `Bearer ${actor.key}` } },
    );
    const bytes = new Uint8Array(await exported.arrayBuffer());

    const second = await newCompany(actor.key, { name: "Kopia AB" });
    const op = await importFile(second.id, bytes);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    const period2 = await periodOf(second.id, "2010-01-01");
    expect(await trialBalance(second.id, period2.id)).toEqual(await trialBalance(first.id, period1.id));
    const register = async (cid: string, pid: string) =>
      (
        await call("GET", `/api/v1/companies/${cid}/reports/journal-register?period_id=${pid}&limit=1000`, {
          key: actor.key,
        })
      ).body.data.entries.map((e: any) => [
        e.voucher_series,
        e.voucher_number,
        e.entry_date,
        e.description,
        e.lines.map((l: any) => [l.account_number, l.debit_amount, l.credit_amount, l.dimensions]),
      ]);
    expect(await register(second.id, period2.id)).toEqual(await register(first.id, period1.id));
  });

  it("writes a file larger than one chunk whole, numbered as the file says", async () => {
    // 2 345 sales of 100 + 25 VAT: three chunks of up to 1 000 vouchers
    const n = 2345;
    const rows = [
      "#FLAGGA 0",
      "#FORMAT PC8",
      "#SIETYP 4",
      '#FNAMN "Många AB"',
      "#RAR 0 20240101 20241231",
      `#UB 0 1930 ${n * 125}.00`,
      `#RES 0 3001 -${n * 100}.00`,
      `#UB 0 2611 -${n * 25}.00`,
    ];
    for (let v = 1; v <= n; v++)
      rows.push(
        `#VER A ${v} 2024${String(1 + (v % 12)).padStart(2, "0")}15 "Försäljning ${v}"`,
        "{",
        "#TRANS 1930 {} 125.00",
        "#TRANS 3001 {} -100.00",
        "#TRANS 2611 {} -25.00",
        "}",
      );
    const c = await newCompany(actor.key, { name: "Många AB" });
    const op = await importFile(c.id, encodeCp437(`${rows.join("\r\n")}\r\n`));
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result).toMatchObject({ entries_imported: n, lines_imported: 3 * n });
    const period = await periodOf(c.id, "2024-01-01");
    expect(await trialBalance(c.id, period.id)).toEqual({
      "1930": [0, n * 125],
      "2611": [0, -n * 25],
      "3001": [0, -n * 100],
    });
    const last = await call(
      "GET",
      `/api/v1/companies/${c.id}/reports/journal-register?period_id=${period.id}&limit=1000`,
      { key: actor.key },
    );
    expect(last.body.data.entries[0]).toMatchObject({
      voucher_series: "A",
      voucher_number: 1,
      description: "Försäljning 1",
    });
  });

  it("a file of several chunks whose last voucher breaks its #UB (written after the vouchers) or does not balance writes nothing", async () => {
    const n = 4321; // three chunks of vouchers
    const vouchers = (last: string[]) => {
      const rows: string[] = [];
      for (let v = 1; v <= n; v++) {
        rows.push(`#VER A ${v} 2024${String(1 + (v % 12)).padStart(2, "0")}15 "Försäljning ${v}"`, "{");
        rows.push(
          ...(v === n ? last : ["#TRANS 1930 {} 125.00", "#TRANS 3001 {} -100.00", "#TRANS 2611 {} -25.00"]),
          "}",
        );
      }
      return rows;
    };
    const head = ["#FLAGGA 0", "#FORMAT PC8", "#SIETYP 4", '#FNAMN "Sist AB"', "#RAR 0 20240101 20241231"];
    const closing = [`#UB 0 1930 ${n * 125}.00`, `#RES 0 3001 -${n * 100}.00`, `#UB 0 2611 -${n * 25}.00`];
    const cases: [string, string[], string[], string][] = [
      // the last voucher moves 1 krona from 2611 to 3001: balanced, but not what #UB/#RES say
      [
        "#UB at the end",
        vouchers(["#TRANS 1930 {} 125.00", "#TRANS 3001 {} -101.00", "#TRANS 2611 {} -24.00"]),
        closing,
        "#UB/#RES",
      ],
      [
        "unbalanced last voucher",
        vouchers(["#TRANS 1930 {} 125.00", "#TRANS 3001 {} -100.00", "#TRANS 2611 {} -24.00"]),
        closing,
        `voucher A${n} does not balance`,
      ],
    ];
    for (const [label, body, tail, message] of cases) {
      const c = await newCompany(actor.key, { name: `Sist ${label} AB` });
      const op = await importFile(c.id, encodeCp437(`${[...head, ...body, ...tail].join("\r\n")}\r\n`));
      expect(op.status, label).toBe("failed");
      expect(op.error.code).toBe("VALIDATION_ERROR");
      expect(op.error.message).toContain(message);
      if (label === "#UB at the end")
        expect(op.error.details.mismatches.map((m: any) => m.account_number)).toEqual(["2611", "3001"]);
      const entries = await booksDb
        .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?")
        .bind(c.id)
        .first<{ n: number }>();
      expect(entries!.n).toBe(0);
      const balances = await booksDb
        .prepare("SELECT COUNT(*) AS n FROM account_balances WHERE company_id = ?")
        .bind(c.id)
        .first<{ n: number }>();
      expect(balances!.n).toBe(0);
      const periods = await call("GET", `/api/v1/companies/${c.id}/fiscal-periods`, { key: actor.key });
      expect(periods.body.data.fiscal_periods.map((p: any) => p.period_start)).toEqual(["2026-01-01"]);
    }
  });

  it("carries objects (dimensions) and line texts through an export and a re-import", async () => {
    const first = await newCompany(actor.key, {
      name: "Lön Original AB",
      first_fiscal_year: { start_date: "2011-01-01", end_date: "2011-12-31" },
    });
    expect((await importFile(first.id, sieFixture("kontek-lon-2011_lonekorning_4I.SI"))).status).toBe("succeeded");
    const exported = await SELF.fetch(
      `${BASE}/api/v1/companies/${first.id}/reports/sie-export?period_id=${first.fiscal_period.id}`,
      { headers: { Authorization: `Bearer ${actor.key}` } },
    );
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const second = await newCompany(actor.key, { name: "Lön Kopia AB" });
    const op = await importFile(second.id, bytes);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    const period2 = await periodOf(second.id, "2011-01-01");
    const lines = async (cid: string, pid: string) =>
      (
        await call("GET", `/api/v1/companies/${cid}/reports/journal-register?period_id=${pid}&limit=1000`, {
          key: actor.key,
        })
      ).body.data.entries.flatMap((e: any) =>
        e.lines.map((l: any) => [l.account_number, l.debit_amount, l.credit_amount, l.dimensions]),
      );
    const original = await lines(first.id, first.fiscal_period.id);
    expect(original.filter((l: any) => Object.keys(l[3]).length > 0).length).toBe(18);
    expect(await lines(second.id, period2.id)).toEqual(original);
  });
});
