// One way to declare a route: its OpenAPI description, its scope, its company
// access and its write options come from one object, so the document and the
// pipeline cannot drift apart.
import { createRoute, z, type RouteConfig, type RouteHandler } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/api-error";
import { routeGate } from "./company-access";
import { isDryRun } from "./dispatch";
import { liveKeyMfaGate } from "./mfa";
import { BOOKMARK_REQUEST_NOTE, BOOKMARK_RESPONSE_HEADER } from "./read-session";
import type { AppEnv, WriteOptions } from "./context";
import { checkBodyText, INPUT_RULES_NOTE, MAX_JSON_BODY_BYTES, MULTILINE_FIELD, textProblem } from "./fields";

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string().openapi({ description: "Swedish message" }),
      message_en: z.string(),
      details: z.record(z.string(), z.unknown()).nullable(),
      docs_url: z.string(),
      request_id: z.string(),
      recovery_hint: z.string().nullable(),
    }),
  })
  .openapi("Error");

export const CatalogueEntrySchema = z
  .object({
    code: z.string(),
    http_status: z.number(),
    message: z.string(),
    message_en: z.string(),
    recovery_hint: z.string().nullable(),
  })
  .openapi("ErrorCatalogueEntry");

const AuditSchema = z
  .object({
    voucher_number: z.string().nullable(),
    voucher_url: z.string().nullable(),
    audit_trail_url: z.string(),
    immutable_at: z.string().nullable(),
    chain: z
      .object({
        first_seq: z.number().int(),
        chain_seq: z.number().int(),
        chain_hash: z.string(),
        key_id: z.string(),
        signature: z.string(),
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "The signed receipt of the entries this write posted: their places first_seq..chain_seq in the company's chain, " +
          "the last hash, and an Ed25519 signature by the key key_id (/.well-known/ledger-keys.json). docs/verifiable-ledger.md",
      }),
  })
  .openapi("Audit");

const MetaSchema = z
  .object({
    request_id: z.string(),
    api_version: z.string(),
    next_cursor: z.string().nullable().optional(),
    audit: AuditSchema.optional(),
    dry_run: z.boolean().optional(),
    partial_expansions: z
      .array(z.string())
      .optional()
      .openapi({ description: "the expansions of this read that could not be fully resolved (spec)" }),
  })
  .openapi("Meta");

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ data, meta: MetaSchema });
}

// biome-ignore lint/suspicious/noExplicitAny: any shape of object schema
type AnyObject = z.ZodObject<any>;

export interface RouteSpec<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
> {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path, e.g. /api/v1/companies/{companyId}/journal-entries */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** the API-key scope; null for routes without a key (admin routes authorise otherwise) */
  scope: string | null;
  /**
   * with `scope: null`, the scopes any one of which admits the request, where the route's own
   * gate checks them (the bank import: transactions:write or imports:write); documented as
   * `x-scopes` so that MCP shows the tool only to a key that may call it
   */
  anyOfScopes?: readonly string[];
  /** company-scoped: membership checked, and role checked when `write` */
  company?: boolean;
  write?: boolean;
  /** "required" = IK in the spec; "optional" = honoured when sent */
  idempotency?: "required" | "optional";
  dryRun?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * statuses this route answers beyond the ones every route documents, each with the codes
   * that give it (413/415 of an upload, 422 of a validated document); the OpenAPI document
   * lists them, and test/integration/openapi-statuses.test.ts holds routes to it
   */
  errors?: Partial<Record<413 | 415 | 422 | 502 | 503, string>>;
  /** a second success status (201 when made, 200 when replaced) */
  alsoStatus?: 200 | 201;
  /** false: a request without a body, or with an empty one, is read as {} (its defaults apply) */
  bodyRequired?: boolean;
  /** schema of `data` in the success envelope; null for 204 */
  response: z.ZodTypeAny | null;
  /**
   * an asynchronous route (202, an operation) whose dry run is answered at once: the
   * schema of that 200 answer's `data` (what the operation would do)
   */
  dryRunResponse?: z.ZodTypeAny;
  /**
   * a route that answers a large request 202 with an operation instead of its usual status
   * (the Peppol import of a long document): the schema of that answer's `data`
   */
  acceptedResponse?: z.ZodTypeAny;
  status?: 200 | 201 | 202 | 204;
  extraMiddleware?: readonly MiddlewareHandler<AppEnv>[];
  /**
   * the action's name when it needs two-step verification with a live key: the key's user
   * sends a TOTP code in X-Service-MFA, else 403 MFA_REQUIRED (src/http/mfa.ts)
   */
  mfa?: string;
}

/** What createRoute would infer for `request`, so that c.req.valid() stays typed. */
type Nothing = Record<never, never>;
type RequestOf<P, Q, B> = (P extends AnyObject ? { params: P } : Nothing) &
  (Q extends AnyObject ? { query: Q } : Nothing) &
  (B extends z.ZodTypeAny ? { body: { content: { "application/json": { schema: B } }; required: boolean } } : Nothing);

// Responses are typed loosely on purpose: handlers return the envelope built by
// src/http/envelope.ts, and the schemas above only document it.
export type DefinedRoute<P, Q, B> = Omit<RouteConfig, "request" | "responses"> & {
  request: RequestOf<P, Q, B>;
  responses: { [status: string]: { description: string } };
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

/**
 * What a handler of `route` receives: `c.req.valid()` typed by the route's schemas. A
 * handler is a named function of this type (`async function getRun(c: HandlerContext<typeof getRunRoute>)`),
 * so stack traces and readers see its name.
 */
export type HandlerContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

type AnySpec = RouteSpec<AnyObject | undefined, AnyObject | undefined, z.ZodTypeAny | undefined>;

export function defineRoute<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
>(spec: RouteSpec<P, Q, B>): DefinedRoute<P, Q, B> {
  const write = spec.write ?? spec.method !== "get";
  const headers = requestHeaders(spec);
  const route = createRoute({
    method: spec.method,
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    description: routeNotes(spec).join("\n\n"),
    middleware: routeMiddleware(spec, write),
    security: spec.scope || spec.anyOfScopes?.length ? [{ bearer: [] }] : [],
    // whether the operation changes anything: a POST that only reads (a search) does not;
    // MCP's readOnlyHint comes from it (src/mcp/tools.ts)
    "x-writes": write,
    "x-scopes": spec.scope ? [spec.scope] : [...(spec.anyOfScopes ?? [])],
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(Object.keys(headers).length ? { headers: z.object(headers) } : {}),
      ...(spec.body
        ? { body: { content: { "application/json": { schema: spec.body } }, required: spec.bodyRequired ?? true } }
        : {}),
    },
    responses: responsesOf(spec, spec.status ?? 200, write),
  });
  return route as unknown as DefinedRoute<P, Q, B>;
}

/** The route's middleware, in the order the request meets it: write options, access, MFA, dry run, body. */
function routeMiddleware(spec: AnySpec, write: boolean): MiddlewareHandler<AppEnv>[] {
  const middleware: MiddlewareHandler<AppEnv>[] = [];
  // The route's write options, stated here once, are what dispatch applies (a read
  // that is audited, such as a document download, dispatches too). Set first: the
  // company's writer checks the scope again, and so does authentication when it
  // verifies a refusal (src/http/auth.ts).
  const writeOptions: WriteOptions = {
    idempotency: spec.idempotency ?? "ignored",
    dryRun: spec.dryRun ?? false,
    scope: spec.scope,
    company: !!spec.company,
    write,
  };
  middleware.push(async (c, next) => {
    c.set("writeOptions", writeOptions);
    await next();
  });
  if (spec.scope || spec.company) middleware.push(routeGate({ scope: spec.scope, company: !!spec.company, write }));
  // after the access gate (who may act at all), before the body (spec order: FORBIDDEN > MFA_REQUIRED > VALIDATION_ERROR)
  if (spec.mfa) middleware.push(liveKeyMfaGate(spec.mfa));
  // A write without dry-run refuses the flag before anything runs, whether or not its
  // handler dispatches (the sandbox's routes seed through commands of their own), so a
  // caller who meant a preview never has the write done for real (docs/architecture.md).
  if (spec.method !== "get" && !spec.dryRun) middleware.push(refuseDryRun);
  if (spec.extraMiddleware) middleware.push(...spec.extraMiddleware);
  // Last before the validators: the body is read once, checked, and handed on as JSON.
  if (spec.body) middleware.push(jsonBodyGate);
  // A write whose body the route declares itself (a file upload, the SIE import) gets the
  // same text rule on its JSON or form fields.
  else if (spec.method !== "get") middleware.push(textGate);
  return middleware;
}

/** The request headers the route reads, as the OpenAPI document lists them. */
function requestHeaders(spec: AnySpec): Record<string, z.ZodTypeAny> {
  const headers: Record<string, z.ZodTypeAny> = {
    "x-service-bookmark": z.string().optional().openapi({ description: BOOKMARK_REQUEST_NOTE }),
  };
  if (spec.idempotency) {
    headers["idempotency-key"] = z
      .string()
      .optional()
      .openapi({
        description:
          spec.idempotency === "required"
            ? "Mandatory. Replays within 24 hours return the first response."
            : "Optional; replays return the first response.",
      });
  }
  if (spec.mfa)
    headers["x-service-mfa"] = z.string().optional().openapi({
      description: "With a live key: the current 6-digit TOTP code of the key's user (two-step verification)",
    });
  if (spec.dryRun)
    headers["x-dry-run"] = z
      .string()
      .optional()
      .openapi({ description: "true: run the whole command and commit nothing" });
  return headers;
}

/** The paragraphs of the operation's description: its own, then what the route's options ask of a caller. */
function routeNotes(spec: AnySpec): string[] {
  return [
    spec.description ?? "",
    spec.scope ? `Scope: \`${spec.scope}\`.` : "",
    spec.idempotency === "required" ? "Idempotency-Key: mandatory." : "",
    spec.mfa
      ? "Two-step verification: with a live key, `X-Service-MFA: <current TOTP code of the key's user>`, else " +
        "403 MFA_REQUIRED; a test key (sandbox) is exempt."
      : "",
    spec.dryRun ? "Dry-run: `?dry_run=true` or `X-Dry-Run: true`." : "",
    spec.body
      ? (spec.bodyRequired === false ? "The body is optional: absent, empty or `{}` all take the defaults. " : "") +
        INPUT_RULES_NOTE
      : "",
  ].filter(Boolean);
}

/** A success answer: the envelope of the route's schema, or no content. */
function successResponse(spec: AnySpec) {
  return spec.response === null
    ? { description: "No content", headers: BOOKMARK_RESPONSE_HEADER }
    : {
        description: "Success",
        headers: BOOKMARK_RESPONSE_HEADER,
        content: { "application/json": { schema: envelope(spec.response) } },
      };
}

/** A dry run's answer: what the operation would do, at once; nothing queued or written. */
function dryRunAnswer(schema: z.ZodTypeAny) {
  return {
    description: "Dry run: what the operation would do, answered at once; nothing is queued or written",
    headers: BOOKMARK_RESPONSE_HEADER,
    content: { "application/json": { schema: envelope(schema) } },
  };
}

/** The 202 of a route that hands a large request to an operation. */
function acceptedAnswer(schema: z.ZodTypeAny) {
  return {
    description: "Accepted: the request is done by an operation (GET .../operations/{id} follows it)",
    headers: BOOKMARK_RESPONSE_HEADER,
    content: { "application/json": { schema: envelope(schema) } },
  };
}

/**
 * Every status the route answers: its success, the refusals every route may give, a write's
 * 422 (the catalogue's rules that refuse a valid request) and a company write's 503 (the
 * company being moved, COMPANY_MOVING; its database not migrated), and the route's own.
 */
function responsesOf(spec: AnySpec, status: number, write: boolean) {
  const own = Object.entries(spec.errors ?? {}).map(([code, what]) => [code, errorResponse(what as string)]);
  return {
    [status]: successResponse(spec),
    ...(spec.alsoStatus ? { [spec.alsoStatus]: successResponse(spec) } : {}),
    ...(spec.dryRunResponse ? { 200: dryRunAnswer(spec.dryRunResponse) } : {}),
    ...(spec.acceptedResponse ? { 202: acceptedAnswer(spec.acceptedResponse) } : {}),
    400: errorResponse("VALIDATION_ERROR or a rule of this endpoint"),
    401: errorResponse("UNAUTHORIZED"),
    403: errorResponse(spec.mfa ? "INSUFFICIENT_SCOPE, FORBIDDEN, MFA_REQUIRED" : "INSUFFICIENT_SCOPE, FORBIDDEN"),
    404: errorResponse("NOT_FOUND"),
    409: errorResponse("Conflict with the current state"),
    ...(write
      ? { 422: errorResponse("A rule of this endpoint refused the request (the code's catalogue entry)") }
      : {}),
    429: errorResponse(spec.mfa ? "RATE_LIMITED, MFA_TOO_MANY_ATTEMPTS" : "RATE_LIMITED"),
    ...(write && spec.company
      ? { 503: errorResponse("COMPANY_MOVING (with Retry-After), DATABASE_NOT_MIGRATED") }
      : {}),
    ...Object.fromEntries(own),
  };
}

/** The gate of a write without dry-run: `X-Dry-Run: true` or `?dry_run=true` is a 400, nothing done. */
const refuseDryRun: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isDryRun(c))
    throw new ApiError("VALIDATION_ERROR", { parameter: "dry_run" }, "This endpoint does not support dry-run.");
  await next();
};

/**
 * `route` with a request body that defineRoute does not declare: a form (a file upload),
 * or JSON and a form. Such a route reads its body itself (its `extraMiddleware` limits the
 * size first), and the OpenAPI document and `c.req.valid("form")` take the body from here.
 */
export function withBody<R extends { request: object }, B extends { content: object; required: boolean }>(
  route: R,
  body: B,
) {
  return { ...route, request: { ...route.request, body } };
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;.*)?$/i;
/** VALIDATION_ERROR for a request body as a whole (not one of its fields). */
export const bodyError = (details: Record<string, unknown>, message: string) =>
  new ApiError("VALIDATION_ERROR", { target: "json", ...details }, message);

/** A body that does not parse as JSON; `reason` says where it fails. */
export const notJsonBody = (reason: string) =>
  bodyError({ body: "not_json", reason }, "The request body is not valid JSON.");

/**
 * The one reading of a JSON body, before its schema: at most MAX_JSON_BODY_BYTES of
 * UTF-8, sent as application/json (a non-empty body of any other type, or of none, as
 * `curl -d` sends, is VALIDATION_ERROR naming the header), parsed, and every text in it
 * held to the input rules (src/http/fields.ts). An absent or empty body is `{}`, so the
 * schema's defaults apply and its required fields are named. The validator then
 * receives exactly this JSON.
 */
const jsonBodyGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("Content-Type");
  const declared = Number(c.req.header("Content-Length") ?? 0);
  const tooLarge = (size: number) =>
    bodyError(
      { body: "too_large", max_bytes: MAX_JSON_BODY_BYTES, size_bytes: size },
      `A JSON body may be at most ${MAX_JSON_BODY_BYTES} bytes.`,
    );
  if (declared > MAX_JSON_BODY_BYTES) throw tooLarge(declared);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > MAX_JSON_BODY_BYTES) throw tooLarge(bytes.byteLength);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw bodyError({ body: "not_utf8" }, "The request body is not valid UTF-8.");
  }
  if (text.trim() === "") text = "{}";
  else if (!type || !JSON_MEDIA_TYPE.test(type)) {
    throw new ApiError(
      "VALIDATION_ERROR",
      { header: "Content-Type", expected: "application/json", received: type ?? null },
      `Send the body as JSON with Content-Type: application/json (received ${type ? type.split(";")[0] : "no Content-Type"}).`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw notJsonBody(err instanceof Error ? err.message : String(err));
  }
  const bad = checkBodyText(value);
  if (bad)
    throw bodyError(
      { fields: [{ path: bad.path, message: bad.message, code: "invalid_text" }] },
      `json: ${bad.path ? `${bad.path}: ` : ""}${bad.message}`,
    );
  const headers = new Headers(c.req.raw.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body: text });
  // Hono keeps the promise of each body reading; json() reads the cached text.
  c.req.bodyCache = { text: Promise.resolve(text) } as unknown as typeof c.req.bodyCache;
  await next();
};

/**
 * The input rules for a body that is not declared through defineRoute's `body`: a JSON
 * body's texts and keys, and a form's field names, values and file names.
 */
const textGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  let bad: { path: string; message: string } | null = null;
  // Many clients send Content-Type: application/json on every request: an empty body
  // with it is no body, as on a route that takes one (jsonBodyGate).
  const text = JSON_MEDIA_TYPE.test(type) ? await c.req.text() : "";
  if (text.trim() !== "") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw notJsonBody(err instanceof Error ? err.message : String(err));
    }
    bad = checkBodyText(value);
  }
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch (err) {
      throw bodyError(
        { body: "not_form", reason: err instanceof Error ? err.message : String(err) },
        "The form in the request body could not be read.",
      );
    }
    for (const [name, value] of form.entries()) {
      const keyProblem = textProblem(name, false);
      if (keyProblem) bad = { path: name, message: `field name: ${keyProblem}` };
      else if (typeof value === "string") {
        const problem = textProblem(value, MULTILINE_FIELD.test(name));
        if (problem) bad = { path: name, message: problem };
      } else {
        const problem = textProblem(value.name, false);
        if (problem) bad = { path: `${name}.name`, message: `file name: ${problem}` };
      }
      if (bad) break;
    }
  }
  if (bad)
    throw bodyError(
      { fields: [{ path: bad.path, message: bad.message, code: "invalid_text" }] },
      `${bad.path}: ${bad.message}`,
    );
  await next();
};

/** Common list query: cursor pagination. */
export const PageQuery = {
  cursor: z.string().optional().openapi({ description: "next_cursor of the previous page" }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};

export const booleanQuery = z.enum(["true", "false"]).transform((v) => v === "true");
