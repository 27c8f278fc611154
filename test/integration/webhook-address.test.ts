import { afterEach, describe, expect, it, vi } from "vitest";
import { deliver } from "../../src/domains/webhooks/delivery";
import { call, companyFixture, uniqueKey } from "../helpers";
import { booksDb, deliveryEnv } from "../books";

const f = companyFixture();
const hooksUrl = () => `/api/v1/companies/${f.companyId}/webhooks`;
const ik = () => ({ "Idempotency-Key": uniqueKey() });

const REFUSED: [name: string, url: string, reason: string][] = [
  ["IPv4-mapped, dotted", "https://[::ffff:127.0.0.1]/hook", "private_address"],
  ["IPv4-mapped, hex", "https://[::ffff:7f00:1]/hook", "private_address"],
  ["NAT64", "https://[64:ff9b::7f00:1]/hook", "private_address"],
  ["6to4", "https://[2002:7f00:1::]/hook", "private_address"],
  ["IPv4-compatible", "https://[::127.0.0.1]/hook", "private_address"],
  ["Teredo", "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook", "private_address"],
  ["metadata via IPv4-mapped", "https://[::ffff:a9fe:a9fe]/latest", "private_address"],
  ["a decimal IPv4 literal", "https://2130706433/hook", "private_address"],
  ["a port other than 443", "https://hooks.test:8443/ok", "port_not_allowed"],
  ["a name whose AAAA is IPv4-mapped loopback", "https://mapped.example/hook", "private_address"],
  ["a name whose AAAA is NAT64 metadata", "https://nat64.example/hook", "private_address"],
  ["a name whose AAAA is 6to4 private", "https://sixtofour.example/hook", "private_address"],
  ["a name whose AAAA is IPv4-compatible private", "https://compat.example/hook", "private_address"],
  ["a name whose AAAA is Teredo loopback", "https://teredo.example/hook", "private_address"],
  ["a name with a public A and a mapped private AAAA", "https://dualstack.example/hook", "private_address"],
];

async function webhookCount() {
  return (await booksDb
    .prepare("SELECT COUNT(*) AS n FROM webhooks WHERE company_id = ?")
    .bind(f.companyId)
    .first<{ n: number }>())!.n;
}

async function storedUrl(id: string) {
  return (await booksDb
    .prepare("SELECT webhook_url FROM webhooks WHERE id = ?")
    .bind(id)
    .first<{ webhook_url: string }>())!.webhook_url;
}

async function createHook(url: string) {
  return call("POST", hooksUrl(), {
    key: f.actor.key,
    headers: ik(),
    body: { event_type: "document.uploaded", webhook_url: url, name: "guard" },
  });
}

function expectRefusal(res: { status: number; body: any }, reason: string) {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({
    code: "VALIDATION_ERROR",
    details: { reason, fields: [{ path: "webhook_url", message: reason }] },
  });
}

/** Sends one test delivery; the queue consumer may get there first. */
async function testDelivery(hookId: string) {
  const test = await call("POST", `${hooksUrl()}/${hookId}/test`, { key: f.actor.key });
  const id = test.body.data.webhook_delivery_id as string;
  await deliver(await deliveryEnv(id), id, Date.now());
  for (let i = 0; i < 100; i++) {
    const list = await call("GET", `${hooksUrl()}/${hookId}/deliveries`, { key: f.actor.key });
    const row = list.body.data.find((d: any) => d.id === id);
    if (row.status !== "pending" && row.status !== "in_flight") return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("delivery never settled");
}

async function setDns(name: string, ip: string) {
  await fetch(`https://dns.test/__set?name=${name}&ip=${encodeURIComponent(ip)}`, { method: "POST" });
}

describe("creating a webhook", () => {
  it.each(REFUSED)("refuses %s and stores nothing", async (_name, url, reason) => {
    const before = await webhookCount();
    expectRefusal(await createHook(url), reason);
    expect(await webhookCount()).toBe(before);
  });

  it("names the port rule in the message and accepts an explicit :443", async () => {
    const refused = await createHook("https://hooks.test:8443/ok");
    expect(refused.body.error.message_en).toMatch(/port 443/);
    expect((await createHook("https://hooks.test:443/ok/port")).status).toBe(201);
  });

  it("accepts public literals and names with public AAAA records", async () => {
    expect((await createHook("https://[2606:4700::1111]/ok")).status).toBe(201);
    expect((await createHook("https://v6public.example/ok")).status).toBe(201);
  });
});

describe("changing a webhook's URL", () => {
  it.each(REFUSED)("refuses %s and keeps the stored URL", async (_name, url, reason) => {
    const hook = (await createHook("https://hooks.test/ok/patch")).body.data;
    expectRefusal(
      await call("PATCH", `${hooksUrl()}/${hook.id}`, { key: f.actor.key, body: { webhook_url: url } }),
      reason,
    );
    expect(await storedUrl(hook.id)).toBe("https://hooks.test/ok/patch");
  });
});

describe("dispatch", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ["an IPv4-mapped loopback AAAA", "::ffff:7f00:1"],
    ["a NAT64 metadata AAAA", "64:ff9b::a9fe:a9fe"],
    ["a 6to4 private AAAA", "2002:a00:1::"],
    ["an IPv4-compatible loopback AAAA", "::7f00:1"],
  ])("a name that has come to resolve to %s disables the webhook", async (_name, record) => {
    const host = `rebind-${crypto.randomUUID().slice(0, 8)}.hooks.test`;
    await setDns(host, "93.184.215.14");
    const hook = (await createHook(`https://${host}/ok`)).body.data;
    await setDns(host, record);
    expect(await testDelivery(hook.id)).toMatchObject({
      status: "dead",
      error: "private_address",
      response_status: null,
      attempts: 1,
    });
    expect((await call("GET", `${hooksUrl()}/${hook.id}`, { key: f.actor.key })).body.data).toMatchObject({
      active: false,
      disabled_reason: "private_address",
    });
  });

  it.each([
    ["an IPv4-mapped literal", "https://[::ffff:7f00:1]/ok", "private_address"],
    ["a port other than 443", "https://hooks.test:8443/ok", "port_not_allowed"],
  ])("a URL stored before the rules were tightened (%s) is not sent to", async (_name, url, reason) => {
    const hook = (await createHook("https://hooks.test/ok/stored")).body.data;
    await booksDb.prepare("UPDATE webhooks SET webhook_url = ? WHERE id = ?").bind(url, hook.id).run();
    expect(await testDelivery(hook.id)).toMatchObject({ status: "dead", error: reason });
    expect((await call("GET", `${hooksUrl()}/${hook.id}`, { key: f.actor.key })).body.data).toMatchObject({
      active: false,
      disabled_reason: reason,
    });
  });

  it("records a failed connection as connection_failed and logs the detail only", async () => {
    const host = `refused-${crypto.randomUUID().slice(0, 8)}.hooks.test`;
    await setDns(host, "93.184.215.14");
    const hook = (await createHook(`https://${host}/ok`)).body.data;
    const detail = `connect ECONNREFUSED ${host}:443 (tls handshake: port open)`;
    await fetch(`https://rebind.test/__set?name=${host}&fail=${encodeURIComponent(detail)}`, { method: "POST" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const row = await testDelivery(hook.id);
    expect(row).toMatchObject({
      status: "failed",
      error: "connection_failed",
      response_status: null,
      response_body: null,
    });
    const seen = JSON.stringify([row, (await call("GET", `${hooksUrl()}/${hook.id}`, { key: f.actor.key })).body]);
    expect(seen).not.toMatch(/ECONNREFUSED|handshake|port open/);
    expect(logged.mock.calls.some((args) => args.some((a) => String(a).includes("ECONNREFUSED")))).toBe(true);
  });
});

// Issue #34 item 3. The guard asks DNS-over-HTTPS and judges the answer; the connection
// looks the name up again. A name that answers a public address to the guard and
// 127.0.0.1 to the connection reached a listener on the loopback. Deliveries now connect
// through WEBHOOK_EGRESS, workerd's network restricted to public addresses, which judges
// the addresses of its own lookup at connect time (src/domains/webhooks/egress.ts).
describe("DNS rebinding between the guard and the connection", () => {
  afterEach(() => vi.restoreAllMocks());

  async function reachedLocally(path: string) {
    return (await (await fetch(`https://rebind.test/__received?path=${encodeURIComponent(path)}`)).json()) as {
      path: string;
      body: string;
    }[];
  }

  it("refuses a name that answers the guard publicly and the connection with 127.0.0.1", async () => {
    const host = `rebind-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const path = `/hook/${crypto.randomUUID()}`;
    // the guard's resolver answers a public address, at create and again at dispatch
    await setDns(host, "93.184.215.14");
    const hook = (await createHook(`https://${host}${path}`)).body.data;
    expect(hook.active).toBe(true);
    // the connection's own lookup answers the loopback, where a real listener waits
    await fetch(`https://rebind.test/__set?name=${host}&to=loopback`, { method: "POST" });
    vi.spyOn(console, "error").mockImplementation(() => {});

    const row = await testDelivery(hook.id);
    expect(row).toMatchObject({
      status: "failed",
      error: "connection_failed",
      attempts: 1,
      response_status: null,
      response_body: null,
      delivered_at: null,
    });
    expect(row.next_attempt_at).not.toBeNull();
    // nothing reached the local target
    expect(await reachedLocally(path)).toEqual([]);
    // the guard saw nothing wrong, so the webhook stays active and the delivery is retried
    expect((await call("GET", `${hooksUrl()}/${hook.id}`, { key: f.actor.key })).body.data).toMatchObject({
      active: true,
      disabled_reason: null,
    });
  });

  it("the local target is real: the fakes' unrestricted network reaches it (what deliveries used before)", async () => {
    const host = `control-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const path = `/hook/${crypto.randomUUID()}`;
    await fetch(`https://rebind.test/__set?name=${host}&to=loopback`, { method: "POST" });
    const res = await fetch(`https://${host}${path}`, { method: "POST", body: "{}" });
    expect(await res.json()).toEqual({ local: true });
    expect(await reachedLocally(path)).toEqual([{ path, body: "{}" }]);
  });
});
