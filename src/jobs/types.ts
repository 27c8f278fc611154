/** Messages on the JOBS queue. */
export type Job =
  | { type: "idempotency.sweep" }
  | { type: "webhooks.sweep" }
  | { type: "webhook.deliver"; deliveryId: string }
  | { type: "operation.run"; operationId: string };
