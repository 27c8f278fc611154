import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { ApiError } from "../../errors/api-error";
import { findInCallerHomes } from "../../http/caller-homes";
import { enterCompany } from "../../http/company-access";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import { loadOperation, operationJson } from "./commands";
import { handled, on, registerRoutes } from "../../http/route-table";

export const OperationSchema = z
  .object({
    operation_id: z.string(),
    type: z.string(),
    status: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
    progress: z
      .object({ phase: z.string().optional(), current: z.number().optional(), total: z.number().optional() })
      .nullable(),
    result: z.unknown().nullable(),
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown() }).nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    poll_url: z.string(),
    webhook_event: z.literal("operation.completed"),
  })
  .openapi("Operation");

const READ = { tag: "Operations", scope: "operations:read" } as const;

const getOperationRoute = defineRoute({
  ...on.get(READ, "/api/v1/operations/{id}", DOCS.getOperation),
  response: OperationSchema,
});

async function getOperation(c: HandlerContext<typeof getOperationRoute>) {
  const { id } = c.req.valid("param");
  const op = await findInCallerHomes(c, (db) => loadOperation(db, id));
  // Visible only to members of the operation's company, by the same rule as company routes.
  const notFound = new ApiError("NOT_FOUND", { resource: "operation", id });
  if (!op) throw notFound;
  await enterCompany(c, op.companyId, { scope: null, write: false }, notFound);
  return json(c, operationJson(op));
}

export function registerOperationRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(getOperationRoute, getOperation)]);
}
