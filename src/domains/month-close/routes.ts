// The month's close as data: GET .../close-status.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import { DOCS } from "./prose";
import { closeStatus } from "./queries";
import { CloseStatusQuery, CloseStatusSchema } from "./schemas";
import { handled, on, registerRoutes } from "../../http/route-table";

const READ = { tag: "Fiscal periods", scope: "reports:read", company: true } as const;

const closeStatusRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/close-status", DOCS.closeStatus),
  query: CloseStatusQuery,
  response: CloseStatusSchema,
});

async function getCloseStatus(c: HandlerContext<typeof closeStatusRoute>) {
  return json(c, await closeStatus(database(c.env), c.get("company").id, c.req.valid("query"), todayUtc()));
}

export function registerMonthCloseRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(closeStatusRoute, getCloseStatus)]);
}
