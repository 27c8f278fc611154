// Issue #40 items 5-7 and issue #41 items 6-7, the SIE import's edges: an #IB 0 that does
// not balance by other than last year's result, fiscal years outside what Bokföringslagen
// allows, vouchers past the JSON API's 1 000 lines, texts the JSON API refuses. Every
// refusal leaves nothing: no entry, no period, no account, no dimension.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import { BASE, call, newActor, newCompany, settleOperation, type Actor } from "../helpers";
import { booksDb } from "../books";

let actor: Actor;
beforeAll(async () => {
  actor = await newActor();
});

const HEAD = ["#FLAGGA 0", "#FORMAT PC8", "#SIETYP 4", '#FNAMN "Kant AB"'];
const sieFile = (...lines: string[]) => encodeCp437([...HEAD, ...lines].join("\r\n"));
/** CP437 has no bidi or control characters to carry: such text arrives in a UTF-8 file. */
const utf8File = (...lines: string[]) => new TextEncoder().encode([...HEAD, ...lines].join("\r\n"));

/** Uploads as a form (no base64 of a large file) and runs the operation to its end. */
async function importBytes(companyId: string, bytes: Uint8Array, options?: Record<string, unknown>) {
  const form = new FormData();
  form.append("file", new File([bytes], "kant.se"));
  if (options) form.append("options", JSON.stringify(options));
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/imports/sie`, {
    method: "POST",
    headers: { Authorization: `Bearer ${actor.key}` },
    body: form,
  });
  expect(res.status).toBe(202);
  return settleOperation(actor.key, ((await res.json()) as any).data.operation_id);
}

async function count(table: string, companyId: string): Promise<number> {
  const row = await booksDb
    .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE company_id = ?`)
    .bind(companyId)
    .first<{ n: number }>();
  return row!.n;
}

/** What a company holds that an import could write. */
async function holdings(companyId: string) {
  return {
    journal_entries: await count("journal_entries", companyId),
    fiscal_periods: await count("fiscal_periods", companyId),
    accounts: await count("accounts", companyId),
    dimensions: await count("dimensions", companyId),
    dimension_codes: await count("dimension_codes", companyId),
  };
}

async function refused(bytes: Uint8Array, message: string | RegExp, options?: Record<string, unknown>) {
  const c = await newCompany(actor.key, { name: "Vägrad AB" });
  const before = await holdings(c.id);
  const op = await importBytes(c.id, bytes, options);
  expect(op.status).toBe("failed");
  expect(op.error.code).toBe("VALIDATION_ERROR");
  expect(op.error.message).toMatch(message);
  expect(await holdings(c.id)).toEqual(before);
  return op;
}

// 2024: 1930 10 000 capital; a result of 3 000 (sales 3 000) left undisposed in #IB 0.
const YEAR = ["#RAR 0 20250101 20251231", "#RAR -1 20240101 20241231"];
const PRIOR = ["#IB -1 1930 10000.00", "#IB -1 2081 -10000.00", "#UB -1 1930 13000.00", "#UB -1 2081 -10000.00"];
const SALE = ['#VER A 1 20250301 "Försäljning"', "{", "#TRANS 1930 {} 1000.00", "#TRANS 3001 {} -1000.00", "}"];

describe("an #IB 0 that does not balance", () => {
  it("by other than last year's result (−Σ #RES -1) is refused, naming the option, and nothing is stored", async () => {
    // #IB 0 sums to 3 100 where #RES -1 says last year's result was 3 000
    const op = await refused(
      sieFile(...YEAR, ...PRIOR, "#RES -1 3001 -3000.00", "#IB 0 1930 13100.00", "#IB 0 2081 -10000.00", ...SALE),
      /#IB 0\) do not balance by 3100\.00/,
    );
    expect(op.error.details).toEqual({ difference: 3100, prior_year_result: 3000, option: "allowOpeningDifference" });
  });

  it("is refused when the file gives no #RES -1 to say what it is", async () => {
    const op = await refused(sieFile(YEAR[0], "#IB 0 1930 500.00", ...SALE), /do not balance/);
    expect(op.error.details).toMatchObject({ difference: 500, prior_year_result: null });
  });

  it("with allowOpeningDifference goes to 2099, and the result says so", async () => {
    const c = await newCompany(actor.key, { name: "Tillåten AB" });
    const op = await importBytes(c.id, sieFile(YEAR[0], "#IB 0 1930 500.00", ...SALE), {
      allowOpeningDifference: true,
    });
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.opening_difference).toEqual({
      amount: -500,
      account: "2099",
      reason: "allowed",
      prior_year_result: null,
      in_file_closing: null,
    });
  });

  it("compares the file's #UB 0 of 2098: one that is neither the books nor the books less the line is a mismatch", async () => {
    const lines = [...YEAR, ...PRIOR, "#RES -1 3001 -3000.00", "#IB 0 1930 13000.00", "#IB 0 2081 -10000.00"];
    const closing = ["#UB 0 1930 14000.00", "#UB 0 2081 -10000.00", "#RES 0 3001 -1000.00"];
    // the file's #UB holds the 3 000 on 2098, as the books do: accepted
    const c = await newCompany(actor.key, { name: "UB 2098 AB" });
    const ok = await importBytes(c.id, sieFile(...lines, ...closing, "#UB 0 2098 -3000.00", ...SALE));
    expect(ok.status, JSON.stringify(ok.error)).toBe("succeeded");
    expect(ok.result.opening_difference).toMatchObject({ account: "2098", amount: -3000, in_file_closing: true });
    // 2098 at -2 000: neither -3 000 nor 0
    const op = await refused(sieFile(...lines, ...closing, "#UB 0 2098 -2000.00", ...SALE), /#UB\/#RES for 1 account/);
    expect(op.error.details.mismatches).toEqual([{ account_number: "2098", file: -2000, computed: -3000 }]);
  });
});

describe("the previous year and class 0", () => {
  it("a previous year whose figures do not balance is not kept, with a warning; the year is imported", async () => {
    const c = await newCompany(actor.key, { name: "Obalans AB" });
    const op = await importBytes(
      c.id,
      sieFile(YEAR[0], YEAR[1], "#UB -1 1930 13000.00", "#UB -1 2081 -10000.00", "#RES -1 3001 -2000.00", ...SALE),
    );
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.prior_year).toBeNull();
    expect(op.result.warnings.join("\n")).toContain("the previous year (#RAR -1) is not kept");
    const periods = await call("GET", `/api/v1/companies/${c.id}/fiscal-periods`, { key: actor.key });
    expect(periods.body.data.fiscal_periods.map((p: any) => p.period_start).sort()).toEqual([
      "2025-01-01",
      "2026-01-01",
    ]);
  });

  it("a class-0 #IB is not an opening balance: not booked, warned", async () => {
    const c = await newCompany(actor.key, { name: "Statistik AB" });
    const op = await importBytes(c.id, sieFile(YEAR[0], '#KONTO 0100 "Antal kunder"', "#IB 0 0100 40.00", ...SALE));
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.opening_difference).toBeNull();
    expect(op.result.warnings.join("\n")).toContain("class 0 is statistics");
    const lines = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM journal_lines WHERE company_id = ? AND account_number = '0100'")
      .bind(c.id)
      .first<{ n: number }>();
    expect(lines!.n).toBe(0);
  });
});

describe("fiscal years as Bokföringslagen allows them (3 kap.)", () => {
  it.each([
    ["year 0000", "#RAR 0 00000101 00001231", "within 1900-2099"],
    ["year 1800", "#RAR 0 18000101 18001231", "within 1900-2099"],
    ["year 9999", "#RAR 0 99990101 99991231", "within 1900-2099"],
    ["eleven years", "#RAR 0 20150101 20251231", "at most 18 months"],
    ["nineteen months", "#RAR 0 20240601 20251231", "at most 18 months"],
    ["a year ending before it begins", "#RAR 0 20251231 20250101", "ends before it begins"],
    ["a year beginning mid-month", "#RAR 0 20250115 20251231", "first day of a month"],
    ["a previous year of 9999", "#RAR -1 99990101 99991231", "#RAR -1"],
  ])("%s is refused", async (_n, rar, message) => {
    const year = rar.startsWith("#RAR -1") ? [YEAR[0], rar] : [rar];
    await refused(
      sieFile(...year, '#VER A 1 20250301 "x"', "{", "#TRANS 1930 {} 1.00", "#TRANS 3001 {} -1.00", "}"),
      message,
    );
  });

  it("eighteen months (a first year) is taken", async () => {
    const c = await newCompany(actor.key, {
      name: "Långt år AB",
      first_fiscal_year: { start_date: "2027-01-01", end_date: "2027-12-31" },
    });
    const sale = SALE.map((l) => l.replace("20250301", "20260301"));
    const op = await importBytes(c.id, sieFile("#RAR 0 20250701 20261231", ...sale));
    expect(op.status, JSON.stringify(op)).toBe("succeeded");
  });
});

describe("vouchers and texts under the JSON API's rules", () => {
  const voucher = (lines: number) => {
    const out = ['#VER A 1 20250301 "Många rader"', "{"];
    for (let i = 0; i < lines - 1; i++) out.push("#TRANS 1930 {} 1.00");
    out.push(`#TRANS 3001 {} -${lines - 1}.00`, "}");
    return out;
  };

  it("a voucher of 1 000 lines is taken, of 1 001 refused naming its line", async () => {
    const c = await newCompany(actor.key, { name: "Tusen AB" });
    const op = await importBytes(c.id, sieFile(YEAR[0], ...voucher(1000)));
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.lines_imported).toBe(1000);
    const refusal = await refused(sieFile(YEAR[0], ...voucher(1001)), /line 6: a voucher may hold at most 1000 lines/);
    expect(refusal.error.details).toEqual({ line: 6 });
  });

  it("a voucher of 1 000 001 lines is a clear refusal, not INTERNAL_ERROR", async () => {
    const head = encodeCp437([...HEAD, YEAR[0], '#VER A 1 20250301 "Miljon"', "{", ""].join("\r\n"));
    const row = encodeCp437("#TRANS 1930 {} 1.00\r\n");
    const n = 1_000_001;
    const bytes = new Uint8Array(head.length + row.length * n + 3);
    bytes.set(head);
    for (let i = 0; i < n; i++) bytes.set(row, head.length + i * row.length);
    bytes.set(encodeCp437("}\r\n"), head.length + row.length * n);
    await refused(bytes, /a voucher may hold at most 1000 lines/);
  }, 120_000);

  it("texts with control or bidi characters, or too long, are cleaned and cut as the JSON API would store them, and named", async () => {
    const c = await newCompany(actor.key, { name: "Text AB" });
    const long = "x".repeat(1200);
    const op = await importBytes(
      c.id,
      utf8File(
        YEAR[0],
        '#KONTO 1931 "Spar\u202Ekonto\u0007 Åland"',
        '#DIM 1 "Kostnadsställe"',
        '#OBJEKT 1 "10" "Öst\u2066ra"',
        `#VER A 1 20250301 "${long}"`,
        "{",
        '#TRANS 1931 {1 "10"} 1000.00 "" "rad\u202Atext"',
        "#TRANS 3001 {} -1000.00",
        "}",
      ),
      { updateAccountNames: true },
    );
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.warnings.join("\n")).toMatch(/cleaned or cut: line\(s\) 6, 8, 9, 11/);
    const account = await call("GET", `/api/v1/companies/${c.id}/accounts?number_from=1931&number_to=1931`, {
      key: actor.key,
    });
    expect(account.body.data[0].name).toBe("Sparkonto  Åland");
    const entries = await call("GET", `/api/v1/companies/${c.id}/journal-entries?limit=10`, { key: actor.key });
    const entry = entries.body.data.find((e: any) => e.voucher_series === "A");
    expect(entry.description).toBe("x".repeat(1000));
    expect(entry.lines[0].line_description).toBe("radtext");
  });

  it.each([
    ["an object code with a bidi override", '#OBJEKT 1 "1\u202E0" "Öst"', "object code: bidirectional"],
    ["an object code of 41 characters", `#OBJEKT 1 "${"k".repeat(41)}" "Öst"`, "longer than 40"],
    ["a dimension number of 1000", '#DIM 1000 "Stor"', "dimension number 1-999"],
  ])("%s is refused: a code is a key, not a text to clean", async (_n, record, message) => {
    await refused(utf8File(YEAR[0], '#DIM 1 "Kostnadsställe"', record, ...SALE), message);
  });
});
