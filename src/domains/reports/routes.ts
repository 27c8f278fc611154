// The report routes, one file per family, registered in this order in the OpenAPI
// document: the ledgers, the financial statements, the VAT declaration, the EU sales list,
// the SIE export.
// The reports by dimension, then the cash-flow statement and key ratios, follow the statements
// (src/domains/reports/dimensions/ and analysis/, rooms of their own).
// Each route parses its query, reads through queries.ts, assembles with a builder and
// renders JSON, a PDF or a file; no SQL and no bookkeeping rule lives here.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerAnalysisRoutes } from "./analysis/routes";
import { registerDimensionReportRoutes } from "./dimensions/routes";
import { registerEuSalesListRoutes } from "./eu-sales/routes";
import { registerLedgerRoutes } from "./ledgers/routes";
import { registerSieExportRoutes } from "./sie/routes";
import { registerStatementRoutes } from "./statements/routes";
import { registerVatRoutes } from "./vat/routes";

export function registerReportRoutes(app: OpenAPIHono<AppEnv>) {
  registerLedgerRoutes(app);
  registerStatementRoutes(app);
  registerDimensionReportRoutes(app);
  registerAnalysisRoutes(app);
  registerVatRoutes(app);
  registerEuSalesListRoutes(app);
  registerSieExportRoutes(app);
}
