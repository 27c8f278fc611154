// A small browser for the service's own pages in the tests: a cookie jar, a client address of its
// own (the sign-in rate limits count per address), same-origin Origin headers, no redirects followed.
import { SELF } from "cloudflare:test";
import { BASE } from "../helpers";

let seq = 0;

export class Browser {
  readonly jar = new Map<string, string>();
  readonly ip = `198.51.${Math.floor(Math.random() * 200)}.${(++seq % 250) + 1}`;

  constructor(readonly origin = BASE) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {
      "CF-Connecting-IP": this.ip,
      "User-Agent": "test-browser",
      ...(init.headers ?? {}),
    };
    if (this.jar.size) headers.Cookie = [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
    const res = await SELF.fetch(path.startsWith("http") ? path : BASE + path, {
      ...init,
      headers,
      redirect: "manual",
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair, ...attrs] = set.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      if (attrs.some((a) => a.trim() === "Max-Age=0") || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, text, location: res.headers.get("Location"), headers: res.headers };
  }

  get(path: string) {
    return this.fetch(path);
  }

  /** A form POST as the page sends it: the CSRF field from the cookie unless given, Origin this origin. */
  async post(path: string, fields: Record<string, string | string[]> = {}, headers: Record<string, string> = {}) {
    if (!this.jar.has("__Host-csrf")) await this.get("/sign-in");
    const body = new URLSearchParams();
    if (!("csrf" in fields)) body.append("csrf", this.jar.get("__Host-csrf") ?? "");
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    return this.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin, ...headers },
      body: body.toString(),
    });
  }
}

export async function mailbox(to: string): Promise<any[]> {
  return ((await fetch("https://mail.test/__messages").then((r) => r.json())) as any[]).filter(
    (m) => m.to[0].email === to,
  );
}

/** The token of the newest sign-in link mailed to the address. */
export async function linkTokenFor(to: string): Promise<string> {
  const mails = await mailbox(to);
  const m = /\/sign-in\/link\?token=([0-9A-Za-z]+)/.exec(mails.at(-1)?.text ?? "");
  if (!m) throw new Error(`no sign-in link for ${to}`);
  return m[1];
}

/** Signs a new person in by email link: the browser holds the session afterwards. */
export async function signIn(b: Browser, email = `p${Date.now()}${Math.random().toString(36).slice(2)}@example.se`) {
  const asked = await b.post("/sign-in", { email, name: "Person Test" });
  if (asked.status !== 200) throw new Error(`link: ${asked.status} ${asked.text.slice(0, 300)}`);
  const used = await b.post("/sign-in/link", { token: await linkTokenFor(email) });
  if (used.status !== 303) throw new Error(`use: ${used.status} ${used.text.slice(0, 300)}`);
  return { email, session: b.cookie("__Host-session")!, location: used.location };
}
