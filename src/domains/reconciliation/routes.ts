// The reconciliation routes, room by room, in the order the OpenAPI document lists them.
// The reconciliation routes, room by room, in the order the OpenAPI document lists them: the
// accounts (figures, items, links, sign-offs), the bank run, the skattekonto.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerAccountRoutes } from "./accounts/routes";
import { registerRunRoutes } from "./runs/routes";
import { BankRunResultSchema } from "./runs/schemas";
import { registerTaxAccountRoutes } from "./tax-account/routes";

export function registerReconciliationRoutes(app: OpenAPIHono<AppEnv>) {
  // the bank run's operation result, named in the run's description
  app.openAPIRegistry.register("ReconciliationBankRunResult", BankRunResultSchema);
  registerAccountRoutes(app);
  registerRunRoutes(app);
  registerTaxAccountRoutes(app);
}
