/** Messages on the JOBS queue. */
export type Job =
  | { type: "idempotency.sweep" }
  | { type: "invoices.overdue_sweep" }
  | { type: "payroll.planned_runs_sweep" }
  | { type: "webhooks.sweep" }
  /** outbox events past the retention window whose deliveries are all over (issue #33) */
  | { type: "outbox.prune" }
  | { type: "webhook.deliver"; deliveryId: string }
  | { type: "operation.run"; operationId: string }
  /** one chunk of a bank file read by its import.bank operation: its byte range in the rows put in R2 (issue #34 item 4) */
  | { type: "bank_import.chunk"; importId: string; chunk: number; offset: number; length: number; requestId: string };
