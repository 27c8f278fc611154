// Webhooks (spec: Webhook resource, Webhooks endpoints, Events). One event type per
// webhook; HTTPS only; the signing secret is shown once and stored encrypted.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhooks } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { randomToken } from "../../http/crypto";
import { afterDesc, type PageRequest } from "../../http/pagination";
import { newId } from "../../ids";
import { encryptSecret } from "../../secrets";
import { checkWebhookUrl, type UrlRefusal } from "./address";
import { shapePayload } from "./payload";
import { SUBSCRIBABLE_EVENTS } from "./events";
import type { WebhookCreateInput, WebhookPatchInput } from "./schemas";

export { SUBSCRIBABLE_EVENTS };

/** Payroll events carry personal data: subscribing needs payroll:read too (spec: Authentication 5). */
export function needsPayrollScope(eventType: string): boolean {
  return eventType.startsWith("salary_run.") || eventType === "agi.generated";
}

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function webhookJson(w: WebhookRow) {
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    event_type: w.eventType,
    webhook_url: w.webhookUrl,
    active: w.active,
    api_version_pinned: w.apiVersionPinned,
    disabled_at: w.disabledAt,
    disabled_reason: w.disabledReason,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
  };
}

export function deliveryJson(d: DeliveryRow) {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt,
    response_status: d.responseStatus,
    response_body: d.responseBody,
    error: d.error,
    request_id: d.requestId,
    retry_of_id: d.retryOfId,
    created_at: d.createdAt,
    delivered_at: d.deliveredAt,
  };
}

const newSecret = () => `whsec_${randomToken(32)}`;

/** The rule each refusal breaks, for the message; details.reason keeps the machine-readable name. */
const URL_RULES: Record<UrlRefusal, string> = {
  invalid_url: "it is not a valid URL",
  not_https: "only https: URLs are allowed",
  credentials_in_url: "the URL must not carry a user name or password",
  port_not_allowed: "only port 443 is allowed",
  private_address: "the host must be a public address (not private, loopback, link-local, metadata or reserved)",
  unresolvable: "the host name does not resolve",
};

async function assertUrl(env: Env, url: string) {
  const verdict = await checkWebhookUrl(env, url);
  if (!verdict.ok) {
    throw new ApiError(
      "VALIDATION_ERROR",
      {
        fields: [{ path: "webhook_url", message: verdict.reason }],
        reason: verdict.reason,
        host: verdict.detail ?? null,
      },
      `webhook_url refused: ${URL_RULES[verdict.reason]}`,
    );
  }
}

export async function loadWebhook(db: Database, companyId: string, id: string): Promise<WebhookRow> {
  const w = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.id, id)))
    .get();
  if (!w) throw new ApiError("NOT_FOUND", { resource: "webhook", id });
  return w;
}

export const createWebhook: Command<WebhookCreateInput> = async (db, input, ctx, env) => {
  await assertUrl(env, input.webhook_url);
  const secret = newSecret();
  const row: WebhookRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: input.name,
    description: input.description ?? null,
    eventType: input.event_type,
    webhookUrl: input.webhook_url,
    active: true,
    apiVersionPinned: ctx.apiVersion,
    disabledAt: null,
    disabledReason: null,
    secretEnc: ctx.dryRun ? "" : await encryptSecret(env.PII_ENCRYPTION_KEY, secret),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const data = { ...webhookJson(row), secret: ctx.dryRun ? null : secret };
  return {
    status: 201,
    data,
    // The secret is shown once: a replay of the create returns the webhook without it.
    replayData: { ...data, secret: null },
    statements: [db.insert(webhooks).values(row)],
    audit: { action: "webhook.created", resourceType: "webhook", resourceId: row.id },
  };
};

export const updateWebhook: Command<WebhookPatchInput & { id: string }> = async (db, input, ctx, env) => {
  const current = await loadWebhook(db, ctx.companyId, input.id);
  if (input.webhook_url !== undefined) await assertUrl(env, input.webhook_url);
  const patch: Partial<WebhookRow> = {
    ...(input.webhook_url !== undefined && { webhookUrl: input.webhook_url }),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.active === true && { active: true, disabledAt: null, disabledReason: null }),
    ...(input.active === false &&
      current.active && { active: false, disabledAt: ctx.now, disabledReason: "disabled_by_user" }),
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: webhookJson({ ...current, ...patch }),
    statements: [db.update(webhooks).set(patch).where(eq(webhooks.id, current.id))],
    audit: { action: "webhook.updated", resourceType: "webhook", resourceId: current.id },
  };
};

/** Hard delete. Deliveries stay (webhook_id null); unfinished ones are never sent. */
export const deleteWebhook: Command<{ id: string }> = async (db, input, ctx) => {
  const current = await loadWebhook(db, ctx.companyId, input.id);
  return {
    status: 200,
    data: { deleted: true },
    statements: [
      // unfinished deliveries go dormant: no next attempt; then every row is detached
      db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: null })
        .where(
          and(
            eq(webhookDeliveries.webhookId, current.id),
            inArray(webhookDeliveries.status, ["pending", "in_flight", "failed"]),
          ),
        ),
      db.update(webhookDeliveries).set({ webhookId: null }).where(eq(webhookDeliveries.webhookId, current.id)),
      db.delete(webhooks).where(eq(webhooks.id, current.id)),
    ],
    audit: { action: "webhook.deleted", resourceType: "webhook", resourceId: current.id },
  };
};

export const rotateSecret: Command<{ id: string }> = async (db, input, ctx, env) => {
  const current = await loadWebhook(db, ctx.companyId, input.id);
  const secret = newSecret();
  return {
    status: 200,
    data: { ...webhookJson({ ...current, updatedAt: ctx.now }), secret },
    statements: [
      db
        .update(webhooks)
        .set({ secretEnc: await encryptSecret(env.PII_ENCRYPTION_KEY, secret), updatedAt: ctx.now })
        .where(eq(webhooks.id, current.id)),
    ],
    audit: { action: "webhook.secret_rotated", resourceType: "webhook", resourceId: current.id },
  };
};

function newDelivery(
  ctx: { companyId: string; now: string; requestId: string },
  hook: WebhookRow,
  type: string,
  object: unknown,
  retryOf: string | null,
): DeliveryRow {
  const id = newId();
  return {
    id,
    companyId: ctx.companyId,
    webhookId: hook.id,
    eventId: null,
    eventType: type,
    status: "pending",
    attempts: 0,
    nextAttemptAt: ctx.now,
    responseStatus: null,
    responseBody: null,
    error: null,
    requestId: ctx.requestId,
    payload: shapePayload(hook.apiVersionPinned, id, {
      type,
      created: Math.floor(Date.parse(ctx.now) / 1000),
      object,
      previousAttributes: null,
    }),
    retryOfId: retryOf,
    createdAt: ctx.now,
    deliveredAt: null,
  };
}

export const testWebhook: Command<{ id: string }> = async (db, input, ctx) => {
  const hook = await loadWebhook(db, ctx.companyId, input.id);
  const row = newDelivery(
    ctx,
    hook,
    "webhook.test",
    { webhook_id: hook.id, message: "Test delivery from the bookkeeping API" },
    null,
  );
  return {
    status: 200,
    data: { webhook_delivery_id: row.id, status: "pending" },
    statements: [db.insert(webhookDeliveries).values(row)],
    afterCommit: [{ type: "webhook.deliver", deliveryId: row.id }],
    audit: { action: "webhook.tested", resourceType: "webhook", resourceId: hook.id },
  };
};

export async function loadDelivery(db: Database, id: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
}

/** A fresh pending row with the same body for a delivery that is over (delivered or dead). */
export const retryDelivery: Command<{ id: string }> = async (db, input, ctx) => {
  const original = await loadDelivery(db, input.id);
  if (!original || original.companyId !== ctx.companyId)
    throw new ApiError("NOT_FOUND", { resource: "webhook_delivery", id: input.id });
  if (original.status !== "delivered" && original.status !== "dead") {
    throw new ApiError(
      "CONFLICT",
      { status: original.status },
      "Only delivered or dead deliveries can be retried; this one is still live.",
    );
  }
  if (!original.webhookId)
    throw new ApiError("CONFLICT", { reason: "webhook_deleted" }, "The webhook of this delivery has been deleted.");
  const hook = await loadWebhook(db, ctx.companyId, original.webhookId);
  const id = newId();
  const payload = JSON.parse(original.payload);
  const row: DeliveryRow = {
    ...newDelivery(ctx, hook, original.eventType, null, original.id),
    id,
    eventId: original.eventId,
    payload: JSON.stringify({ ...payload, id }),
  };
  return {
    status: 201,
    data: deliveryJson(row),
    statements: [db.insert(webhookDeliveries).values(row)],
    afterCommit: [{ type: "webhook.deliver", deliveryId: row.id }],
    audit: { action: "webhook_delivery.retried", resourceType: "webhook_delivery", resourceId: original.id },
  };
};

export async function listWebhooks(db: Database, companyId: string) {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.companyId, companyId))
    .orderBy(desc(webhooks.createdAt), asc(webhooks.id))
    .all();
}

export async function listDeliveries(db: Database, companyId: string, webhookId: string, page: PageRequest) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.webhookId, webhookId),
        afterDesc(page, webhookDeliveries.createdAt, webhookDeliveries.id),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    .limit(page.limit + 1)
    .all();
}
