// Companies in different ledger databases (issue #33): every request, list, admin read,
// webhook, operation and report reaches its company's home and no other; bookmarks name
// their database; a database behind the code's migrations is refused until migrated.
import { applyD1Migrations, createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { directory, homeOf } from "../../src/db/homes";
import worker from "../../src/index";
import { booksDb } from "../books";
import {
  admin,
  BASE,
  call,
  newActor,
  newCompany,
  newKey,
  postedEntry,
  settleOperation,
  uniqueKey,
  write,
} from "../helpers";

const homeOfCompany = async (id: string) => (await homeOf(directory(env), id))!;

/** One user's companies, made until one lives in each ledger database. */
async function oneInEachLedger(key: string) {
  const byHome = new Map<string, { id: string; periodId: string }>();
  for (let i = 0; i < 12 && byHome.size < 3; i++) {
    const c = await newCompany(key, { name: `Bolag ${i} AB` });
    const home = await homeOfCompany(c.id);
    if (!byHome.has(home)) byHome.set(home, { id: c.id, periodId: c.fiscal_period.id });
  }
  expect([...byHome.keys()].sort()).toEqual(["LEDGER_1", "LEDGER_2", "LEDGER_3"]);
  return byHome;
}

describe("companies in different ledger databases", () => {
  it("places new companies on the ledger database with the fewest, and each answers from its own home", async () => {
    const before = (await admin("GET", "/admin/v1/databases")).body.data as { name: string; companies: number }[];
    const fewest = Math.min(...before.filter((d) => d.name !== "DIRECTORY").map((d) => d.companies));
    const expected = before.find((d) => d.name !== "DIRECTORY" && d.companies === fewest)!.name;
    const actor = await newActor();
    const first = await newCompany(actor.key);
    expect(await homeOfCompany(first.id)).toBe(expected);

    const homes = await oneInEachLedger(actor.key);
    // one voucher in LEDGER_1's company, two in LEDGER_2's, three in LEDGER_3's
    for (const [n, home] of ["LEDGER_1", "LEDGER_2", "LEDGER_3"].entries())
      for (let i = 0; i <= n; i++) await postedEntry(actor.key, homes.get(home)!.id, homes.get(home)!.periodId);
    for (const [n, home] of ["LEDGER_1", "LEDGER_2", "LEDGER_3"].entries()) {
      const c = homes.get(home)!;
      const rows = await env[home as "LEDGER_1"]
        .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?")
        .bind(c.id)
        .first<{ n: number }>();
      expect(rows!.n).toBe(n + 1);
      // the others' databases hold none of its rows
      for (const other of ["LEDGER_1", "LEDGER_2", "LEDGER_3"].filter((o) => o !== home)) {
        const none = await env[other as "LEDGER_1"]
          .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?")
          .bind(c.id)
          .first<{ n: number }>();
        expect(none!.n).toBe(0);
      }
      const list = await call("GET", `/api/v1/companies/${c.id}/journal-entries`, { key: actor.key });
      expect(list.status).toBe(200);
      expect(list.body.data.map((e: { voucher_number: number }) => e.voucher_number)).toHaveLength(n + 1);
      const tb = await call("GET", `/api/v1/companies/${c.id}/reports/trial-balance?period_id=${c.periodId}`, {
        key: actor.key,
      });
      expect(tb.status).toBe(200);
      const cash = tb.body.data.accounts.find((a: { account_number: string }) => a.account_number === "1930");
      // each cash sale is 1 250 kr on 1930
      expect(cash.closing_balance ?? cash.balance).toBe(1250 * (n + 1));
    }

    // the company list is read from the directory: every company, wherever its books are
    const listed = await call("GET", "/api/v1/companies?limit=100", { key: actor.key });
    const ids = listed.body.data.map((c: { id: string }) => c.id);
    for (const c of homes.values()) expect(ids).toContain(c.id);
    expect(ids).toContain(first.id);
  });

  it("finds an operation and a webhook delivery in its company's home, for its members only", async () => {
    const actor = await newActor();
    const homes = await oneInEachLedger(actor.key);
    const c = homes.get("LEDGER_3")!;
    const run = await write(actor.key, "POST", `/api/v1/companies/${c.id}/reconciliation/bank/run`, {});
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const op = await settleOperation(actor.key, run.body.data.operation_id);
    expect(op, JSON.stringify(op)).toMatchObject({ operation_id: run.body.data.operation_id, status: "succeeded" });
    const stranger = await newActor();
    expect((await call("GET", `/api/v1/operations/${op.operation_id}`, { key: stranger.key })).status).toBe(404);

    const hook = await call("POST", `/api/v1/companies/${c.id}/webhooks`, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { event_type: "document.uploaded", webhook_url: "https://hooks.test/ok/many", name: "many" },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const test = await call("POST", `/api/v1/companies/${c.id}/webhooks/${hook.body.data.id}/test`, {
      key: actor.key,
    });
    const deliveryId = test.body.data.webhook_delivery_id;
    const row = await env.LEDGER_3.prepare("SELECT company_id FROM webhook_deliveries WHERE id = ?")
      .bind(deliveryId)
      .first<{ company_id: string }>();
    expect(row!.company_id).toBe(c.id);
    // the stranger's key does not find it; the member's finds it in LEDGER_3
    expect((await call("POST", `/api/v1/webhook-deliveries/${deliveryId}/retry`, { key: stranger.key })).status).toBe(
      404,
    );
    for (let i = 0; i < 100; i++) {
      const r = await booksDb
        .prepare("SELECT status FROM webhook_deliveries WHERE id = ?")
        .bind(deliveryId)
        .first<any>();
      if (r.status !== "pending" && r.status !== "in_flight") break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const retried = await call("POST", `/api/v1/webhook-deliveries/${deliveryId}/retry`, { key: actor.key });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
  });

  it("an admin's member change reaches the directory, and the new member reads the company in its home", async () => {
    const owner = await newActor();
    const homes = await oneInEachLedger(owner.key);
    const c = homes.get("LEDGER_2")!;
    const other = await newActor();
    expect((await call("GET", `/api/v1/companies/${c.id}`, { key: other.key })).status).toBe(404);
    const added = await admin("POST", `/admin/v1/companies/${c.id}/members`, { user_id: other.userId, role: "viewer" });
    expect(added.status).toBe(201);
    const seen = await call("GET", `/api/v1/companies/${c.id}`, { key: other.key });
    expect([seen.status, seen.body.data.id, seen.body.data.role]).toEqual([200, c.id, "viewer"]);
  });

  it("names the database in the bookmark, and reads from the primary on another database's", async () => {
    const actor = await newActor();
    const homes = await oneInEachLedger(actor.key);
    const a = homes.get("LEDGER_1")!;
    const b = homes.get("LEDGER_2")!;
    const draft = await write(actor.key, "POST", `/api/v1/companies/${a.id}/journal-entries`, {
      fiscal_period_id: a.periodId,
      entry_date: "2026-03-15",
      description: "Bokmärke",
      lines: [
        { account_number: "1930", debit_amount: 100, credit_amount: 0 },
        { account_number: "3001", debit_amount: 0, credit_amount: 100 },
      ],
    });
    expect(draft.status).toBe(201);
    const bookmark = draft.headers.get("X-Service-Bookmark")!;
    expect(bookmark).toMatch(/^LEDGER_1:[0-9a-f]+(-[0-9a-f]+)+$/);
    const sameDb = await call("GET", `/api/v1/companies/${a.id}/journal-entries/${draft.body.data.id}`, {
      key: actor.key,
      headers: { "X-Service-Bookmark": bookmark },
    });
    expect(sameDb.status).toBe(200);
    expect(sameDb.headers.get("X-Service-Bookmark")).toMatch(/^LEDGER_1:/);
    // a bookmark of LEDGER_1 sent to a company in LEDGER_2: answered (from its primary), with LEDGER_2's
    const otherDb = await call("GET", `/api/v1/companies/${b.id}/journal-entries`, {
      key: actor.key,
      headers: { "X-Service-Bookmark": bookmark },
    });
    expect(otherDb.status).toBe(200);
    expect(otherDb.headers.get("X-Service-Bookmark")).toMatch(/^LEDGER_2:/);
    const list = await call("GET", "/api/v1/companies", { key: actor.key });
    expect(list.headers.get("X-Service-Bookmark")).toMatch(/^DIRECTORY:/);
    const bad = await call("GET", "/api/v1/companies", { key: actor.key, headers: { "X-Service-Bookmark": "x:y" } });
    expect([bad.status, bad.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it("refuses a company whose home lacks the code's migrations, 503 DATABASE_NOT_MIGRATED, until it is migrated", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key);
    // the company's home named as LEDGER_9: a database bound here with no migrations at all
    await env.DIRECTORY.prepare("UPDATE company_homes SET database = 'LEDGER_9' WHERE company_id = ?").bind(c.id).run();
    const key = (await newKey(actor.userId)).key;
    const ask = () =>
      worker.fetch(
        new Request(`${BASE}/api/v1/companies/${c.id}/accounts`, { headers: { Authorization: `Bearer ${key}` } }),
        { ...env, LEDGER_9: env.TEST_TARGET_DB } as never,
        createExecutionContext(),
      );
    const refused = await ask();
    const body = (await refused.json()) as { error: { code: string; details: { database: string } } };
    expect([refused.status, body.error.code, body.error.details.database]).toEqual([
      503,
      "DATABASE_NOT_MIGRATED",
      "LEDGER_9",
    ]);
    const health = await worker.fetch(
      new Request(`${BASE}/api/v1/health`),
      { ...env, LEDGER_9: env.TEST_TARGET_DB } as never,
      createExecutionContext(),
    );
    expect(((await health.json()) as { data: { status: string } }).data.status).toBe("degraded");
    await applyD1Migrations(env.TEST_TARGET_DB, env.TEST_MIGRATIONS);
    // migrated: no longer refused (the books are not there: the chart is empty)
    const served = await ask();
    expect(served.status).toBe(200);
    expect(((await served.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
