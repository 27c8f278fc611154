// A typed client for the bookkeeping API: the types are generated from the service's
// OpenAPI document (src/schema.d.ts, `npm run client:generate`), the calls go through
// openapi-fetch. On top: the bearer key, an Idempotency-Key on every write (generated,
// or the one you pass), retries on 429/5xx with backoff, cursor pagination as an async
// iterator, and the webhook signature check.
import createFetchClient, { type Client, type MaybeOptionalInit } from "openapi-fetch";
import { withRetries, type FetchFn, type RetryOptions } from "./retry.ts";
import type { components, operations, paths } from "./schema";

export type { components, operations, paths };
export { isRetryableStatus, retryAfterMs, withRetries, type FetchFn, type RetryOptions } from "./retry.ts";
export { verifyWebhook, type VerifyWebhookArgs, type WebhookVerdict } from "./webhooks.ts";

export type ApiErrorBody = components["schemas"]["Error"]["error"];

/** A refusal of the service, with its catalogue code (GET /api/v1/errors). */
export class BokforingApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  readonly requestId: string | null;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body ? `${body.code}: ${body.message_en}` : `HTTP ${status}`);
    this.name = "BokforingApiError";
    this.status = status;
    this.code = body?.code ?? `HTTP_${status}`;
    this.details = body?.details ?? null;
    this.requestId = body?.request_id ?? null;
    this.body = body;
  }
}

export interface ClientOptions {
  /** the service origin, e.g. https://api.example.se or http://127.0.0.1:8787 (paths carry /api/v1) */
  baseUrl: string;
  /** service_sk_live_... or service_sk_test_... */
  apiKey: string;
  /** the transport; defaults to globalThis.fetch */
  fetch?: FetchFn;
  /** retry policy; `false` turns retries off */
  retry?: RetryOptions | false;
  /** makes the Idempotency-Key of a write that does not carry one; defaults to crypto.randomUUID() */
  idempotencyKey?: () => string;
  /**
   * Read your own writes (default true): the client keeps the latest `X-Service-Bookmark`
   * the service answered and sends it on every request, so a read after a write sees it
   * even when a database replica answers. `false` sends none (reads may lag a moment).
   */
  readYourWrites?: boolean;
}

export const BOOKMARK_HEADER = "X-Service-Bookmark";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths whose GET answers a page: `data` is an array and `meta.next_cursor` leads on. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends {
    get: { responses: { 200: { content: { "application/json": { data: unknown[] } } } } };
  }
    ? P
    : never;
}[keyof paths];

type ListGet<P extends ListPath> = paths[P] extends { get: infer G } ? G : never;
export type ListItem<P extends ListPath> =
  ListGet<P> extends { responses: { 200: { content: { "application/json": { data: (infer I)[] } } } } } ? I : never;

export interface BokforingClient extends Client<paths> {
  /**
   * Every item of a list, page after page (`meta.next_cursor`), fetched as you iterate.
   * `init` is what `GET` takes for the path; a cursor in it is where the walk starts.
   */
  paginate<P extends ListPath>(
    path: P,
    ...init: MaybeOptionalInit<paths[P], "get"> extends infer I ? (undefined extends I ? [I?] : [I]) : never
  ): AsyncGenerator<ListItem<P>, void, undefined>;
}

export function createClient(options: ClientOptions): BokforingClient {
  const transport: FetchFn = options.fetch ?? ((request) => globalThis.fetch(request));
  const makeKey = options.idempotencyKey ?? (() => crypto.randomUUID());
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: options.retry === false ? transport : withRetries(transport, options.retry),
  });
  // The key is set once, before the retrying transport: every attempt of one call
  // carries the same key, so a repeated write has exactly one effect.
  client.use({
    onRequest({ request }) {
      if (!WRITES.has(request.method) || request.headers.has("Idempotency-Key")) return undefined;
      const headers = new Headers(request.headers);
      headers.set("Idempotency-Key", makeKey());
      return new Request(request, { headers });
    },
  });

  if (options.readYourWrites !== false) client.use(bookmarkKeeper());

  async function* paginate(
    path: string,
    init?: { params?: { query?: Record<string, unknown> } & Record<string, unknown> } & Record<string, unknown>,
  ) {
    let cursor = init?.params?.query?.cursor as string | undefined;
    for (;;) {
      const query = { ...(init?.params?.query ?? {}), ...(cursor ? { cursor } : {}) };
      const page = await (
        client.GET as unknown as (
          p: string,
          i: unknown,
        ) => Promise<{
          data?: { data: unknown[]; meta: { next_cursor?: string | null } };
          error?: { error: ApiErrorBody };
          response: Response;
        }>
      )(path, {
        ...init,
        params: { ...(init?.params ?? {}), query },
      });
      if (!page.data) throw new BokforingApiError(page.response.status, page.error?.error ?? null);
      yield* page.data.data;
      cursor = page.data.meta.next_cursor ?? undefined;
      if (!cursor) return;
    }
  }

  return Object.assign(client, { paginate }) as unknown as BokforingClient;
}

/**
 * Keeps the latest bookmark of the answers and sends it with every request that does not
 * carry its own. A bookmark names its database ("LEDGER_2:..."): of one database the
 * greater is the later (they sort oldest first as strings); of another, the one seen last.
 */
function bookmarkKeeper() {
  let latest: string | null = null;
  return {
    onRequest({ request }: { request: Request }) {
      if (!latest || request.headers.has(BOOKMARK_HEADER)) return undefined;
      const headers = new Headers(request.headers);
      headers.set(BOOKMARK_HEADER, latest);
      return new Request(request, { headers });
    },
    onResponse({ response }: { response: Response }) {
      const seen = response.headers.get(BOOKMARK_HEADER);
      const databaseOf = (b: string) => b.slice(0, Math.max(0, b.indexOf(":")));
      if (seen && (!latest || databaseOf(seen) !== databaseOf(latest) || seen > latest)) latest = seen;
      return undefined;
    },
  };
}

/**
 * The data of a call's answer, or a BokforingApiError with the service's code:
 *   const invoice = await unwrap(client.POST("/api/v1/companies/{companyId}/invoices", {...}));
 */
export async function unwrap<T>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<T> {
  const result = await call;
  if (result.response.ok) return result.data?.data as T; // undefined for 204
  const body = (result.error as { error?: ApiErrorBody } | undefined)?.error ?? null;
  throw new BokforingApiError(result.response.status, body);
}
