import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { hasScope } from "../../http/auth";
import { findInCallerHomes } from "../../http/caller-homes";
import { enterCompany } from "../../http/company-access";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
import { CompanyParams, CompanyItemParams, ItemParams } from "../../http/params";
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
import { commandRoute } from "../../http/command-route";

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
  ...read,
  method: "get",
  path: BASE,
  summary: "List webhooks (secrets are never returned)",
  params: CompanyParams,
  response: z.object({ webhooks: z.array(WebhookSchema) }),
});

async function listCompanyWebhooks(c: HandlerContext<typeof listCompanyWebhooksRoute>) {
  return json(c, { webhooks: (await listWebhooks(database(c.env), c.get("company").id)).map(webhookJson) });
}

const getWebhookRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a webhook",
  params: CompanyItemParams,
  response: WebhookSchema,
});

async function getWebhook(c: HandlerContext<typeof getWebhookRoute>) {
  return json(c, webhookJson(await loadWebhook(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const createWebhookRoute = defineRoute({
  tag: TAG,
  scope: SCOPE,
  company: true,
  idempotency: "required",
  dryRun: true,
  method: "post",
  path: BASE,
  summary: "Register a webhook for one event type",
  description: PROSE.createWebhookDescription,
  params: CompanyParams,
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

const updateWebhook = commandRoute("webhooks.update", "body+id", {
  tag: TAG,
  scope: SCOPE,
  company: true,
  idempotency: "optional",
  dryRun: true,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Update a webhook (event_type is immutable)",
  description: PROSE.updateWebhookDescription,
  params: CompanyItemParams,
  body: WebhookPatchSchema,
  response: WebhookSchema,
});

const deleteWebhook = commandRoute("webhooks.delete", "id", {
  tag: TAG,
  scope: SCOPE,
  company: true,
  idempotency: "optional",
  method: "delete",
  path: `${BASE}/{id}`,
  summary: "Delete a webhook; its deliveries stay with webhook_id null",
  params: CompanyItemParams,
  response: z.object({ deleted: z.boolean() }),
});

const rotateSecret = commandRoute("webhooks.rotate_secret", "id", {
  tag: TAG,
  scope: SCOPE,
  company: true,
  method: "post",
  path: `${BASE}/{id}/rotate-secret`,
  summary: "New signing secret, returned once; the old one stops at once",
  description: "Not idempotent.",
  params: CompanyItemParams,
  response: WithSecret,
});

const testWebhook = commandRoute("webhooks.test", "id", {
  tag: TAG,
  scope: SCOPE,
  company: true,
  idempotency: "optional",
  method: "post",
  path: `${BASE}/{id}/test`,
  summary: "Send a webhook.test delivery now",
  params: CompanyItemParams,
  response: z.object({ webhook_delivery_id: z.string(), status: z.literal("pending") }),
});

const listDeliveriesRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}/deliveries`,
  summary: "Deliveries of a webhook, newest first",
  params: CompanyItemParams,
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
  const { items, nextCursor } = await finishPage(c, page, await listDeliveries(db, companyId, id, page), (d) => ({
    k: d.createdAt,
    i: d.id,
  }));
  return json(c, items.map(deliveryJson), 200, { next_cursor: nextCursor });
}

const retryDeliveryRoute = defineRoute({
  tag: TAG,
  scope: SCOPE,
  method: "post",
  path: "/api/v1/webhook-deliveries/{id}/retry",
  summary: "Send a delivered or dead delivery again as a new pending row",
  description: PROSE.retryDeliveryDescription,
  params: ItemParams,
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
  app.openapi(listCompanyWebhooksRoute, listCompanyWebhooks);
  app.openapi(getWebhookRoute, getWebhook);
  app.openapi(createWebhookRoute, createWebhook);
  app.openapi(updateWebhook.route, updateWebhook.handler);
  app.openapi(deleteWebhook.route, deleteWebhook.handler);
  app.openapi(rotateSecret.route, rotateSecret.handler);
  app.openapi(testWebhook.route, testWebhook.handler);
  app.openapi(listDeliveriesRoute, listDeliveriesPage);
  app.openapi(retryDeliveryRoute, retryDelivery);
}
