/** Messages on the JOBS queue. */
export type Job =
  | { type: "idempotency.sweep" }
  | { type: "invoices.overdue_sweep" }
  | { type: "payroll.planned_runs_sweep" }
  | { type: "webhooks.sweep" }
  | { type: "webhook.deliver"; deliveryId: string }
  | { type: "operation.run"; operationId: string };
