// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createWebhookDescription: prose`
    webhook_url must be HTTPS and must not resolve to a private, loopback, link-local or
    cloud-metadata address. salary_run.* and agi.generated also need payroll:read. The signing
    secret is in this response only.
  `,
  updateWebhookDescription: prose`
    active: true re-enables and clears disabled_at and disabled_reason; dead deliveries are not
    replayed.
  `,
  retryDeliveryDescription: prose`
    Not idempotent. A live delivery (pending, in_flight, failed) is refused with 409 CONFLICT;
    the original row is kept.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listCompanyWebhooks: {
    summary: "List webhooks (secrets are never returned)",
  },
  getWebhook: {
    summary: "Get a webhook",
  },
  createWebhook: {
    summary: "Register a webhook for one event type",
    description: PROSE.createWebhookDescription,
  },
  updateWebhook: {
    summary: "Update a webhook (event_type is immutable)",
    description: PROSE.updateWebhookDescription,
  },
  deleteWebhook: {
    summary: "Delete a webhook; its deliveries stay with webhook_id null",
  },
  rotateSecret: {
    summary: "New signing secret, returned once; the old one stops at once",
    description: "Not idempotent.",
  },
  testWebhook: {
    summary: "Send a webhook.test delivery now",
  },
  listDeliveries: {
    summary: "Deliveries of a webhook, newest first",
  },
  retryDelivery: {
    summary: "Send a delivered or dead delivery again as a new pending row",
    description: PROSE.retryDeliveryDescription,
  },
};
