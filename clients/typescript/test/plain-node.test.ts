// The client as a plain Node program loads it: `node` strips the types of the .ts
// sources itself (no bundler, no build step), so every relative import names its file.
// Run by `npm test` with Node's own test runner, against a transport that records.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { test } from "node:test";
import { BokforingApiError, createClient, unwrap, verifyWebhook } from "../src/index.ts";

const BASE = "http://127.0.0.1:8787";
const COMPANY = "0192d6a0-0000-7000-8000-000000000001";

/** A transport that answers from a list and keeps every request it was sent. */
function recorder(answers: Response[]) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request.clone());
    const next = answers.shift();
    if (!next) throw new Error("no answer left");
    return next;
  };
  return { sent, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

test("a write carries the key and one Idempotency-Key, kept across a retried 503", async () => {
  const { sent, fetch } = recorder([
    json(503, { error: { code: "SERVICE_UNAVAILABLE", message_en: "busy" } }, { "Retry-After": "0" }),
    json(201, { data: { id: "c1", name: "Kafé Björken AB" }, meta: {} }),
  ]);
  const client = createClient({ baseUrl: `${BASE}/`, apiKey: "service_sk_test_abc", fetch, retry: { baseDelayMs: 1 } });
  const customer = await unwrap(
    client.POST("/api/v1/companies/{companyId}/customers", {
      params: { path: { companyId: COMPANY } },
      body: { name: "Kafé Björken AB", customer_type: "individual" } as never,
    }),
  );
  assert.deepEqual(customer, { id: "c1", name: "Kafé Björken AB" });
  assert.equal(sent.length, 2);
  assert.equal(sent[0].url, `${BASE}/api/v1/companies/${COMPANY}/customers`);
  assert.equal(sent[0].headers.get("Authorization"), "Bearer service_sk_test_abc");
  const key = sent[0].headers.get("Idempotency-Key");
  assert.match(key ?? "", /^[0-9a-f-]{36}$/);
  assert.equal(sent[1].headers.get("Idempotency-Key"), key);
  assert.deepEqual(await sent[1].json(), { name: "Kafé Björken AB", customer_type: "individual" });
});

test("a refusal becomes a BokforingApiError with the catalogue code, a read gets no key", async () => {
  const { sent, fetch } = recorder([
    json(404, {
      error: { code: "NOT_FOUND", message_en: "No such company.", details: { id: COMPANY }, request_id: "r1" },
    }),
  ]);
  const client = createClient({ baseUrl: BASE, apiKey: "service_sk_live_abc", fetch, retry: false });
  await assert.rejects(
    unwrap(client.GET("/api/v1/companies/{companyId}/customers", { params: { path: { companyId: COMPANY } } })),
    (err: unknown) =>
      err instanceof BokforingApiError && err.status === 404 && err.code === "NOT_FOUND" && err.requestId === "r1",
  );
  assert.equal(sent[0].headers.get("Idempotency-Key"), null);
});

test("paginate follows meta.next_cursor to the end", async () => {
  const { sent, fetch } = recorder([
    json(200, { data: [{ id: "a" }, { id: "b" }], meta: { next_cursor: "k2" } }),
    json(200, { data: [{ id: "c" }], meta: { next_cursor: null } }),
  ]);
  const client = createClient({ baseUrl: BASE, apiKey: "service_sk_live_abc", fetch, retry: false });
  const ids: string[] = [];
  for await (const c of client.paginate("/api/v1/companies/{companyId}/customers", {
    params: { path: { companyId: COMPANY }, query: { limit: 2 } },
  }))
    ids.push((c as { id: string }).id);
  assert.deepEqual(ids, ["a", "b", "c"]);
  assert.equal(new URL(sent[1].url).searchParams.get("cursor"), "k2");
});

test("verifyWebhook accepts the service's signature and refuses a changed body", async () => {
  const secret = "whsec_test";
  const rawBody = '{"type":"invoice.paid"}';
  const t = 1_800_000_000;
  const v1 = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex");
  const now = t * 1000;
  assert.deepEqual(await verifyWebhook({ secret, signatureHeader: `t=${t},v1=${v1}`, rawBody, now }), {
    ok: true,
    timestamp: t,
  });
  const forged = await verifyWebhook({ secret, signatureHeader: `t=${t},v1=${v1}`, rawBody: `${rawBody} `, now });
  assert.deepEqual(forged, { ok: false, reason: "bad_signature" });
});

test("the latest X-Service-Bookmark is sent with every later request, never an older one", async () => {
  const older = "LEDGER_1:00000000-0000002b-00000000-00000000000000000000000000000000";
  const newer = "LEDGER_1:00000000-0000002c-00000000-00000000000000000000000000000000";
  const { sent, fetch } = recorder([
    json(201, { data: { id: "c1" }, meta: {} }, { "X-Service-Bookmark": newer }),
    json(200, { data: [], meta: { next_cursor: null } }, { "X-Service-Bookmark": older }),
    json(200, { data: [], meta: { next_cursor: null } }),
  ]);
  const client = createClient({ baseUrl: BASE, apiKey: "service_sk_test_abc", fetch, retry: false });
  const path = { params: { path: { companyId: COMPANY } } };
  await client.POST("/api/v1/companies/{companyId}/customers", { ...path, body: { name: "A" } as never });
  await client.GET("/api/v1/companies/{companyId}/customers", path);
  await client.GET("/api/v1/companies/{companyId}/customers", path);
  assert.equal(sent[0].headers.get("X-Service-Bookmark"), null);
  assert.equal(sent[1].headers.get("X-Service-Bookmark"), newer);
  assert.equal(sent[2].headers.get("X-Service-Bookmark"), newer);
});

test("of bookmarks of two databases, the one seen last is sent", async () => {
  const first = "LEDGER_2:00000000-0000009f-00000000-00000000000000000000000000000000";
  const second = "LEDGER_1:00000000-00000001-00000000-00000000000000000000000000000000";
  const { sent, fetch } = recorder([
    json(200, { data: [], meta: { next_cursor: null } }, { "X-Service-Bookmark": first }),
    json(200, { data: [], meta: { next_cursor: null } }, { "X-Service-Bookmark": second }),
    json(200, { data: [], meta: { next_cursor: null } }),
  ]);
  const client = createClient({ baseUrl: BASE, apiKey: "service_sk_test_abc", fetch, retry: false });
  const path = { params: { path: { companyId: COMPANY } } };
  for (let i = 0; i < 3; i++) await client.GET("/api/v1/companies/{companyId}/customers", path);
  assert.equal(sent[1].headers.get("X-Service-Bookmark"), first);
  assert.equal(sent[2].headers.get("X-Service-Bookmark"), second);
});

test("readYourWrites: false sends no bookmark", async () => {
  const { sent, fetch } = recorder([
    json(200, { data: [], meta: { next_cursor: null } }, { "X-Service-Bookmark": "00000000-00000001-00000000-00" }),
    json(200, { data: [], meta: { next_cursor: null } }),
  ]);
  const client = createClient({ baseUrl: BASE, apiKey: "k", fetch, retry: false, readYourWrites: false });
  const path = { params: { path: { companyId: COMPANY } } };
  await client.GET("/api/v1/companies/{companyId}/customers", path);
  await client.GET("/api/v1/companies/{companyId}/customers", path);
  assert.equal(sent[1].headers.get("X-Service-Bookmark"), null);
});
