// The month's close as data: GET .../close-status.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { PROSE } from "./prose";
import { closeStatus } from "./queries";
import { CloseStatusQuery, CloseStatusSchema } from "./schemas";

const closeStatusRoute = defineRoute({
  tag: "Fiscal periods",
  scope: "reports:read",
  company: true,
  method: "get",
  path: "/api/v1/companies/{companyId}/close-status",
  summary: "Is the month (or fiscal year) ready to close, and what blocks it",
  description: PROSE.closeStatus,
  params: CompanyParams,
  query: CloseStatusQuery,
  response: CloseStatusSchema,
});

async function getCloseStatus(c: HandlerContext<typeof closeStatusRoute>) {
  return json(c, await closeStatus(database(c.env), c.get("company").id, c.req.valid("query"), todayUtc()));
}

export function registerMonthCloseRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(closeStatusRoute, getCloseStatus);
}
