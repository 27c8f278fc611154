import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, newCompany, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const ab = companyFixture({ name: "Bokför Bank AB", ...yearAroundToday() });
type Co = { actor: { key: string }; companyId: string; periodId: string };
const url = (c: { companyId: string }, p: string) => `/api/v1/companies/${c.companyId}${p}`;

let seq = 0;
async function ingest(c: Co, amount: number, extra: Record<string, unknown> = {}, settlement_account = "1930") {
  const external_id = `x-${Date.now()}-${++seq}`;
  const res = await write(c.actor.key, "POST", url(c, "/transactions/ingest"), {
    settlement_account,
    transactions: [{ external_id, date: day(-10), description: `Rad ${seq}`, amount, ...extra }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.rows_inserted).toBe(1);
  return res.body.data.transaction_ids[0] as string;
}
const act = (c: Co, id: string, action: string, body?: unknown, headers: Record<string, string> = {}) =>
  write(c.actor.key, "POST", url(c, `/transactions/${id}/${action}`), body, headers);
const getTx = async (c: Co, id: string) =>
  (await call("GET", url(c, `/transactions/${id}`), { key: c.actor.key })).body.data;
async function balances(c: Co) {
  const tb = await call("GET", url(c, `/reports/trial-balance?period_id=${c.periodId}`), { key: c.actor.key });
  expect(tb.status).toBe(200);
  return Object.fromEntries(tb.body.data.accounts.map((a: any) => [a.account_number, a.closing_balance])) as Record<
    string,
    number
  >;
}
async function entryCount(c: Co) {
  return (await call("GET", url(c, "/journal-entries?limit=100"), { key: c.actor.key })).body.data.length as number;
}

describe("categorize: the category rules and the books", () => {
  it("books each category to its account, with VAT where the rule has it", async () => {
    const cases: [number, Record<string, unknown>, Record<string, [number, number]>][] = [
      [-125, { category: "bank_fees" }, { "1930": [0, 125], "6570": [125, 0] }],
      [-1250, { category: "office_supplies" }, { "1930": [0, 1250], "6110": [1000, 0], "2641": [250, 0] }],
      // 1 120 at 12 %: 120 VAT, deductible 36 kr a person, 2 people: 72
      [-1120, { category: "representation", persons: 2 }, { "1930": [0, 1120], "6072": [1048, 0], "2641": [72, 0] }],
      [5000, { category: "tax_account" }, { "1930": [5000, 0], "1630": [0, 5000] }],
      [-10000, { category: "loan_repayment" }, { "1930": [0, 10000], "2350": [10000, 0] }],
      [-300, { category: "interest" }, { "1930": [0, 300], "8410": [300, 0] }],
      [12.5, { category: "interest" }, { "1930": [12.5, 0], "8311": [0, 12.5] }],
      // a limited company has no owner's equity account: a receivable on, or a debt to, the owner
      [-2000, { category: "owner_withdrawal" }, { "1930": [0, 2000], "1685": [2000, 0] }],
      [3000, { category: "owner_deposit" }, { "1930": [3000, 0], "2893": [0, 3000] }],
      [
        -500,
        { account_override: "5410", vat_treatment: "standard_25" },
        { "1930": [0, 500], "5410": [400, 0], "2641": [100, 0] },
      ],
      [
        1060,
        { account_override: "3003", vat_treatment: "reduced_6" },
        { "1930": [1060, 0], "3003": [0, 1000], "2631": [0, 60] },
      ],
    ];
    for (const [amount, body, lines] of cases) {
      const id = await ingest(ab, amount, { description: `Test ${JSON.stringify(body)}` });
      const res = await act(ab, id, "categorize", body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        success: true,
        journal_entry_created: true,
        category: (body.category as string) ?? null,
      });
      expect(res.body.meta.audit.voucher_number).toMatch(/^A\d+$/);
      expect(
        await entryLines(ab.actor.key, ab.companyId, res.body.data.journal_entry_id),
        JSON.stringify(body),
      ).toEqual(lines);
      const tx = await getTx(ab, id);
      expect(tx).toMatchObject({
        status: "booked",
        journal_entry_id: res.body.data.journal_entry_id,
        is_business: true,
      });
    }
    const b = await balances(ab);
    expect(b["2641"]).toBe(250 + 72 + 100);
    expect(b["1930"]).toBe(-125 - 1250 - 1120 + 5000 - 10000 - 300 + 12.5 - 2000 + 3000 - 500 + 1060);
  });

  it("books a private row to the owner's account; already booked, only the flags change", async () => {
    const id = await ingest(ab, -400, { description: "Privat ICA" });
    const res = await act(ab, id, "categorize", { is_business: false });
    expect(res.body.data).toMatchObject({ journal_entry_created: true, category: "owner_withdrawal" });
    expect(await entryLines(ab.actor.key, ab.companyId, res.body.data.journal_entry_id)).toEqual({
      "1930": [0, 400],
      "1685": [400, 0],
    });
    const before = await entryCount(ab);
    const ev = await booksDb
      .prepare(
        "SELECT object FROM outbox_events WHERE company_id = ? AND type = 'transaction.categorized' ORDER BY rowid DESC LIMIT 1",
      )
      .bind(ab.companyId)
      .first<{ object: string }>();
    expect(JSON.parse(ev!.object)).toMatchObject({
      id,
      status: "booked",
      category: "owner_withdrawal",
      is_business: false,
    });
    const again = await act(ab, id, "categorize", { is_business: true, category: "bank_fees" });
    expect(again.body.data).toMatchObject({
      journal_entry_created: false,
      journal_entry_id: res.body.data.journal_entry_id,
      category: "bank_fees",
    });
    expect((await getTx(ab, id)).is_business).toBe(true);
    expect(await entryCount(ab)).toBe(before);
  });

  it("remembers the merchant's booking as a template, suggests it and books by it", async () => {
    const first = await ingest(ab, -99, { merchant_name: "Kontorsvaruhuset", description: "KORTKÖP KONTORSVARUHUSET" });
    await act(ab, first, "categorize", { category: "office_supplies" });
    const templates = (await call("GET", url(ab, "/transaction-templates"), { key: ab.actor.key })).body.data;
    const t = templates.find((x: any) => x.merchant === "kontorsvaruhuset");
    expect(t).toMatchObject({
      account_number: "6110",
      vat_treatment: "standard_25",
      category: "office_supplies",
      use_count: 1,
    });

    const second = await ingest(ab, -199, {
      merchant_name: "Kontorsvaruhuset",
      description: "KORTKÖP KONTORSVARUHUSET 2",
    });
    const s = await call("POST", url(ab, `/transactions/${second}/suggest-categories`), { key: ab.actor.key });
    expect(s.status).toBe(200);
    expect(s.body.data.suggestions[0]).toMatchObject({
      category: "office_supplies",
      account_number: "6110",
      vat_treatment: "standard_25",
      confidence: 0.8,
      template_id: t.id,
    });
    const booked = await act(ab, second, "categorize", { counterparty_template_id: t.id });
    expect(await entryLines(ab.actor.key, ab.companyId, booked.body.data.journal_entry_id)).toEqual({
      "1930": [0, 199],
      "6110": [159.2, 0],
      "2641": [39.8, 0],
    });
    expect((await getTx(ab, second)).template_id).toBe(t.id);
    const after = (await call("GET", url(ab, "/transaction-templates"), { key: ab.actor.key })).body.data.find(
      (x: any) => x.id === t.id,
    );
    expect(after.use_count).toBe(2);
  });

  it("refuses with its codes and writes nothing", async () => {
    const out = await ingest(ab, -250, { description: "Något" });
    const before = await entryCount(ab);
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, "VALIDATION_ERROR"],
      [{ category: "owner_deposit" }, 400, "VALIDATION_ERROR"],
      [{ category: "no_such_category" }, 400, "VALIDATION_ERROR"],
      [{ account_override: "4999" }, 400, "TX_CATEGORIZE_INVALID_ACCOUNT"],
      [{ account_override: "1930" }, 400, "TX_CATEGORIZE_INVALID_ACCOUNT"],
      [{ template_id: "nope" }, 404, "NOT_FOUND"],
    ];
    for (const [body, status, code] of cases) {
      const res = await act(ab, out, "categorize", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    expect((await act(ab, "missing", "categorize", { category: "bank_fees" })).status).toBe(404);
    // a dry run previews the booking and writes nothing
    const dry = await act(ab, out, "categorize", { category: "bank_fees" }, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(200);
    expect(dry.body.data.journal_entry_created).toBe(true);
    expect((await getTx(ab, out)).status).toBe("unbooked");
    expect(await entryCount(ab)).toBe(before);
    // no Idempotency-Key
    const noKey = await call("POST", url(ab, `/transactions/${out}/categorize`), {
      key: ab.actor.key,
      body: { category: "bank_fees" },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.details.header).toBe("Idempotency-Key");
  });

  it("flags an outflow that looks like a supplier invoice's payment unless confirm_no_match", async () => {
    const sup = await write(ab.actor.key, "POST", url(ab, "/suppliers"), {
      name: "Leverantören AB",
      supplier_type: "swedish_business",
      default_expense_account: "4010",
    });
    const si = await write(ab.actor.key, "POST", url(ab, "/supplier-invoices"), {
      supplier_id: sup.body.data.id,
      supplier_invoice_number: "LEV-778",
      invoice_date: day(-20),
      items: [{ amount: 800, vat_rate: 0.25 }],
    });
    expect(si.status).toBe(201);
    const out = await ingest(ab, -1000, { description: "BG 5555-1234 LEVERANTÖREN" });
    const flagged = await act(ab, out, "categorize", { account_override: "4010" });
    expect(flagged.status).toBe(409);
    expect(flagged.body.error.code).toBe("TX_CATEGORIZE_SUGGEST_SI_MATCH");
    expect(flagged.body.error.details.candidates[0]).toMatchObject({
      supplier_invoice_id: si.body.data.id,
      reason: "amount",
    });
    const byRef = await ingest(ab, -12, { description: "Delbetalning LEV-778" });
    expect(
      (await act(ab, byRef, "categorize", { category: "bank_fees" })).body.error.details.candidates[0].reason,
    ).toBe("reference");
    const ok = await act(ab, out, "categorize", {
      account_override: "4010",
      vat_treatment: "standard_25",
      confirm_no_match: true,
    });
    expect(ok.status).toBe(200);
    expect(await entryLines(ab.actor.key, ab.companyId, ok.body.data.journal_entry_id)).toEqual({
      "1930": [0, 1000],
      "4010": [800, 0],
      "2641": [200, 0],
    });
  });
});

describe("uncategorize, ignore and batch-categorize", () => {
  it("reverses the entry by storno and resets the flags", async () => {
    const id = await ingest(ab, -75, { description: "Avgift" });
    const booked = await act(ab, id, "categorize", { category: "bank_fees" });
    const feesBefore = (await balances(ab))["6570"] ?? 0;
    const res = await act(ab, id, "uncategorize");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      success: true,
      reversed_journal_entry_id: booked.body.data.journal_entry_id,
    });
    expect(await entryLines(ab.actor.key, ab.companyId, res.body.data.reversal_journal_entry_id)).toEqual({
      "1930": [75, 0],
      "6570": [0, 75],
    });
    const original = await call("GET", url(ab, `/journal-entries/${booked.body.data.journal_entry_id}`), {
      key: ab.actor.key,
    });
    expect(original.body.data.reversed_by_id).toBe(res.body.data.reversal_journal_entry_id);
    expect((await balances(ab))["6570"]).toBe(feesBefore - 75);
    expect(await getTx(ab, id)).toMatchObject({
      status: "unbooked",
      journal_entry_id: null,
      category: null,
      is_business: null,
    });
    const again = await act(ab, id, "uncategorize");
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("TX_UNCATEGORIZE_NOT_BOOKED");
    // it can be booked again
    expect((await act(ab, id, "categorize", { category: "bank_fees" })).status).toBe(200);
  });

  it("ignores an unbooked row, refuses a booked one, and restores", async () => {
    const id = await ingest(ab, -33, { description: "Överföring mellan egna konton" });
    const dry = await act(ab, id, "ignore", undefined, { "X-Dry-Run": "true" });
    expect(dry.body.data).toMatchObject({ is_ignored: true });
    expect((await getTx(ab, id)).is_ignored).toBe(false);
    const res = await act(ab, id, "ignore");
    expect(res.body.data).toEqual({ success: true, transaction_id: id, is_ignored: true, already_ignored: false });
    expect((await getTx(ab, id)).status).toBe("ignored");
    expect((await act(ab, id, "ignore")).body.data.already_ignored).toBe(true);
    const unbooked = (await call("GET", url(ab, "/transactions?status=unbooked&limit=100"), { key: ab.actor.key })).body
      .data;
    expect(unbooked.some((t: any) => t.id === id)).toBe(false);
    const cat = await act(ab, id, "categorize", { category: "bank_fees" });
    expect(cat.status).toBe(409);
    const restored = await write(ab.actor.key, "DELETE", url(ab, `/transactions/${id}/ignore`));
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ is_ignored: false, was_ignored: true });
    expect((await getTx(ab, id)).status).toBe("unbooked");

    const booked = await ingest(ab, -44, { description: "Avgift" });
    await act(ab, booked, "categorize", { category: "bank_fees" });
    const refused = await act(ab, booked, "ignore");
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("TX_IGNORE_ALREADY_BOOKED");
  });

  it("batch-categorizes with partial success", async () => {
    const a = await ingest(ab, -10, { description: "Avgift A" });
    const b = await ingest(ab, -20, { description: "Avgift B" });
    const res = await write(ab.actor.key, "POST", url(ab, "/transactions/batch-categorize"), {
      items: [
        { transaction_id: a, category: "bank_fees" },
        { transaction_id: b, account_number: "4999" },
        { transaction_id: "missing", category: "bank_fees" },
        { transaction_id: a, category: "bank_fees" },
        { category: "bank_fees" },
        { transaction_id: b, account_number: "6570" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 6, succeeded: 2, failed: 4 });
    expect(res.body.data.results.map((r: any) => (r.ok ? "ok" : r.error.code))).toEqual([
      "ok",
      "TX_CATEGORIZE_INVALID_ACCOUNT",
      "NOT_FOUND",
      "CONFLICT",
      "VALIDATION_ERROR",
      "ok",
    ]);
    expect(res.body.data.results[0].data.voucher_number).toMatch(/^A\d+$/);
    expect(res.body.data.results[5].data.voucher_number).not.toBe(res.body.data.results[0].data.voucher_number);
    expect((await getTx(ab, a)).status).toBe("booked");
    expect(await entryLines(ab.actor.key, ab.companyId, (await getTx(ab, b)).journal_entry_id)).toEqual({
      "1930": [0, 20],
      "6570": [20, 0],
    });
    const tooMany = await write(ab.actor.key, "POST", url(ab, "/transactions/batch-categorize"), {
      items: Array.from({ length: 101 }, () => ({ transaction_id: a, category: "bank_fees" })),
    });
    expect(tooMany.status).toBe(400);
  });
});

describe("suggest-categories", () => {
  it("ranks the category rules from the text when nothing else is known", async () => {
    const id = await ingest(ab, -49, { description: "MÅNADSAVGIFT FÖRETAGSPAKET" });
    const res = await call("POST", url(ab, `/transactions/${id}/suggest-categories`), { key: ab.actor.key });
    expect(res.body.data.suggestions[0]).toMatchObject({
      category: "bank_fees",
      account_number: "6570",
      vat_treatment: "none",
      confidence: 0.6,
    });
    expect(res.body.data.suggestions[0].reason).toContain("Bankkostnader");
    const unknown = await ingest(ab, -49, { description: "XYZ 123" });
    expect(
      (await call("POST", url(ab, `/transactions/${unknown}/suggest-categories`), { key: ab.actor.key })).body.data
        .suggestions,
    ).toEqual([]);
  });
});

describe("the period lock and locked periods", () => {
  it("refuses to lock while transactions are unbooked, then books, ignores and restores as locked periods allow", async () => {
    const c = await newCompany(ab.actor.key, {
      name: "Låst AB",
      first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      fiscal_year_start_month: 1,
    });
    const co: Co = { actor: ab.actor, companyId: c.id, periodId: c.fiscal_period.id };
    const t1 = await ingest(co, -100, { date: "2025-03-01", description: "Avgift" });
    const t2 = await ingest(co, 50, { date: "2025-04-01", description: "Okänd" });
    const lock = () => write(co.actor.key, "POST", url(co, `/fiscal-periods/${co.periodId}/lock`));
    const refused = await lock();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "PERIOD_HAS_UNBOOKED_TRANSACTIONS", details: { count: 2 } });
    await act(co, t1, "categorize", { category: "bank_fees" });
    await act(co, t2, "ignore");
    expect((await lock()).status).toBe(200);

    const late = await ingest(co, -80, { date: "2025-06-01", description: "Sen rad" });
    const business = await act(co, late, "categorize", { category: "bank_fees" });
    expect(business.status).toBe(400);
    expect(business.body.error.code).toBe("PERIOD_LOCKED");
    const priv = await act(co, late, "categorize", { is_business: false });
    expect(priv.status).toBe(400);
    expect(priv.body.error.code).toBe("TX_CATEGORIZE_PRIVATE_PERIOD_LOCKED");
    expect((await act(co, late, "ignore")).body.data.is_ignored).toBe(true);
    expect((await write(co.actor.key, "DELETE", url(co, `/transactions/${t2}/ignore`))).status).toBe(200);
    expect((await getTx(co, t2)).status).toBe("unbooked");
  });

  it("a sole trader's private row is booked to 2013 / 2018, and ignored instead in a locked period", async () => {
    const c = await newCompany(ab.actor.key, {
      name: "Anna Andersson",
      entity_type: "enskild_firma",
      org_number: "19811218-9876",
      vat_registered: false,
      moms_period: undefined,
      first_fiscal_year: undefined,
      fiscal_year_start_month: 1,
    });
    const co: Co = { actor: ab.actor, companyId: c.id, periodId: c.fiscal_period.id };
    const start = c.fiscal_period.start_date;
    const out = await ingest(co, -700, { date: start, description: "Privat" });
    const inn = await ingest(co, 1500, { date: start, description: "Insättning" });
    const a = await act(co, out, "categorize", { is_business: false });
    expect(await entryLines(co.actor.key, co.companyId, a.body.data.journal_entry_id)).toEqual({
      "1930": [0, 700],
      "2013": [700, 0],
    });
    const b = await act(co, inn, "categorize", { category: "owner_deposit" });
    expect(await entryLines(co.actor.key, co.companyId, b.body.data.journal_entry_id)).toEqual({
      "1930": [1500, 0],
      "2018": [0, 1500],
    });
    expect((await write(co.actor.key, "POST", url(co, `/fiscal-periods/${co.periodId}/lock`))).status).toBe(200);
    const late = await ingest(co, -60, { date: start, description: "Privat igen" });
    const res = await act(co, late, "categorize", { is_business: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ journal_entry_created: false, journal_entry_id: null, is_ignored: true });
    expect(await getTx(co, late)).toMatchObject({ status: "ignored", is_business: false });
  });
});
