/** Messages on the JOBS queue. */
export type Job =
  | { type: "idempotency.sweep" }
  | { type: "invoices.overdue_sweep" }
  | { type: "payroll.planned_runs_sweep" }
  | { type: "webhooks.sweep" }
  | { type: "webhook.deliver"; deliveryId: string }
  /** the minute sweep of Peppol deliveries due, and one delivery's attempt (docs/peppol.md) */
  | { type: "peppol.sweep" }
  | { type: "peppol.deliver"; deliveryId: string }
  | { type: "operation.run"; operationId: string }
  /** one chunk of a bank file read by its import.bank operation: its byte range in the rows put in R2 (issue #34 item 4) */
  | { type: "bank_import.chunk"; importId: string; chunk: number; offset: number; length: number; requestId: string };
