// Sandbox companies for test keys (spec: Authentication 2; issue 29 item 18; docs/platform.md):
// a seeded year of books on request, a reset that replaces the sandbox with an identical one,
// and neither ever reaching live data.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { archiveSandboxCompany } from "../../src/domains/companies";
import { admin, call, newActor, newCompany, newKey, postedEntry } from "../helpers";
import { booksDb } from "../books";

const seed = (key: string) => call("POST", "/api/v1/sandbox/companies", { key });
const reset = (key: string, companyId: string) => call("POST", `/api/v1/companies/${companyId}/sandbox/reset`, { key });

/** A company's books without row ids: every posted entry with its lines, in voucher order. */
async function books(companyId: string) {
  const entries = (
    await booksDb
      .prepare(
        `SELECT e.voucher_series AS s, e.voucher_number AS n, e.entry_date AS d, e.description AS t, e.source_type AS src,
              json_group_array(json_array(l.account_number, l.debit_ore, l.credit_ore)) AS lines
         FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
        WHERE e.company_id = ? AND e.status = 'posted'
        GROUP BY e.id ORDER BY e.voucher_series, e.voucher_number`,
      )
      .bind(companyId)
      .all<any>()
  ).results.map((e) => ({ ...e, lines: JSON.parse(e.lines).sort() }));
  const invoices = (
    await booksDb
      .prepare(
        "SELECT invoice_number, invoice_date, status, total_ore FROM invoices WHERE company_id = ? ORDER BY invoice_number",
      )
      .bind(companyId)
      .all<any>()
  ).results;
  const customers = (
    await booksDb
      .prepare("SELECT name, customer_type FROM customers WHERE company_id = ? ORDER BY name")
      .bind(companyId)
      .all<any>()
  ).results;
  const bank = (
    await booksDb
      .prepare("SELECT external_id, date, amount_ore FROM bank_transactions WHERE company_id = ? ORDER BY external_id")
      .bind(companyId)
      .all<any>()
  ).results;
  return { entries, invoices, customers, bank };
}

describe("a seeded sandbox company", () => {
  it("is made for a test key with a year of books: entries, invoices paid and open, supplier invoices, bank rows", async () => {
    const actor = await newActor({ mode: "test" });
    const res = await seed(actor.key);
    expect(res.status).toBe(201);
    const company = res.body.data.company;
    expect(company).toMatchObject({ name: "Sandlådan Konsult AB", sandbox: true, role: "owner" });
    expect(res.body.data.seeded).toEqual({
      customers: 3,
      suppliers: 2,
      invoices: 4,
      supplier_invoices: 2,
      bank_transactions: 5,
    });
    const url = (p: string) => `/api/v1/companies/${company.id}${p}`;
    const list = (await call("GET", url("/invoices"), { key: actor.key })).body.data;
    expect(list.map((i: any) => i.status).sort()).toEqual(["overdue", "overdue", "paid", "paid"]); // the open ones are past due (dates fixed in 2026)
    // the books: share capital, two sales and their payments, rent and its payment, the
    // phone bill, the bank fee; the trial balance's 1930 is what went through the bank
    const trial = (
      await call("GET", url(`/reports/trial-balance?period_id=${company.fiscal_period.id}`), { key: actor.key })
    ).body.data;
    const balance = (a: string) => trial.accounts.find((x: any) => x.account_number === a)?.closing_balance ?? 0;
    expect(balance("1930")).toBe(50000 - 15000 + 11875 - 125 + 23750);
    expect(balance("2081")).toBe(-50000);
    expect(balance("1510")).toBe(7600 * 1.25 + 2400 * 1.25); // the two open invoices
    expect(balance("2440")).toBe(-1000); // the open phone bill
    expect(balance("3001") + balance("3041")).toBe(-(9500 + 19000 + 7600 + 2400));
    const b = await books(company.id);
    // capital, four sales booked and two paid, two purchases booked and one paid, the bank fee
    expect(b.entries).toHaveLength(11);
    expect(b.entries.map((e) => `${e.s}${e.n}`)).toEqual(b.entries.map((_, i) => `A${i + 1}`));
    expect(b.entries[0]).toMatchObject({ d: "2026-01-02", t: "Aktiekapital inbetalt" });
    // numbered in the order of their dates
    const dates = b.entries.map((e) => e.d);
    expect(dates).toEqual([...dates].sort());
    expect(b.bank).toHaveLength(5);
    expect(b.customers).toHaveLength(3);
  });

  it("is reset to the same books: numbers, dates and amounts; the old one answers 404", async () => {
    const actor = await newActor({ mode: "test" });
    const first = (await seed(actor.key)).body.data.company;
    const before = await books(first.id);
    const res = await reset(actor.key, first.id);
    expect(res.status).toBe(201);
    expect(res.body.data.replaced_company_id).toBe(first.id);
    const second = res.body.data.company;
    expect(second.id).not.toBe(first.id);
    expect(await books(second.id)).toEqual(before);
    expect((await call("GET", `/api/v1/companies/${first.id}`, { key: actor.key })).status).toBe(404);
    const mine = (await call("GET", "/api/v1/companies", { key: actor.key })).body.data.map((c: any) => c.id);
    expect(mine).toEqual([second.id]);
    // and once more: still the same books
    const third = (await reset(actor.key, second.id)).body.data.company;
    expect(await books(third.id)).toEqual(before);
  });
});

describe("dry run", () => {
  // docs/architecture.md: a route without dry-run refuses the flag rather than commit
  it("is refused on both routes (VALIDATION_ERROR), and nothing is seeded, reset or archived", async () => {
    const actor = await newActor({ mode: "test" });
    const companiesOf = async () =>
      (
        await booksDb
          .prepare("SELECT company_id, role FROM memberships WHERE user_id = ? ORDER BY company_id")
          .bind(actor.userId)
          .all()
      ).results;
    for (const headers of [{ "X-Dry-Run": "true" }, { "X-Dry-Run": "TRUE" }, { "X-Dry-Run": "1" }]) {
      const res = await call("POST", "/api/v1/sandbox/companies", { key: actor.key, headers });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    const viaQuery = await call("POST", "/api/v1/sandbox/companies?dry_run=true", { key: actor.key });
    expect(viaQuery.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { parameter: "dry_run" } });
    expect(await companiesOf()).toEqual([]);

    const sandbox = (await seed(actor.key)).body.data.company;
    const before = await books(sandbox.id);
    const mine = await companiesOf();
    const res = await call("POST", `/api/v1/companies/${sandbox.id}/sandbox/reset`, {
      key: actor.key,
      headers: { "X-Dry-Run": "true" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { parameter: "dry_run" } });
    expect(await companiesOf()).toEqual(mine);
    expect(await books(sandbox.id)).toEqual(before);
    expect((await call("GET", `/api/v1/companies/${sandbox.id}`, { key: actor.key })).status).toBe(200);
    // X-Dry-Run: false is the ordinary write
    expect((await seed(actor.key)).status).toBe(201);
    const plain = await call("POST", "/api/v1/sandbox/companies", {
      key: actor.key,
      headers: { "X-Dry-Run": "false" },
    });
    expect(plain.status).toBe(201);
  });
});

describe("never live data", () => {
  it("refuses a live key, to seed or to reset, and leaves its live company as it was", async () => {
    const actor = await newActor();
    const live = await newCompany(actor.key);
    await postedEntry(actor.key, live.id, live.fiscal_period.id);
    const before = await books(live.id);
    const seeded = await seed(actor.key);
    expect(seeded.status).toBe(403);
    expect(seeded.body.error).toMatchObject({ code: "FORBIDDEN", details: { reason: "sandbox_requires_test_key" } });
    const refused = await reset(actor.key, live.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.reason).toBe("sandbox_requires_test_key");
    expect(await books(live.id)).toEqual(before);
    const row = await booksDb
      .prepare("SELECT archived_at FROM companies WHERE id = ?")
      .bind(live.id)
      .first<{ archived_at: string | null }>();
    expect(row!.archived_at).toBeNull();
    const count = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?")
      .bind(actor.userId)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("lets a test key of the same user reach only its sandbox: a live company is 404 to it, and untouched", async () => {
    const actor = await newActor();
    const live = await newCompany(actor.key);
    await postedEntry(actor.key, live.id, live.fiscal_period.id);
    const before = await books(live.id);
    const test = await newKey(actor.userId, { mode: "test" });
    const sandbox = (await seed(test.key)).body.data.company;
    expect((await reset(test.key, live.id)).status).toBe(404);
    // and a live key never sees the sandbox
    expect((await reset(actor.key, sandbox.id)).status).toBe(404);
    expect((await reset(test.key, sandbox.id)).status).toBe(201);
    expect(await books(live.id)).toEqual(before);
    expect((await call("GET", `/api/v1/companies/${live.id}`, { key: actor.key })).status).toBe(200);
  });

  it("archives only a sandbox: the reset's archive step refuses a live company whatever it is handed", async () => {
    const actor = await newActor();
    const live = await newCompany(actor.key);
    expect(await archiveSandboxCompany(env, live.id, new Date().toISOString())).toBe(false);
    expect((await call("GET", `/api/v1/companies/${live.id}`, { key: actor.key })).status).toBe(200);
  });

  it("lets only the sandbox's owner reset it", async () => {
    const owner = await newActor({ mode: "test" });
    const sandbox = (await seed(owner.key)).body.data.company;
    const member = await newActor({ mode: "test" });
    await admin("POST", `/admin/v1/companies/${sandbox.id}/members`, { user_id: member.userId, role: "admin" });
    const res = await reset(member.key, sandbox.id);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "FORBIDDEN", details: { required_role: "owner" } });
    expect((await call("GET", `/api/v1/companies/${sandbox.id}`, { key: owner.key })).status).toBe(200);
  });
});
