// Vacation and opening balances: an employee's vacation balance, the opening balances
// of a mid-year cutover, and the company's vacation pay liability.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../../http/params";
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

const vacationBalanceRoute = defineRoute({
  ...read,
  method: "get",
  path: `${EMPLOYEES}/{id}/vacation-balance`,
  summary: "The employee's vacation balance after the latest booked run",
  description: PROSE.vacationBalance,
  params: CompanyItemParams,
  response: VacationBalanceSchema,
});

async function getVacationBalance(c: HandlerContext<typeof vacationBalanceRoute>) {
  return json(c, await vacationBalance(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const getOpeningBalancesRoute = defineRoute({
  ...read,
  method: "get",
  path: `${EMPLOYEES}/{id}/opening-balances`,
  summary: "The employee's opening balances (mid-year cutover)",
  description: "404 NOT_FOUND if never set. locked: the employee has a booked run in the cutover year or later.",
  params: CompanyItemParams,
  response: OpeningBalancesResponse,
});

async function getOpeningBalances(c: HandlerContext<typeof getOpeningBalancesRoute>) {
  return json(c, await openingBalances(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const putOpeningBalancesRoute = defineRoute({
  ...write,
  method: "post",
  path: `${EMPLOYEES}/{id}/opening-balances`,
  summary: "Set the employee's opening balances for a mid-year cutover (201 the first time, 200 when replaced)",
  description: PROSE.putOpeningBalances,
  params: CompanyItemParams,
  body: OpeningBalancesSchema,
  response: OpeningBalancesResponse,
  alsoStatus: 201,
});

async function putOpeningBalances(c: HandlerContext<typeof putOpeningBalancesRoute>) {
  return dispatch(c, "payroll.put_opening_balances", { ...c.req.valid("json"), employeeId: c.req.valid("param").id });
}

const vacationLiabilityRoute = defineRoute({
  ...read,
  method: "get",
  path: `${COMPANY}/reports/vacation-liability`,
  tag: "Reports",
  summary: "Vacation pay liability (semesterlöneskuld) per employee as of a date",
  description: PROSE.vacationLiability,
  params: CompanyParams,
  query: VacationLiabilityQuery,
  response: VacationLiabilitySchema,
});

async function vacationLiabilityReport(c: HandlerContext<typeof vacationLiabilityRoute>) {
  const asOf = c.req.valid("query").as_of ?? todayUtc();
  return json(c, await vacationLiability(database(c.env), c.get("company").id, asOf));
}

export function registerVacationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(vacationBalanceRoute, getVacationBalance);
  app.openapi(getOpeningBalancesRoute, getOpeningBalances);
  app.openapi(putOpeningBalancesRoute, putOpeningBalances);
  app.openapi(vacationLiabilityRoute, vacationLiabilityReport);
}
