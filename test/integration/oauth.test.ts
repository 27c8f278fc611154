// OAuth 2.1 for apps and MCP clients (issue 47, docs/sign-in-and-oauth.md), through the Worker, with
// hostile input: open redirects, a stolen code without its verifier, a reused code, a replayed
// refresh token, a token used on another company, and the MCP client's discovery.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, signIn } from "../access/browser";
import { BASE, call } from "../helpers";

const ISSUER = "https://api.bokforing.test";
const REDIRECT = "https://app.example/callback";

async function register(body: unknown, ip = `192.0.2.${Math.floor(Math.random() * 250)}`) {
  const res = await SELF.fetch(`${BASE}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function token(fields: Record<string, string>) {
  const res = await SELF.fetch(`${BASE}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function pkce() {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return { verifier, challenge };
}

function authorizeUrl(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "st-123",
    scope: "companies:read reports:read",
    ...extra,
  });
  return `/oauth/authorize?${q}`;
}

/** A signed-in person with two sandbox companies and a registered client. */
async function setup() {
  const b = new Browser();
  await signIn(b);
  const ids: string[] = [];
  for (const name of ["Beviljat AB", "Annat AB"]) {
    const made = await b.post("/dashboard/companies", {
      name,
      entity_type: "aktiebolag",
      f_skatt: "true",
      kind: "sandbox",
    });
    ids.push(/([0-9a-f-]{36})$/.exec(made.location!)![1]);
  }
  const client = (await register({ client_name: "Testappen", redirect_uris: [REDIRECT] })).body;
  return { b, granted: ids[0], other: ids[1], clientId: client.client_id as string };
}

/** Consent on the first company: the code from the redirect. */
async function consent(
  b: Browser,
  clientId: string,
  challenge: string,
  companies: string[],
  extra: Record<string, string> = {},
) {
  const page = await b.get(authorizeUrl(clientId, challenge, extra));
  expect(page.status).toBe(200);
  const fields: Record<string, string | string[]> = { decision: "allow", company_id: companies };
  for (const m of page.text.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g))
    if (m[1] !== "csrf") fields[m[1]] = m[2].replaceAll("&amp;", "&");
  return b.post("/oauth/authorize", fields);
}

describe("OAuth 2.1", () => {
  it("publishes RFC 8414 and RFC 9728 metadata, and a 401 from /mcp names it", async () => {
    const as = (await call("GET", "/.well-known/oauth-authorization-server")).body;
    expect(as).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth/authorize`,
      token_endpoint: `${ISSUER}/oauth/token`,
      registration_endpoint: `${ISSUER}/oauth/register`,
      revocation_endpoint: `${ISSUER}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["none"],
    });
    expect(as.scopes_supported).toContain("invoices:write");
    const pr = (await call("GET", "/.well-known/oauth-protected-resource/mcp")).body;
    expect(pr).toMatchObject({ resource: `${ISSUER}/mcp`, authorization_servers: [ISSUER] });
    const api = (await call("GET", "/.well-known/oauth-protected-resource")).body;
    expect(api.resource).toBe(`${ISSUER}/api/v1`);
    const res = await SELF.fetch(`${BASE}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toBe(
      `Bearer resource_metadata="${ISSUER}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it("registers only https or loopback redirect URIs (RFC 7591)", async () => {
    for (const bad of [
      "http://evil.example/cb",
      "javascript:alert(1)",
      "https://app.example/cb#frag",
      "custom:/cb",
      "not a uri",
    ]) {
      const res = await register({ redirect_uris: [bad] });
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe("invalid_redirect_uri");
    }
    expect((await register({ redirect_uris: [] })).status).toBe(400);
    expect((await register({ redirect_uris: [REDIRECT], grant_types: ["client_credentials"] })).status).toBe(400);
    for (const good of [REDIRECT, "http://localhost:33418/callback", "http://127.0.0.1:9/cb"]) {
      const res = await register({ redirect_uris: [good], client_name: "App" });
      expect(res.status, good).toBe(201);
      expect(res.body).toMatchObject({ redirect_uris: [good], token_endpoint_auth_method: "none" });
      expect(res.body.client_secret).toBeUndefined();
    }
  });

  it("never redirects to a URI the client did not register, nor for an unknown client", async () => {
    const { b, clientId } = await setup();
    const { challenge } = await pkce();
    for (const uri of [
      "https://evil.example/callback",
      `${REDIRECT}/x`,
      `${REDIRECT}?x=1`,
      "https://app.example/callback/../evil",
    ]) {
      const res = await b.get(authorizeUrl(clientId, challenge, { redirect_uri: uri }));
      expect(res.status, uri).toBe(400);
      expect(res.location).toBeNull();
      expect(res.text).toContain("redirect_uri_mismatch");
    }
    const unknown = await b.get(authorizeUrl("client_nosuchclient", challenge));
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeNull();
    // the consent POST is held to the same rule
    const forged = await b.post("/oauth/authorize", {
      client_id: clientId,
      redirect_uri: "https://evil.example/callback",
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
      decision: "allow",
    });
    expect(forged.status).toBe(400);
    expect(forged.location).toBeNull();
  });

  it("sends other errors back to the client: no PKCE, plain PKCE, an unknown scope, a denial", async () => {
    const { b, clientId, granted } = await setup();
    const { challenge } = await pkce();
    const plain = await b.get(authorizeUrl(clientId, challenge, { code_challenge_method: "plain" }));
    expect(plain.status).toBe(302);
    const url = new URL(plain.location!);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(url.searchParams.get("error")).toBe("invalid_request");
    expect(url.searchParams.get("state")).toBe("st-123");
    expect(new URL(await b.get(authorizeUrl(clientId, "")).then((r) => r.location!)).searchParams.get("error")).toBe(
      "invalid_request",
    );
    const scope = await b.get(authorizeUrl(clientId, challenge, { scope: "companies:read admin:everything" }));
    expect(new URL(scope.location!).searchParams.get("error")).toBe("invalid_scope");
    const page = await b.get(authorizeUrl(clientId, challenge));
    expect(page.text).toContain("Testappen");
    expect(page.headers.get("X-Frame-Options")).toBe("DENY");
    const denied = await consent(b, clientId, challenge, [granted], {});
    expect(denied.status).toBe(303);
    const fields: Record<string, string> = {};
    for (const m of page.text.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g))
      if (m[1] !== "csrf") fields[m[1]] = m[2];
    const no = await b.post("/oauth/authorize", { ...fields, decision: "deny" });
    expect(new URL(no.location!).searchParams.get("error")).toBe("access_denied");
  });

  it("sends a visitor without a session to sign-in first, and refuses a consent without CSRF", async () => {
    const { clientId, granted, b } = await setup();
    const { challenge } = await pkce();
    const stranger = new Browser();
    const res = await stranger.get(authorizeUrl(clientId, challenge));
    expect(res.status).toBe(302);
    expect(res.location!.startsWith("/sign-in?next=%2Foauth%2Fauthorize%3F")).toBe(true);
    const forged = await b.post("/oauth/authorize", {
      csrf: "",
      client_id: clientId,
      decision: "allow",
      company_id: granted,
    });
    expect(forged.status).toBe(403);
  });

  it("exchanges the code once, with its verifier only; the token acts on the granted company only", async () => {
    const { b, clientId, granted, other } = await setup();
    const { verifier, challenge } = await pkce();
    const approved = await consent(b, clientId, challenge, [granted]);
    expect(approved.status).toBe(303);
    const back = new URL(approved.location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("st-123");
    expect(back.searchParams.get("iss")).toBe(ISSUER);
    const code = back.searchParams.get("code")!;

    // a stolen code without its verifier, or with another's, or for another redirect URI
    const base = { grant_type: "authorization_code", code, client_id: clientId, redirect_uri: REDIRECT };
    expect((await token(base)).body.error).toBe("invalid_grant");
    expect((await token({ ...base, code_verifier: (await pkce()).verifier })).body.error).toBe("invalid_grant");
    expect(
      (await token({ ...base, code_verifier: verifier, redirect_uri: "https://evil.example/callback" })).status,
    ).toBe(400);
    expect((await token({ ...base, code_verifier: verifier, client_id: "client_other0000" })).body.error).toBe(
      "invalid_client",
    );

    const issued = await token({ ...base, code_verifier: verifier });
    expect(issued.status).toBe(200);
    expect(issued.headers.get("Cache-Control")).toBe("no-store");
    expect(issued.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "companies:read reports:read" });
    const at = issued.body.access_token;
    expect(at).toMatch(/^service_at_/);

    expect((await call("GET", `/api/v1/companies/${granted}`, { key: at })).status).toBe(200);
    const elsewhere = await call("GET", `/api/v1/companies/${other}`, { key: at });
    expect(elsewhere.status).toBe(404);
    const list = await call("GET", "/api/v1/companies", { key: at });
    expect(list.body.data.map((c: any) => c.id)).toEqual([granted]);
    // limited to the granted scopes, and no account routes
    const write = await call("POST", `/api/v1/companies/${granted}/customers`, { key: at, body: { name: "X" } });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe("INSUFFICIENT_SCOPE");
    expect((await call("GET", "/api/v1/api-keys", { key: at })).body.error.code).toBe("SESSION_REQUIRED");

    // the code reused: refused, and what it gave is revoked (OAuth 2.1 §4.1.3)
    expect((await token({ ...base, code_verifier: verifier })).body.error).toBe("invalid_grant");
    expect((await call("GET", `/api/v1/companies/${granted}`, { key: at })).status).toBe(401);
  });

  it("refuses companies of another person, and a mix of live and sandbox ones", async () => {
    const { b, clientId, granted } = await setup();
    const { other: strangers } = await setup();
    const { challenge } = await pkce();
    const res = await consent(b, clientId, challenge, [granted, strangers]);
    expect(res.status).toBe(400);
    expect(res.text).toContain("VALIDATION_ERROR");
    const none = await consent(b, clientId, challenge, []);
    expect(none.status).toBe(400);
  });

  it("rotates refresh tokens; a replayed one revokes the whole grant", async () => {
    const { b, clientId, granted } = await setup();
    const { verifier, challenge } = await pkce();
    const code = new URL((await consent(b, clientId, challenge, [granted])).location!).searchParams.get("code")!;
    const first = (
      await token({
        grant_type: "authorization_code",
        code,
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      })
    ).body;
    const second = await token({
      grant_type: "refresh_token",
      refresh_token: first.refresh_token,
      client_id: clientId,
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await call("GET", `/api/v1/companies/${granted}`, { key: second.body.access_token })).status).toBe(200);
    // the old refresh token again: a thief or the app, which cannot be told; the family ends
    const replay = await token({
      grant_type: "refresh_token",
      refresh_token: first.refresh_token,
      client_id: clientId,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await call("GET", `/api/v1/companies/${granted}`, { key: second.body.access_token })).status).toBe(401);
    expect(
      (await token({ grant_type: "refresh_token", refresh_token: second.body.refresh_token, client_id: clientId }))
        .status,
    ).toBe(400);
    expect((await call("GET", "/api/v1/oauth-grants", { key: b.cookie("__Host-session") })).body.data).toEqual([]);
  });

  it("revokes by RFC 7009 and from the dashboard", async () => {
    const { b, clientId, granted } = await setup();
    const run = async () => {
      const { verifier, challenge } = await pkce();
      const code = new URL((await consent(b, clientId, challenge, [granted])).location!).searchParams.get("code")!;
      return (
        await token({
          grant_type: "authorization_code",
          code,
          client_id: clientId,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        })
      ).body;
    };
    const t1 = await run();
    const revoke = await SELF.fetch(`${BASE}/oauth/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: t1.access_token, client_id: clientId }).toString(),
    });
    expect(revoke.status).toBe(200);
    expect((await call("GET", `/api/v1/companies/${granted}`, { key: t1.access_token })).status).toBe(401);
    const unknown = await SELF.fetch(`${BASE}/oauth/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "token=nonsense",
    });
    expect(unknown.status).toBe(200);

    const t2 = await run();
    const security = await b.get("/dashboard/security");
    expect(security.text).toContain("Testappen");
    const grants = (await call("GET", "/api/v1/oauth-grants", { key: b.cookie("__Host-session") })).body.data;
    for (const g of grants) expect((await b.post(`/dashboard/grants/${g.id}/revoke`)).status).toBe(303);
    expect((await call("GET", `/api/v1/companies/${granted}`, { key: t2.access_token })).status).toBe(401);
    expect(
      (await token({ grant_type: "refresh_token", refresh_token: t2.refresh_token, client_id: clientId })).status,
    ).toBe(400);
  });

  it("an MCP client with the access token calls a tool on the granted company and is refused on another", async () => {
    const { b, clientId, granted, other } = await setup();
    const { verifier, challenge } = await pkce();
    const code = new URL(
      (await consent(b, clientId, challenge, [granted], { resource: `${ISSUER}/mcp` })).location!,
    ).searchParams.get("code")!;
    const at = (
      await token({
        grant_type: "authorization_code",
        code,
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      })
    ).body.access_token;
    const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      fetch: (url, init) => SELF.fetch(url.toString(), init),
      requestInit: { headers: { Authorization: `Bearer ${at}` } },
    });
    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools.some((t) => t.includes("api_keys"))).toBe(false);
      const name = tools.find((t) => t === "get_companies_company_id")!;
      expect(name).toBeDefined();
      const ok = await client.callTool({ name, arguments: { companyId: granted } });
      expect(ok.isError).toBeFalsy();
      const refused = await client.callTool({ name, arguments: { companyId: other } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain("NOT_FOUND");
    } finally {
      await client.close();
    }
    // a resource of another service is refused
    const foreign = await b.get(authorizeUrl(clientId, challenge, { resource: "https://other.example/mcp" }));
    expect(new URL(foreign.location!).searchParams.get("error")).toBe("invalid_target");
  });
});
