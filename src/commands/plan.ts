// A command does not write. It reads what it needs, checks the rules, and returns a
// plan: the response it will give and every statement needed to make it true. The
// runner adds the audit row, the outbox events and the idempotency record and runs
// the lot as one atomic D1 batch, or nothing at all on a dry run.
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Role } from "../http/context";
import type { Job } from "../jobs/types";
import type { ApiError } from "../http/api-error";
import type { Ledger } from "../ledger/engine";
import type { StateSession } from "./company-state";

export type Statement = BatchItem<"sqlite">;

export interface VoucherRef {
  entryId: string;
  series: string;
  number: number;
  immutableAt: string;
}

export interface PlannedEvent {
  type: string;
  object: unknown;
  previousAttributes?: unknown;
  /**
   * Set on the events of rows the same batch inserts by the thousand (an import's
   * entries): the outbox row's object is built by the database from that row, so the
   * objects never travel to it as JSON; `object` is then read only for a webhook's
   * delivery, and must equal what `source.object` gives. Such events carry no
   * previous attributes.
   */
  fromRow?: { id: string; source: RowObjectSource };
}

/** An event's object as SQL over a row of `table`, aliased `src` (src/ledger/entry-json.ts). */
export interface RowObjectSource {
  table: SQLiteTable;
  object: SQL;
}

export interface Plan {
  status: 200 | 201 | 202 | 204;
  data: unknown;
  statements: Statement[];
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

export interface ExternalStep {
  run: () => Promise<void>;
  compensate: (cause: unknown) => Promise<{ statements: Statement[]; error: ApiError; action: string }>;
}

/** Who asks, for which company, when: sent by the Worker to the company's writer. */
export interface RequestContext {
  companyId: string;
  requestId: string;
  apiKeyId: string;
  userId: string;
  role: Role;
  unattendedCommitLimitOre: number | null;
  dryRun: boolean;
  /** ISO timestamp taken once per command, so every row of a write shares it */
  now: string;
  apiVersion: string;
}

/** What a command runs with inside the writer: the request, and the one ledger of this plan. */
export interface CommandContext extends RequestContext {
  /**
   * The only writer of journal entries. One per command, so the voucher numbers a
   * plan takes and the books it has read are remembered across its postings.
   */
  ledger: Ledger;
  /** the company's slow-changing state held by its writer, this command's view (src/commands/company-state.ts) */
  state: StateSession;
  /** the results of the command's `readAhead` statements, when the runner sent them */
  readAhead?: unknown[];
}

/** env gives a command its secrets and external clients' configuration; it must not write with it. */
export type Command<I> = ((db: Database, input: I, ctx: CommandContext, env: Env) => Promise<Plan>) & {
  /**
   * Reads the command knows from its input alone that it will make (none when the
   * writer already holds what it needs: `ctx.state`). The runner sends them in one round
   * trip before planning, with the company's state that is missing, and hands their
   * results over as `ctx.readAhead`, in the same order.
   */
  readAhead?: (db: Database, input: I, ctx: CommandContext) => Statement[];
};
