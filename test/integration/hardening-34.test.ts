// Issue #34 item 7: small hardening rules, each through the API. Each test failed
// before its fix (a write made on `X-Dry-Run: 1`, a 500 on a concurrent user creation,
// no nosniff on downloads, the MCP request's count undocumented, a deployed Worker
// handing out links to http://localhost:8787).
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { ADMIN_TOKEN, admin, BASE, call, companyFixture, uniqueKey, write } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Härdning 34 AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

const customerCount = async () =>
  (await booksDb
    .prepare("SELECT count(*) AS n FROM customers WHERE company_id = ?")
    .bind(f.companyId)
    .first<{ n: number }>())!.n;
const customer = () => ({ name: `Kund ${uniqueKey()}`, customer_type: "swedish_business", default_payment_terms: 30 });

describe("dry-run is only `true` (or `false`)", () => {
  it("refuses X-Dry-Run: 1 / yes and ?dry_run=yes with VALIDATION_ERROR, and writes nothing", async () => {
    const before = await customerCount();
    for (const [headers, query] of [
      [{ "X-Dry-Run": "1" }, ""],
      [{ "X-Dry-Run": "yes" }, ""],
      [{ "X-Dry-Run": "" }, ""],
      [{}, "?dry_run=1"],
      [{}, "?dry_run=yes"],
    ] as const) {
      const res = await write(f.actor.key, "POST", url(`/customers${query}`), customer(), headers);
      expect(res.status, JSON.stringify([headers, query])).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.message).toContain('"true" or "false"');
    }
    expect(await customerCount()).toBe(before);
  });

  it("previews on `true` (any case) and writes on `false`", async () => {
    const before = await customerCount();
    const preview = await write(f.actor.key, "POST", url("/customers"), customer(), { "X-Dry-Run": "TRUE" });
    expect(preview.status).toBe(201);
    expect(preview.body.meta.dry_run).toBe(true);
    const query = await write(f.actor.key, "POST", url("/customers?dry_run=true"), customer());
    expect(query.body.meta.dry_run).toBe(true);
    expect(await customerCount()).toBe(before);
    const real = await write(f.actor.key, "POST", url("/customers"), customer(), { "X-Dry-Run": "false" });
    expect(real.status).toBe(201);
    expect(real.body.meta.dry_run).toBeUndefined();
    expect(await customerCount()).toBe(before + 1);
  });
});

describe("admin user creation", () => {
  it("answers 409 CONFLICT to one of two concurrent creations with the same email, never 500", async () => {
    const email = `${uniqueKey("dup")}@example.se`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => admin("POST", "/admin/v1/users", { email, name: "Samma Person" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error.code).toBe("CONFLICT");
    const rows = await booksDb
      .prepare("SELECT count(*) AS n FROM users WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("answers 409 when the other creation commits between a read and the insert (the race, made certain)", async () => {
    const email = `${uniqueKey("race")}@example.se`;
    expect((await admin("POST", "/admin/v1/users", { email, name: "Först" })).status).toBe(201);
    // A database on which a look-up of users by email finds nothing, as a read made just
    // before the other request's insert would: the unique index alone must decide.
    const racing = new Proxy(env.DIRECTORY, {
      get(target, prop) {
        if (prop === "prepare")
          return (query: string) =>
            target.prepare(
              query.replace(
                /^(select .* from "users") where "users"\."email" = \?/i,
                '$1 where 0 and "users"."email" = ?',
              ),
            );
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await worker.fetch(
      new Request(`${BASE}/admin/v1/users`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email, name: "Andra" }),
      }),
      { ...env, DIRECTORY: racing },
      ctx,
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).error.code).toBe("CONFLICT");
  });
});

describe("downloads carry X-Content-Type-Options: nosniff", () => {
  it("on a document file (the signed URL) and on a generated file (SIE export)", async () => {
    const form = new FormData();
    form.append(
      "file",
      new File([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")], "kvitto.pdf", { type: "application/pdf" }),
    );
    const up = await SELF.fetch(`${BASE}${url("/documents")}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
      body: form,
    });
    expect(up.status).toBe(201);
    const id = ((await up.json()) as any).data.id;
    const link = await call("GET", url(`/documents/${id}/download`), {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    const file = await SELF.fetch(link.body.data.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await file.arrayBuffer();

    const sie = await SELF.fetch(`${BASE}${url(`/reports/sie-export?period_id=${f.periodId}`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(sie.status).toBe(200);
    expect(sie.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(sie.headers.get("Cache-Control")).toBe("private, no-store");
    await sie.arrayBuffer();
  });
});

describe("MCP and the rate limit (docs/clients.md)", () => {
  it("counts the POST /mcp request once and the API request a tool call makes once more", async () => {
    const remaining = async () =>
      Number(
        (await call("GET", url(""), { headers: { Authorization: `Bearer ${f.actor.key}` } })).headers.get(
          "X-RateLimit-Remaining",
        ),
      );
    const before = await remaining();
    const res = await SELF.fetch(`${BASE}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${f.actor.key}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_companies_company_id", arguments: { companyId: f.companyId } },
      }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as any;
    expect(answer.result.isError ?? false).toBe(false);
    // this GET (1) + the MCP request (1) + the tool's API request (1)
    expect(before - (await remaining())).toBe(3);
  });
});

describe("PUBLIC_BASE_URL", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const health = () => new Request(`${BASE}/api/v1/health`);

  it("a deployed Worker (ENVIRONMENT unset) without it refuses every request with 500 and names the setting", async () => {
    for (const value of [undefined, "", "not a url", "ftp://api.example.se"]) {
      const res = await worker.fetch(health(), { ...env, PUBLIC_BASE_URL: value, ENVIRONMENT: undefined }, ctx);
      expect(res.status, String(value)).toBe(500);
      const body = (await res.json()) as any;
      expect(body.error.code).toBe("INTERNAL_ERROR");
      expect(body.error.details).toEqual({ settings: ["PUBLIC_BASE_URL"] });
    }
    const ok = await worker.fetch(health(), { ...env, ENVIRONMENT: undefined }, ctx);
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });

  it("is not demanded locally (ENVIRONMENT=development, where npm start passes the server's own address)", async () => {
    const res = await worker.fetch(health(), { ...env, PUBLIC_BASE_URL: undefined, ENVIRONMENT: "development" }, ctx);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
