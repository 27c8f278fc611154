// Answers of the service's pages: the page in the reader's language with its security headers, and
// a refusal as a page (the API's catalogue text in that language) instead of the API's envelope.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError } from "../../../errors/api-error";
import { ERROR_CATALOGUE } from "../../../errors/catalogue";
import type { AppEnv } from "../../../http/context";
import { html, type Html, type Lang, LANG_COOKIE, page, pageLang, setCookie, translator, type Tr } from "./html";
import { csrfToken, type PageSession } from "./session";

/** No framing (the consent page must not be clickjacked), scripts only from this origin, no caching. */
export function pageHeaders(c: Context<AppEnv>): void {
  c.header(
    "Content-Security-Policy",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
  );
  c.header("X-Frame-Options", "DENY");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "same-origin");
  c.header("Cache-Control", "no-store");
}

export interface PageContext {
  lang: Lang;
  tr: Tr;
  csrf: string;
  session: PageSession | null;
}

export function pageContext(c: Context<AppEnv>, session: PageSession | null): PageContext {
  const lang = pageLang(c);
  if (c.req.query("lang") === lang) setCookie(c, LANG_COOKIE, lang, 365 * 86400);
  return { lang, tr: translator(lang), csrf: csrfToken(c), session };
}

export function renderPage(
  c: Context<AppEnv>,
  p: PageContext,
  title: string,
  body: Html,
  status: ContentfulStatusCode = 200,
): Response {
  pageHeaders(c);
  const url = new URL(c.req.url);
  url.searchParams.delete("lang");
  const path = `${url.pathname}${url.search}`;
  return c.html(page({ title, lang: p.lang, user: p.session?.email ?? null, body, path, csrf: p.csrf }), status);
}

/** A refusal shown as a page: the catalogue's text in the reader's language, its code, and a way on. */
export function renderRefusal(c: Context<AppEnv>, p: PageContext, err: unknown, back: string): Response {
  if (!(err instanceof ApiError)) throw err;
  const entry = ERROR_CATALOGUE[err.code];
  const text = p.lang === "sv" ? (err.texts?.sv ?? entry.sv) : err.message;
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return renderPage(
    c,
    p,
    p.tr("Det gick inte", "That did not work"),
    html`<div class="error" role="alert"><p>${text}</p><p class="muted"><code>${err.code}</code></p></div>
      <p><a href="${back}">${p.tr("Tillbaka", "Back")}</a></p>`,
    err.status as ContentfulStatusCode,
  );
}

/** A form's fields as strings (a repeated field: its values joined by the caller through `all`). */
export async function formOf(c: Context<AppEnv>): Promise<{ get(name: string): string; all(name: string): string[] }> {
  const type = c.req.header("Content-Type") ?? "";
  const form =
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
      ? await c.req.formData()
      : new FormData();
  return {
    get: (name) => {
      const v = form.get(name);
      return typeof v === "string" ? v : "";
    },
    all: (name) => form.getAll(name).filter((v): v is string => typeof v === "string"),
  };
}
