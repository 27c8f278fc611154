// Where the local service is and how to reach its admin API, for the developer scripts
// (npm run webhooks:listen, npm run demo). The same rules as scripts/admin.mjs:
// --url, else PORT, else the running npm start (.wrangler/dev-server.json), else 8787;
// ADMIN_TOKEN from the environment or .dev.vars.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./node.mjs";

/** Where the service is, and where that answer came from (for messages). */
export function serviceAddressWithSource(url) {
  if (url) return { base: url.replace(/\/+$/, ""), from: "--url" };
  if (process.env.PORT) return { base: `http://127.0.0.1:${process.env.PORT}`, from: "PORT" };
  const file = join(projectRoot, ".wrangler", "dev-server.json");
  if (existsSync(file)) {
    try {
      const { url: running, pid } = JSON.parse(readFileSync(file, "utf8"));
      process.kill(pid, 0); // throws when that npm start is gone
      return { base: running.replace(/\/+$/, ""), from: "the running npm start (.wrangler/dev-server.json)" };
    } catch {
      // a stale file from a server that has stopped
    }
  }
  return { base: "http://127.0.0.1:8787", from: "the default (no --url, no PORT, no running npm start found)" };
}

export function serviceAddress(url) {
  return serviceAddressWithSource(url).base;
}

export function devVar(name) {
  if (process.env[name]) return process.env[name];
  const file = join(projectRoot, ".dev.vars");
  if (!existsSync(file)) return undefined;
  const m = new RegExp(`^${name}\\s*=\\s*"?([^"\\n]*)"?`, "m").exec(readFileSync(file, "utf8"));
  return m ? m[1] : undefined;
}

/**
 * A small JSON client: an Idempotency-Key on every write (the same on its retries),
 * retries on 429 and 5xx honouring Retry-After, and an Error with the service's code
 * and message on a refusal.
 */
export function apiClient(base, token, { onWait } = {}) {
  return async function api(method, path, body, extraHeaders = {}) {
    const headers = {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(method !== "GET" ? { "Idempotency-Key": crypto.randomUUID() } : {}),
      ...extraHeaders,
    };
    for (let attempt = 0; ; attempt++) {
      let res;
      try {
        res = await fetch(base + path, {
          method,
          headers,
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
      } catch (err) {
        throw new Error(
          `cannot reach ${base}: ${err.cause?.code ?? err.message}. Is npm start running? Give --url or PORT for another address.`,
        );
      }
      const text = await res.text();
      if ((res.status === 429 || res.status >= 500) && attempt < 8) {
        const wait = res.headers.get("Retry-After")
          ? Number(res.headers.get("Retry-After")) * 1000
          : 500 * 2 ** attempt;
        onWait?.(res.status, wait);
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      const json = text ? JSON.parse(text) : null;
      if (!res.ok) {
        const e = json?.error;
        const err = new Error(
          `${method} ${path}: ${res.status} ${e?.code ?? ""} ${e?.message_en ?? text}${e?.details ? ` ${JSON.stringify(e.details)}` : ""}`,
        );
        err.code = e?.code;
        err.details = e?.details;
        throw err;
      }
      return json;
    }
  };
}
