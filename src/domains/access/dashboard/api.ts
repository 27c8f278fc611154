// The dashboard acts only through the API (spec: everything the dashboard does is an API call):
// each page calls the app's own routes in-process with the session as the bearer, so the same
// scopes, roles, validation, second step, idempotency, audit and events apply as to any client.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { SESSION_MODE_HEADER } from "../../../http/auth";
import type { AppEnv } from "../../../http/context";
import { MFA_HEADER } from "../../../http/mfa";
import type { PageSession } from "../web/session";

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data, shaped by the route called
  data: any;
  error: Record<"code" | "message" | "message_en", string> | null;
}

export interface CallOptions {
  body?: unknown;
  /** for calls about no company: act on sandbox companies (X-Service-Mode: test) */
  sandbox?: boolean;
  mfa?: string;
  idempotencyKey?: string;
}

export type Api = (method: string, path: string, opts?: CallOptions) => Promise<ApiAnswer>;

/** A caller of the app's routes as the session's user. */
export function apiFor(app: OpenAPIHono<AppEnv>, c: Context<AppEnv>, session: PageSession): Api {
  let executionCtx: Context<AppEnv>["executionCtx"] | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    executionCtx = undefined;
  }
  return async (method, path, opts = {}) => {
    const headers = new Headers({ Authorization: `Bearer ${session.token}` });
    if (opts.body !== undefined) headers.set("Content-Type", "application/json");
    if (opts.sandbox) headers.set(SESSION_MODE_HEADER, "test");
    if (opts.mfa) headers.set(MFA_HEADER, opts.mfa);
    if (opts.idempotencyKey) headers.set("Idempotency-Key", opts.idempotencyKey);
    const request = new Request(new URL(path, c.req.url), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const res = await app.fetch(request, c.env, executionCtx);
    const json = (await res.json().catch(() => null)) as { data?: unknown; error?: ApiAnswer["error"] } | null;
    return { status: res.status, data: json?.data ?? null, error: json?.error ?? null };
  };
}
