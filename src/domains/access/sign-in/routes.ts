// The sign-in pages (docs/sign-in-and-oauth.md): /sign-in asks for an address (or a passkey),
// the link in the email leads to a page whose button uses it (a mail scanner that follows links
// uses nothing), then the second step when the user enrolled one; /sign-out ends the session.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { revokeCredential } from "../account/commands";
import type { AppEnv } from "../../../http/context";
import { ApiError } from "../../../errors/api-error";
import { html } from "../web/html";
import { PASSKEY_SCRIPT } from "../web/passkey-script";
import { formOf, pageContext, renderPage, renderRefusal, type PageContext } from "../web/render";
import {
  checkCsrf,
  clientIp,
  currentSession,
  PENDING_COOKIE,
  safeNext,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "../web/session";
import { cookieOf, setCookie } from "../web/html";
import {
  type Client,
  type FirstStep,
  PENDING_TTL_MS,
  passkeySignIn,
  passkeySignInOptions,
  recordSignIn,
  requestLink,
  secondStep,
  useLink,
} from "./commands";

export function clientOf(c: Context<AppEnv>): Client {
  return { ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? "" };
}

/** The origin links in emails are built on: the configured public one, never the request's Host. */
export function publicBase(c: Context<AppEnv>): string {
  return (c.env.PUBLIC_BASE_URL ?? new URL(c.req.url).origin).replace(/\/+$/, "");
}

/** The WebAuthn relying party: the origin the browser shows, and its host name. */
export function relyingParty(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  return { origin: url.origin, rpID: url.hostname };
}

function signedIn(c: Context<AppEnv>, step: FirstStep, next: string): Response {
  if ("session" in step) {
    setCookie(c, SESSION_COOKIE, step.session, SESSION_TTL_MS / 1000);
    setCookie(c, PENDING_COOKIE, "", 0);
    return c.redirect(next, 303);
  }
  setCookie(c, PENDING_COOKIE, step.pending, PENDING_TTL_MS / 1000);
  return c.redirect(`/sign-in/code?next=${encodeURIComponent(next)}`, 303);
}

function signInForm(p: PageContext, next: string) {
  const { tr } = p;
  return html`<p>${tr(
    "Ange din e-postadress så skickar vi en inloggningslänk. Har du ingen användare skapas den när du använder länken.",
    "Enter your email address and we send you a sign-in link. If you have no user yet, it is made when you use the link.",
  )}</p>
    <form method="post" action="/sign-in">
      <input type="hidden" name="csrf" value="${p.csrf}"><input type="hidden" name="next" value="${next}">
      <label for="email">${tr("E-postadress", "Email address")}</label>
      <input id="email" name="email" type="email" autocomplete="email" required>
      <label for="name">${tr("Namn (vid första inloggningen)", "Name (at your first sign-in)")}</label>
      <input id="name" name="name" type="text" autocomplete="name" maxlength="200">
      <p><button type="submit">${tr("Skicka länk", "Send link")}</button></p>
    </form>
    <h2>${tr("Eller med nyckel (passkey)", "Or with a passkey")}</h2>
    <p><button type="button" class="secondary" data-passkey="sign-in" data-csrf="${p.csrf}" data-next="${next}">
      ${tr("Logga in med passkey", "Sign in with a passkey")}</button></p>
    <p id="passkey-status" role="status" aria-live="polite"></p>
    <script src="/assets/passkey.js" defer></script>`;
}

export function registerSignInRoutes(app: OpenAPIHono<AppEnv>) {
  registerAddressRoutes(app);
  registerLinkRoutes(app);
  registerStepRoutes(app);
}

/** The script, the root and the page that asks for an address. */
function registerAddressRoutes(app: OpenAPIHono<AppEnv>) {
  app.get("/assets/passkey.js", function passkeyScript(c) {
    return c.body(PASSKEY_SCRIPT, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    });
  });

  app.get("/", function root(c) {
    return c.redirect("/dashboard", 302);
  });

  app.get("/sign-in", async function signInPage(c) {
    const p = pageContext(c, await currentSession(c));
    const next = safeNext(c.req.query("next"));
    if (p.session) return c.redirect(next, 303);
    return renderPage(c, p, p.tr("Logga in", "Sign in"), signInForm(p, next));
  });

  app.post("/sign-in", async function askForLink(c) {
    const p = pageContext(c, null);
    try {
      const form = await formOf(c);
      checkCsrf(c, form.get("csrf"));
      const email = form.get("email").trim();
      if (!/^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/.test(email) || email.length > 200)
        throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "email", message: "not an email address" }] });
      const next = safeNext(form.get("next"));
      const { devLink } = await requestLink(
        c.env,
        { email, name: form.get("name").trim().slice(0, 200) || null, baseUrl: publicBase(c), lang: p.lang },
        clientOf(c),
      );
      const link = devLink ? `${devLink}&next=${encodeURIComponent(next)}` : null;
      return renderPage(
        c,
        p,
        p.tr("Titta i din e-post", "Check your email"),
        html`<p role="status">${p.tr(
          "Om adressen är rätt har vi skickat en länk. Den fungerar en gång, i 15 minuter.",
          "If the address is right, a link is on its way. It works once, for 15 minutes.",
        )}</p>
        ${
          link
            ? html`<div class="notice"><p>${p.tr("Utvecklingsläge, ingen e-posttjänst:", "Development mode, no mail API:")}</p>
          <p><a id="dev-link" href="${link}">${p.tr("Använd länken", "Use the link")}</a></p></div>`
            : ""
        }`,
      );
    } catch (err) {
      return renderRefusal(c, p, err, "/sign-in");
    }
  });
}

/** The link's page and its use. */
function registerLinkRoutes(app: OpenAPIHono<AppEnv>) {
  app.get("/sign-in/link", async function linkPage(c) {
    const p = pageContext(c, null);
    const token = c.req.query("token") ?? "";
    const next = safeNext(c.req.query("next"));
    return renderPage(
      c,
      p,
      p.tr("Logga in", "Sign in"),
      html`<form method="post" action="/sign-in/link">
        <input type="hidden" name="csrf" value="${p.csrf}"><input type="hidden" name="token" value="${token}">
        <input type="hidden" name="next" value="${next}">
        <p><button type="submit">${p.tr("Fortsätt och logga in", "Continue and sign in")}</button></p></form>`,
    );
  });

  app.post("/sign-in/link", async function useSignInLink(c) {
    const p = pageContext(c, null);
    try {
      const form = await formOf(c);
      checkCsrf(c, form.get("csrf"));
      return signedIn(c, await useLink(c.env, form.get("token"), clientOf(c)), safeNext(form.get("next")));
    } catch (err) {
      return renderRefusal(c, p, err, "/sign-in");
    }
  });
}

/** The second step, the passkey ceremony and signing out. */
function registerStepRoutes(app: OpenAPIHono<AppEnv>) {
  app.get("/sign-in/code", async function codePage(c) {
    const p = pageContext(c, null);
    const next = safeNext(c.req.query("next"));
    return renderPage(
      c,
      p,
      p.tr("Tvåstegsverifiering", "Two-step verification"),
      html`<form method="post" action="/sign-in/code">
        <input type="hidden" name="csrf" value="${p.csrf}"><input type="hidden" name="next" value="${next}">
        <label for="code">${p.tr("Koden i din autentiseringsapp", "The code in your authenticator app")}</label>
        <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required>
        <p><button type="submit">${p.tr("Logga in", "Sign in")}</button></p></form>`,
    );
  });

  app.post("/sign-in/code", async function proveCode(c) {
    const p = pageContext(c, null);
    try {
      const form = await formOf(c);
      checkCsrf(c, form.get("csrf"));
      const pending = cookieOf(c, PENDING_COOKIE) ?? "";
      const session = await secondStep(c.env, pending, form.get("code"), clientOf(c));
      return signedIn(c, { session }, safeNext(form.get("next")));
    } catch (err) {
      return renderRefusal(c, p, err, `/sign-in/code`);
    }
  });

  app.post("/sign-in/passkey/options", async function passkeyOptions(c) {
    checkCsrf(c, c.req.header("X-CSRF-Token"));
    return c.json(await passkeySignInOptions(c.env, relyingParty(c).rpID, clientOf(c)));
  });

  app.post("/sign-in/passkey", async function passkeyAnswer(c) {
    checkCsrf(c, c.req.header("X-CSRF-Token"));
    const body = (await c.req.json().catch(() => null)) as {
      challenge_id?: unknown;
      response?: unknown;
      next?: unknown;
    } | null;
    if (!body || typeof body.challenge_id !== "string" || typeof body.response !== "object" || !body.response)
      throw new ApiError("VALIDATION_ERROR", {
        fields: [{ path: "response", message: "a WebAuthn answer is required" }],
      });
    const session = await passkeySignIn(
      c.env,
      { challengeId: body.challenge_id, response: body.response as never },
      relyingParty(c),
      clientOf(c),
    );
    setCookie(c, SESSION_COOKIE, session, SESSION_TTL_MS / 1000);
    return c.json({ redirect: safeNext(typeof body.next === "string" ? body.next : null) });
  });

  app.post("/sign-out", async function signOut(c) {
    const p = pageContext(c, await currentSession(c));
    try {
      const form = await formOf(c);
      checkCsrf(c, form.get("csrf"));
      if (p.session) {
        await revokeCredential(c.env, p.session.userId, p.session.sessionId, "session");
        await recordSignIn(c.env, clientOf(c), { userId: p.session.userId, event: "signed_out", method: "session" });
      }
      setCookie(c, SESSION_COOKIE, "", 0);
      return c.redirect("/sign-in", 303);
    } catch (err) {
      return renderRefusal(c, p, err, "/dashboard");
    }
  });
}
