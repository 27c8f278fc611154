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
import { commandRoute, handled, on, registerRoutes, roomAccess } from "../../http/route-table";

const TAG = "Accruals";
const BASE = "/api/v1/companies/{companyId}/accruals";
const { read: READ, write: WRITE } = roomAccess(TAG, "reports:read", "bookkeeping:write");

const createAccrual = commandRoute("accruals.create", "body", {
  ...on.post(WRITE, BASE, DOCS.createAccrual),
  body: AccrualCreateSchema,
  response: AccrualSchema,
  status: 201,
});

const cancelAccrual = commandRoute("accruals.cancel", "body+id", {
  ...on.post(WRITE, `${BASE}/{id}/cancel`, DOCS.cancelAccrual),
  body: AccrualCancelSchema,
  response: AccrualSchema,
});

const listRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.list),
  query: AccrualListQuery,
  response: AccrualListSchema,
});

async function listAccrualsHandler(c: HandlerContext<typeof listRoute>) {
  const asOf = c.req.valid("query").as_of ?? todayUtc();
  return json(c, await openAccruals(database(c.env), c.get("company").id, asOf));
}

const getRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}`, DOCS.get),
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
