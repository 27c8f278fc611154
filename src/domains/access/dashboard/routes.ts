// The dashboard (docs/sign-in-and-oauth.md): server-rendered pages over the API. Every read and
// every action is a call of the app's own routes with the session as the bearer (./api.ts); a
// form POST is checked for CSRF first (web/session.ts). Without a session a page leads to /sign-in.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../http/context";
import { randomToken } from "../../../http/crypto";
import { ApiError } from "../../../errors/api-error";
import { Html, html } from "../web/html";
import { formOf, pageContext, type PageContext, renderPage } from "../web/render";
import { checkCsrf, currentSession, type PageSession } from "../web/session";
import { type Api, type ApiAnswer, apiFor } from "./api";
import { companiesView, companyView, deliveriesView, keysView, securityView } from "./views";

interface Signed {
  p: PageContext;
  session: PageSession;
  api: Api;
}

/** The page's session and API caller, or a redirect to sign-in. */
async function signedIn(app: OpenAPIHono<AppEnv>, c: Context<AppEnv>): Promise<Signed | Response> {
  const session = await currentSession(c);
  const p = pageContext(c, session);
  if (!session) {
    const here = new URL(c.req.url);
    return c.redirect(`/sign-in?next=${encodeURIComponent(`${here.pathname}${here.search}`)}`, 303);
  }
  return { p, session, api: apiFor(app, c, session) };
}

/** A refusal of the API, shown on the page it came from. */
function failed(p: PageContext, a: ApiAnswer): Html {
  const text = a.error ? (p.lang === "sv" ? a.error.message : a.error.message_en) : `HTTP ${a.status}`;
  return html`<div class="error" role="alert"><p>${text}</p><p class="muted"><code>${a.error?.code ?? a.status}</code></p></div>`;
}

/** Where "back" leads: the page the form was on when it is this service's, else the dashboard. */
function sameOriginOr(back: string | undefined, here: string): string {
  try {
    return back && new URL(back).origin === new URL(here).origin ? back : "/dashboard";
  } catch {
    return "/dashboard";
  }
}

const ok = (a: ApiAnswer) => a.status >= 200 && a.status < 300;

/** A page: GET renders; the page's own POSTs (below) render it again with a notice or an error. */
function pager(app: OpenAPIHono<AppEnv>) {
  const page = (
    path: string,
    title: (p: PageContext) => string,
    body: (s: Signed, c: Context<AppEnv>) => Promise<Html | { title: string; body: Html }>,
  ) => {
    app.get(path, async function dashboardPage(c) {
      const s = await signedIn(app, c);
      if (s instanceof Response) return s;
      const made = await body(s, c);
      return made instanceof Html ? renderPage(c, s.p, title(s.p), made) : renderPage(c, s.p, made.title, made.body);
    });
  };

  return page;
}

/** A form POST: CSRF, then the action; an answer to show (a key once), or a redirect back. */
function actor(app: OpenAPIHono<AppEnv>) {
  const action = (
    path: string,
    run: (
      s: Signed,
      form: Awaited<ReturnType<typeof formOf>>,
      c: Context<AppEnv>,
    ) => Promise<string | { show: Html; title: string } | ApiAnswer>,
  ) => {
    app.post(path, async function dashboardAction(c) {
      const s = await signedIn(app, c);
      if (s instanceof Response) return s;
      const form = await formOf(c);
      checkCsrf(c, form.get("csrf"));
      const done = await run(s, form, c);
      if (typeof done === "string") return c.redirect(done, 303);
      if ("show" in done) return renderPage(c, s.p, done.title, done.show);
      const back = c.req.header("Referer");
      return renderPage(
        c,
        s.p,
        s.p.tr("Det gick inte", "That did not work"),
        html`${failed(s.p, done)}<p><a href="${sameOriginOr(back, c.req.url)}">${s.p.tr("Tillbaka", "Back")}</a></p>`,
        done.status >= 400 && done.status < 600 ? (done.status as 400) : 400,
      );
    });
  };
  return action;
}

/** A company's page: its facts, members and webhooks (and a new webhook's secret, once). */
async function companyPage({ p, api, session }: Signed, c: Context<AppEnv>, secret: unknown = null) {
  const id = c.req.param("id") ?? "";
  const company = await api("GET", `/api/v1/companies/${id}`);
  if (!ok(company)) return failed(p, company);
  const [members, webhooks] = await Promise.all([
    api("GET", `/api/v1/companies/${id}/members`),
    api("GET", `/api/v1/companies/${id}/webhooks`),
  ]);
  return {
    title: String(company.data.name),
    body: companyView(p, {
      company: company.data,
      members: members.data ?? [],
      webhooks: webhooks.data?.webhooks ?? [],
      secret,
      me: session.userId,
    }),
  };
}

export function registerDashboardRoutes(app: OpenAPIHono<AppEnv>) {
  registerCompanyPages(app);
  registerWebhookPages(app);
  registerKeyPages(app);
  registerSecurityPages(app);
}

/** Companies, a company's members, webhooks and deliveries, the sandbox. */
function registerCompanyPages(app: OpenAPIHono<AppEnv>) {
  const page = pager(app);
  const action = actor(app);
  page(
    "/dashboard",
    (p) => p.tr("Dina företag", "Your companies"),
    async ({ p, api }) => {
      const [live, sandbox] = await Promise.all([
        api("GET", "/api/v1/companies?limit=100"),
        api("GET", "/api/v1/companies?limit=100", { sandbox: true }),
      ]);
      return companiesView(p, live.data ?? [], sandbox.data ?? []);
    },
  );

  action("/dashboard/companies", async ({ api }, form) => {
    const moms = form.get("moms_period");
    const res = await api("POST", "/api/v1/companies", {
      sandbox: form.get("kind") === "sandbox",
      body: {
        name: form.get("name"),
        entity_type: form.get("entity_type"),
        ...(form.get("org_number") ? { org_number: form.get("org_number") } : {}),
        vat_registered: !!moms,
        ...(moms ? { moms_period: moms } : {}),
        f_skatt: form.get("f_skatt") === "true",
      },
    });
    return ok(res) ? `/dashboard/companies/${res.data.id}` : res;
  });

  action("/dashboard/sandbox", async ({ api }) => {
    const res = await api("POST", "/api/v1/sandbox/companies", { sandbox: true });
    return ok(res) ? `/dashboard/companies/${res.data.company.id}` : res;
  });

  page("/dashboard/companies/:id", (p) => p.tr("Företaget", "The company"), companyPage);

  action("/dashboard/companies/:id/members/:userId", async ({ api }, form, c) => {
    const res = await api("PATCH", `/api/v1/companies/${c.req.param("id")}/members/${c.req.param("userId")}`, {
      body: { role: form.get("role") },
      idempotencyKey: randomToken(24),
    });
    return ok(res) ? `/dashboard/companies/${c.req.param("id")}` : res;
  });
  action("/dashboard/companies/:id/members/:userId/remove", async ({ api }, _f, c) => {
    const res = await api("DELETE", `/api/v1/companies/${c.req.param("id")}/members/${c.req.param("userId")}`, {
      idempotencyKey: randomToken(24),
    });
    return ok(res) ? `/dashboard/companies/${c.req.param("id")}` : res;
  });
}

/** A company's webhooks, their deliveries, a test event and a retry. */
function registerWebhookPages(app: OpenAPIHono<AppEnv>) {
  const page = pager(app);
  const action = actor(app);
  action("/dashboard/companies/:id/webhooks", async (s, form, c) => {
    const res = await s.api("POST", `/api/v1/companies/${c.req.param("id")}/webhooks`, {
      body: { name: form.get("name"), event_type: form.get("event_type"), webhook_url: form.get("webhook_url") },
      idempotencyKey: randomToken(24),
    });
    if (!ok(res)) return res;
    const shown = await companyPage(s, c, res.data);
    return shown instanceof Html
      ? { title: s.p.tr("Webhook skapad", "Webhook created"), show: shown }
      : { title: shown.title, show: shown.body };
  });
  page(
    "/dashboard/companies/:id/webhooks/:webhookId",
    (p) => p.tr("Webhookens leveranser", "The webhook's deliveries"),
    async ({ p, api }, c) => {
      const base = `/api/v1/companies/${c.req.param("id")}/webhooks/${c.req.param("webhookId")}`;
      const [webhook, deliveries] = await Promise.all([api("GET", base), api("GET", `${base}/deliveries?limit=50`)]);
      if (!ok(webhook)) return failed(p, webhook);
      return deliveriesView(p, c.req.param("id") ?? "", webhook.data, deliveries.data ?? []);
    },
  );
  action("/dashboard/companies/:id/webhooks/:webhookId/test", async ({ api }, _f, c) => {
    const res = await api("POST", `/api/v1/companies/${c.req.param("id")}/webhooks/${c.req.param("webhookId")}/test`);
    return ok(res) ? `/dashboard/companies/${c.req.param("id")}/webhooks/${c.req.param("webhookId")}` : res;
  });
  action("/dashboard/companies/:id/deliveries/:deliveryId/retry", async ({ api }, _f, c) => {
    const res = await api("POST", `/api/v1/webhook-deliveries/${c.req.param("deliveryId")}/retry`);
    const webhook = c.req.query("webhook");
    const back = webhook && /^[0-9a-f-]{36}$/.test(webhook) ? `/webhooks/${webhook}` : "";
    return ok(res) ? `/dashboard/companies/${c.req.param("id")}${back}` : res;
  });
  action("/dashboard/companies/:id/sandbox/reset", async ({ api }, _f, c) => {
    const res = await api("POST", `/api/v1/companies/${c.req.param("id")}/sandbox/reset`);
    return ok(res) ? `/dashboard/companies/${res.data.company.id}` : res;
  });
}

/** API keys. */
function registerKeyPages(app: OpenAPIHono<AppEnv>) {
  const page = pager(app);
  const action = actor(app);
  const keysPage = async ({ p, api }: Signed, created: unknown = null) => {
    const [keys, me] = await Promise.all([api("GET", "/api/v1/api-keys"), api("GET", "/api/v1/me")]);
    return keysView(p, keys.data ?? [], created, !!me.data?.mfa_enrolled);
  };
  page(
    "/dashboard/keys",
    (p) => p.tr("API-nycklar", "API keys"),
    (s) => keysPage(s),
  );
  action("/dashboard/keys", async (s, form) => {
    const limit = form.get("unattended_commit_limit");
    const res = await s.api("POST", "/api/v1/api-keys", {
      body: {
        name: form.get("name"),
        mode: form.get("mode"),
        scopes: form.all("scopes"),
        ...(limit ? { unattended_commit_limit: Number(limit) } : {}),
      },
      mfa: form.get("mfa") || undefined,
    });
    if (!ok(res)) return res;
    return { title: s.p.tr("API-nycklar", "API keys"), show: await keysPage(s, res.data) };
  });
  action("/dashboard/keys/:id/revoke", async ({ api }, _f, c) => {
    const res = await api("DELETE", `/api/v1/api-keys/${c.req.param("id")}`);
    return ok(res) ? "/dashboard/keys" : res;
  });
}

/** The authenticator, passkeys, sessions and granted apps. */
function registerSecurityPages(app: OpenAPIHono<AppEnv>) {
  const page = pager(app);
  const action = actor(app);
  const securityPage = async ({ p, api }: Signed, enrolled: unknown = null) => {
    const [me, passkeys, sessions, grants, live, sandbox] = await Promise.all([
      api("GET", "/api/v1/me"),
      api("GET", "/api/v1/passkeys"),
      api("GET", "/api/v1/sessions"),
      api("GET", "/api/v1/oauth-grants"),
      api("GET", "/api/v1/companies?limit=100"),
      api("GET", "/api/v1/companies?limit=100", { sandbox: true }),
    ]);
    const names = new Map<string, string>(
      [...(live.data ?? []), ...(sandbox.data ?? [])].map((x: { id: string; name: string }) => [x.id, x.name]),
    );
    return securityView(p, {
      me: me.data,
      passkeys: passkeys.data ?? [],
      sessions: sessions.data ?? [],
      grants: grants.data ?? [],
      enrolled,
      companies: names,
    });
  };
  page(
    "/dashboard/security",
    (p) => p.tr("Säkerhet", "Security"),
    (s) => securityPage(s),
  );
  action("/dashboard/mfa", async (s, form) => {
    const res = await s.api("POST", "/api/v1/me/mfa", { mfa: form.get("mfa") || undefined });
    if (!ok(res)) return res;
    return { title: s.p.tr("Säkerhet", "Security"), show: await securityPage(s, res.data) };
  });
  action("/dashboard/passkeys/:id/delete", async ({ api }, _f, c) => {
    const res = await api("DELETE", `/api/v1/passkeys/${encodeURIComponent(c.req.param("id") ?? "")}`);
    return ok(res) ? "/dashboard/security" : res;
  });
  action("/dashboard/sessions/:id/revoke", async ({ api, session }, _f, c) => {
    const res = await api("DELETE", `/api/v1/sessions/${c.req.param("id")}`);
    if (!ok(res)) return res;
    return c.req.param("id") === session.sessionId ? "/sign-in" : "/dashboard/security";
  });
  action("/dashboard/grants/:id/revoke", async ({ api }, _f, c) => {
    const res = await api("DELETE", `/api/v1/oauth-grants/${c.req.param("id")}`);
    return ok(res) ? "/dashboard/security" : res;
  });

  // the passkey ceremony's two calls, from the page's script (JSON, CSRF token in a header)
  for (const [path, target] of [
    ["/dashboard/passkeys/options", "/api/v1/passkeys/options"],
    ["/dashboard/passkeys", "/api/v1/passkeys"],
  ] as const) {
    app.post(path, async function passkeyCeremony(c) {
      checkCsrf(c, c.req.header("X-CSRF-Token"));
      const session = await currentSession(c);
      if (!session) throw new ApiError("UNAUTHORIZED");
      const body = target === "/api/v1/passkeys" ? await c.req.json().catch(() => ({})) : undefined;
      const res = await apiFor(app, c, session)("POST", target, { body });
      return c.json(res.error ? { error: res.error } : res.data, res.status as 200);
    });
  }
}
