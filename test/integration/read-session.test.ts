// Reads near the client (issue #33): every answer carries the D1 session's bookmark in
// X-Service-Bookmark; a request that sends one back reads at least that state. Locally D1
// has no replicas, so the tests check the contract: the header on every kind of answer,
// its order (a write's bookmark is later than what the client sent), the refusal of a
// malformed one before anything runs, the OpenAPI document, and the MCP relay.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, companyFixture, countOf, uniqueKey } from "../helpers";

const f = companyFixture();
// a bookmark names its database (docs/platform.md): the company's home, or the directory
const BOOKMARK = /^(DIRECTORY|LEDGER_[0-9]+):[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const customers = () => `/api/v1/companies/${f.companyId}/customers`;

function newCustomer(headers: Record<string, string> = {}) {
  return call("POST", customers(), {
    key: f.actor.key,
    headers: { "Idempotency-Key": uniqueKey(), ...headers },
    body: { name: "Kafé Björken AB", customer_type: "swedish_business", org_number: "556036-0793" },
  });
}

describe("X-Service-Bookmark", () => {
  it("a write answers its writer's bookmark, later than the one sent, and a read sent it sees the write", async () => {
    const first = await call("GET", customers(), { key: f.actor.key });
    const before = first.headers.get("X-Service-Bookmark")!;
    expect(before).toMatch(BOOKMARK);

    const created = await newCustomer({ "X-Service-Bookmark": before });
    expect(created.status).toBe(201);
    const written = created.headers.get("X-Service-Bookmark")!;
    expect(written).toMatch(BOOKMARK);
    expect(written > before).toBe(true);

    const read = await call("GET", `${customers()}/${created.body.data.id}`, {
      key: f.actor.key,
      headers: { "X-Service-Bookmark": written },
    });
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe("Kafé Björken AB");
    expect(read.headers.get("X-Service-Bookmark")! >= written).toBe(true);
  });

  it("a replayed write and a refusal carry a bookmark too; a public route as well", async () => {
    const key = uniqueKey();
    const body = { name: "Replay AB", customer_type: "individual" };
    const one = await call("POST", customers(), { key: f.actor.key, headers: { "Idempotency-Key": key }, body });
    const two = await call("POST", customers(), { key: f.actor.key, headers: { "Idempotency-Key": key }, body });
    expect(one.status).toBe(201);
    expect(two.headers.get("Idempotent-Replayed")).toBe("true");
    expect(two.headers.get("X-Service-Bookmark")! >= one.headers.get("X-Service-Bookmark")!).toBe(true);
    // refused before any query (the key's access held by this isolate): the answer
    // carries the bookmark it was sent, the state it is known to be at least
    const sent = two.headers.get("X-Service-Bookmark")!;
    const refused = await call("POST", customers(), {
      key: f.actor.key,
      headers: { "Idempotency-Key": uniqueKey(), "X-Service-Bookmark": sent },
      body: { name: "" },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Service-Bookmark")! >= sent).toBe(true);
    expect((await call("GET", "/api/v1/health")).headers.get("X-Service-Bookmark")).toMatch(BOOKMARK);
  });

  it("a malformed bookmark is a 400 VALIDATION_ERROR naming the header, and the write is not done", async () => {
    const before = await countOf("SELECT count(*) AS n FROM customers WHERE company_id = ?", f.companyId);
    for (const bad of ["garbage", "0000-zz", "x".repeat(300), "00000000-0000002b; DROP"]) {
      const res = await newCustomer({ "X-Service-Bookmark": bad });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.details).toMatchObject({ header: "X-Service-Bookmark" });
    }
    expect(await countOf("SELECT count(*) AS n FROM customers WHERE company_id = ?", f.companyId)).toBe(before);
  });

  it("the OpenAPI document names the header on every operation, as a request parameter and on the answer", async () => {
    const doc = (await call("GET", "/api/v1/openapi.json")).body;
    const ops = Object.entries(doc.paths as Record<string, Record<string, any>>)
      .filter(([path]) => path.startsWith("/api/v1/companies"))
      .flatMap(([, item]) => Object.values(item));
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops.filter((o) => o.parameters)) {
      const named = op.parameters.some((p: any) => p.in === "header" && p.name === "x-service-bookmark");
      const answered = Object.entries(op.responses).some(
        ([status, r]: [string, any]) => status.startsWith("2") && r.headers?.["X-Service-Bookmark"],
      );
      expect({ op: op.operationId ?? op.summary, named, answered }).toMatchObject({ named: true, answered: true });
    }
  });

  it("MCP: a tool call's write hands its bookmark to the answer of /mcp, and the client's bookmark to the call", async () => {
    const before = (await call("GET", customers(), { key: f.actor.key })).headers.get("X-Service-Bookmark")!;
    const res = await SELF.fetch(`${BASE}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${f.actor.key}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "X-Service-Bookmark": before,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "post_customers",
          arguments: {
            companyId: f.companyId,
            idempotency_key: uniqueKey(),
            body: { name: "Via MCP", customer_type: "individual" },
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    const rpc = (await res.json()) as any;
    expect(rpc.result.isError, JSON.stringify(rpc.result)).toBe(false);
    const after = res.headers.get("X-Service-Bookmark")!;
    expect(after).toMatch(BOOKMARK);
    expect(after > before).toBe(true);
    const bad = await SELF.fetch(`${BASE}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}`, "X-Service-Bookmark": "nope" },
      body: "{}",
    });
    expect(bad.status).toBe(400);
  });
});
