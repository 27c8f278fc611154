// The accruals' routes: make one, cancel a spread, read one, and the open list at a date
// set against the ledger.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { DOCS } from "./prose";
import { defineRoute, type HandlerContext } from "../../http/route";
import { accrualJson, loadAccrual, openAccruals } from "./queries";
import {
  AccrualCancelSchema,
  AccrualCreateSchema,
  AccrualListQuery,
  AccrualListSchema,
  AccrualSchema,
} from "./schemas";
import { companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const room = companyRoom({
  path: "/api/v1/companies/{companyId}/accruals",
  tag: "Accruals",
  read: "reports:read",
  write: "bookkeeping:write",
});

const createAccrual = room.create("accruals.create", DOCS.createAccrual, AccrualCreateSchema, AccrualSchema);

const cancelAccrual = room.action("accruals.cancel", "cancel", DOCS.cancelAccrual, AccrualCancelSchema, AccrualSchema);

const listRoute = room.list(DOCS.list, AccrualListQuery, AccrualListSchema);

async function listAccrualsHandler(c: HandlerContext<typeof listRoute>) {
  const asOf = c.req.valid("query").as_of ?? todayUtc();
  return json(c, await openAccruals(database(c.env), c.get("company").id, asOf));
}

const getRoute = defineRoute({
  ...on.get(room.read, `${room.base}/{id}`, DOCS.get),
  query: AccrualListQuery,
  response: AccrualSchema,
});

async function getAccrualHandler(c: HandlerContext<typeof getRoute>) {
  const row = await loadAccrual(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, accrualJson(row, c.req.valid("query").as_of ?? todayUtc()));
}

export function registerAccrualRoutes(app: OpenAPIHono<AppEnv>): void {
  registerRoutes(app, [
    createAccrual,
    handled(listRoute, listAccrualsHandler),
    handled(getRoute, getAccrualHandler),
    cancelAccrual,
  ]);
}
