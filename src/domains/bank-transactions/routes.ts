// The bank transaction routes, room by room, registered in the order the OpenAPI document
// lists them: the bank accounts, the rows' reads, ingest, booking, matching, the bank file.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerAccountRoutes } from "./accounts/routes";
import { registerBookingRoutes, registerTransactionReadRoutes } from "./booking/routes";
import { registerBankFileRoute, registerIngestRoute } from "./imports/routes";
import { registerMatchingRoutes } from "./matching/routes";

export function registerBankTransactionRoutes(app: OpenAPIHono<AppEnv>) {
  registerAccountRoutes(app);
  registerTransactionReadRoutes(app);
  registerIngestRoute(app);
  registerBookingRoutes(app);
  registerMatchingRoutes(app);
  registerBankFileRoute(app);
}
