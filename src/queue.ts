/** Messages on the JOBS queue. */
export type Job =
  | { type: "idempotency.sweep" }
  | { type: "invoices.overdue_sweep" }
  | { type: "payroll.planned_runs_sweep" }
  | { type: "webhooks.sweep" }
  | { type: "webhook.deliver"; deliveryId: string }
  | { type: "operation.run"; operationId: string }
  /** one stored chunk of a bank file read by its import.bank operation (issue #34 item 4) */
  | { type: "bank_import.chunk"; importId: string; chunk: number; requestId: string };
