// The accruals' routes: make one, cancel a spread, read one, and the open list at a date
// set against the ledger.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { accrualJson, loadAccrual, openAccruals } from "./queries";
import {
  AccrualCancelSchema,
  AccrualCreateSchema,
  AccrualListQuery,
  AccrualListSchema,
  AccrualSchema,
} from "./schemas";

const TAG = "Accruals";
const BASE = "/api/v1/companies/{companyId}/accruals";
const READ = { tag: TAG, scope: "reports:read", company: true } as const;
const WRITE = {
  tag: TAG,
  scope: "bookkeeping:write",
  company: true,
  write: true,
  idempotency: "required",
  dryRun: true,
} as const;

const createRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Make an accrual (periodisering): spread an amount over months, or move it past a period end",
  description:
    "kind spread (start_month, months): one entry moves the amount from result_account to balance_account on the first day of start_month, " +
    "then one release entry per month dated the month's last day, equal parts in öre with the remainder on the last month; every entry is posted now. " +
    "kind period_end (period_end, a month's last day): one entry on period_end and its reversal (storno) dated the next day, in the next fiscal year " +
    "when period_end ends a year (that year must exist: POST .../fiscal-periods). balance_account 17xx debits, 29xx credits the accrual. " +
    "Refusals: VALIDATION_ERROR (accounts outside 1700-1799 / 2900-2999, payroll's 2920-2929 and 2940-2959, a result account outside class 3-8), " +
    "the ledger's ENTRY_DATE_OUTSIDE_FISCAL_PERIOD (a date no fiscal year covers), PERIOD_LOCKED and ACCOUNTS_NOT_IN_CHART. A dry run answers the accrual and writes nothing.",
  params: CompanyParams,
  body: AccrualCreateSchema,
  response: AccrualSchema,
  status: 201,
});

async function createAccrualHandler(c: HandlerContext<typeof createRoute>) {
  return dispatch(c, "accruals.create", c.req.valid("json"));
}

const cancelRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/cancel`,
  summary: "Cancel a spread before it is fully released",
  description:
    "On date (default today): every release dated after it is reversed on its own date, and what is still open is released to the result account on date. " +
    "Refusals: ACCRUAL_NOT_FOUND, ACCRUAL_ALREADY_CANCELLED, ACCRUAL_NOT_CANCELLABLE (a period_end accrual, a date before the first entry or on or after the last release).",
  params: CompanyItemParams,
  body: AccrualCancelSchema,
  response: AccrualSchema,
});

async function cancelAccrualHandler(c: HandlerContext<typeof cancelRoute>) {
  return dispatch(c, "accruals.cancel", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const listRoute = defineRoute({
  ...READ,
  method: "get",
  path: BASE,
  summary: "What is open at a date, per accrual and per balance account, set against the ledger",
  description:
    "accruals: those with an open amount at as_of (default today). accounts: per balance account, the accruals' open sum and the account's balance " +
    "through as_of from accrual entries and their reversals alone; matches_ledger says they are equal.",
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
  app.openapi(createRoute, createAccrualHandler);
  app.openapi(listRoute, listAccrualsHandler);
  app.openapi(getRoute, getAccrualHandler);
  app.openapi(cancelRoute, cancelAccrualHandler);
}
