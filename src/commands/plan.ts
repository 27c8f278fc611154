// A command does not write. It reads what it needs, checks the rules, and returns a
// plan: one value holding the response it will give and every write needed to make it
// true (statements, and the ledger's writes with their events, voucher numbers and
// drafts), the files its rows name, the jobs after the commit and any external step.
// The runner adds the audit row, the outbox events and the idempotency record and runs
// the lot as one atomic D1 batch, or nothing at all on a dry run.
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Job } from "../queue";
import type { ApiError } from "../errors/api-error";
import type { Ledger } from "../ledger/engine";
import type { Receipt } from "../ledger/signing";
import type { Statement } from "../db/statement";
import type { StateSession } from "../writer/company-state";
import type { PlannedEvent, VoucherRef } from "../writer/events";
import type { RequestContext } from "../writer/request";
import type { PlannedWrite } from "../writer/write";

// The vocabulary a command is planned in, from the layers below; re-exported so that a
// domain names one module for all of it.
export type { Statement } from "../db/statement";
export type { PlannedEvent, RowObjectSource, VoucherRef } from "../writer/events";
export type { RequestContext } from "../writer/request";
export { type PlannedWrite, Write, writeOf } from "../writer/write";

export interface Plan {
  status: 200 | 201 | 202 | 204;
  data: unknown;
  /**
   * The batch, in order: plain statements and the ledger's writes (src/writer/write.ts),
   * whose events, voucher numbers and drafts the runner applies once the batch commits.
   */
  statements: PlannedWrite[];
  audit: {
    action: string;
    resourceType: string;
    resourceId: string | null;
    /** the voucher the write posted (the last, when it posted several) */
    voucher?: VoucherRef | null;
  };
  events?: PlannedEvent[];
  /**
   * true when the command changed nothing (a bulk create whose every item was refused):
   * the runner writes no audit row and no event, only the idempotency record, so a
   * replay gives the same answer. The plan must then have no statements and no files.
   */
  unchanged?: boolean;
  /** what an idempotent replay returns, when it must differ from `data` (a secret shown once) */
  replayData?: unknown;
  /** queue messages to send once the batch has committed */
  afterCommit?: Job[];
  /**
   * A step outside the database that must follow the commit (an email). Strict
   * mode: if it fails, `compensate` plans the undoing (a storno of the postings)
   * and the error that names the step. The events and the idempotency record are
   * committed only after the step has succeeded.
   */
  external?: ExternalStep;
  /**
   * Files the plan's rows name (R2, the DOCUMENTS bucket). A row that names a file must
   * never exist without its file, and a file without its row is removed: the runner
   * puts them before the batch (never on a dry run) and deletes them if the batch
   * fails. Each key must be new; an existing object is never replaced.
   */
  files?: {
    key: string;
    body: ArrayBuffer | Uint8Array | string;
    contentType?: string;
    customMetadata?: Record<string, string>;
  }[];
}

/** The audit block of a write's answer (meta.audit): the voucher it posted and its trail. */
export interface AuditMeta {
  voucher_number: string | null;
  voucher_url: string | null;
  audit_trail_url: string;
  immutable_at: string | null;
  /** the signed receipt of the entries the write chained (src/ledger/signing.ts); absent when it posted none */
  chain?: Receipt | null;
}

export interface ExternalStep {
  run: () => Promise<void>;
  compensate: (cause: unknown) => Promise<{ statements: PlannedWrite[]; error: ApiError; action: string }>;
  /**
   * The compensation as a command of its own (a name in the command table and its input), for
   * when it cannot be planned or written at once: a job runs it through the company's writer,
   * planned again on fresh state, until it lands (src/commands/compensation.ts). It must change
   * nothing when the undo is already there. A step whose undo posts no entry may go without:
   * its compensation's batch is then parked and replayed as it is (src/commands/parked.ts).
   */
  replay?: (cause: unknown) => { command: string; input: unknown };
}

/** What a command runs with inside the writer: the request, and the one ledger of this plan. */
export interface CommandContext extends RequestContext {
  /**
   * The only writer of journal entries. One per command, so the voucher numbers a
   * plan takes and the books it has read are remembered across its postings.
   */
  ledger: Ledger;
  /** the company's slow-changing state held by its writer, this command's view (src/writer/company-state.ts) */
  state: StateSession;
  /**
   * The access answers the company's writer holds (src/http/access.ts), when the command runs
   * in it: a command whose external step changes a membership drops the user's at once, before
   * the writer takes its next write (a test's runCommand has none).
   */
  heldAccess?: HeldAccess;
  /**
   * Plans another command by name in this run, with the request's context changed by `over`
   * (the approver's commit of a staged write, docs/approvals.md); its refusal is thrown.
   */
  planCommand?: (name: string, input: unknown, over: Partial<RequestContext>) => Promise<Plan>;
}

/**
 * What a write becomes when its key stages it (docs/approvals.md): the command a staging key's
 * write is handed to instead, with the write's name, input and dry-run answer.
 */
export interface StagedWrite {
  command: string;
  input: unknown;
  preview: { status: number; data: unknown };
  trigger: "over_limit" | "staged_command";
}

/** What a command may drop of the access answers its writer holds (AccessCache implements it). */
export interface HeldAccess {
  forgetUser(userId: string): void;
}

/** env gives a command its secrets and external clients' configuration; it must not write with it. */
export type Command<I> = (db: Database, input: I, ctx: CommandContext, env: Env) => Promise<Plan>;

/**
 * Reads a command declares: statements it knows from its input alone that it will make,
 * and the value their results (in the same order) make.
 */
export interface Reads<R> {
  statements: Statement[];
  value: (results: unknown[]) => R;
}

/**
 * A command that declares its reads (load → decide → plan): the runner sends `reads` in
 * one round trip before planning, with the company's state that is missing, and hands
 * `plan` their value. `reads` gives null when there is nothing to read (the writer
 * already holds it: `ctx.state`); `plan` then gets null.
 */
export interface ReadingCommand<I, R> {
  /** the command's name in stack traces and logs, as a function's would be */
  name: string;
  reads: (db: Database, input: I, ctx: CommandContext) => Reads<R> | null;
  plan: (db: Database, input: I, ctx: CommandContext, env: Env, read: R | null) => Promise<Plan>;
}

/** What the writer runs by name: a command, or one with declared reads. */
// biome-ignore lint/suspicious/noExplicitAny: a table entry's read value is its own command's business
export type AnyCommand<I> = Command<I> | ReadingCommand<I, any>;

/** Declares a command with its reads (the type parameters are inferred from `plan`). */
export function withReads<I, R>(command: ReadingCommand<I, R>): ReadingCommand<I, R> {
  return command;
}
