// The currency revaluation of the open foreign-currency items (an operation, or a preview).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { OperationSchema } from "../../operations";

import { BASE, write } from "../common";
import { RevaluationBody, RevaluationPreviewSchema } from "./schemas";

export const revalueCurrenciesRoute = defineRoute({
  ...write,
  dryRun: true,
  dryRunResponse: RevaluationPreviewSchema,
  method: "post",
  path: `${BASE}/{id}/currency-revaluation`,
  summary: "Revalue open foreign-currency receivables and payables (asynchronous)",
  description: PROSE.revalueCurrenciesDescription,
  params: CompanyItemParams,
  body: RevaluationBody,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

export async function revalueCurrencies(c: HandlerContext<typeof revalueCurrenciesRoute>) {
  return dispatch(c, "fiscal_periods.currency_revaluation", {
    ...(c.req.valid("json") ?? {}),
    id: c.req.valid("param").id,
  });
}

export function registerRevaluationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(revalueCurrenciesRoute, revalueCurrencies);
}
