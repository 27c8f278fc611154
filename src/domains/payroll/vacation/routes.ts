// Vacation and opening balances: an employee's vacation balance, the opening balances
// of a mid-year cutover, and the company's vacation pay liability.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { VacationLiabilitySchema } from "../reports/schemas";
import { COMPANY, EMPLOYEES, read, write } from "../route-common";
import { openingBalances, vacationBalance, vacationLiability } from "./queries";
import {
  OpeningBalancesResponse,
  OpeningBalancesSchema,
  VacationBalanceSchema,
  VacationLiabilityQuery,
} from "./schemas";
import { handled, on, registerRoutes } from "../../../http/route-table";

const vacationBalanceRoute = defineRoute({
  ...on.get(read, `${EMPLOYEES}/{id}/vacation-balance`, DOCS.vacationBalance),
  response: VacationBalanceSchema,
});

async function getVacationBalance(c: HandlerContext<typeof vacationBalanceRoute>) {
  return json(c, await vacationBalance(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const getOpeningBalancesRoute = defineRoute({
  ...on.get(read, `${EMPLOYEES}/{id}/opening-balances`, DOCS.getOpeningBalances),
  response: OpeningBalancesResponse,
});

async function getOpeningBalances(c: HandlerContext<typeof getOpeningBalancesRoute>) {
  return json(c, await openingBalances(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const putOpeningBalancesRoute = defineRoute({
  ...on.post(write, `${EMPLOYEES}/{id}/opening-balances`, DOCS.putOpeningBalances),
  body: OpeningBalancesSchema,
  response: OpeningBalancesResponse,
  alsoStatus: 201,
});

async function putOpeningBalances(c: HandlerContext<typeof putOpeningBalancesRoute>) {
  return dispatch(c, "payroll.put_opening_balances", { ...c.req.valid("json"), employeeId: c.req.valid("param").id });
}

const vacationLiabilityRoute = defineRoute({
  ...on.get(read, `${COMPANY}/reports/vacation-liability`, DOCS.vacationLiability),
  tag: "Reports",
  query: VacationLiabilityQuery,
  response: VacationLiabilitySchema,
});

async function vacationLiabilityReport(c: HandlerContext<typeof vacationLiabilityRoute>) {
  const asOf = c.req.valid("query").as_of ?? todayUtc();
  return json(c, await vacationLiability(database(c.env), c.get("company").id, asOf));
}

export function registerVacationRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(vacationBalanceRoute, getVacationBalance),
    handled(getOpeningBalancesRoute, getOpeningBalances),
    handled(putOpeningBalancesRoute, putOpeningBalances),
    handled(vacationLiabilityRoute, vacationLiabilityReport),
  ]);
}
