// Issue #33, books that stay small: outbox events past the retention window whose webhook
// deliveries are all over are deleted by the minute schedule, a bounded batch a run; an event
// with a delivery still to be sent stays, and so does a young one. The deliveries, the books
// and the voucher numbers are untouched (docs/webhooks-and-operations.md, "Retention").
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { shiftClock } from "../../src/clock";
import { deliver } from "../../src/domains/webhooks/delivery";
import worker from "../../src/index";
import type { Job } from "../../src/queue";
import { call, newActor, newCompany, postedEntry, uniqueKey, type Actor } from "../helpers";
import { booksDb, deliveryEnv } from "../books";
import { homeNames } from "../../src/db/homes";

const DAY_MS = 86_400_000;
let shifted = 0;
afterAll(() => shiftClock(-shifted));

/** Runs one outbox.prune message through the Worker's queue handler with these variables. */
async function prune(vars: Record<string, string> = {}) {
  // one message per database, as the schedule sends it
  const batch = createMessageBatch<Job>(
    "bokforing-jobs",
    homeNames(env).map((home) => ({
      id: `prune-${uniqueKey()}`,
      timestamp: new Date(),
      attempts: 1,
      body: { type: "outbox.prune", home },
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...vars } as any);
  // a handler that throws is retried, not acknowledged
  expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(batch.messages.map((m) => m.id));
}

async function outboxIds(companyId: string): Promise<string[]> {
  const rows = await booksDb
    .prepare("SELECT id FROM outbox_events WHERE company_id = ? ORDER BY created, id")
    .bind(companyId)
    .all<{ id: string }>();
  return rows.results.map((r) => r.id);
}

async function deliveries(companyId: string) {
  return (
    await booksDb
      .prepare("SELECT id, event_id, status, webhook_id FROM webhook_deliveries WHERE company_id = ?")
      .bind(companyId)
      .all<{ id: string; event_id: string | null; status: string; webhook_id: string | null }>()
  ).results;
}

/** The delivery's first attempt settled, by the local queue consumer or by us. */
async function settled(id: string): Promise<string> {
  await deliver(await deliveryEnv(id), id, Date.now() + shifted);
  for (let i = 0; i < 100; i++) {
    const row = await booksDb
      .prepare("SELECT status FROM webhook_deliveries WHERE id = ?")
      .bind(id)
      .first<{ status: string }>();
    if (row && row.status !== "pending" && row.status !== "in_flight") return row.status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("delivery never settled");
}

async function hook(a: Actor, companyId: string, eventType: string, path: string) {
  const res = await call("POST", `/api/v1/companies/${companyId}/webhooks`, {
    key: a.key,
    headers: { "Idempotency-Key": uniqueKey() },
    body: { event_type: eventType, webhook_url: `https://hooks.test${path}`, name: path },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function created(a: Actor, companyId: string, path: string, body: Record<string, unknown>) {
  const res = await call("POST", `/api/v1/companies/${companyId}${path}`, {
    key: a.key,
    headers: { "Idempotency-Key": uniqueKey() },
    body,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

describe("outbox retention", () => {
  it("prunes old events whose deliveries are over, keeps pending and young ones, in bounded batches, and touches nothing else", async () => {
    const a = await newActor();
    const c = await newCompany(a.key);
    const url = (p: string) => `/api/v1/companies/${c.id}${p}`;
    // customer.created goes to a receiver that acknowledges and one that answers 410 (dead,
    // webhook disabled); supplier.created to one that fails (retried later: still pending)
    const ok = await hook(a, c.id, "customer.created", "/ok/retention");
    await hook(a, c.id, "customer.created", "/gone/retention");
    const failing = await hook(a, c.id, "supplier.created", "/fail/retention");

    // --- the old events: day 0 ---
    await created(a, c.id, "/customers", { name: "Gammal Kund AB", customer_type: "swedish_business" });
    await created(a, c.id, "/suppliers", { name: "Gammal Lev AB", supplier_type: "swedish_business" });
    const entries = [];
    for (let i = 0; i < 3; i++) entries.push(await postedEntry(a.key, c.id, c.fiscal_period.id));
    const fanned = await deliveries(c.id);
    expect(fanned).toHaveLength(3);
    const statuses = Object.fromEntries(await Promise.all(fanned.map(async (d) => [d.id, await settled(d.id)])));
    expect(Object.values(statuses).sort()).toEqual(["dead", "delivered", "failed"]);
    const pendingEvent = fanned.find((d) => statuses[d.id] === "failed")!.event_id!;
    const delivered = fanned.find((d) => statuses[d.id] === "delivered")!;
    const old = await outboxIds(c.id);
    // a customer, a supplier and three committed entries
    expect(old).toHaveLength(5);
    const tb = (await call("GET", url(`/reports/trial-balance?period_id=${c.fiscal_period.id}`), { key: a.key })).body
      .data;

    // --- 31 days later: a young event, delivered at once ---
    shiftClock(31 * DAY_MS);
    shifted += 31 * DAY_MS;
    await created(a, c.id, "/customers", { name: "Ung Kund AB", customer_type: "swedish_business" });
    const young = (await outboxIds(c.id)).filter((id) => !old.includes(id));
    expect(young).toHaveLength(1);
    const youngDelivery = (await deliveries(c.id)).find((d) => d.event_id === young[0])!;
    expect(await settled(youngDelivery.id)).toBe("delivered");
    const deliveryCount = (await deliveries(c.id)).length;

    // the batch bound: two a run
    await prune({ OUTBOX_PRUNE_BATCH: "2" });
    let left = await outboxIds(c.id);
    expect(left).toHaveLength(4);
    expect(left).toContain(pendingEvent);
    expect(left).toContain(young[0]);

    // the rest of the old ones whose deliveries are over; the pending one and the young one stay
    await prune();
    left = await outboxIds(c.id);
    expect(left.sort()).toEqual([pendingEvent, young[0]].sort());

    // idempotent: nothing more to prune, nothing else touched
    await prune();
    expect((await outboxIds(c.id)).sort()).toEqual(left.sort());

    // the deliveries stay (kept 7 years), and one of a pruned event can still be sent again: it carries its body
    expect(await deliveries(c.id)).toHaveLength(deliveryCount);
    const retried = await call("POST", `/api/v1/webhook-deliveries/${delivered.id}/retry`, { key: a.key });
    expect(retried.status).toBe(201);
    expect(retried.body.data).toMatchObject({ status: "pending", retry_of_id: delivered.id, webhook_id: ok });

    // the books are as they were: entries, voucher numbers, balances
    for (const e of entries) {
      const got = await call("GET", url(`/journal-entries/${e.id}`), { key: a.key });
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({ voucher_number: e.voucher_number, status: "posted" });
    }
    expect(entries.map((e) => e.voucher_number)).toEqual([1, 2, 3]);
    const after = await call("GET", url(`/reports/trial-balance?period_id=${c.fiscal_period.id}`), { key: a.key });
    expect(after.body.data).toEqual(tb);

    // the webhook deleted: its failed delivery is never sent again, so the event it held goes
    expect((await call("DELETE", url(`/webhooks/${failing}`), { key: a.key })).status).toBe(200);
    await prune();
    expect(await outboxIds(c.id)).toEqual([young[0]]);
  });

  it("a window of 0 days prunes every finished event at once; a bad setting falls back to 30 days", async () => {
    const a = await newActor();
    const c = await newCompany(a.key);
    await postedEntry(a.key, c.id, c.fiscal_period.id);
    expect(await outboxIds(c.id)).toHaveLength(1);
    await prune({ OUTBOX_RETENTION_DAYS: "thirty" });
    expect(await outboxIds(c.id)).toHaveLength(1);
    await prune({ OUTBOX_RETENTION_DAYS: "0", OUTBOX_PRUNE_BATCH: "0" });
    expect(await outboxIds(c.id)).toHaveLength(0);
  });
});
