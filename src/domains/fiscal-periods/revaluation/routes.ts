// The currency revaluation of the open foreign-currency items (an operation, or a preview).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import type { AppEnv } from "../../../http/context";
import { OperationSchema } from "../../operations";

import { BASE, write } from "../common";
import { RevaluationBody, RevaluationPreviewSchema } from "./schemas";
import { commandRoute, on, registerRoutes } from "../../../http/route-table";

const revalueCurrencies = commandRoute("fiscal_periods.currency_revaluation", "body+id", {
  ...on.post(write, `${BASE}/{id}/currency-revaluation`, DOCS.revalueCurrencies),
  dryRun: true,
  dryRunResponse: RevaluationPreviewSchema,
  body: RevaluationBody,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

export function registerRevaluationRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [revalueCurrencies]);
}
