// The domain's routes, registered in the order the OpenAPI document lists them.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { inbox, inboxRoute } from "./inbox/routes";
import * as requests from "./requests/routes";
import { handled, registerRoutes } from "../../http/route-table";

export function registerApprovalRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(inboxRoute, inbox),
    handled(requests.listRequestsRoute, requests.listRequests),
    handled(requests.getRequestRoute, requests.getRequest),
    handled(requests.approveRequestRoute, requests.approveRequest),
    requests.rejectRequest,
    handled(requests.getSettingsRoute, requests.getSettings),
    requests.updateSettings,
  ]);
}
