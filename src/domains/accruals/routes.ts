// The accruals' routes: make one, cancel a spread, read one, and the open list at a date
// set against the ledger.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { PROSE } from "./prose";
import { defineRoute, type HandlerContext } from "../../http/route";
import { accrualJson, loadAccrual, openAccruals } from "./queries";
import {
  AccrualCancelSchema,
  AccrualCreateSchema,
  AccrualListQuery,
  AccrualListSchema,
  AccrualSchema,
} from "./schemas";
import { commandRoute, roomAccess } from "../../http/command-route";

const TAG = "Accruals";
const BASE = "/api/v1/companies/{companyId}/accruals";
const { read: READ, write: WRITE } = roomAccess(TAG, "reports:read", "bookkeeping:write");

const createAccrual = commandRoute("accruals.create", "body", {
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Make an accrual (periodisering): spread an amount over months, or move it past a period end",
  description: PROSE.create,
  params: CompanyParams,
  body: AccrualCreateSchema,
  response: AccrualSchema,
  status: 201,
});

const cancelAccrual = commandRoute("accruals.cancel", "body+id", {
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/cancel`,
  summary: "Cancel a spread before it is fully released",
  description: PROSE.cancel,
  params: CompanyItemParams,
  body: AccrualCancelSchema,
  response: AccrualSchema,
});

const listRoute = defineRoute({
  ...READ,
  method: "get",
  path: BASE,
  summary: "What is open at a date, per accrual and per balance account, set against the ledger",
  description: PROSE.list,
  params: CompanyParams,
  query: AccrualListQuery,
  response: AccrualListSchema,
});

async function listAccrualsHandler(c: HandlerContext<typeof listRoute>) {
  const asOf = c.req.valid("query").as_of ?? todayUtc();
  return json(c, await openAccruals(database(c.env), c.get("company").id, asOf));
}

const getRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get an accrual with its entries and what is open at as_of",
  params: CompanyItemParams,
  query: AccrualListQuery,
  response: AccrualSchema,
});

async function getAccrualHandler(c: HandlerContext<typeof getRoute>) {
  const row = await loadAccrual(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, accrualJson(row, c.req.valid("query").as_of ?? todayUtc()));
}

export function registerAccrualRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(createAccrual.route, createAccrual.handler);
  app.openapi(listRoute, listAccrualsHandler);
  app.openapi(getRoute, getAccrualHandler);
  app.openapi(cancelAccrual.route, cancelAccrual.handler);
}
