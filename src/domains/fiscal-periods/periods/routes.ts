// The fiscal years: listed, the next one opened, locked (whole or up to a date) and unlocked.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { lockDatesOf, listPeriods, periodJson } from "./commands";

import { BASE, TAG, write } from "../common";
import { FiscalPeriodSchema, LockBody, LockResult } from "./schemas";
import { commandRoute, handled, on, registerRoutes, routeRoom } from "../../../http/route-table";

const READ = { tag: TAG, scope: "reports:read", company: true } as const;

export const listFiscalPeriodsRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.listFiscalPeriods),
  response: z.object({ fiscal_periods: z.array(FiscalPeriodSchema) }),
});

export async function listFiscalPeriods(c: HandlerContext<typeof listFiscalPeriodsRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [periods, lockDates] = await Promise.all([listPeriods(db, companyId), lockDatesOf(db, companyId)]);
  return json(c, { fiscal_periods: periods.map((p) => periodJson(p, lockDates.get(p.id) ?? null)) });
}

export const openNextYear = commandRoute("fiscal_periods.create_next", "none", {
  ...on.post(write, BASE, DOCS.openNextYear),
  dryRun: true,
  response: FiscalPeriodSchema,
  status: 201,
});

const lockPeriod = commandRoute("fiscal_periods.lock", "body+id", {
  ...on.post(write, `${BASE}/{id}/lock`, DOCS.lockPeriod),
  body: LockBody,
  bodyRequired: false,
  response: LockResult,
});

const room = routeRoom(BASE, { write });

const unlockPeriod = room.action("fiscal_periods.unlock", "unlock", DOCS.unlockPeriod, null, LockResult);

export function registerPeriodRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(listFiscalPeriodsRoute, listFiscalPeriods), openNextYear, lockPeriod, unlockPeriod]);
}
