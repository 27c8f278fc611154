// The typed TypeScript client (clients/typescript) against the Worker: its transport
// is SELF.fetch, so every call runs the service's whole pipeline.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  BokforingApiError,
  createClient,
  retryAfterMs,
  unwrap,
  verifyWebhook,
  type FetchFn,
} from "../../clients/typescript/src/index";
import { deliver, signature } from "../../src/domains/webhooks/delivery";
import { BASE, companyFixture, day, entryLines } from "../helpers";
import { booksDb, deliveryEnv } from "../books";

const f = companyFixture();
const self: FetchFn = (request) => SELF.fetch(request);

/** A transport that records what was sent and may answer some attempts itself. */
function recording(script: ((request: Request) => Response | Promise<Response> | undefined)[] = []) {
  const sent: { method: string; path: string; key: string | null; body: string }[] = [];
  const fetch: FetchFn = async (request) => {
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      path: url.pathname + url.search,
      key: request.headers.get("Idempotency-Key"),
      body: await request.clone().text(),
    });
    const scripted = script.shift()?.(request);
    return scripted ?? SELF.fetch(request);
  };
  return { sent, fetch };
}

function clientWith(fetch: FetchFn, sleeps: number[] = []) {
  return createClient({
    baseUrl: BASE,
    apiKey: f.actor.key,
    fetch,
    retry: { retries: 3, baseDelayMs: 100, random: () => 0.5, sleep: async (ms) => void sleeps.push(ms) },
  });
}

const customersOf = async (name: string) =>
  (await booksDb
    .prepare("SELECT count(*) AS n FROM customers WHERE company_id = ? AND name = ?")
    .bind(f.companyId, name)
    .first<{ n: number }>())!.n;

describe("the generated TypeScript client", () => {
  it("is what the current OpenAPI document gives (npm run client:generate)", async () => {
    const doc = await (await SELF.fetch(`${BASE}/api/v1/openapi.json`)).text();
    const res = await fetch("https://client-gen.test/schema", { method: "POST", body: doc });
    expect(res.status).toBe(200);
    const { generated, committed } = (await res.json()) as { generated: string; committed: string | null };
    expect(generated).toContain("export interface paths");
    expect(committed, "clients/typescript/src/schema.d.ts is stale: run npm run client:generate").toBe(generated);
  });

  it("takes an invoice from draft to paid (the README's example), and the books show it", async () => {
    const client = createClient({ baseUrl: BASE, apiKey: f.actor.key, fetch: self });
    const companyId = f.companyId;
    const customer = await unwrap(
      client.POST("/api/v1/companies/{companyId}/customers", {
        params: { path: { companyId } },
        body: {
          name: "Kafé Björken AB",
          customer_type: "swedish_business",
          org_number: "556036-0793",
          email: "ekonomi@bjorken.example",
        },
      }),
    );
    const draft = await unwrap(
      client.POST("/api/v1/companies/{companyId}/invoices", {
        params: { path: { companyId } },
        body: {
          customer_id: customer.id,
          invoice_date: day(0),
          items: [{ description: "Konsulttimmar", quantity: 10, unit_price: 1000, vat_rate: 0.25 }],
        },
      }),
    );
    expect(draft).toMatchObject({ status: "draft", total: 12500, vat_amount: 2500 });
    const sent = await unwrap(
      client.POST("/api/v1/companies/{companyId}/invoices/{id}/mark-sent", {
        params: { path: { companyId, id: draft.id } },
      }),
    );
    expect(sent.status).toBe("sent");
    const paid = await unwrap(
      client.POST("/api/v1/companies/{companyId}/invoices/{id}/mark-paid", {
        params: { path: { companyId, id: draft.id } },
        body: { payment_date: day(0), amount: 12500 },
      }),
    );
    expect(paid).toMatchObject({ status: "paid", remaining_amount: 0 });
    // the sale: 1510 12 500 / 3001 10 000 / 2611 2 500; the payment: 1930 / 1510
    expect(await entryLines(f.actor.key, companyId, sent.journal_entry_id!)).toEqual({
      "1510": [12500, 0],
      "3001": [0, 10000],
      "2611": [0, 2500],
    });
    expect(await entryLines(f.actor.key, companyId, paid.journal_entry_id!)).toEqual({
      "1930": [12500, 0],
      "1510": [0, 12500],
    });
    // a refusal is the service's own code
    const again = client.POST("/api/v1/companies/{companyId}/invoices/{id}/mark-paid", {
      params: { path: { companyId, id: draft.id } },
      body: {},
    });
    await expect(unwrap(again)).rejects.toMatchObject({
      name: "BokforingApiError",
      code: "INVOICE_PAID_NOT_PAYABLE",
      status: 400,
    });
  });

  it("sends a fresh Idempotency-Key with every write and none with a read; a key you pass is used and replays", async () => {
    const { sent, fetch } = recording();
    const client = clientWith(fetch);
    const path = { companyId: f.companyId };
    await unwrap(
      client.POST("/api/v1/companies/{companyId}/customers", {
        params: { path },
        body: { name: "Nyckel Ett AB", customer_type: "swedish_business" },
      }),
    );
    await unwrap(
      client.POST("/api/v1/companies/{companyId}/customers", {
        params: { path },
        body: { name: "Nyckel Två AB", customer_type: "swedish_business" },
      }),
    );
    await unwrap(client.GET("/api/v1/companies/{companyId}/customers", { params: { path } }));
    expect(sent.map((s) => s.method)).toEqual(["POST", "POST", "GET"]);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].key).not.toBe(sent[0].key);
    expect(sent[2].key).toBeNull();

    const body = { name: "Egen Nyckel AB", customer_type: "swedish_business" as const };
    const mine = { params: { path, header: { "idempotency-key": `mine-${crypto.randomUUID()}` } }, body };
    const first = await client.POST("/api/v1/companies/{companyId}/customers", mine);
    const second = await client.POST("/api/v1/companies/{companyId}/customers", mine);
    expect(sent.slice(3).map((s) => s.key)).toEqual([
      mine.params.header["idempotency-key"],
      mine.params.header["idempotency-key"],
    ]);
    expect(first.response.status).toBe(201);
    expect(second.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.data!.data.id).toBe(first.data!.data.id);
    expect(await customersOf("Egen Nyckel AB")).toBe(1);
  });

  it("retries 503 and a network failure with backoff, with the same key, and the write happens once", async () => {
    const sleeps: number[] = [];
    const { sent, fetch } = recording([
      () => new Response("upstream", { status: 503 }),
      () => {
        throw new TypeError("network connection lost");
      },
    ]);
    const client = clientWith(fetch, sleeps);
    const res = await client.POST("/api/v1/companies/{companyId}/customers", {
      params: { path: { companyId: f.companyId } },
      body: { name: "Omförsök AB", customer_type: "swedish_business" },
    });
    expect(res.response.status).toBe(201);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(sent.every((s) => JSON.parse(s.body).name === "Omförsök AB")).toBe(true);
    // full jitter with random() = 0.5: half of 100 ms, then half of 200 ms
    expect(sleeps).toEqual([50, 100]);
    expect(await customersOf("Omförsök AB")).toBe(1);
  });

  it("honours Retry-After on 429, and gives up after the retries with the service's answer", async () => {
    const sleeps: number[] = [];
    const limited = () =>
      new Response(JSON.stringify({ error: { code: "RATE_LIMITED" } }), {
        status: 429,
        headers: { "Retry-After": "7", "Content-Type": "application/json" },
      });
    const { sent, fetch } = recording([limited, limited, limited, limited]);
    const client = clientWith(fetch, sleeps);
    const res = await client.GET("/api/v1/companies/{companyId}/customers", {
      params: { path: { companyId: f.companyId } },
    });
    expect(res.response.status).toBe(429);
    expect(res.error).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect(sent).toHaveLength(4);
    expect(sleeps).toEqual([7000, 7000, 7000]);
    expect(retryAfterMs("Wed, 21 Oct 2026 07:28:10 GMT", Date.parse("2026-10-21T07:28:00Z"))).toBe(10_000);
    expect(retryAfterMs("soon")).toBeNull();
  });

  it("does not retry a 4xx refusal, and retries off means one attempt", async () => {
    const { sent, fetch } = recording();
    const client = clientWith(fetch);
    const res = await client.POST("/api/v1/companies/{companyId}/customers", {
      params: { path: { companyId: f.companyId } },
      body: { name: "", customer_type: "swedish_business" },
    });
    expect(res.response.status).toBe(400);
    expect(res.error!.error.code).toBe("VALIDATION_ERROR");
    expect(sent).toHaveLength(1);
    const once = recording([() => new Response(null, { status: 500 })]);
    const noRetry = createClient({ baseUrl: BASE, apiKey: f.actor.key, fetch: once.fetch, retry: false });
    expect(
      (await noRetry.GET("/api/v1/companies/{companyId}/customers", { params: { path: { companyId: f.companyId } } }))
        .response.status,
    ).toBe(500);
    expect(once.sent).toHaveLength(1);
  });

  it("walks a list page by page with paginate()", async () => {
    const names = ["Sida A AB", "Sida B AB", "Sida C AB", "Sida D AB", "Sida E AB"];
    const client = createClient({ baseUrl: BASE, apiKey: f.actor.key, fetch: self });
    for (const name of names)
      await unwrap(
        client.POST("/api/v1/companies/{companyId}/customers", {
          params: { path: { companyId: f.companyId } },
          body: { name, customer_type: "swedish_business" },
        }),
      );
    const { sent, fetch } = recording();
    const paging = clientWith(fetch);
    const seen: string[] = [];
    for await (const c of paging.paginate("/api/v1/companies/{companyId}/customers", {
      params: { path: { companyId: f.companyId }, query: { limit: 2, search: "Sida" } },
    }))
      seen.push(c.name);
    expect(seen.sort()).toEqual(names);
    expect(sent).toHaveLength(3);
    expect(sent[0].path).not.toContain("cursor=");
    expect(sent[1].path).toContain("cursor=");
    expect(sent.every((s) => s.path.includes("limit=2"))).toBe(true);
    const refused = createClient({
      baseUrl: BASE,
      apiKey: "service_sk_live_00000000000000000000000000",
      fetch: self,
      retry: false,
    });
    const walk = refused.paginate("/api/v1/companies/{companyId}/customers", {
      params: { path: { companyId: f.companyId } },
    });
    await expect(walk.next()).rejects.toBeInstanceOf(BokforingApiError);
  });

  it("verifies a real delivery's signature, and refuses a changed body, another secret and an old timestamp", async () => {
    const client = createClient({ baseUrl: BASE, apiKey: f.actor.key, fetch: self });
    const companyId = f.companyId;
    const hook = await unwrap(
      client.POST("/api/v1/companies/{companyId}/webhooks", {
        params: { path: { companyId } },
        body: { event_type: "customer.created", webhook_url: "https://hooks.test/ok/ts-client", name: "ts client" },
      }),
    );
    const test = await unwrap(
      client.POST("/api/v1/companies/{companyId}/webhooks/{id}/test", { params: { path: { companyId, id: hook.id } } }),
    );
    await deliver(await deliveryEnv(test.webhook_delivery_id), test.webhook_delivery_id, Date.now());
    let got: { headers: Record<string, string>; body: string } | undefined;
    for (let i = 0; i < 100 && !got; i++) {
      [got] = (await (await fetch("https://hooks.test/__received?path=/ok/ts-client")).json()) as {
        headers: Record<string, string>;
        body: string;
      }[];
      if (!got) await new Promise((r) => setTimeout(r, 50));
    }
    expect(got).toBeDefined();
    const header = got!.headers["x-service-signature"];
    expect((await verifyWebhook({ secret: hook.secret!, signatureHeader: header, rawBody: got!.body })).ok).toBe(true);
    expect(await verifyWebhook({ secret: hook.secret!, signatureHeader: header, rawBody: `${got!.body} ` })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(await verifyWebhook({ secret: "whsec_other", signatureHeader: header, rawBody: got!.body })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    const t = 1_795_000_000;
    const old = `t=${t},v1=${await signature("s", t, "{}")}`;
    expect(await verifyWebhook({ secret: "s", signatureHeader: old, rawBody: "{}", now: (t + 301) * 1000 })).toEqual({
      ok: false,
      reason: "too_old",
    });
    expect(await verifyWebhook({ secret: "s", signatureHeader: old, rawBody: "{}", now: (t - 301) * 1000 })).toEqual({
      ok: false,
      reason: "from_the_future",
    });
    expect(await verifyWebhook({ secret: "s", signatureHeader: null, rawBody: "{}" })).toEqual({
      ok: false,
      reason: "missing_header",
    });
    expect(await verifyWebhook({ secret: "s", signatureHeader: "v1=zz", rawBody: "{}" })).toEqual({
      ok: false,
      reason: "malformed_header",
    });
  });
});
