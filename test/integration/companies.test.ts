import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AB, call, createDraft, line, newActor, newCompany, newKey, type Actor } from "../helpers";
import { booksDb } from "../books";

let actor: Actor;
beforeAll(async () => {
  actor = await newActor();
});
beforeEach(async () => {
  actor = { ...actor, ...(await newKey(actor.userId)) };
});

const create = (body: Record<string, unknown>, query = "") =>
  call("POST", `/api/v1/companies${query}`, { key: actor.key, body });

describe("creating a company", () => {
  it("seeds the BAS 2026 chart, the first fiscal period and the owner membership", async () => {
    const res = await create({ ...AB, first_fiscal_year: undefined });
    expect(res.status).toBe(201);
    const c = res.body.data;
    expect(c).toMatchObject({
      name: "Testbolaget AB",
      org_number: "556016-0680",
      entity_type: "aktiebolag",
      role: "owner",
      accounting_method: "accrual",
      vat_registered: true,
      moms_period: "quarterly",
      f_skatt: true,
      team_id: null,
    });
    const today = new Date().toISOString().slice(0, 10);
    const year = today.slice(0, 4);
    expect(c.fiscal_period).toMatchObject({ start_date: `${year}-01-01`, end_date: `${year}-12-31`, name: year });
    expect(Date.parse(c.trial_ends_at) - Date.parse(c.created_at)).toBe(30 * 86_400_000);

    // 1282 unique account numbers in BAS 2026 (shared/data/bas/SOURCES.md)
    const n = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM accounts WHERE company_id = ?")
      .bind(c.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(1282);
    const accounts = await call("GET", `/api/v1/companies/${c.id}/accounts?number_from=1930&number_to=1930`, {
      key: actor.key,
    });
    expect(accounts.body.data).toEqual([
      expect.objectContaining({ account_number: "1930", name: "Företagskonto", type: "asset", is_active: true }),
    ]);
    const periods = await call("GET", `/api/v1/companies/${c.id}/fiscal-periods`, { key: actor.key });
    expect(periods.body.data.fiscal_periods).toEqual([
      expect.objectContaining({ id: c.fiscal_period.id, is_closed: false, locked_at: null, previous_period_id: null }),
    ]);
    expect(res.body.meta.audit.audit_trail_url).toContain(`/api/v1/companies/${c.id}/audit-trail/`);
  });

  it("defaults a sole trader to the cash method on the calendar year, with a personnummer as org number", async () => {
    const res = await create({
      name: "Anna Andersson",
      entity_type: "enskild_firma",
      org_number: "19811218-9876",
      f_skatt: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      accounting_method: "cash",
      fiscal_year_start_month: 1,
      org_number: "811218-9876",
    });
  });

  it("accepts a broken fiscal year and a first year of up to 18 months", async () => {
    const broken = await create({
      ...AB,
      fiscal_year_start_month: 7,
      first_fiscal_year: { start_date: "2026-02-10", end_date: "2027-06-30" },
    });
    expect(broken.status).toBe(201);
    expect(broken.body.data.fiscal_period).toMatchObject({
      start_date: "2026-02-10",
      end_date: "2027-06-30",
      name: "2026/2027",
    });
    const next = await call("POST", `/api/v1/companies/${broken.body.data.id}/fiscal-periods`, {
      key: actor.key,
      headers: { "Idempotency-Key": "n1" },
    });
    expect(next.body.data).toMatchObject({ period_start: "2027-07-01", period_end: "2028-06-30", name: "2027/2028" });
  });

  it.each([
    ["f_skatt not stated", { f_skatt: undefined }, "f_skatt"],
    ["VAT-registered without moms_period", { moms_period: undefined }, "moms_period"],
    ["VAT-registered without org_number", { org_number: undefined }, "org_number"],
    ["moms_period without VAT registration", { vat_registered: false }, "moms_period"],
    ["org number failing Luhn", { org_number: "556016-0681" }, "org_number"],
    ["a personnummer for an aktiebolag", { org_number: "190905271474" }, "org_number"],
    [
      "sole trader off the calendar year",
      {
        entity_type: "enskild_firma",
        org_number: undefined,
        vat_registered: false,
        moms_period: undefined,
        fiscal_year_start_month: 7,
      },
      "fiscal_year_start_month",
    ],
    [
      "first year over 18 months",
      { first_fiscal_year: { start_date: "2026-01-01", end_date: "2027-07-31" } },
      "first_fiscal_year",
    ],
    [
      "first year not ending before the start month",
      { first_fiscal_year: { start_date: "2026-03-01", end_date: "2026-11-30" } },
      "first_fiscal_year",
    ],
    ["unknown entity type", { entity_type: "bolag" }, "entity_type"],
  ])("refuses %s with VALIDATION_ERROR naming the field", async (_name, overrides, field) => {
    const res = await create({ ...AB, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(JSON.stringify(res.body.error.details)).toContain(field);
  });

  it("creates a second company on retry: POST /companies is not idempotent", async () => {
    const headers = { "Idempotency-Key": "same-key" };
    const a = await call("POST", "/api/v1/companies", { key: actor.key, headers, body: AB });
    const b = await call("POST", "/api/v1/companies", { key: actor.key, headers, body: AB });
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(b.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("previews with dry-run and creates nothing", async () => {
    const before = await booksDb.prepare("SELECT COUNT(*) AS n FROM companies").first<{ n: number }>();
    const res = await create({ ...AB, name: "Förhandsvisning AB" }, "?dry_run=true");
    expect(res.status).toBe(201);
    expect(res.headers.get("X-Dry-Run")).toBe("true");
    expect(res.body.data.name).toBe("Förhandsvisning AB");
    const after = await booksDb.prepare("SELECT COUNT(*) AS n FROM companies").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    expect((await call("GET", `/api/v1/companies/${res.body.data.id}`, { key: actor.key })).status).toBe(404);
  });
});

describe("settings", () => {
  it("reads and patches settings; null clears; VAT rules hold", async () => {
    const c = await newCompany(actor.key);
    const base = `/api/v1/companies/${c.id}`;
    const patched = await call("PATCH", `${base}/settings`, {
      key: actor.key,
      body: {
        invoice_default_days: 20,
        bankgiro: "5050-1055",
        iban: "SE4550000000058398257466",
        email_reply_to: "ekonomi@example.se",
        default_voucher_series: "V",
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      invoice_default_days: 20,
      bankgiro: "5050-1055",
      default_voucher_series: "V",
      vat_registered: true,
    });
    expect(patched.body.meta.audit.voucher_number).toBeNull();
    const detail = await call("GET", base, { key: actor.key });
    expect(detail.body.data.settings).toMatchObject({ invoice_default_days: 20, email_reply_to: "ekonomi@example.se" });

    // the default series is used for new entries
    const draft = await createDraft(actor.key, c.id, c.fiscal_period.id);
    expect(draft.body.data.voucher_series).toBe("V");

    const cleared = await call("PATCH", `${base}/settings`, { key: actor.key, body: { invoice_default_days: null } });
    expect(cleared.body.data.invoice_default_days).toBeNull();
    const noPeriod = await call("PATCH", `${base}/settings`, { key: actor.key, body: { moms_period: null } });
    expect(noPeriod.body.error.code).toBe("VALIDATION_ERROR");
    const unknownField = await call("PATCH", `${base}/settings`, { key: actor.key, body: { colour: "blue" } });
    expect(unknownField.body.error.code).toBe("VALIDATION_ERROR");
    const badGiro = await call("PATCH", `${base}/settings`, { key: actor.key, body: { bankgiro: "12" } });
    expect(badGiro.body.error.code).toBe("VALIDATION_ERROR");
    const deregister = await call("PATCH", `${base}/settings`, {
      key: actor.key,
      body: { vat_registered: false, moms_period: null },
    });
    expect(deregister.body.data).toMatchObject({ vat_registered: false, moms_period: null });
  });
});

describe("chart of accounts", () => {
  it("filters and pages the chart", async () => {
    const c = await newCompany(actor.key);
    const base = `/api/v1/companies/${c.id}/accounts`;
    const revenue = await call("GET", `${base}?type=revenue&number_from=3000&number_to=3099`, { key: actor.key });
    expect(
      revenue.body.data.every(
        (a: any) => a.type === "revenue" && a.account_number >= "3000" && a.account_number <= "3099",
      ),
    ).toBe(true);
    const search = await call("GET", `${base}?search=moms`, { key: actor.key });
    expect(search.body.data.map((a: any) => a.account_number)).toContain("2650");
    const page1 = await call("GET", `${base}?limit=1000`, { key: actor.key });
    const page2 = await call("GET", `${base}?limit=1000&cursor=${encodeURIComponent(page1.body.meta.next_cursor)}`, {
      key: actor.key,
    });
    expect(page1.body.data.length + page2.body.data.length).toBe(1282);
    expect(page2.body.meta.next_cursor).toBeNull();
    expect(page2.body.data[0].account_number > page1.body.data[999].account_number).toBe(true);
  });

  it("adds a sub-account, refuses a duplicate, and deactivation stops new entries", async () => {
    const c = await newCompany(actor.key);
    const base = `/api/v1/companies/${c.id}/accounts`;
    const created = await call("POST", base, { key: actor.key, body: { account_number: "1931", name: "Sparkonto" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      account_number: "1931",
      type: "asset",
      is_custom: true,
      is_active: true,
    });
    expect(
      (await call("POST", base, { key: actor.key, body: { account_number: "1930", name: "x" } })).body.error.code,
    ).toBe("CONFLICT");
    const entry = await createDraft(actor.key, c.id, c.fiscal_period.id, {
      lines: [line("1931", 10, 0), line("2081", 0, 10)],
    });
    expect(entry.status).toBe(201);

    const off = await call("PATCH", `${base}/1931`, { key: actor.key, body: { is_active: false } });
    expect(off.body.data.is_active).toBe(false);
    const refused = await createDraft(actor.key, c.id, c.fiscal_period.id, {
      lines: [line("1931", 10, 0), line("2081", 0, 10)],
    });
    expect(refused.body.error).toMatchObject({ code: "ACCOUNTS_NOT_IN_CHART", details: { accounts: ["1931"] } });
    expect((await call("PATCH", `${base}/9999`, { key: actor.key, body: { name: "x" } })).status).toBe(400);
    expect((await call("PATCH", `${base}/8990`, { key: actor.key, body: { name: "Eget namn" } })).body.data.name).toBe(
      "Eget namn",
    );
  });
});
