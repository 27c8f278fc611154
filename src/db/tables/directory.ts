// The directory's own tables (issue #33, docs/databases.md). The directory
// database holds what spans companies: users, API keys, memberships, a copy of each
// company's row (what the gate and the company list read), and here, each company's home
// (the ledger database its books live in) and the moves between homes. Every database
// carries the one schema, so these tables exist, empty, in the ledger databases too.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A company's home: the binding name of the database its books live in (`LEDGER_n`, or
 * `DIRECTORY` for a company created before the service had ledger databases). Written when
 * the company is created, and by a move's switch.
 */
export const companyHomes = sqliteTable(
  "company_homes",
  {
    companyId: text("company_id").primaryKey(),
    database: text("database").notNull(),
    createdAt: text("created_at").notNull(),
    /** the last move's switch, and the home it left */
    movedAt: text("moved_at"),
    movedFrom: text("moved_from"),
  },
  (t) => [index("company_homes_database_idx").on(t.database)],
);

/** A move of a company's books from one database to another, step by step (src/writer/move.ts). */
export const companyMoves = sqliteTable(
  "company_moves",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    fromDatabase: text("from_database").notNull(),
    toDatabase: text("to_database").notNull(),
    /** queued, copying, verifying, switching, cleaning, succeeded; undoing (a failure's copy removed), failed */
    status: text("status", {
      enum: ["queued", "copying", "verifying", "switching", "cleaning", "undoing", "succeeded", "failed"],
    }).notNull(),
    /** rows per table as copied, verified and deleted: [{ table, source, copied, deleted }] */
    tables: text("tables", { mode: "json" }).$type<MoveTableCount[]>(),
    error: text("error", { mode: "json" }).$type<{ step: string; message: string }>(),
    /** milliseconds the books were closed to writes (from the stop to the switch) */
    writesClosedMs: integer("writes_closed_ms"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    finishedAt: text("finished_at"),
    /** the tables to move and what the steps measured (migration 0050) */
    progress: text("progress", { mode: "json" }).$type<MoveProgress>(),
  },
  (t) => [index("company_moves_company_idx").on(t.companyId, t.createdAt)],
);

/** A move's state between its steps, beside the cursors in the databases it writes. */
export interface MoveProgress {
  /** the company's tables, parents first, as read from the source at the first step */
  tables: string[];
  /** within `copying`: the target emptied of the company's rows first, then the copy */
  phase: "clear" | "copy";
  /** Date.now() at the first step: writes are closed from then to the switch */
  startedMs: number;
  /** Date.now() at the switch: the cleanup's grace runs from here */
  switchedMs?: number;
  /** steps run, and the most D1 queries one of them made (all databases it touched) */
  steps: number;
  maxStepQueries: number;
  /** the D1 queries of the last step */
  lastStepQueries?: number;
}

/**
 * How far a move's copy or delete has come in one table, kept in the database the step writes
 * (every database has the table): written in the same batch as the rows, so exact after a crash.
 * phase: clear (the target, before the copy), copy (the target), cleanup (the source), undo (the target).
 */
export const moveCursors = sqliteTable(
  "move_cursors",
  {
    moveId: text("move_id").notNull(),
    phase: text("phase").notNull(),
    tableName: text("table_name").notNull(),
    /** the last row's key (JSON array) the copy wrote; the next page starts after it */
    afterKey: text("after_key"),
    rows: integer("rows").notNull().default(0),
    done: integer("done").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.phase, t.tableName] })],
);

export interface MoveTableCount {
  table: string;
  source: number;
  copied: number;
  deleted: number | null;
}

/**
 * The state of a user's two-step verification checks (src/http/mfa.ts): the time step of the
 * last code accepted (RFC 6238 §5.2: no code of that step or an earlier one is accepted
 * again), and the wrong codes since `failuresSince`; at the limit, checks are refused until
 * `lockedUntil`. Times are ms since the epoch. A row appears with the user's first code.
 */
export const mfaChecks = sqliteTable("mfa_checks", {
  userId: text("user_id").primaryKey(),
  lastStep: integer("last_step"),
  failures: integer("failures").notNull().default(0),
  failuresSince: integer("failures_since"),
  lockedUntil: integer("locked_until"),
});
