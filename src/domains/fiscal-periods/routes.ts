import { OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { defineRoute } from "../../http/route";
import { listPeriods, periodJson } from "./service";

const TAG = "Fiscal periods";
const BASE = "/api/v1/companies/{companyId}/fiscal-periods";
const Params = z.object({ companyId: z.string() });
const IdParams = z.object({ companyId: z.string(), id: z.string() });

export const FiscalPeriodSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    is_closed: z.boolean(),
    closed_at: z.string().nullable(),
    locked_at: z.string().nullable(),
    previous_period_id: z.string().nullable(),
    closing_entry_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("FiscalPeriod");
const LockResult = z.object({ id: z.string(), locked_at: z.string().nullable(), is_closed: z.boolean() });
const write = { scope: "bookkeeping:write", company: true, write: true, idempotency: "required", tag: TAG } as const;

export function registerFiscalPeriodRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    defineRoute({
      method: "get",
      path: BASE,
      tag: TAG,
      summary: "List fiscal periods, newest first",
      scope: "reports:read",
      company: true,
      params: Params,
      response: z.object({ fiscal_periods: z.array(FiscalPeriodSchema) }),
    }),
    async (c) => json(c, { fiscal_periods: (await listPeriods(database(c.env), c.get("company").id)).map(periodJson) }),
  );

  app.openapi(
    defineRoute({
      ...write,
      dryRun: true,
      method: "post",
      path: BASE,
      summary: "Open the next fiscal year",
      description: "Creates the twelve-month year that follows the latest period, chained by previous_period_id. No body.",
      params: Params,
      response: FiscalPeriodSchema,
      status: 201,
    }),
    async (c) => dispatch(c, "fiscal_periods.create_next", {}),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${BASE}/{id}/lock`,
      summary: "Lock a period: no entry may be dated in it until unlocked",
      description: "Refused with PERIOD_LOCK_HAS_DRAFTS (details.draft_count) while drafts exist; PERIOD_LOCK_ALREADY_LOCKED when locked or closed.",
      params: IdParams,
      response: LockResult,
    }),
    async (c) => dispatch(c, "fiscal_periods.lock", { id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${BASE}/{id}/unlock`,
      summary: "Unlock a locked period (not a closed one)",
      description: "PERIOD_UNLOCK_NOT_LOCKED when not locked; PERIOD_UNLOCK_CLOSED when the year is closed, which is irreversible.",
      params: IdParams,
      response: LockResult,
    }),
    async (c) => dispatch(c, "fiscal_periods.unlock", { id: c.req.valid("param").id }),
  );
}
