import { describe, expect, it } from "vitest";
import { call, createDraft, line, postedEntry, uniqueKey, companyFixture } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture();
const url = (s: string) => `/api/v1/companies/${f.companyId}${s}`;
const send = (method: string, s: string, body?: unknown) =>
  call(method, url(s), { key: f.actor.key, headers: { "Idempotency-Key": uniqueKey() }, body });

describe("suppliers", () => {
  it("stores payment details as supplied and defaults terms and currency", async () => {
    const res = await send("POST", "/suppliers", {
      name: "Leverantör AB",
      supplier_type: "swedish_business",
      org_number: "5560360793",
      bankgiro: "5050-1055",
      plusgiro: "12345-6",
      iban: "SE45 5000 0000 0583 9825 7466",
      bic: "ESSESESS",
      vat_number: "SE556036079301",
      default_expense_account: "4010",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      org_number: "556036-0793",
      bankgiro: "5050-1055",
      iban: "SE45 5000 0000 0583 9825 7466",
      default_expense_account: "4010",
      default_payment_terms: 30,
      default_currency: "SEK",
      country: "SE",
    });
    const events = await booksDb
      .prepare("SELECT type FROM outbox_events WHERE company_id = ? AND type = 'supplier.created'")
      .bind(f.companyId)
      .all();
    expect(events.results.length).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ["a duplicate org number", { org_number: "556036-0793" }, 409, "SUPPLIER_DUPLICATE_ORG_NUMBER"],
    ["an expense account not in the chart", { default_expense_account: "4999" }, 400, "ACCOUNTS_NOT_IN_CHART"],
    ["a personnummer as org number", { org_number: "811218-9876" }, 400, "VALIDATION_ERROR"],
    ["a lower-case currency", { default_currency: "sek" }, 400, "VALIDATION_ERROR"],
    ["an individual type", { supplier_type: "individual" }, 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_n, body, status, code) => {
    const res = await send("POST", "/suppliers", { name: "Dubbel", supplier_type: "swedish_business", ...body });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it("does not call VIES for EU suppliers and stores the VAT number as supplied", async () => {
    const before = ((await (await fetch("https://vies.test/__calls")).json()) as any).calls;
    const res = await send("POST", "/suppliers", {
      name: "Lieferant GmbH",
      supplier_type: "eu_business",
      vat_number: "de 123456789",
      country: "DE",
      default_currency: "EUR",
    });
    expect(res.body.data).toMatchObject({ vat_number: "de 123456789", country: "DE", default_currency: "EUR" });
    expect(((await (await fetch("https://vies.test/__calls")).json()) as any).calls).toBe(before);
  });

  it("patches, archives, restores, expands and bulk-creates", async () => {
    const s = await send("POST", "/suppliers", { name: "Ändras AB", supplier_type: "swedish_business" });
    const id = s.body.data.id;
    const patched = await send("PATCH", `/suppliers/${id}`, {
      default_expense_account: "5410",
      default_payment_terms: 10,
    });
    expect(patched.body.data).toMatchObject({ default_expense_account: "5410", default_payment_terms: 10 });
    expect((await send("DELETE", `/suppliers/${id}`)).status).toBe(204);
    expect((await call("GET", url(`/suppliers?search=Ändras`), { key: f.actor.key })).body.data).toHaveLength(0);
    expect((await send("PATCH", `/suppliers/${id}`, { archived_at: null })).body.data.archived_at).toBeNull();
    expect(
      (await call("GET", url(`/suppliers/${id}?expand=supplier_invoices`), { key: f.actor.key })).body.data
        .supplier_invoices,
    ).toEqual([]);
    const bulk = await send("POST", "/suppliers/bulk-create", {
      suppliers: [{ name: "B1", supplier_type: "swedish_business" }, { name: "B2" }],
    });
    expect(bulk.body.data.summary).toEqual({ total: 2, succeeded: 1, failed: 1 });
    const missing = await call("GET", url(`/suppliers/00000000-0000-4000-8000-000000000000`), { key: f.actor.key });
    expect(missing.body.error.code).toBe("SUPPLIER_NOT_FOUND");
  });
});

describe("articles", () => {
  it("creates, reads, updates and archives an article; price in öre exactly", async () => {
    const res = await send("POST", "/articles", {
      number: "A-1",
      name: "Konsulttimme",
      unit: "tim",
      default_price: 1150.5,
      vat_rate: 0.25,
      revenue_account: "3001",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      number: "A-1",
      default_price: 1150.5,
      vat_rate: 0.25,
      revenue_account: "3001",
      unit: "tim",
    });
    const id = res.body.data.id;
    const patched = await send("PATCH", `/articles/${id}`, {
      default_price: 1200,
      vat_rate: 0.06,
      revenue_account: "3003",
    });
    expect(patched.body.data).toMatchObject({ default_price: 1200, vat_rate: 0.06, unit: "tim" });
    expect((await send("DELETE", `/articles/${id}`)).status).toBe(204);
    expect((await call("GET", url("/articles"), { key: f.actor.key })).body.data.map((a: any) => a.id)).not.toContain(
      id,
    );
    expect(
      (await call("GET", url("/articles?include_archived=true"), { key: f.actor.key })).body.data.map((a: any) => a.id),
    ).toContain(id);
  });

  it("gives an article without revenue_account the BAS account of its VAT rate", async () => {
    // BAS 2026: 3001 "Försäljning inom Sverige, 25 % moms", 3002 12 %, 3003 6 %, 3004 "momsfri"
    const made: Record<string, string> = {};
    for (const [rate, account] of [
      [0.25, "3001"],
      [0.12, "3002"],
      [0.06, "3003"],
      [0, "3004"],
    ] as const) {
      const res = await send("POST", "/articles", {
        number: `D-${rate}`,
        name: "Vara",
        default_price: 10,
        vat_rate: rate,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ vat_rate: rate, revenue_account: account });
      made[account] = res.body.data.id;
    }
    const stored = await call("GET", url(`/articles/${made["3002"]}`), { key: f.actor.key });
    expect(stored.body.data.revenue_account).toBe("3002");

    // the default is taken at create only: a new rate that 3001 cannot carry is refused, changing nothing
    const refused = await send("PATCH", `/articles/${made["3001"]}`, { vat_rate: 0.12 });
    expect(refused.body.error.code).toBe("VALIDATION_ERROR");
    const both = await send("PATCH", `/articles/${made["3001"]}`, { vat_rate: 0.12, revenue_account: "3002" });
    expect(both.body.data).toMatchObject({ vat_rate: 0.12, revenue_account: "3002" });
  });

  it.each([
    ["a VAT rate Sweden does not have", { vat_rate: 0.2 }, "VALIDATION_ERROR"],
    ["a revenue account outside class 3", { revenue_account: "1930" }, "VALIDATION_ERROR"],
    ["a class-3 account not in the chart", { revenue_account: "3899" }, "ACCOUNTS_NOT_IN_CHART"],
    ["a duplicate number", { number: "DUP" }, "CONFLICT"],
  ])("refuses %s", async (_n, body, code) => {
    await send("POST", "/articles", {
      number: "DUP",
      name: "x",
      default_price: 1,
      vat_rate: 0.25,
      revenue_account: "3001",
    });
    const res = await send("POST", "/articles", {
      number: `N-${Math.random()}`,
      name: "x",
      default_price: 1,
      vat_rate: 0.25,
      revenue_account: "3001",
      ...body,
    });
    expect(res.body.error.code).toBe(code);
  });
});

describe("dimensions and journal lines", () => {
  it("validates line dimensions: unknown, archived and valid codes", async () => {
    expect((await send("POST", "/dimensions", { id: 1, name: "Kostnadsställe" })).status).toBe(201);
    expect((await send("POST", "/dimensions", { id: 1, name: "Igen" })).body.error.code).toBe("CONFLICT");
    expect((await send("POST", "/dimensions/1/codes", { code: "100", name: "Sälj" })).status).toBe(201);
    expect((await send("POST", "/dimensions/1/codes", { code: "200", name: "Lager" })).status).toBe(201);
    expect((await send("POST", "/dimensions/9/codes", { code: "1", name: "x" })).status).toBe(404);

    const ok = await createDraft(f.actor.key, f.companyId, f.periodId, {
      lines: [line("6110", 100, 0), line("1930", 0, 100)].map((l, i) =>
        i === 0 ? { ...l, dimensions: { "1": "100" } } : l,
      ),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.lines[0].dimensions).toEqual({ "1": "100" });
    expect(ok.body.data.lines[1].dimensions).toEqual({});

    const unknown = await createDraft(f.actor.key, f.companyId, f.periodId, {
      lines: [{ ...line("6110", 100, 0), dimensions: { "1": "999", "6": "P1" } }, line("1930", 0, 100)],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("DIMENSION_VALIDATION_FAILED");
    expect(unknown.body.error.details.invalid).toEqual(
      expect.arrayContaining([
        { dimension: "1", code: "999", reason: "unknown_code" },
        { dimension: "6", code: "P1", reason: "unknown_dimension" },
      ]),
    );

    // A posted entry on the code, then the code is archived.
    const posted = await postedEntry(f.actor.key, f.companyId, f.periodId, {
      lines: [{ ...line("6110", 50, 0), dimensions: { "1": "200" } }, line("1930", 0, 50)],
    });
    const archived = await send("PATCH", "/dimensions/1/codes/200", { archived: true });
    expect(archived.body.data.archived_at).not.toBeNull();
    const refused = await createDraft(f.actor.key, f.companyId, f.periodId, {
      lines: [{ ...line("6110", 100, 0), dimensions: { "1": "200" } }, line("1930", 0, 100)],
    });
    expect(refused.body.error).toMatchObject({
      code: "DIMENSION_VALIDATION_FAILED",
      details: { invalid: [{ dimension: "1", code: "200", reason: "archived" }] },
    });
    // The storno of the posted entry keeps its archived code.
    const reversal = await send("POST", `/journal-entries/${posted.id}/reverse`, { reversal_date: "2026-03-20" });
    expect(reversal.status).toBe(201);
    const rev = await call("GET", url(`/journal-entries/${reversal.body.data.reversal_id}`), { key: f.actor.key });
    expect(rev.body.data.lines[0].dimensions).toEqual({ "1": "200" });

    const listed = await call("GET", url("/dimensions"), { key: f.actor.key });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: 1, name: "Kostnadsställe", codes: [expect.objectContaining({ code: "100" })] }),
    ]);
    const all = await call("GET", url("/dimensions?include_archived=true"), { key: f.actor.key });
    expect(all.body.data[0].codes.map((c: any) => c.code)).toEqual(["100", "200"]);
    expect((await send("PATCH", "/dimensions/1/codes/200", { archived: false })).body.data.archived_at).toBeNull();
  });
});
