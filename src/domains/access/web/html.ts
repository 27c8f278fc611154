// The service's own pages (sign-in, dashboard, OAuth consent): server-rendered HTML from template
// strings, no build step and no script a page needs except the passkey ceremonies. Plain and
// accessible: a skip link, labelled fields, visible focus, text contrast above 7:1, one <h1>.
import type { Context } from "hono";
import type { AppEnv } from "../../../http/context";

export type Lang = "sv" | "en";

/** A text in both languages; the page picks one. */
export type Tr = (sv: string, en: string) => string;

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Marks a string as HTML already escaped (a fragment built with `html`). */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A tagged template that escapes every value except Html fragments and arrays of them. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1];
  });
  return new Html(out);
}

function render(v: unknown): string {
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return v.map(render).join("");
  if (v === null || v === undefined || v === false) return "";
  return escapeHtml(v);
}

/** The language of the page: ?lang=, else the cookie the switch set, else Accept-Language (Swedish first). */
export function pageLang(c: Context<AppEnv>): Lang {
  const asked = c.req.query("lang");
  if (asked === "sv" || asked === "en") return asked;
  const kept = cookieOf(c, LANG_COOKIE);
  if (kept === "sv" || kept === "en") return kept;
  const accept = (c.req.header("Accept-Language") ?? "").toLowerCase();
  for (const part of accept.split(",")) {
    const tag = part.trim().slice(0, 2);
    if (tag === "sv" || tag === "en") return tag;
  }
  return "sv";
}

export const LANG_COOKIE = "__Host-lang";

export function translator(lang: Lang): Tr {
  return (sv, en) => (lang === "sv" ? sv : en);
}

/** One cookie of the request by name. */
export function cookieOf(c: Context<AppEnv>, name: string): string | null {
  for (const part of (c.req.header("Cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * A cookie of the service's pages: `__Host-` (Secure, Path=/, no Domain: only this origin sets or reads
 * it), SameSite=Lax (a cross-site POST carries none), HttpOnly unless a script must read it (none must).
 */
export function setCookie(c: Context<AppEnv>, name: string, value: string, maxAgeSeconds: number): void {
  c.header(
    "Set-Cookie",
    `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`,
    { append: true },
  );
}

const STYLE = `
:root{color-scheme:light;--ink:#111;--muted:#444;--line:#767676;--accent:#0b4f9c;--bad:#9b1c1c;--ok:#14532d}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
a{color:var(--accent)}a:focus,button:focus,input:focus,select:focus,summary:focus{outline:3px solid #f5a300;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px}
header{border-bottom:1px solid var(--line);padding:8px 16px;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
header nav{display:flex;gap:12px;flex-wrap:wrap}header .brand{font-weight:700;text-decoration:none;color:var(--ink)}
header .right{margin-left:auto;display:flex;gap:12px;align-items:center}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ccc;vertical-align:top}
form.inline{display:inline}label{display:block;font-weight:600;margin:.6rem 0 .2rem}
input[type=text],input[type=email],input[type=url],input[type=number],input:not([type]),select{
font:inherit;padding:6px 8px;border:1px solid var(--line);border-radius:4px;min-width:16rem;max-width:100%}
fieldset{border:1px solid #ccc;border-radius:4px;margin:.6rem 0}legend{font-weight:600}
.checks label{display:inline-flex;gap:4px;font-weight:400;margin:2px 12px 2px 0}
button,.button{
font:inherit;padding:6px 14px;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:#fff;
cursor:pointer;text-decoration:none;display:inline-block;white-space:nowrap}
button.secondary{background:#fff;color:var(--accent)}button.danger{background:var(--bad);border-color:var(--bad)}
.notice{border-left:4px solid var(--ok);background:#f0fdf4;padding:8px 12px;margin:1rem 0}
.error{border-left:4px solid var(--bad);background:#fef2f2;padding:8px 12px;margin:1rem 0}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#f4f4f4;padding:8px;border:1px solid #ccc}
.muted{color:var(--muted)}code{font-family:ui-monospace,monospace}
.qr svg{width:220px;height:220px}
`;

export interface PageOptions {
  title: string;
  lang: Lang;
  /** the signed-in user's email; null: a page before sign-in */
  user: string | null;
  body: Html;
  /** the path the language switch returns to */
  path: string;
  csrf?: string;
}

export function page(o: PageOptions): string {
  const tr = translator(o.lang);
  const other: Lang = o.lang === "sv" ? "en" : "sv";
  const sep = o.path.includes("?") ? "&" : "?";
  const nav = o.user
    ? html`<nav aria-label="${tr("Huvudmeny", "Main")}">
        <a href="/dashboard">${tr("Företag", "Companies")}</a>
        <a href="/dashboard/keys">${tr("API-nycklar", "API keys")}</a>
        <a href="/dashboard/security">${tr("Säkerhet", "Security")}</a>
      </nav>
      <div class="right">
        <span class="muted">${o.user}</span>
        <form class="inline" method="post" action="/sign-out">
          <input type="hidden" name="csrf" value="${o.csrf ?? ""}">
          <button class="secondary" type="submit">${tr("Logga ut", "Sign out")}</button>
        </form>`
    : html`<div class="right">`;
  return `<!doctype html>${html`<html lang="${o.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${o.title} · Bokföring API</title><style>${new Html(STYLE)}</style></head>
<body><a class="skip" href="#main">${tr("Hoppa till innehållet", "Skip to content")}</a>
<header><a class="brand" href="/dashboard">Bokföring API</a>${nav}
<a href="${`${o.path}${sep}lang=${other}`}" lang="${other}" hreflang="${other}">${other === "sv" ? "Svenska" : "English"}</a></div></header>
<main id="main"><h1>${o.title}</h1>${o.body}</main></body></html>`}`;
}
