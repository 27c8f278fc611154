// Sign-in for people, sessions and the dashboard (issue 47, docs/sign-in-and-oauth.md), through the
// Worker as a browser would: a one-time link by email, the second step, CSRF, rate limits, the
// trail of sign-in, and the dashboard's actions as API calls.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { base32Decode, totp } from "../../src/http/totp";
import { nowMs } from "../../src/clock";
import { Browser, linkTokenFor, mailbox, signIn } from "../access/browser";
import { call, newActor } from "../helpers";

const trail = async (email: string) =>
  (
    await env.DIRECTORY.prepare(
      "SELECT e.event, e.method, e.reason FROM sign_in_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.email = ? OR u.email = ? ORDER BY e.created_at, e.rowid",
    )
      .bind(email, email)
      .all<{ event: string; method: string; reason: string | null }>()
  ).results;

describe("sign-in by email link", () => {
  it("mails a link that signs a new person in once; the session is an HttpOnly, Secure, SameSite=Lax __Host- cookie", async () => {
    const b = new Browser();
    const page = await b.get("/sign-in");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="email">');
    const email = `new${Date.now()}@example.se`;
    const asked = await b.post("/sign-in", { email, name: "Ny Person" });
    expect(asked.status).toBe(200);
    const mails = await mailbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/https:\/\/api\.bokforing\.test\/sign-in\/link\?token=/);
    const token = await linkTokenFor(email);
    // the link itself uses nothing: a mail scanner following it does not sign anyone in
    const landing = await b.get(`/sign-in/link?token=${token}`);
    expect(landing.status).toBe(200);
    expect(b.cookie("__Host-session")).toBeUndefined();
    const used = await b.post("/sign-in/link", { token });
    expect(used.status).toBe(303);
    expect(used.location).toBe("/dashboard");
    const set = used.headers.getSetCookie().find((s) => s.startsWith("__Host-session="))!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Secure/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/Max-Age=28800/);
    expect(set).not.toMatch(/Domain=/);
    const me = await call("GET", "/api/v1/me", { key: b.cookie("__Host-session") });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, name: "Ny Person", mfa_enrolled: false });
    // stored hashed: the cookie's value is nowhere in the directory
    const raw = await env.DIRECTORY.prepare("SELECT count(*) AS n FROM api_keys WHERE key_hash = ?")
      .bind(b.cookie("__Host-session"))
      .first<{ n: number }>();
    expect(raw!.n).toBe(0);
    // used once
    const again = await new Browser().post("/sign-in/link", { token });
    expect(again.status).toBe(400);
    expect(again.text).toContain("SIGN_IN_LINK_INVALID");
    expect(await trail(email)).toEqual([
      { event: "link_sent", method: "email_link", reason: null },
      { event: "signed_in", method: "email_link", reason: null },
    ]);
    const failed = await env.DIRECTORY.prepare(
      "SELECT count(*) AS n FROM sign_in_events WHERE event = 'sign_in_failed' AND reason = 'link_invalid'",
    ).first<{ n: number }>();
    expect(failed!.n).toBeGreaterThan(0);
  });

  it("refuses an expired link, and a made-up one", async () => {
    const b = new Browser();
    const email = `late${Date.now()}@example.se`;
    await b.post("/sign-in", { email });
    const token = await linkTokenFor(email);
    await env.DIRECTORY.prepare("UPDATE sign_in_links SET expires_at_ms = ? WHERE email = ?")
      .bind(nowMs() - 1, email)
      .run();
    expect((await b.post("/sign-in/link", { token })).status).toBe(400);
    expect((await b.post("/sign-in/link", { token: "x".repeat(40) })).status).toBe(400);
    expect((await b.post("/sign-in/link", { token: "<script>" })).status).toBe(400);
    expect(b.cookie("__Host-session")).toBeUndefined();
  });

  it("refuses a form without the CSRF token, with another token, or from another origin", async () => {
    const b = new Browser();
    await b.get("/sign-in");
    const email = `csrf${Date.now()}@example.se`;
    expect((await b.post("/sign-in", { email, csrf: "" })).status).toBe(403);
    expect((await b.post("/sign-in", { email, csrf: "A".repeat(32) })).status).toBe(403);
    const cross = await b.post("/sign-in", { email }, { Origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(cross.text).toContain("CSRF_CHECK_FAILED");
    expect(await mailbox(email)).toHaveLength(0);
    // a signed-in person's forms alike: a cross-site sign-out or key creation does nothing
    const { session } = await signIn(b);
    expect((await b.post("/dashboard/keys", { name: "x", mode: "test", scopes: "*", csrf: "" })).status).toBe(403);
    expect((await b.post("/sign-out", {}, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await call("GET", "/api/v1/me", { key: session })).status).toBe(200);
  });

  it("limits links asked for one address to 3 a minute (429 with Retry-After)", async () => {
    const email = `many${Date.now()}@example.se`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await new Browser().post("/sign-in", { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailbox(email)).toHaveLength(3);
  });

  it("asks an enrolled person for the TOTP code after the link; a wrong code is refused and in the trail", async () => {
    const b = new Browser();
    const { email, session } = await signIn(b);
    const enrol = await b.post("/dashboard/mfa");
    expect(enrol.status).toBe(200);
    expect(enrol.text).toContain("<svg");
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(enrol.text)![1];
    expect((await b.post("/sign-out")).status).toBe(303);
    expect((await call("GET", "/api/v1/me", { key: session })).status).toBe(401);

    const c = new Browser();
    await c.post("/sign-in", { email });
    const used = await c.post("/sign-in/link", { token: await linkTokenFor(email), next: "/dashboard/keys" });
    expect(used.status).toBe(303);
    expect(used.location).toBe("/sign-in/code?next=%2Fdashboard%2Fkeys");
    expect(c.cookie("__Host-session")).toBeUndefined();
    const wrong = await c.post("/sign-in/code", {
      code: "000000" === (await totp(base32Decode(secret)!, nowMs())) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain("MFA_REQUIRED");
    const right = await c.post("/sign-in/code", {
      code: await totp(base32Decode(secret)!, nowMs()),
      next: "/dashboard/keys",
    });
    expect(right.status).toBe(303);
    expect(right.location).toBe("/dashboard/keys");
    expect(c.cookie("__Host-session")).toMatch(/^service_ss_/);
    expect((await trail(email)).map((e) => `${e.event}:${e.method}:${e.reason ?? ""}`)).toEqual([
      "link_sent:email_link:",
      "signed_in:email_link:",
      "signed_out:session:",
      "link_sent:email_link:",
      "sign_in_failed:totp:code_invalid",
      "signed_in:totp:",
    ]);
  });

  it("never redirects after sign-in to another site (open redirect)", async () => {
    for (const next of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const b = new Browser();
      const email = `n${Date.now()}${Math.random().toString(36).slice(2)}@example.se`;
      await b.post("/sign-in", { email, next });
      const used = await b.post("/sign-in/link", { token: await linkTokenFor(email), next });
      expect(used.location).toBe("/dashboard");
    }
  });
});

describe("the dashboard", () => {
  it("sends a visitor without a session to sign-in, and back afterwards", async () => {
    const b = new Browser();
    const res = await b.get("/dashboard/keys");
    expect(res.status).toBe(303);
    expect(res.location).toBe("/sign-in?next=%2Fdashboard%2Fkeys");
  });

  it("creates a company and a test key (shown once) that works, then revokes it; every page in Swedish and English", async () => {
    const b = new Browser();
    await signIn(b);
    const sv = await b.fetch("/dashboard", { headers: { "Accept-Language": "sv-SE,sv;q=0.9" } });
    expect(sv.text).toContain('<html lang="sv">');
    expect(sv.text).toContain("Dina företag");
    const en = await b.get("/dashboard?lang=en");
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain("Your companies");
    expect(en.headers.get("X-Frame-Options")).toBe("DENY");

    const made = await b.post("/dashboard/companies", {
      name: "Sandlåda Test AB",
      entity_type: "aktiebolag",
      f_skatt: "true",
      kind: "sandbox",
    });
    expect(made.status).toBe(303);
    const companyId = /\/dashboard\/companies\/([0-9a-f-]{36})/.exec(made.location!)![1];
    const page = await b.get(made.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sandlåda Test AB");

    const created = await b.post("/dashboard/keys", {
      name: "CI",
      mode: "test",
      scopes: ["companies:read", "reports:read"],
      unattended_commit_limit: "500",
    });
    expect(created.status).toBe(200);
    const key = /id="new-key">(service_sk_test_[0-9A-Za-z]+)</.exec(created.text)![1];
    const listed = await call("GET", `/api/v1/companies/${companyId}`, { key });
    expect(listed.status).toBe(200);
    // shown once: the list page has only its prefix
    const again = await b.get("/dashboard/keys");
    expect(again.text).not.toContain(key);
    expect(again.text).toContain(key.slice(0, 20));
    const keys = await call("GET", "/api/v1/api-keys", { key: b.cookie("__Host-session") });
    const row = keys.body.data.find((k: any) => k.name === "CI");
    expect(row).toMatchObject({
      mode: "test",
      scopes: ["companies:read", "reports:read"],
      unattended_commit_limit: 500,
      revoked_at: null,
    });
    expect((await b.post(`/dashboard/keys/${row.id}/revoke`)).status).toBe(303);
    expect((await call("GET", `/api/v1/companies/${companyId}`, { key })).status).toBe(401);
  });

  it("refuses a live key without the person's second step, as the API does", async () => {
    const b = new Browser();
    await signIn(b);
    const res = await b.post("/dashboard/keys", { name: "Live", mode: "live", scopes: "*" });
    expect(res.status).toBe(403);
    expect(res.text).toContain("MFA_REQUIRED");
  });

  it("lists the person's sessions and signs one out at once", async () => {
    const a = new Browser();
    const { email } = await signIn(a);
    const b = new Browser();
    await b.post("/sign-in", { email });
    await b.post("/sign-in/link", { token: await linkTokenFor(email) });
    const sessions = await call("GET", "/api/v1/sessions", { key: a.cookie("__Host-session") });
    expect(sessions.body.data).toHaveLength(2);
    const other = sessions.body.data.find((s: any) => !s.current);
    expect((await a.post(`/dashboard/sessions/${other.id}/revoke`)).status).toBe(303);
    expect((await b.get("/dashboard")).status).toBe(303);
    expect((await a.get("/dashboard")).status).toBe(200);
  });

  it("answers the account's routes only to a session: an API key is refused 403 SESSION_REQUIRED", async () => {
    const actor = await newActor({ mode: "test" });
    for (const [method, path] of [
      ["GET", "/api/v1/me"],
      ["POST", "/api/v1/api-keys"],
      ["GET", "/api/v1/sessions"],
      ["POST", "/api/v1/me/mfa"],
    ]) {
      const res = await call(method, path, {
        key: actor.key,
        body: method === "POST" ? { name: "x", mode: "test", scopes: ["*"] } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe("SESSION_REQUIRED");
    }
  });

  it("shows a sandbox company's webhooks and resets the sandbox through the API", async () => {
    const b = new Browser();
    await signIn(b);
    const made = await b.post("/dashboard/sandbox");
    expect(made.status).toBe(303);
    const page = await b.get(made.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Webhooks");
    const companyId = /([0-9a-f-]{36})$/.exec(made.location!)![1];
    const reset = await b.post(`/dashboard/companies/${companyId}/sandbox/reset`);
    expect(reset.status).toBe(303);
    expect(reset.location).not.toContain(companyId);
    expect((await b.get(`/dashboard/companies/${companyId}`)).text).toContain("NOT_FOUND");
  });
});
