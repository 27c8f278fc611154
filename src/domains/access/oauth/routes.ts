// The OAuth 2.1 endpoints and their discovery (docs/sign-in-and-oauth.md): RFC 8414 metadata,
// RFC 9728 protected-resource metadata for /mcp and the API, RFC 7591 registration, the
// authorization endpoint with its consent page, the token endpoint and RFC 7009 revocation.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { cors } from "hono/cors";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { API_SCOPES } from "../scopes";
import { html } from "../web/html";
import { formOf, pageContext, type PageContext, pageHeaders, renderPage, renderRefusal } from "../web/render";
import { checkCsrf, clientIp, currentSession } from "../web/session";
import {
  approve,
  type AuthorizeRequest,
  checkAuthorize,
  companiesOfUser,
  OAuthError,
  registerClient,
  revokeToken,
  tokenRequest,
  withParams,
} from "./commands";

/** The issuer: the service's public origin (never the request's Host when one is configured). */
export function issuerOf(c: Context<AppEnv>): string {
  return (c.env.PUBLIC_BASE_URL ?? new URL(c.req.url).origin).replace(/\/+$/, "");
}

/** The origins a `resource` may name: the issuer's and the one the request came to. */
function resourceOrigins(c: Context<AppEnv>): string[] {
  return [...new Set([issuerOf(c), new URL(c.req.url).origin])];
}

function oauthError(c: Context<AppEnv>, err: unknown): Response {
  if (!(err instanceof OAuthError)) throw err;
  return c.json({ error: err.error, error_description: err.description }, err.status, { "Cache-Control": "no-store" });
}

function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: [...API_SCOPES],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${issuer}/api/v1/docs`,
  };
}

function protectedResourceMetadata(issuer: string, resource: string) {
  return {
    resource,
    authorization_servers: [issuer],
    scopes_supported: [...API_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Bokföring API",
    resource_documentation: `${issuer}/api/v1/docs`,
  };
}

/** RFC 9728 §5.1 / MCP authorization: a 401 from /mcp names where to discover how to get a token. */
export function mcpChallenge(app: OpenAPIHono<AppEnv>) {
  app.use("/mcp", async (c, next) => {
    await next();
    // the pipeline has rendered the refusal by now (Hono answers a thrown error where it is thrown)
    if (c.res.status === 401)
      c.res.headers.set(
        "WWW-Authenticate",
        `Bearer resource_metadata="${issuerOf(c)}/.well-known/oauth-protected-resource/mcp"`,
      );
  });
}

function consentPage(
  c: Context<AppEnv>,
  p: PageContext,
  req: AuthorizeRequest,
  mine: Awaited<ReturnType<typeof companiesOfUser>>,
) {
  const { tr } = p;
  const redirectHost = new URL(req.redirectUri).host;
  const hidden = (name: string, value: string | null) =>
    value === null ? "" : html`<input type="hidden" name="${name}" value="${value}">`;
  const companyBoxes = mine.map(
    (m) => html`<label><input type="checkbox" name="company_id" value="${m.id}"> ${m.name}
      <span class="muted">(${m.isSandbox ? tr("sandlåda", "sandbox") : tr("skarp", "live")}, ${m.role})</span></label>`,
  );
  return renderPage(
    c,
    p,
    tr(`Ge ${req.client.name} åtkomst?`, `Give ${req.client.name} access?`),
    html`<p>${tr("Appen", "The app")} <strong>${req.client.name}</strong> ${tr(
      "vill använda tjänsten som du, med behörigheterna nedan, i de företag du väljer. Efter ditt svar skickas du till",
      "wants to use the service as you, with the permissions below, in the companies you choose. After you answer you are sent to",
    )} <strong>${redirectHost}</strong>.</p>
    <form method="post" action="/oauth/authorize">
      <input type="hidden" name="csrf" value="${p.csrf}">
      ${hidden("client_id", req.client.id)}${hidden("redirect_uri", req.redirectUri)}${hidden("state", req.state)}
      ${hidden("code_challenge", req.codeChallenge)}${hidden("code_challenge_method", "S256")}${hidden("response_type", "code")}
      ${hidden("scope", req.scopes.join(" "))}${hidden("resource", req.resource)}
      <fieldset><legend>${tr("Behörigheter", "Permissions")}</legend><ul>${req.scopes.map((s) => html`<li><code>${s}</code></li>`)}</ul></fieldset>
      <fieldset class="checks"><legend>${tr("Företag (alla skarpa eller alla sandlådor)", "Companies (all live or all sandbox)")}</legend>
        ${
          mine.length
            ? companyBoxes
            : html`<p>${tr("Du har inga företag än.", "You have no companies yet.")}
          <a href="/dashboard">${tr("Skapa ett", "Create one")}</a></p>`
        }
      </fieldset>
      <p><button type="submit" name="decision" value="allow">${tr("Tillåt", "Allow")}</button>
      <button type="submit" name="decision" value="deny" class="secondary">${tr("Neka", "Deny")}</button></p>
    </form>`,
  );
}

export function registerOAuthRoutes(app: OpenAPIHono<AppEnv>) {
  // discovery, registration, tokens and revocation are called by apps, from anywhere (no cookies)
  const open = cors({
    origin: "*",
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["Content-Type", "Authorization", "MCP-Protocol-Version"],
  });
  for (const path of ["/.well-known/*", "/oauth/register", "/oauth/token", "/oauth/revoke"]) app.use(path, open);

  app.get("/.well-known/oauth-authorization-server", function authorizationServer(c) {
    return c.json(authorizationServerMetadata(issuerOf(c)));
  });
  app.get("/.well-known/oauth-authorization-server/*", function authorizationServerOfPath(c) {
    return c.json(authorizationServerMetadata(issuerOf(c)));
  });
  app.get("/.well-known/openid-configuration", function openIdConfiguration(c) {
    return c.json(authorizationServerMetadata(issuerOf(c)));
  });
  app.get("/.well-known/oauth-protected-resource", function protectedApi(c) {
    return c.json(protectedResourceMetadata(issuerOf(c), `${issuerOf(c)}/api/v1`));
  });
  app.get("/.well-known/oauth-protected-resource/mcp", function protectedMcp(c) {
    return c.json(protectedResourceMetadata(issuerOf(c), `${issuerOf(c)}/mcp`));
  });
  app.get("/.well-known/oauth-protected-resource/api/v1", function protectedApiOfPath(c) {
    return c.json(protectedResourceMetadata(issuerOf(c), `${issuerOf(c)}/api/v1`));
  });

  app.post("/oauth/register", async function registerOAuthClient(c) {
    try {
      const body = await c.req.json().catch(() => null);
      return c.json(await registerClient(c.env, body, clientIp(c)), 201, { "Cache-Control": "no-store" });
    } catch (err) {
      return oauthError(c, err);
    }
  });

  app.get("/oauth/authorize", async function authorize(c) {
    const p = pageContext(c, await currentSession(c));
    const check = await checkAuthorize(c.env, (n) => c.req.query(n), issuerOf(c), resourceOrigins(c));
    if ("fatal" in check) return refusedRequest(c, p, check.fatal);
    if ("redirect" in check) return c.redirect(check.redirect, 302);
    if (!p.session) {
      const here = new URL(c.req.url);
      return c.redirect(`/sign-in?next=${encodeURIComponent(`${here.pathname}${here.search}`)}`, 302);
    }
    return consentPage(c, p, check.ok, await companiesOfUser(c.env, p.session.userId));
  });

  app.post("/oauth/authorize", async function consent(c) {
    const p = pageContext(c, await currentSession(c));
    try {
      const form = await formOf(c);
      checkCsrf(c, form.get("csrf"));
      if (!p.session) throw new ApiError("UNAUTHORIZED");
      const check = await checkAuthorize(c.env, (n) => form.get(n) || undefined, issuerOf(c), resourceOrigins(c));
      if ("fatal" in check) return refusedRequest(c, p, check.fatal);
      if ("redirect" in check) return c.redirect(check.redirect, 303);
      const req = check.ok;
      if (form.get("decision") !== "allow")
        return c.redirect(
          withParams(req.redirectUri, { error: "access_denied", state: req.state, iss: issuerOf(c) }),
          303,
        );
      const mine = await companiesOfUser(c.env, p.session.userId);
      const code = await approve(c.env, p.session.userId, req, form.all("company_id"), mine);
      return c.redirect(withParams(req.redirectUri, { code, state: req.state, iss: issuerOf(c) }), 303);
    } catch (err) {
      return renderRefusal(c, p, err, "/dashboard");
    }
  });

  app.post("/oauth/token", async function token(c) {
    try {
      const form = await formOf(c);
      return c.json(await tokenRequest(c.env, form.get), 200, { "Cache-Control": "no-store", Pragma: "no-cache" });
    } catch (err) {
      return oauthError(c, err);
    }
  });

  app.post("/oauth/revoke", async function revoke(c) {
    const form = await formOf(c);
    await revokeToken(c.env, form.get);
    return c.body(null, 200);
  });
}

/** An authorization request that cannot be answered to its client: shown to the user, never redirected. */
function refusedRequest(c: Context<AppEnv>, p: PageContext, reason: "unknown_client" | "redirect_uri_mismatch") {
  pageHeaders(c);
  const text =
    reason === "unknown_client"
      ? p.tr("Appen är inte registrerad hos tjänsten.", "The app is not registered with the service.")
      : p.tr(
          "Adressen appen vill skicka dig till är inte en av dem den registrerat. Du skickas inte vidare.",
          "The address the app wants to send you to is not one it registered. You are not sent on.",
        );
  return renderPage(
    c,
    p,
    p.tr("Ogiltig begäran", "Invalid request"),
    html`<div class="error" role="alert"><p>${text}</p><p class="muted"><code>${reason}</code></p></div>`,
    400,
  );
}
