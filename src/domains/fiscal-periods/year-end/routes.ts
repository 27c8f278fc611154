// The year-end (an operation), close and reopen, the opening balances, the cash method's year-end entry.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import type { AppEnv } from "../../../http/context";
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
import { commandRoute, on, registerRoutes } from "../../../http/route-table";

const runYearEnd = commandRoute("fiscal_periods.year_end", "body+id", {
  ...on.post(write, `${BASE}/{id}/year-end`, DOCS.runYearEnd),
  body: YearEndBody,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

const closePeriod = commandRoute("fiscal_periods.close", "body+id", {
  ...on.post(write, `${BASE}/{id}/close`, DOCS.closePeriod),
  mfa: "fiscal_periods.close",
  body: CloseBody,
  bodyRequired: false,
  response: CloseResult,
});

const reopenPeriod = commandRoute("fiscal_periods.reopen", "body+id", {
  ...on.post(write, `${BASE}/{id}/reopen`, DOCS.reopenPeriod),
  mfa: "fiscal_periods.reopen",
  body: ReopenBody,
  response: FiscalPeriodSchema,
});

const postOpeningBalances = commandRoute("fiscal_periods.opening_balances", "body+id", {
  ...on.post(write, `${BASE}/{id}/opening-balances`, DOCS.postOpeningBalances),
  body: OpeningBody,
  response: OpeningResult,
  status: 201,
});

const bookCashMethodEntry = commandRoute("fiscal_periods.cash_method_entry", "id", {
  ...on.post(write, `${BASE}/{id}/cash-method-entry`, DOCS.bookCashMethodEntry),
  dryRun: true,
  response: CashMethodEntryResult,
  status: 201,
});

export function registerYearEndRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [runYearEnd, closePeriod, reopenPeriod]);
}

/** The opening balances and the cash method's entry, registered after the revaluation (the document's order). */
export function registerOpeningRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [postOpeningBalances, bookCashMethodEntry]);
}
