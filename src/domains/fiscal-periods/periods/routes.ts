// The fiscal years: listed, the next one opened, locked (whole or up to a date) and unlocked.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { CompanyParams, CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { lockDatesOf, listPeriods, periodJson } from "./commands";

import { BASE, TAG, write } from "../common";
import { FiscalPeriodSchema, LockBody, LockResult } from "./schemas";
import { commandRoute } from "../../../http/command-route";

export const listFiscalPeriodsRoute = defineRoute({
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List fiscal periods, newest first",
  scope: "reports:read",
  company: true,
  params: CompanyParams,
  response: z.object({ fiscal_periods: z.array(FiscalPeriodSchema) }),
});

export async function listFiscalPeriods(c: HandlerContext<typeof listFiscalPeriodsRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [periods, lockDates] = await Promise.all([listPeriods(db, companyId), lockDatesOf(db, companyId)]);
  return json(c, { fiscal_periods: periods.map((p) => periodJson(p, lockDates.get(p.id) ?? null)) });
}

export const openNextYearRoute = defineRoute({
  ...write,
  dryRun: true,
  method: "post",
  path: BASE,
  summary: "Open the next fiscal year",
  description: PROSE.openNextYearDescription,
  params: CompanyParams,
  response: FiscalPeriodSchema,
  status: 201,
});

export async function openNextYear(c: HandlerContext<typeof openNextYearRoute>) {
  return dispatch(c, "fiscal_periods.create_next", {});
}

const lockPeriod = commandRoute("fiscal_periods.lock", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/lock`,
  summary: "Lock a period, or lock it up to a date",
  description: PROSE.lockPeriodDescription,
  params: CompanyItemParams,
  body: LockBody,
  bodyRequired: false,
  response: LockResult,
});

const unlockPeriod = commandRoute("fiscal_periods.unlock", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/unlock`,
  summary: "Unlock a locked period, or remove its lock date (not a closed one)",
  description: PROSE.unlockPeriodDescription,
  params: CompanyItemParams,
  response: LockResult,
});

export function registerPeriodRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listFiscalPeriodsRoute, listFiscalPeriods);
  app.openapi(openNextYearRoute, openNextYear);
  app.openapi(lockPeriod.route, lockPeriod.handler);
  app.openapi(unlockPeriod.route, unlockPeriod.handler);
}
