// SIE text outside codepage 437, and a file that contradicts itself.
// - Export: BAS names with "–" (ten of them) and names with typographic quotes or "€"
//   are written as their nearest CP437 text, never "?", and the quoting stays valid.
// - Import: a name equal after that transliteration is the same name (no rename).
// - options.allowBalanceMismatch imports a file whose vouchers do not give its own
//   #UB/#RES, listing the differences per account in the result and the warnings.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { runOperation } from "../../src/domains/operations/commands";
import { OPERATION_HANDLERS } from "../../src/app/operations";
import { decodeCp437, encodeCp437 } from "../../src/sweden/sie/encoding";
import { parseSie } from "../../src/sweden/sie/parse";
import { BASE, call, line, newActor, newCompany, postedEntry, sieFixture, write, type Actor } from "../helpers";
import { booksDb, operationEnv } from "../books";

let actor: Actor;
beforeAll(async () => {
  actor = await newActor();
});

const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

async function importFile(companyId: string, bytes: Uint8Array, options?: Record<string, unknown>) {
  const started = await call("POST", `/api/v1/companies/${companyId}/imports/sie`, {
    key: actor.key,
    body: { file_base64: b64(bytes), ...(options ? { options } : {}) },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = started.body.data.operation_id;
  await runOperation(await operationEnv(id), id, OPERATION_HANDLERS, () => new Date().toISOString());
  for (let i = 0; i < 200; i++) {
    const res = await call("GET", `/api/v1/operations/${id}`, { key: actor.key });
    if (res.body.data.status === "succeeded" || res.body.data.status === "failed") return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("operation never finished");
}

async function accountName(companyId: string, number: string): Promise<string> {
  const res = await call("GET", `/api/v1/companies/${companyId}/accounts?number_from=${number}&number_to=${number}`, {
    key: actor.key,
  });
  return res.body.data[0].name;
}

async function closingBalances(companyId: string, periodId: string) {
  const res = await call("GET", `/api/v1/companies/${companyId}/reports/trial-balance?period_id=${periodId}`, {
    key: actor.key,
  });
  return Object.fromEntries(res.body.data.accounts.map((a: any) => [a.account_number, a.closing_balance]));
}

const EN_DASH_ACCOUNTS = ["1513", "2130", "2131", "2132", "2133", "2134", "2136", "2139", "6423", "6424"];

describe("SIE export of text codepage 437 lacks", () => {
  it("transliterates BAS's en dashes, typographic quotes and € instead of writing '?', and the re-import renames nothing it need not", async () => {
    const a = await newCompany(actor.key, { name: "Citat ”Ett” – Två AB" });
    const renamed = await write(actor.key, "PATCH", `/api/v1/companies/${a.id}/accounts/1930`, {
      name: "Bank ”Łódź” – €-konto",
    });
    expect(renamed.status).toBe(200);
    await postedEntry(actor.key, a.id, a.fiscal_period.id, {
      entry_date: "2026-02-01",
      description: "Försäljning – ”mars”",
      lines: [line("1930", 1250, 0), line("3001", 0, 1000), line("2611", 0, 250)],
    });

    const res = await SELF.fetch(
      `${BASE}/api/v1/companies/${a.id}/reports/sie-export?period_id=${a.fiscal_period.id}`,
      { headers: { Authorization: `Bearer ${actor.key}` } },
    );
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = decodeCp437(bytes);
    const konto = text.split("\r\n").filter((l) => l.startsWith("#KONTO"));
    expect(konto.filter((l) => l.includes("?"))).toEqual([]);
    expect(konto).toContain('#KONTO 2130 "Periodiseringsfond 2020 - nr 2"');
    expect(konto).toContain('#KONTO 6424 "Övriga tjänster - revisor"');
    expect(konto).toContain('#KONTO 1930 "Bank \\"Lódz\\" - EUR-konto"');
    expect(text).toContain('#FNAMN "Citat \\"Ett\\" - Två AB"');
    expect(text).toContain('"Försäljning - \\"mars\\""');

    // the file parses back: the quotes were escaped, not left to end the field
    const file = parseSie(text);
    expect(file.companyName).toBe('Citat "Ett" - Två AB');
    expect(file.accounts.get("1930")!.name).toBe('Bank "Lódz" - EUR-konto');
    expect(file.vouchers[0].text).toBe('Försäljning - "mars"');

    // into a company with the same BAS chart: the ten "–" names are the same names
    const b = await newCompany(actor.key, { name: "Mottagare AB" });
    const op = await importFile(b.id, bytes, { updateAccountNames: true });
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.accounts_updated).toBe(1); // 1930 only: a real rename
    expect(op.result.accounts_renamed).toEqual([
      { account_number: "1930", from: "Företagskonto", to: 'Bank "Lódz" - EUR-konto' },
    ]);
    for (const n of EN_DASH_ACCOUNTS) expect(await accountName(b.id, n)).toContain("–");
    expect(await accountName(b.id, "2130")).toBe("Periodiseringsfond 2020 – nr 2");
    expect(await accountName(b.id, "1930")).toBe('Bank "Lódz" - EUR-konto');
    expect(await closingBalances(b.id, b.fiscal_period.id)).toEqual({ "1930": 1250, "2611": -250, "3001": -1000 });
  });
});

describe("a file whose vouchers contradict its own #UB", () => {
  // #IB 1930 10 000 / 2081 -10 000; one sale of 1 000 + 250; the file says 1930 ends at 11 000
  // (the vouchers give 11 250) and 2611 at -200 (they give -250)
  const FILE = [
    "#FLAGGA 0",
    "#FORMAT PC8",
    "#SIETYP 4",
    '#FNAMN "Motsägelse AB"',
    "#RAR 0 20250101 20251231",
    "#IB 0 1930 10000.00",
    "#IB 0 2081 -10000.00",
    "#UB 0 1930 11000.00",
    "#UB 0 2081 -10000.00",
    "#UB 0 2611 -200.00",
    "#RES 0 3001 -1000.00",
    '#VER A 1 20250310 "Försäljning"',
    "{",
    "#TRANS 1930 {} 1250.00",
    "#TRANS 3001 {} -1000.00",
    "#TRANS 2611 {} -250.00",
    "}",
  ].join("\r\n");

  async function year2025(companyId: string) {
    const list = await call("GET", `/api/v1/companies/${companyId}/fiscal-periods`, { key: actor.key });
    return list.body.data.fiscal_periods.find((p: any) => p.period_start === "2025-01-01");
  }

  it("is refused by default, naming the option, with nothing written", async () => {
    const c = await newCompany(actor.key, { name: "Motsägelse AB" });
    const op = await importFile(c.id, encodeCp437(FILE));
    expect(op.status).toBe("failed");
    expect(op.error.code).toBe("VALIDATION_ERROR");
    expect(op.error.message).toContain("allowBalanceMismatch");
    expect(op.error.details).toMatchObject({ mismatch_count: 2, option: "allowBalanceMismatch" });
    expect(op.error.details.mismatches).toEqual([
      { account_number: "1930", file: 11000, computed: 11250 },
      { account_number: "2611", file: -200, computed: -250 },
    ]);
    const n = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?")
      .bind(c.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("is imported with options.allowBalanceMismatch, the books as the vouchers give, every difference listed", async () => {
    const c = await newCompany(actor.key, { name: "Motsägelse Två AB" });
    const op = await importFile(c.id, encodeCp437(FILE), { allowBalanceMismatch: true });
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.entries_imported).toBe(1);
    expect(op.result.balance_mismatches).toEqual([
      { account_number: "1930", file: 11000, computed: 11250, difference: 250 },
      { account_number: "2611", file: -200, computed: -250, difference: -50 },
    ]);
    const warnings = op.result.warnings.join("\n");
    expect(warnings).toContain(
      "account 1930: the file's #UB/#RES says 11000.00, its #IB and vouchers give 11250.00 (difference 250.00)",
    );
    expect(warnings).toContain("account 2611:");
    const period = await year2025(c.id);
    expect(await closingBalances(c.id, period.id)).toEqual({
      "1930": 11250,
      "2081": -10000,
      "2611": -250,
      "3001": -1000,
    });
  });

  it("imports the Fortnox test file (35 accounts off) with the option, listing all 35", async () => {
    const c = await newCompany(actor.key, { name: "Fortnox Tillåten AB" });
    const op = await importFile(c.id, sieFixture("fortnox-bokforing-2.0.0_Sie4.si"), {
      allowBalanceMismatch: true,
      allowOpeningDifference: true,
    });
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.balance_mismatches).toHaveLength(35);
    expect(op.result.balance_mismatches[0]).toEqual({
      account_number: "1119",
      file: -474600,
      computed: -542400,
      difference: -67800,
    });
    expect(op.result.warnings.filter((w: string) => /^account \d{4}: the file's #UB\/#RES/.test(w))).toHaveLength(35);
  });

  it("refuses an option that is not a boolean", async () => {
    const c = await newCompany(actor.key, { name: "Fel Option AB" });
    const res = await call("POST", `/api/v1/companies/${c.id}/imports/sie`, {
      key: actor.key,
      body: { file_base64: b64(encodeCp437(FILE)), options: { allowBalanceMismatch: "yes" } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });
});
