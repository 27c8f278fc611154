// The OpenAPI document against what the routes answer (issue 41 item 14): a status the
// service answers is one the document lists for the operation, every pattern is a regex a
// client can use (no flags lost on the way: a literal "/i" matched no string), the Meta
// schema names every key a meta carries, and a write needs a write scope (so that the MCP
// tools a read-only key is shown are reads). The fuzz (fuzz.test.ts) holds every answer it
// provokes to the document too.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, companyFixture, uniqueKey } from "../helpers";

const f = companyFixture();
let doc: any;

beforeAll(async () => {
  doc = await (await SELF.fetch(`${BASE}/api/v1/openapi.json`)).json();
});

/** The statuses the document lists for an operation. */
const documented = (method: string, path: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {});

/** Every `pattern` in the document, with where it is. */
function patterns(node: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const [i, n] of node.entries()) patterns(n, `${at}[${i}]`, out);
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "pattern" && typeof v === "string") out.push([at, v]);
      else patterns(v, `${at}.${k}`, out);
    }
  return out;
}

describe("the OpenAPI document", () => {
  it("carries only patterns that compile and have no flags left in their text", () => {
    const all = patterns(doc, "$");
    expect(all.length).toBeGreaterThan(10);
    const bad = all.filter(([, p]) => {
      try {
        new RegExp(p, "u");
      } catch {
        return true;
      }
      return /\/[dgimsuvy]+$/.test(p);
    });
    expect(bad).toEqual([]);
  });

  it("gives settings.postal_code a pattern a Swedish postal code matches, and the service takes one", async () => {
    const found = patterns(doc.components?.schemas ?? {}, "$").filter(([at]) => at.endsWith(".postal_code"));
    expect(found.length).toBeGreaterThan(0);
    for (const [, p] of found) {
      const re = new RegExp(p, "u");
      expect(re.test("123 45")).toBe(true);
      expect(re.test("12345")).toBe(true);
      expect(re.test("ab1 2cd")).toBe(true);
      expect(re.test("")).toBe(false);
    }
    const path = `/api/v1/companies/${f.companyId}/settings`;
    const res = await call("PATCH", path, { key: f.actor.key, body: { postal_code: "123 45" } });
    expect(res.status).toBe(200);
    expect(documented("patch", "/api/v1/companies/{companyId}/settings")).toContain("200");
  });

  it("names partial_expansions (and every key a meta carries) in Meta", async () => {
    const meta = doc.components.schemas.Meta;
    expect(Object.keys(meta.properties)).toEqual(expect.arrayContaining(["partial_expansions", "dry_run", "audit"]));
    const list = await call("GET", `/api/v1/companies/${f.companyId}/invoices?expand=customer`, { key: f.actor.key });
    expect(list.status).toBe(200);
    for (const k of Object.keys(list.body.meta)) expect(Object.keys(meta.properties)).toContain(k);
  });

  it("lists the statuses uploads, the Peppol import and opening balances answer", async () => {
    const docs = "/api/v1/companies/{companyId}/documents";
    expect(documented("post", docs)).toEqual(expect.arrayContaining(["201", "413", "415"]));
    expect(documented("post", `${docs}/{id}/versions`)).toEqual(expect.arrayContaining(["201", "413", "415"]));
    // 415: bytes that are no document, as the upload answers them
    const form = new FormData();
    form.append("file", new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 1, 2, 3, 4])], "a.pdf"));
    const upload = await SELF.fetch(`${BASE}/api/v1/companies/${f.companyId}/documents`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
      body: form,
    });
    expect(upload.status).toBe(415);

    const peppol = "/api/v1/companies/{companyId}/supplier-invoices/import-peppol";
    expect(documented("post", peppol)).toContain("422");
    const imported = await call("POST", `/api/v1/companies/${f.companyId}/supplier-invoices/import-peppol`, {
      key: f.actor.key,
      raw: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      headers: { "Content-Type": "application/xml", "Idempotency-Key": uniqueKey() },
    });
    expect(imported.body.error.code).toBe("PEPPOL_VALIDATION_FAILED");
    expect(documented("post", peppol)).toContain(String(imported.status));

    // payroll: 201 when set the first time, 200 when replaced
    const vacation = "/api/v1/companies/{companyId}/employees/{id}/opening-balances";
    expect(documented("post", vacation)).toEqual(expect.arrayContaining(["200", "201"]));
    expect(documented("post", "/api/v1/companies/{companyId}/fiscal-periods/{id}/opening-balances")).toContain("201");
  });

  it("documents 422 and 503 for every company write, and 429 everywhere", () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const method of ["post", "patch", "delete"]) {
        if (!item[method]?.["x-writes"] || !path.startsWith("/api/v1/companies/{companyId}")) continue;
        for (const s of ["400", "422", "429", "503"])
          if (!item[method].responses[s]) missing.push(`${method} ${path} ${s}`);
      }
    expect(missing).toEqual([]);
  });

  it("asks a write scope of every write, so a read-only key is shown no write", () => {
    const readScoped: string[] = [];
    const postReads: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const method of ["post", "patch", "delete", "put"]) {
        const op = item[method];
        if (!op || !path.startsWith("/api/v1/") || !(op.security ?? []).length) continue;
        const scopes: string[] = op["x-scopes"];
        expect(typeof op["x-writes"]).toBe("boolean");
        if (!op["x-writes"]) {
          postReads.push(`${method} ${path}`);
          continue;
        }
        if (!scopes.length || scopes.some((x) => x.endsWith(":read")))
          readScoped.push(`${method} ${path} (${scopes.join(", ")})`);
      }
    expect(readScoped).toEqual([]);
    // the POSTs that only read (with a read scope), marked as reads for MCP's readOnlyHint
    expect(postReads).toEqual(expect.arrayContaining(["post /api/v1/companies/{companyId}/employees/search"]));
  });
});
