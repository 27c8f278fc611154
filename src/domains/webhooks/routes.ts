import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { hasScope } from "../../http/auth";
import { findInCallerHomes } from "../../http/caller-homes";
import { enterCompany } from "../../http/company-access";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { byCreated, finishPage, pageRequest } from "../../http/pagination";
import { defineRoute, PageQuery, type HandlerContext } from "../../http/route";
import {
  deliveryJson,
  listDeliveries,
  listWebhooks,
  loadDelivery,
  loadWebhook,
  needsPayrollScope,
  webhookJson,
} from "./commands";
import { WebhookCreateSchema, WebhookPatchSchema } from "./schemas";
import { commandRoute, handled, on, registerRoutes } from "../../http/route-table";

const TAG = "Webhooks";
const BASE = "/api/v1/companies/{companyId}/webhooks";
const SCOPE = "webhooks:manage";

const WebhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    event_type: z.string(),
    webhook_url: z.string(),
    active: z.boolean(),
    api_version_pinned: z.string(),
    disabled_at: z.string().nullable(),
    disabled_reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Webhook");
const WithSecret = WebhookSchema.extend({
  secret: z.string().nullable().openapi({ description: "shown once; null on an idempotent replay and on dry-run" }),
});
const DeliverySchema = z
  .object({
    id: z.string(),
    webhook_id: z.string().nullable(),
    event_type: z.string(),
    status: z.enum(["pending", "in_flight", "delivered", "failed", "dead"]),
    attempts: z.number(),
    next_attempt_at: z.string().nullable(),
    response_status: z.number().nullable(),
    response_body: z.string().nullable(),
    error: z.string().nullable(),
    request_id: z.string(),
    retry_of_id: z.string().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
  })
  .openapi("WebhookDelivery");

const read = { tag: TAG, scope: SCOPE, company: true, write: false } as const;

const listCompanyWebhooksRoute = defineRoute({
  ...on.get(read, BASE, DOCS.listCompanyWebhooks),
  response: z.object({ webhooks: z.array(WebhookSchema) }),
});

async function listCompanyWebhooks(c: HandlerContext<typeof listCompanyWebhooksRoute>) {
  return json(c, { webhooks: (await listWebhooks(database(c.env), c.get("company").id)).map(webhookJson) });
}

const getWebhookRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}`, DOCS.getWebhook),
  response: WebhookSchema,
});

async function getWebhook(c: HandlerContext<typeof getWebhookRoute>) {
  return json(c, webhookJson(await loadWebhook(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const WRITE = { tag: TAG, scope: SCOPE, company: true, idempotency: "required", dryRun: true } as const;

const createWebhookRoute = defineRoute({
  ...on.post(WRITE, BASE, DOCS.createWebhook),
  body: WebhookCreateSchema,
  response: WithSecret,
  status: 201,
});

async function createWebhook(c: HandlerContext<typeof createWebhookRoute>) {
  const body = c.req.valid("json");
  if (needsPayrollScope(body.event_type) && !hasScope(c.get("auth").scopes, "payroll:read")) {
    throw new ApiError(
      "INSUFFICIENT_SCOPE",
      { required_scope: "payroll:read", event_type: body.event_type },
      "Payroll events need the scope payroll:read.",
    );
  }
  return dispatch(c, "webhooks.create", body);
}

const WRITE_OPTIONAL_KEY = { tag: TAG, scope: SCOPE, company: true, idempotency: "optional", dryRun: true } as const;

const updateWebhook = commandRoute("webhooks.update", "body+id", {
  ...on.patch(WRITE_OPTIONAL_KEY, `${BASE}/{id}`, DOCS.updateWebhook),
  body: WebhookPatchSchema,
  response: WebhookSchema,
});

const WRITE_NO_DRY_RUN = { tag: TAG, scope: SCOPE, company: true, idempotency: "optional" } as const;

const deleteWebhook = commandRoute("webhooks.delete", "id", {
  ...on.delete(WRITE_NO_DRY_RUN, `${BASE}/{id}`, DOCS.deleteWebhook),
  response: z.object({ deleted: z.boolean() }),
});

const WRITE_UNREPLAYED = { tag: TAG, scope: SCOPE, company: true } as const;

const rotateSecret = commandRoute("webhooks.rotate_secret", "id", {
  ...on.post(WRITE_UNREPLAYED, `${BASE}/{id}/rotate-secret`, DOCS.rotateSecret),
  response: WithSecret,
});

const testWebhook = commandRoute("webhooks.test", "id", {
  ...on.post(WRITE_NO_DRY_RUN, `${BASE}/{id}/test`, DOCS.testWebhook),
  response: z.object({ webhook_delivery_id: z.string(), status: z.literal("pending") }),
});

const listDeliveriesRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}/deliveries`, DOCS.listDeliveries),
  query: z.object(PageQuery),
  response: z.array(DeliverySchema),
});

async function listDeliveriesPage(c: HandlerContext<typeof listDeliveriesRoute>) {
  const { id } = c.req.valid("param");
  const { cursor, limit } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  await loadWebhook(db, companyId, id);
  const page = await pageRequest(c, `deliveries:${id}`, cursor, limit);
  const { items, nextCursor } = await finishPage(c, page, await listDeliveries(db, companyId, id, page), byCreated);
  return json(c, items.map(deliveryJson), 200, { next_cursor: nextCursor });
}

const DELIVERY_WRITE = { tag: TAG, scope: SCOPE } as const;

const retryDeliveryRoute = defineRoute({
  ...on.post(DELIVERY_WRITE, "/api/v1/webhook-deliveries/{id}/retry", DOCS.retryDelivery),
  response: DeliverySchema,
  status: 201,
});

async function retryDelivery(c: HandlerContext<typeof retryDeliveryRoute>) {
  const { id } = c.req.valid("param");
  const delivery = await findInCallerHomes(c, (db) => loadDelivery(db, id));
  const notFound = new ApiError("NOT_FOUND", { resource: "webhook_delivery", id });
  if (!delivery) throw notFound;
  await enterCompany(c, delivery.companyId, { scope: null, write: true }, notFound);
  return dispatch(c, "webhooks.retry_delivery", { id });
}

export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listCompanyWebhooksRoute, listCompanyWebhooks),
    handled(getWebhookRoute, getWebhook),
    handled(createWebhookRoute, createWebhook),
    updateWebhook,
    deleteWebhook,
    rotateSecret,
    testWebhook,
    handled(listDeliveriesRoute, listDeliveriesPage),
    handled(retryDeliveryRoute, retryDelivery),
  ]);
}
