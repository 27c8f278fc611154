// The fiscal period routes, room by room, in the order the OpenAPI document lists them.
// The fiscal period routes, room by room, in the order the OpenAPI document lists them: the
// years and their locks, the corporate tax and NE, the SRU files, the year-end, the currency
// revaluation, the opening balances and the cash method's entry, the voucher gaps.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerGapRoutes } from "./gaps/routes";
import { registerPeriodRoutes } from "./periods/routes";
import { registerRevaluationRoutes } from "./revaluation/routes";
import type { SruCompanyOf } from "./sru/queries";
import { registerSruRoutes } from "./sru/routes";
import { registerTaxRoutes } from "./tax/routes";
import { registerOpeningRoutes, registerYearEndRoutes } from "./year-end/routes";

export function registerFiscalPeriodRoutes(app: OpenAPIHono<AppEnv>, companyOf: SruCompanyOf) {
  registerPeriodRoutes(app);
  registerTaxRoutes(app, companyOf);
  registerSruRoutes(app, companyOf);
  registerYearEndRoutes(app);
  registerRevaluationRoutes(app);
  registerOpeningRoutes(app);
  registerGapRoutes(app);
}
