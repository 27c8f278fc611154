// The domain's routes, registered in the order the OpenAPI document lists them.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { inbox, inboxRoute } from "./inbox/routes";
import * as requests from "./requests/routes";

export function registerApprovalRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(inboxRoute, inbox);
  app.openapi(requests.listRequestsRoute, requests.listRequests);
  app.openapi(requests.getRequestRoute, requests.getRequest);
  app.openapi(requests.approveRequestRoute, requests.approveRequest);
  app.openapi(requests.rejectRequestRoute, requests.rejectRequest);
  app.openapi(requests.getSettingsRoute, requests.getSettings);
  app.openapi(requests.updateSettingsRoute, requests.updateSettings);
}
