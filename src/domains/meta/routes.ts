// Public routes: health, the error catalogue, the OpenAPI document and its reference page.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE, DOCS } from "./prose";
import { nowIso } from "../../clock";
import { homeNames, isMigrated } from "../../db/homes";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json, requestVersion } from "../../http/envelope";
import { catalogueEntryJson, ERROR_CATALOGUE, isErrorCode } from "../../errors/catalogue";
import { CatalogueEntrySchema, defineRoute, type HandlerContext } from "../../http/route";
import { referencePage } from "./reference-page";
import { handled, on, registerRoutes } from "../../http/route-table";

const READ = { tag: "Meta", scope: null } as const;

const healthRoute = defineRoute({
  ...on.get(READ, "/api/v1/health", DOCS.health),
  response: z.object({
    status: z.enum(["ok", "degraded"]),
    service: z.string(),
    api_version: z.string(),
    timestamp: z.string(),
  }),
});

async function health(c: HandlerContext<typeof healthRoute>) {
  let status: "ok" | "degraded" = "ok";
  try {
    // the directory and every database the books live in, each answering and migrated
    const answers = await Promise.all(homeNames(c.env).map((name) => isMigrated(c.env, name)));
    if (answers.includes(false)) status = "degraded";
  } catch {
    status = "degraded";
  }
  return json(c, { status, service: "bokforing-api", api_version: requestVersion(c), timestamp: nowIso() });
}

const listErrorCodesRoute = defineRoute({
  ...on.get(READ, "/api/v1/errors", DOCS.listErrorCodes),
  response: z.array(CatalogueEntrySchema),
});

async function listErrorCodes(c: HandlerContext<typeof listErrorCodesRoute>) {
  return json(c, (Object.keys(ERROR_CATALOGUE) as (keyof typeof ERROR_CATALOGUE)[]).map(catalogueEntryJson));
}

const getErrorCodeRoute = defineRoute({
  ...on.get(READ, "/api/v1/errors/{code}", DOCS.getErrorCode),
  params: z.object({ code: z.string() }),
  response: CatalogueEntrySchema,
});

async function getErrorCode(c: HandlerContext<typeof getErrorCodeRoute>) {
  const { code } = c.req.valid("param");
  if (!isErrorCode(code)) throw new ApiError("NOT_FOUND", { resource: "error_code", code });
  return json(c, catalogueEntryJson(code));
}

export function registerMetaRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(healthRoute, health),
    handled(listErrorCodesRoute, listErrorCodes),
    handled(getErrorCodeRoute, getErrorCode),
  ]);
  app.doc31("/api/v1/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Bokföring API",
      version: c.env.SERVICE_VERSION,
      description: PROSE.getErrorCodeDescription,
    },
    servers: [{ url: new URL(c.req.url).origin }],
  }));
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "service_sk_<live|test>_...",
  });
  app.get("/api/v1/docs", async function referencePageOfDocument(c) {
    const doc = app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "Bokföring API", version: c.env.SERVICE_VERSION },
    });
    return c.html(referencePage(doc as Parameters<typeof referencePage>[0]));
  });
}
