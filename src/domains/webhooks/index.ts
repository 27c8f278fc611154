// Webhooks: subscriptions, the fan-out of committed events into deliveries, delivery.
// Owns: webhooks, webhook_deliveries.
export { registerWebhookRoutes } from "./routes";
export { createWebhook, deleteWebhook, retryDelivery, rotateSecret, testWebhook, updateWebhook } from "./service";
export { planDeliveries } from "./fan-out";
export { deliver, sweepDeliveries } from "./delivery";
export { hasOpenDelivery } from "./retention";
