// One way to declare a route: its OpenAPI description, its scope, its company
// access and its write options come from one object, so the document and the
// pipeline cannot drift apart.
import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireScope } from "./auth";
import { companyAccess } from "./company-access";
import type { AppEnv, WriteOptions } from "./context";

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
  .object({ code: z.string(), http_status: z.number(), message: z.string(), message_en: z.string(), recovery_hint: z.string().nullable() })
  .openapi("ErrorCatalogueEntry");

const AuditSchema = z
  .object({
    voucher_number: z.string().nullable(),
    voucher_url: z.string().nullable(),
    audit_trail_url: z.string(),
    immutable_at: z.string().nullable(),
  })
  .openapi("Audit");

const MetaSchema = z
  .object({
    request_id: z.string(),
    api_version: z.string(),
    next_cursor: z.string().nullable().optional(),
    audit: AuditSchema.optional(),
    dry_run: z.boolean().optional(),
  })
  .openapi("Meta");

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ data, meta: MetaSchema });
}

type AnyObject = z.ZodObject<any>;

export interface RouteSpec<P extends AnyObject | undefined = undefined, Q extends AnyObject | undefined = undefined, B extends z.ZodTypeAny | undefined = undefined> {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path, e.g. /api/v1/companies/{companyId}/journal-entries */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** the API-key scope; null for routes without a key (admin routes authorise otherwise) */
  scope: string | null;
  /** company-scoped: membership checked, and role checked when `write` */
  company?: boolean;
  write?: boolean;
  /** "required" = IK in the spec; "optional" = honoured when sent */
  idempotency?: "required" | "optional";
  dryRun?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** false: a request without a JSON body is read as {} */
  bodyRequired?: boolean;
  /** schema of `data` in the success envelope; null for 204 */
  response: z.ZodTypeAny | null;
  status?: 200 | 201 | 202 | 204;
  extraMiddleware?: readonly MiddlewareHandler<AppEnv>[];
}

/** What createRoute would infer for `request`, so that c.req.valid() stays typed. */
type RequestOf<P, Q, B> = (P extends AnyObject ? { params: P } : {}) &
  (Q extends AnyObject ? { query: Q } : {}) &
  (B extends z.ZodTypeAny ? { body: { content: { "application/json": { schema: B } }; required: boolean } } : {});

// Responses are typed loosely on purpose: handlers return the envelope built by
// src/http/envelope.ts, and the schemas above only document it.
export type DefinedRoute<P, Q, B> = Omit<RouteConfig, "request" | "responses"> & {
  request: RequestOf<P, Q, B>;
  responses: { [status: string]: { description: string } };
};

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

export function defineRoute<P extends AnyObject | undefined = undefined, Q extends AnyObject | undefined = undefined, B extends z.ZodTypeAny | undefined = undefined>(
  spec: RouteSpec<P, Q, B>,
): DefinedRoute<P, Q, B> {
  const middleware: MiddlewareHandler<AppEnv>[] = [];
  if (spec.scope) middleware.push(requireScope(spec.scope));
  if (spec.company) middleware.push(companyAccess(spec.write ?? spec.method !== "get"));
  if (spec.extraMiddleware) middleware.push(...spec.extraMiddleware);
  // The route's write options, stated here once, are what dispatch applies (a read
  // that is audited, such as a document download, dispatches too).
  const writeOptions: WriteOptions = { idempotency: spec.idempotency ?? "ignored", dryRun: spec.dryRun ?? false };
  middleware.push(async (c, next) => {
    c.set("writeOptions", writeOptions);
    await next();
  });

  const headers: Record<string, z.ZodTypeAny> = {};
  if (spec.idempotency) {
    headers["idempotency-key"] = z
      .string()
      .optional()
      .openapi({ description: spec.idempotency === "required" ? "Mandatory. Replays within 24 hours return the first response." : "Optional; replays return the first response." });
  }
  if (spec.dryRun) headers["x-dry-run"] = z.string().optional().openapi({ description: "true: run the whole command and commit nothing" });

  const status = spec.status ?? 200;
  const notes = [
    spec.description ?? "",
    spec.scope ? `Scope: \`${spec.scope}\`.` : "",
    spec.idempotency === "required" ? "Idempotency-Key: mandatory." : "",
    spec.dryRun ? "Dry-run: `?dry_run=true` or `X-Dry-Run: true`." : "",
  ].filter(Boolean);

  const route = createRoute({
    method: spec.method,
    path: spec.path,
    tags: [spec.tag],
    summary: spec.summary,
    description: notes.join("\n\n"),
    middleware,
    security: spec.scope ? [{ bearer: [] }] : [],
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(Object.keys(headers).length ? { headers: z.object(headers) } : {}),
      ...(spec.body ? { body: { content: { "application/json": { schema: spec.body } }, required: spec.bodyRequired ?? true } } : {}),
    },
    responses: {
      [status]:
        spec.response === null
          ? { description: "No content" }
          : { description: "Success", content: { "application/json": { schema: envelope(spec.response) } } },
      400: errorResponse("VALIDATION_ERROR or a rule of this endpoint"),
      401: errorResponse("UNAUTHORIZED"),
      403: errorResponse("INSUFFICIENT_SCOPE, FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
      409: errorResponse("Conflict with the current state"),
      429: errorResponse("RATE_LIMITED"),
    },
  });
  return route as unknown as DefinedRoute<P, Q, B>;
}

export const CompanyParams = z.object({ companyId: z.string().openapi({ param: { name: "companyId", in: "path" } }) });

/** Common list query: cursor pagination. */
export const PageQuery = {
  cursor: z.string().optional().openapi({ description: "next_cursor of the previous page" }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};

export const booleanQuery = z
  .enum(["true", "false"])
  .transform((v) => v === "true");
