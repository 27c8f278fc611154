import { describe, expect, it } from "vitest";
import { verifyWebhook } from "../../examples/webhook-receiver/verify.mjs";
import { deliver, MAX_ATTEMPTS, RETRY_DELAYS_MS, sweepDeliveries } from "../../src/domains/webhooks/delivery";
import { call, commit, createDraft, line, newActor, newKey, uniqueKey, companyFixture } from "../helpers";
import { booksDb, deliveryEnv, homeEnv } from "../books";

const f = companyFixture();
const hooksUrl = () => `/api/v1/companies/${f.companyId}/webhooks`;
const ik = () => ({ "Idempotency-Key": uniqueKey() });

async function createHook(path: string, eventType = "journal_entry.committed", key = f.actor.key) {
  return call("POST", hooksUrl(), {
    key,
    headers: ik(),
    body: { event_type: eventType, webhook_url: `https://hooks.test${path}`, name: `hook ${path}` },
  });
}

async function deliveryRow(id: string) {
  return (await booksDb.prepare("SELECT * FROM webhook_deliveries WHERE id = ?").bind(id).first<any>())!;
}

async function deliveriesOf(webhookId: string) {
  return (
    await booksDb
      .prepare("SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at")
      .bind(webhookId)
      .all<any>()
  ).results;
}

/** The first attempt: by the local queue consumer if it got there first, else by us. */
async function firstAttempt(id: string) {
  await deliver(await deliveryEnv(id), id, Date.now());
  for (let i = 0; i < 100; i++) {
    const row = await deliveryRow(id);
    if (row.status !== "pending" && row.status !== "in_flight") return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("delivery never settled");
}

async function received(path: string) {
  return (await (await fetch(`https://hooks.test/__received?path=${encodeURIComponent(path)}`)).json()) as {
    headers: Record<string, string>;
    body: string;
  }[];
}

describe("registering webhooks", () => {
  it("returns the secret once, pins the API version and never shows the secret again", async () => {
    const headers = ik();
    const body = {
      event_type: "customer.created",
      webhook_url: "https://hooks.test/ok/1",
      name: "Kunder",
      description: "CRM-synk",
    };
    const res = await call("POST", hooksUrl(), { key: f.actor.key, headers, body });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      event_type: "customer.created",
      active: true,
      api_version_pinned: "2026-05-12",
      disabled_at: null,
      description: "CRM-synk",
    });
    expect(res.body.data.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const replay = await call("POST", hooksUrl(), { key: f.actor.key, headers, body });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.secret).toBeNull();
    const read = await call("GET", `${hooksUrl()}/${res.body.data.id}`, { key: f.actor.key });
    expect(read.body.data.secret).toBeUndefined();
    const list = await call("GET", hooksUrl(), { key: f.actor.key });
    expect(JSON.stringify(list.body)).not.toContain(res.body.data.secret);
    const stored = await booksDb.prepare("SELECT * FROM webhooks WHERE id = ?").bind(res.body.data.id).first<any>();
    expect(JSON.stringify(stored)).not.toContain(res.body.data.secret);
  });

  it.each([
    ["plain http", "http://hooks.test/ok", "not_https"],
    ["a private address literal", "https://10.0.0.7/hook", "private_address"],
    ["loopback", "https://127.0.0.1/hook", "private_address"],
    ["localhost", "https://localhost/hook", "private_address"],
    ["an IPv6 loopback", "https://[::1]/hook", "private_address"],
    ["a name resolving to a private address", "https://private.example/hook", "private_address"],
    ["the cloud metadata address", "https://metadata.example/latest", "private_address"],
    ["the cloud metadata literal", "https://169.254.169.254/latest", "private_address"],
    ["an IPv6 unique-local address", "https://v6private.example/", "private_address"],
    ["a name that does not resolve", "https://nowhere.example/", "unresolvable"],
    ["credentials in the URL", "https://user:pw@hooks.test/ok", "credentials_in_url"],
  ])("refuses %s", async (_n, url, reason) => {
    const res = await call("POST", hooksUrl(), {
      key: f.actor.key,
      headers: ik(),
      body: { event_type: "customer.created", webhook_url: url, name: "x" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { reason } });
  });

  it("needs payroll:read for payroll events, and webhooks:manage at all", async () => {
    const k = await newKey(f.actor.userId, { scopes: ["webhooks:manage"] });
    const res = await createHook("/ok/2", "salary_run.booked", k.key);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "INSUFFICIENT_SCOPE", details: { required_scope: "payroll:read" } });
    const withPayroll = await newKey(f.actor.userId, { scopes: ["webhooks:manage", "payroll:read"] });
    expect((await createHook("/ok/2", "agi.generated", withPayroll.key)).status).toBe(201);
    const none = await newKey(f.actor.userId, { scopes: ["reports:read"] });
    expect((await call("GET", hooksUrl(), { key: none.key })).body.error.details.required_scope).toBe(
      "webhooks:manage",
    );
    expect((await createHook("/ok/2", "no.such.event")).body.error.code).toBe("VALIDATION_ERROR");
  });

  it("PATCH keeps event_type immutable and re-enabling clears the disabled fields", async () => {
    const hook = (await createHook("/ok/3", "document.uploaded")).body.data;
    const url = `${hooksUrl()}/${hook.id}`;
    expect(
      (await call("PATCH", url, { key: f.actor.key, body: { event_type: "customer.created" } })).body.error.code,
    ).toBe("VALIDATION_ERROR");
    const off = await call("PATCH", url, { key: f.actor.key, body: { active: false } });
    expect(off.body.data).toMatchObject({ active: false, disabled_reason: "disabled_by_user" });
    const on = await call("PATCH", url, { key: f.actor.key, body: { active: true, name: "Nytt namn" } });
    expect(on.body.data).toMatchObject({ active: true, disabled_at: null, disabled_reason: null, name: "Nytt namn" });
    expect(
      (await call("PATCH", url, { key: f.actor.key, body: { webhook_url: "https://private.example/x" } })).body.error
        .details.reason,
    ).toBe("private_address");
    const dry = await call("PATCH", `${url}?dry_run=true`, { key: f.actor.key, body: { name: "prov" } });
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect((await call("GET", url, { key: f.actor.key })).body.data.name).toBe("Nytt namn");
  });
});

describe("events become deliveries", () => {
  it("delivers a committed write, signed, with the spec's headers and envelope; nothing for a dry-run or a failure", async () => {
    const created = await createHook("/ok/events");
    const hook = created.body.data;
    const secret = created.body.data.secret;

    const draft = await createDraft(f.actor.key, f.companyId, f.periodId);
    await call("POST", `/api/v1/companies/${f.companyId}/journal-entries/${draft.body.data.id}/commit?dry_run=true`, {
      key: f.actor.key,
      headers: ik(),
    });
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
    const unbalanced = await createDraft(f.actor.key, f.companyId, f.periodId, {
      lines: [line("1930", 1, 0), line("3001", 0, 2)],
    });
    expect(unbalanced.status).toBe(400);
    expect(await deliveriesOf(hook.id)).toHaveLength(0);

    const committed = await commit(f.actor.key, f.companyId, draft.body.data.id);
    const [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({
      event_type: "journal_entry.committed",
      request_id: committed.headers.get("X-Request-Id"),
    });
    const settled = await firstAttempt(d.id);
    expect(settled).toMatchObject({
      status: "delivered",
      attempts: 1,
      response_status: 200,
      response_body: '{"received":true}',
    });

    const [got] = await received("/ok/events");
    const envelope = JSON.parse(got.body);
    expect(envelope).toMatchObject({
      id: d.id,
      type: "journal_entry.committed",
      api_version: "2026-05-12",
      previous_attributes: null,
    });
    expect(envelope.data.object).toMatchObject({ id: draft.body.data.id, status: "posted", voucher_number: 1 });
    expect(typeof envelope.created).toBe("number");
    expect(got.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "service-webhook/1",
      "x-service-event": "journal_entry.committed",
      "x-service-delivery": d.id,
      "x-service-api-version": "2026-05-12",
      "x-request-id": committed.headers.get("X-Request-Id"),
    });
    expect(
      await verifyWebhook({ secret, signatureHeader: got.headers["x-service-signature"], rawBody: got.body }),
    ).toMatchObject({ ok: true });
    expect(
      (await verifyWebhook({ secret, signatureHeader: got.headers["x-service-signature"], rawBody: `${got.body} ` }))
        .ok,
    ).toBe(false);

    const list = await call("GET", `${hooksUrl()}/${hook.id}/deliveries`, { key: f.actor.key });
    expect(list.body.data[0]).toMatchObject({ id: d.id, status: "delivered", webhook_id: hook.id });
  });

  it("sends a webhook.test delivery, and rotation makes the old secret invalid at once", async () => {
    const created = (await createHook("/ok/rotate", "document.uploaded")).body.data;
    const rotated = await call("POST", `${hooksUrl()}/${created.id}/rotate-secret`, { key: f.actor.key });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(created.secret);
    const test = await call("POST", `${hooksUrl()}/${created.id}/test`, { key: f.actor.key });
    expect(test.body.data).toMatchObject({ status: "pending" });
    await firstAttempt(test.body.data.webhook_delivery_id);
    const [got] = await received("/ok/rotate");
    expect(JSON.parse(got.body)).toMatchObject({ type: "webhook.test", id: test.body.data.webhook_delivery_id });
    expect(
      (
        await verifyWebhook({
          secret: rotated.body.data.secret,
          signatureHeader: got.headers["x-service-signature"],
          rawBody: got.body,
        })
      ).ok,
    ).toBe(true);
    expect(
      await verifyWebhook({
        secret: created.secret,
        signatureHeader: got.headers["x-service-signature"],
        rawBody: got.body,
      }),
    ).toEqual({ ok: false, reason: "bad_signature" });
  });
});

describe("retries and auto-disable", () => {
  it("retries at 1m, 5m, 30m, 2h, 12h, 24h, 48h, then dead", async () => {
    const hook = (await createHook("/fail/schedule", "document.uploaded")).body.data;
    const test = await call("POST", `${hooksUrl()}/${hook.id}/test`, { key: f.actor.key });
    const id = test.body.data.webhook_delivery_id;
    let row = await firstAttempt(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, response_status: 500, error: "http_500" });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const due = Date.parse(row.next_attempt_at);
      expect(await deliver(await deliveryEnv(id), id, due - 1000)).toBeNull(); // not yet due
      expect(await deliver(await deliveryEnv(id), id, due)).toBe(attempt + 1 === MAX_ATTEMPTS ? "dead" : "failed");
      const next = await deliveryRow(id);
      if (next.status === "failed") expect(Date.parse(next.next_attempt_at) - due).toBe(RETRY_DELAYS_MS[attempt]);
      row = next;
    }
    expect(row).toMatchObject({ status: "dead", attempts: 8, next_attempt_at: null });
    expect(RETRY_DELAYS_MS.map((ms) => ms / 60_000)).toEqual([1, 5, 30, 120, 720, 1440, 2880]);
    // terminal rows never change
    expect(await deliver(await deliveryEnv(id), id, Date.now() + 10 * 86_400_000)).toBeNull();
    await expect(
      booksDb.prepare("UPDATE webhook_deliveries SET status = 'pending' WHERE id = ?").bind(id).run(),
    ).rejects.toThrow(/terminal/);
  });

  it("410 makes the delivery dead and disables the webhook", async () => {
    const hook = (await createHook("/gone", "document.uploaded")).body.data;
    const test = await call("POST", `${hooksUrl()}/${hook.id}/test`, { key: f.actor.key });
    expect(await firstAttempt(test.body.data.webhook_delivery_id)).toMatchObject({
      status: "dead",
      response_status: 410,
    });
    expect((await call("GET", `${hooksUrl()}/${hook.id}`, { key: f.actor.key })).body.data).toMatchObject({
      active: false,
      disabled_reason: "receiver_returned_410",
    });
  });

  it("a redirect is not followed and disables the webhook", async () => {
    const hook = (await createHook("/redirect", "document.uploaded")).body.data;
    const test = await call("POST", `${hooksUrl()}/${hook.id}/test`, { key: f.actor.key });
    expect(await firstAttempt(test.body.data.webhook_delivery_id)).toMatchObject({
      status: "dead",
      response_status: 302,
      error: "redirect_not_followed",
    });
    expect((await call("GET", `${hooksUrl()}/${hook.id}`, { key: f.actor.key })).body.data).toMatchObject({
      active: false,
      disabled_reason: "receiver_redirected",
    });
    expect(await received("/redirect")).toHaveLength(1);
  });

  it("a host that has come to resolve to a private address disables the webhook at dispatch", async () => {
    await fetch("https://dns.test/__set?name=flip.hooks.test&ip=93.184.215.20", { method: "POST" });
    const created = await call("POST", hooksUrl(), {
      key: f.actor.key,
      headers: ik(),
      body: { event_type: "document.uploaded", webhook_url: "https://flip.hooks.test/ok", name: "flip" },
    });
    expect(created.status).toBe(201);
    await fetch("https://dns.test/__set?name=flip.hooks.test&ip=192.168.1.10", { method: "POST" });
    const test = await call("POST", `${hooksUrl()}/${created.body.data.id}/test`, { key: f.actor.key });
    expect(await firstAttempt(test.body.data.webhook_delivery_id)).toMatchObject({
      status: "dead",
      error: "private_address",
    });
    expect(
      (await call("GET", `${hooksUrl()}/${created.body.data.id}`, { key: f.actor.key })).body.data.disabled_reason,
    ).toBe("private_address");
  });

  it("times out slow receivers, keeps only text and JSON bodies, and cuts them to 4 KB", async () => {
    const slow = (await createHook("/slow", "document.uploaded")).body.data;
    const t1 = await call("POST", `${hooksUrl()}/${slow.id}/test`, { key: f.actor.key });
    expect(await firstAttempt(t1.body.data.webhook_delivery_id)).toMatchObject({
      status: "failed",
      error: "timeout",
      response_status: null,
    });

    const text = (await createHook("/text", "document.uploaded")).body.data;
    const t2 = await call("POST", `${hooksUrl()}/${text.id}/test`, { key: f.actor.key });
    const row = await firstAttempt(t2.body.data.webhook_delivery_id);
    expect(row.status).toBe("delivered");
    const kept = new TextEncoder().encode(row.response_body);
    expect(kept.length).toBeLessThanOrEqual(4096);
    expect(kept.length).toBeGreaterThan(4090);
    expect(row.response_body).toMatch(/^å+$/);

    const html = (await createHook("/html", "document.uploaded")).body.data;
    const t3 = await call("POST", `${hooksUrl()}/${html.id}/test`, { key: f.actor.key });
    expect(await firstAttempt(t3.body.data.webhook_delivery_id)).toMatchObject({
      status: "delivered",
      response_body: null,
    });
  });

  it("the sweep hands due rows to the queue and counts a lost in-flight attempt as failed", async () => {
    const hook = (await createHook("/fail/sweep", "document.uploaded")).body.data;
    const test = await call("POST", `${hooksUrl()}/${hook.id}/test`, { key: f.actor.key });
    const id = test.body.data.webhook_delivery_id;
    const row = await firstAttempt(id);
    const due = Date.parse(row.next_attempt_at);
    expect((await sweepDeliveries(await homeEnv(f.companyId), due - 1)).map((j: any) => j.deliveryId)).not.toContain(
      id,
    );
    expect((await sweepDeliveries(await homeEnv(f.companyId), due)).map((j: any) => j.deliveryId)).toContain(id);

    // a worker that died mid-attempt: in_flight past its lease
    await booksDb
      .prepare("UPDATE webhook_deliveries SET status = 'in_flight', next_attempt_at = ? WHERE id = ?")
      .bind(new Date(due).toISOString(), id)
      .run();
    await sweepDeliveries(await homeEnv(f.companyId), due + 1);
    expect(await deliveryRow(id)).toMatchObject({ status: "failed", error: "attempt_lost" });
  });
});

describe("delete and manual retry", () => {
  it("retries delivered and dead deliveries as new rows, refuses live ones", async () => {
    const ok = (await createHook("/ok/retry", "document.uploaded")).body.data;
    const t = await call("POST", `${hooksUrl()}/${ok.id}/test`, { key: f.actor.key });
    const id = t.body.data.webhook_delivery_id;
    await firstAttempt(id);
    const retried = await call("POST", `/api/v1/webhook-deliveries/${id}/retry`, { key: f.actor.key });
    expect(retried.status).toBe(201);
    expect(retried.body.data).toMatchObject({ status: "pending", retry_of_id: id, attempts: 0, webhook_id: ok.id });
    expect(JSON.parse((await deliveryRow(retried.body.data.id)).payload).id).toBe(retried.body.data.id);
    expect((await deliveryRow(id)).status).toBe("delivered");

    const failing = (await createHook("/fail/live", "document.uploaded")).body.data;
    const t2 = await call("POST", `${hooksUrl()}/${failing.id}/test`, { key: f.actor.key });
    await firstAttempt(t2.body.data.webhook_delivery_id);
    const live = await call("POST", `/api/v1/webhook-deliveries/${t2.body.data.webhook_delivery_id}/retry`, {
      key: f.actor.key,
    });
    expect(live.status).toBe(409);
    expect(live.body.error.code).toBe("CONFLICT");

    const stranger = await newActor();
    expect((await call("POST", `/api/v1/webhook-deliveries/${id}/retry`, { key: stranger.key })).status).toBe(404);
  });

  it("hard-deletes a webhook; its deliveries stay with webhook_id null and unfinished ones go dormant", async () => {
    const hook = (await createHook("/fail/delete", "document.uploaded")).body.data;
    const t = await call("POST", `${hooksUrl()}/${hook.id}/test`, { key: f.actor.key });
    const id = t.body.data.webhook_delivery_id;
    await firstAttempt(id);
    const del = await call("DELETE", `${hooksUrl()}/${hook.id}`, { key: f.actor.key });
    expect(del.body.data).toEqual({ deleted: true });
    expect((await call("GET", `${hooksUrl()}/${hook.id}`, { key: f.actor.key })).status).toBe(404);
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ webhook_id: null, status: "failed", next_attempt_at: null });
    expect(await deliver(await deliveryEnv(id), id, Date.now() + 365 * 86_400_000)).toBeNull();
    expect(
      (await sweepDeliveries(await homeEnv(f.companyId), Date.now() + 365 * 86_400_000)).map((j: any) => j.deliveryId),
    ).not.toContain(id);
  });
});
