// The year-end (an operation), close and reopen, the opening balances, the cash method's year-end entry.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { OperationSchema } from "../../operations";

import { BASE, write } from "../common";
import { FiscalPeriodSchema } from "../periods/schemas";
import {
  CashMethodEntryResult,
  CloseBody,
  CloseResult,
  OpeningBody,
  OpeningResult,
  ReopenBody,
  YearEndBody,
} from "./schemas";

export const runYearEndRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/year-end`,
  summary: "Run the year-end (asynchronous): currency revaluation, then the closing entry",
  description: PROSE.runYearEndDescription,
  params: CompanyItemParams,
  body: YearEndBody,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

export async function runYearEnd(c: HandlerContext<typeof runYearEndRoute>) {
  return dispatch(c, "fiscal_periods.year_end", { ...(c.req.valid("json") ?? {}), id: c.req.valid("param").id });
}

export const closePeriodRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/close`,
  mfa: "fiscal_periods.close",
  summary: "Close a period (irreversible, unless it was closed as a year closed elsewhere)",
  description: PROSE.closePeriodDescription,
  params: CompanyItemParams,
  body: CloseBody,
  bodyRequired: false,
  response: CloseResult,
});

export async function closePeriod(c: HandlerContext<typeof closePeriodRoute>) {
  return dispatch(c, "fiscal_periods.close", { ...(c.req.valid("json") ?? {}), id: c.req.valid("param").id });
}

export const reopenPeriodRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/reopen`,
  mfa: "fiscal_periods.reopen",
  summary: "Reopen a year that was closed as closed in another program",
  description: PROSE.reopenPeriodDescription,
  params: CompanyItemParams,
  body: ReopenBody,
  response: FiscalPeriodSchema,
});

export async function reopenPeriod(c: HandlerContext<typeof reopenPeriodRoute>) {
  return dispatch(c, "fiscal_periods.reopen", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

export const postOpeningBalancesRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/opening-balances`,
  summary: "Post the next period's opening balances from this period's closing balances",
  description: PROSE.postOpeningBalancesDescription,
  params: CompanyItemParams,
  body: OpeningBody,
  response: OpeningResult,
  status: 201,
});

export async function postOpeningBalances(c: HandlerContext<typeof postOpeningBalancesRoute>) {
  return dispatch(c, "fiscal_periods.opening_balances", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

export const cashMethodEntryRoute = defineRoute({
  ...write,
  dryRun: true,
  method: "post",
  path: `${BASE}/{id}/cash-method-entry`,
  summary: "Book the cash method's year-end entry of unpaid invoices (bokslutsmetoden) before the lock",
  description: PROSE.cashMethodEntryDescription,
  params: CompanyItemParams,
  response: CashMethodEntryResult,
  status: 201,
});

export async function bookCashMethodEntry(c: HandlerContext<typeof cashMethodEntryRoute>) {
  return dispatch(c, "fiscal_periods.cash_method_entry", { id: c.req.valid("param").id });
}

export function registerYearEndRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(runYearEndRoute, runYearEnd);
  app.openapi(closePeriodRoute, closePeriod);
  app.openapi(reopenPeriodRoute, reopenPeriod);
}

/** The opening balances and the cash method's entry, registered after the revaluation (the document's order). */
export function registerOpeningRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(postOpeningBalancesRoute, postOpeningBalances);
  app.openapi(cashMethodEntryRoute, bookCashMethodEntry);
}
