/** A batch kept as SQL text with its parameters, to be replayed whole (src/commands/parked.ts). */
export interface ParkedBatch {
  companyId: string;
  parkedAt: string;
  statements: { sql: string; params: unknown[] }[];
}

/** A compensation that could not be written at once, kept as its command (src/commands/compensation.ts). */
export interface ParkedCompensation {
  companyId: string;
  /** the command that plans the undo again on fresh state (ExternalStep.replay), and its input */
  command: string;
  input: unknown;
  /** the request whose external step failed: the replay's idempotency key is made of it */
  requestId: string;
  parkedAt: string;
}

/**
 * Messages on the JOBS queue. `home`: the database the job works in (src/db/homes.ts): a
 * sweep is sent once per database by the schedule; a job about one item (an operation, a
 * delivery, a bank file) without it finds its item's company and that company's home.
 */
export type Job = JobBody & { home?: string };

type JobBody =
  | { type: "idempotency.sweep" }
  | { type: "invoices.overdue_sweep" }
  | { type: "payroll.planned_runs_sweep" }
  /** recurring invoices whose day has come, and their actions (docs/invoice-contracts.md) */
  | { type: "invoice_contracts.sweep" }
  /** employees whose personnummer index is not yet keyed by their company (issue #41 item 15) */
  | { type: "payroll.personnummer_index_sweep" }
  /** the month before the current one: month.ready_to_close when it is first found ready (issue #44) */
  | { type: "month_close.sweep" }
  | { type: "webhooks.sweep" }
  /** outbox events past the retention window whose deliveries are all over (issue #33) */
  | { type: "outbox.prune" }
  | { type: "webhook.deliver"; deliveryId: string }
  /** the minute sweep of Peppol deliveries due, and one delivery's attempt (docs/peppol.md) */
  | { type: "peppol.sweep" }
  | { type: "peppol.deliver"; deliveryId: string }
  | { type: "operation.run"; operationId: string }
  /** operations whose worker died (a stale heartbeat): run again, or rolled back and failed (issue #41 item 5) */
  | { type: "operations.sweep" }
  /**
   * a write's announcement the database refused after its external step, parked in R2
   * (src/commands/parked.ts); `batch` carries it in the message instead when R2 refused it too
   */
  | { type: "statements.replay"; key: string; batch?: ParkedBatch }
  /**
   * a compensation after a failed external step that could not be written at once, parked in R2
   * (src/commands/compensation.ts); `compensation` carries it in the message instead when R2 refused it
   */
  | { type: "compensation.replay"; key: string; compensation?: ParkedCompensation }
  /** parked writes and compensations whose job was lost or failed: replayed after a minute */
  | { type: "statements.replay_sweep" }
  /** company moves whose steps stopped (their writer's alarm gave up or was lost): set going again (issue #41 item 13) */
  | { type: "moves.sweep" }
  /** one chunk of a bank file read by its import.bank operation: its byte range in the rows put in R2 (issue #34 item 4) */
  | {
      type: "bank_import.chunk";
      importId: string;
      chunk: number;
      offset: number;
      length: number;
      requestId: string;
      /** a file read in ranges: the R2 object (after the file's key) its rows are in, in file order */
      source?: string;
      /** ...to be stored in reverse (the statement reads newest first) */
      reverse?: boolean;
      /** ...whose external ids continue counts from earlier chunks (the `.seeds` object) */
      seeded?: boolean;
    }
  /** one byte range of a large CSV bank file to read (parse, gate, report its facts; issue #34 item 4) */
  | { type: "bank_import.range"; importId: string; range: number; requestId: string }
  /** the bank rules over rows that arrived: an ingest's, or a succeeded import's (docs/bank-rules.md) */
  | { type: "bank_rules.run"; companyId: string; transactionIds?: string[]; importId?: string }
  /** every range of a large CSV bank file has reported: decide the whole-file checks, then store */
  | { type: "bank_import.ranges_read"; importId: string; requestId: string };
