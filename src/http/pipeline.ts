// The request pipeline shared by every route: request id and version headers,
// bearer auth, rate limit, then the route's own scope, company and validation
// steps (src/http/route.ts), and one error handler that renders the envelope. It
// names no route: the composition root hands them in (src/app/routes.ts).
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { nowIso } from "../clock";
import { missingDeploymentSettings } from "../env";
import { ApiError } from "../errors/api-error";
import { authenticate } from "./auth";
import type { AppEnv } from "./context";
import { errorBody, requestVersion } from "./envelope";
import { readSession } from "./read-session";
import { deprecationNotice, resolveVersion } from "./versions";

const PUBLIC_PATHS = [
  /^\/api\/v1\/health$/,
  /^\/api\/v1\/errors(\/[^/]+)?$/,
  /^\/api\/v1\/openapi\.json$/,
  /^\/api\/v1\/docs$/,
  /^\/api\/v1\/document-files\//,
  /^\/\.well-known\/ledger-keys\.json$/,
];

const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("requestId", `req_${crypto.randomUUID()}`);
  await next();
  c.header("X-Request-Id", c.get("requestId"));
  c.header("Service-Version", requestVersion(c));
  const deprecation = c.get("deprecation");
  if (deprecation) c.header("Service-Deprecation", deprecation);
});

/**
 * The dated version the request is answered in (src/http/versions.ts): the Service-Version
 * header's, else the key's, else the current one. After authentication, so that a request
 * without a valid key is answered 401 whatever version it names.
 */
const apiVersion = createMiddleware<AppEnv>(async (c, next) => {
  const version = resolveVersion(c.req.header("Service-Version"), c.get("auth")?.apiVersion ?? null);
  c.set("apiVersion", version.version);
  c.set("deprecation", deprecationNotice(version, nowIso().slice(0, 10)));
  await next();
});

/**
 * A deployed Worker without its public origin would hand out links to the wrong place
 * (wrangler.toml no longer carries a localhost default): every request is refused with
 * a 500 and a log line naming the setting, until it is configured.
 */
const deploymentConfigured = createMiddleware<AppEnv>(async (c, next) => {
  const missing = missingDeploymentSettings(c.env);
  if (missing.length === 0) return next();
  console.error(
    `configuration: ${missing.join(", ")} is not set (or not an http(s) URL) in this deployed Worker; ` +
      "set it to the API's public origin (wrangler.toml [vars] per environment). Refusing every request until then.",
  );
  return c.json(
    errorBody("INTERNAL_ERROR", c.get("requestId"), "The service is not configured.", { settings: missing }),
    500,
  );
});

const keyRequired = createMiddleware<AppEnv>(async (c, next) => {
  if (PUBLIC_PATHS.some((p) => p.test(c.req.path))) return next();
  return authenticate(c, next);
});

function renderError(err: Error, c: Context<AppEnv>): Response {
  const requestId = c.get("requestId") ?? `req_${crypto.randomUUID()}`;
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(
      errorBody(err.code, requestId, err.message, err.details, err.texts),
      err.status as ContentfulStatusCode,
    );
  }
  if (err instanceof HTTPException && err.status === 415) {
    // The body validator's media-type gate (a form or file route sent another type).
    const type = c.req.header("Content-Type") ?? null;
    return c.json(
      errorBody(
        "VALIDATION_ERROR",
        requestId,
        `This endpoint does not accept ${type ? type.split(";")[0] : "a body without Content-Type"}.`,
        { header: "Content-Type", received: type },
      ),
      400,
    );
  }
  if (err instanceof HTTPException && err.status >= 400 && err.status < 500) {
    // Hono's validators refuse a body that does not parse (JSON or multipart).
    return c.json(
      errorBody("VALIDATION_ERROR", requestId, "The request body could not be read.", { body: err.message }),
      400,
    );
  }
  console.error("unhandled", requestId, err);
  return c.json(errorBody("INTERNAL_ERROR", requestId), 500);
}

/**
 * The pipeline around every route: request id and version headers, the bearer key and
 * the rate limit, one error handler. `register` adds the routes (src/app/routes.ts).
 */
export function createPipeline(register: (app: OpenAPIHono<AppEnv>) => void) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const fields = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }));
        const target = (result as { target?: string }).target;
        throw new ApiError(
          "VALIDATION_ERROR",
          { target, fields },
          fields.length
            ? `${target ?? "request"}: ${fields[0].path ? `${fields[0].path}: ` : ""}${fields[0].message}`
            : undefined,
        );
      }
    },
  });
  app.use("*", requestContext);
  app.use("*", deploymentConfigured);
  app.use("*", readSession);
  app.use("/api/v1/*", keyRequired);
  app.use("/api/v1/*", apiVersion);

  register(app);

  app.notFound((c) => renderError(new ApiError("NOT_FOUND", { path: c.req.path }, "No such endpoint."), c));
  app.onError(renderError);
  return app;
}
