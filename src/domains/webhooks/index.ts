// Webhooks: subscriptions, the fan-out of committed events into deliveries, delivery.
// Owns: webhooks, webhook_deliveries.
export { registerWebhookRoutes } from "./routes";
export { createWebhook, deleteWebhook, retryDelivery, rotateSecret, testWebhook, updateWebhook } from "./commands";
export { planDeliveries } from "./fan-out";
export { deliver, sweepDeliveries } from "./delivery";
export { hasOpenDelivery } from "./retention";
// the public-address guard and the egress, which the Peppol access point's deliveries share (docs/peppol.md)
export { checkWebhookUrl } from "./address";
export { deliveryFetch } from "./egress";
export { RETRY_DELAYS_MS, MAX_ATTEMPTS } from "./delivery";
export { SUBSCRIBABLE_EVENTS } from "./events";
