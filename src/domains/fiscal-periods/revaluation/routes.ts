// The currency revaluation of the open foreign-currency items (an operation, or a preview).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import type { AppEnv } from "../../../http/context";
import { CompanyItemParams } from "../../../http/params";
import { OperationSchema } from "../../operations";

import { BASE, write } from "../common";
import { RevaluationBody, RevaluationPreviewSchema } from "./schemas";
import { commandRoute } from "../../../http/command-route";

const revalueCurrencies = commandRoute("fiscal_periods.currency_revaluation", "body+id", {
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

export function registerRevaluationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(revalueCurrencies.route, revalueCurrencies.handler);
}
