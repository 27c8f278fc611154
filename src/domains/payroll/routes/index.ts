// The payroll routes, one file per resource, registered in the order the OpenAPI
// document lists them: employees, salary runs, absence, the AGI, the payroll reports,
// vacation and opening balances.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/context";
import { registerAbsenceRoutes } from "./absence";
import { registerAgiRoutes } from "./agi";
import { registerEmployeeRoutes } from "./employees";
import { registerPayrollReportRoutes } from "./reports";
import { registerRunRoutes } from "./runs";
import { registerVacationRoutes } from "./vacation";

export function registerPayrollRoutes(app: OpenAPIHono<AppEnv>) {
  registerEmployeeRoutes(app);
  registerRunRoutes(app);
  registerAbsenceRoutes(app);
  registerAgiRoutes(app);
  registerPayrollReportRoutes(app);
  registerVacationRoutes(app);
}
