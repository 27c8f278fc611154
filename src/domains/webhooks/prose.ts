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
