// The year-end (an operation), close and reopen, the opening balances, the cash method's year-end entry.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import type { AppEnv } from "../../../http/context";
import { CompanyItemParams } from "../../../http/params";
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
import { commandRoute } from "../../../http/command-route";

const runYearEnd = commandRoute("fiscal_periods.year_end", "body+id", {
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

const closePeriod = commandRoute("fiscal_periods.close", "body+id", {
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

const reopenPeriod = commandRoute("fiscal_periods.reopen", "body+id", {
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

const postOpeningBalances = commandRoute("fiscal_periods.opening_balances", "body+id", {
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

const bookCashMethodEntry = commandRoute("fiscal_periods.cash_method_entry", "id", {
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

export function registerYearEndRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(runYearEnd.route, runYearEnd.handler);
  app.openapi(closePeriod.route, closePeriod.handler);
  app.openapi(reopenPeriod.route, reopenPeriod.handler);
}

/** The opening balances and the cash method's entry, registered after the revaluation (the document's order). */
export function registerOpeningRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(postOpeningBalances.route, postOpeningBalances.handler);
  app.openapi(bookCashMethodEntry.route, bookCashMethodEntry.handler);
}
