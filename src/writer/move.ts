// Moving a company's books to another database (issue #33, issue #41 item 13,
// docs/databases.md "Moving a company"). The company's writer runs it, one step per invocation
// (its alarm), so no command of the company writes meanwhile: from the move's request to its
// switch the writer answers them 503 COMPANY_MOVING with Retry-After at once, between steps as
// during them; reads keep being answered from the old home until the switch, from the new one
// after it. The steps (src/writer/move-steps.ts), each under D1's 1 000 queries per invocation:
//   begin     the company's tables, read from the source
//   copy      the target emptied of the company's rows (an earlier move that failed may have
//             left some), then every row copied, table by table, page by page
//   verify    rows per table, and the books' figures (entries, lines, sums per account)
//   switch    the directory names the target as the home (one statement)
//   cleanup   after a grace period (reads that resolved the old home before the switch end
//             first), the rows the company left in the old home are deleted, chunk by chunk
// A failure before the switch reopens the writes at once (the home never changed) and the
// move is `undoing` while what was copied is deleted, then `failed`; it may be asked again. A
// failure of a cleanup step leaves the move cleaning: the writer's alarm tries again a minute
// later until the old rows are gone. A step that dies (a crash) is run again by the alarm and
// resumes where its cursors say (src/db/company-row-steps.ts). Nothing is lost at any step.
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Directory } from "../db/homes";
import { companyMoves } from "../db/tables/directory";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";

export type MoveRow = typeof companyMoves.$inferSelect;
export type MoveStep = "copy" | "verify" | "switch" | "cleanup";

/**
 * What a test asks of a step: a fault at a step (the move fails there: nothing may be lost),
 * a crash in the copy (the step dies after writing a page, as a killed process would: the
 * next step must resume), and smaller pages or budgets than the variables say.
 */
export interface MoveFaults {
  failAt?: MoveStep;
  crashAt?: "copy";
  /** the switch's batch is written, and its answer lost */
  loseSwitch?: boolean;
  chunkRows?: number;
  stepQueries?: number;
}

/** A move recorded, or why not (an ApiError does not cross the writer's RPC; its code does). */
export type MoveRequestAnswer =
  | { move: MoveRow; refused?: undefined }
  | { refused: "NOT_FOUND" | "VALIDATION_ERROR" | "CONFLICT"; message: string };

/** The company's writer, as a move is asked of it (durable-objects/company-writer.ts implements it). */
export interface CompanyMover {
  /** records the move, closes the company's writes and starts it in the writer's alarm; answers the move as recorded */
  requestMove(companyId: string, to: string, now: string): Promise<MoveRequestAnswer>;
  /** sets the writer's alarm to carry its pending move on (the minute sweep, for a move whose alarm gave up) */
  resumeMove(companyId: string): Promise<void>;
}

/** What a command gets while its company's books move: come back shortly. */
export function movingRefusal(): ApiError {
  return new ApiError("COMPANY_MOVING", null, undefined, { "Retry-After": "5" });
}

export function companyMover(env: Pick<Env, "COMPANY_WRITER">, companyId: string): CompanyMover {
  return env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId)) as unknown as CompanyMover;
}

/** A move in these holds the company's writes closed (and its per-item jobs waiting). */
export const MOVE_ACTIVE = ["queued", "copying", "verifying", "switching"] as const;
/** ...and in these it has work left (one move of a company at a time). */
const MOVE_PENDING = [...MOVE_ACTIVE, "cleaning", "undoing"] as const;

export function closesWrites(status: MoveRow["status"]): boolean {
  return (MOVE_ACTIVE as readonly string[]).includes(status);
}

/** The move row, inserted. */
export async function recordMove(dir: Directory, companyId: string, from: string, to: string, id: string, now: string) {
  const row: MoveRow = {
    id,
    companyId,
    fromDatabase: from,
    toDatabase: to,
    status: "queued",
    tables: null,
    error: null,
    writesClosedMs: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    progress: null,
  };
  await dir.insert(companyMoves).values(row);
  return row;
}

/** A move by its id. */
export function loadMove(dir: Directory, id: string) {
  return dir.select().from(companyMoves).where(eq(companyMoves.id, id)).get();
}

/** The moves of a company that have work left: queued or under way, cleaning or undoing. */
export function pendingMoves(dir: Directory, companyId: string) {
  return dir
    .select()
    .from(companyMoves)
    .where(and(eq(companyMoves.companyId, companyId), inArray(companyMoves.status, [...MOVE_PENDING])))
    .orderBy(companyMoves.createdAt)
    .all();
}

/**
 * The companies whose writes a move holds closed: the sweeps that delete rows outside the writer
 * (expired idempotency records, old outbox events) leave theirs alone until the switch, or the
 * copy's verification would find a row fewer in the source and fail the move.
 */
export async function movingCompanies(dir: Directory): Promise<string[]> {
  const rows = await dir
    .selectDistinct({ companyId: companyMoves.companyId })
    .from(companyMoves)
    .where(inArray(companyMoves.status, [...MOVE_ACTIVE]))
    .all();
  return rows.map((r) => r.companyId);
}

/** Moves with work left whose last step is older than `before`: their writer's alarm gave up or was lost. */
export function stalledMoves(dir: Directory, before: string) {
  return dir
    .select()
    .from(companyMoves)
    .where(and(inArray(companyMoves.status, [...MOVE_PENDING]), lt(companyMoves.updatedAt, before)))
    .orderBy(companyMoves.updatedAt)
    .limit(50)
    .all();
}

export function updateMove(dir: Directory, id: string, set: Partial<MoveRow>, now: string) {
  return dir
    .update(companyMoves)
    .set({ ...set, updatedAt: now })
    .where(eq(companyMoves.id, id));
}
