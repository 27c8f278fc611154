// The payroll routes, one file per resource, registered in the order the OpenAPI
// document lists them: employees, salary runs, absence, the AGI, the payroll reports,
// vacation and opening balances.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerAbsenceRoutes } from "./absence/routes";
import { registerAgiRoutes } from "./agi/routes";
import { registerEmployeeRoutes } from "./employees/routes";
import { registerPayrollReportRoutes } from "./reports/routes";
import { registerRunRoutes } from "./runs/routes";
import { registerVacationRoutes } from "./vacation/routes";

export function registerPayrollRoutes(app: OpenAPIHono<AppEnv>) {
  registerEmployeeRoutes(app);
  registerRunRoutes(app);
  registerAbsenceRoutes(app);
  registerAgiRoutes(app);
  registerPayrollReportRoutes(app);
  registerVacationRoutes(app);
}
