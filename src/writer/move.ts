// Moving a company's books to another database (issue #33, docs/databases.md "Moving a
// company"). The company's writer runs it, so no command of the company writes meanwhile
// (the writer answers them 503 COMPANY_MOVING with Retry-After); reads keep being answered
// from the old home until the switch, from the new one after it. The steps:
//   copy      every row of the company, table by table, into the target (emptied of the
//             company's rows first: an earlier move that failed may have left some)
//   verify    rows per table, and the books' figures (entries, lines, sums per account)
//   switch    the directory names the target as the home (one statement)
//   cleanup   after a grace period (reads that resolved the old home before the switch end
//             first), the rows the company left in the old home are deleted
// A failure before the switch deletes what was copied and leaves the home as it was; the
// move is failed and may be asked again. A failure of the cleanup leaves the move cleaning:
// the writer's alarm tries again until the old rows are gone. Nothing is lost at any step.
import { and, eq, inArray } from "drizzle-orm";
import {
  type TableCount,
  companyTables,
  copyCompanyRows,
  countCompanyRows,
  deleteCompanyRows,
  ledgerFingerprint,
} from "../db/company-rows";
import { DIRECTORY, type Directory, bindingOf, directory, homeOf, switchHomeStatement } from "../db/homes";
import { companyMoves, type MoveTableCount } from "../db/tables/directory";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";

export type MoveRow = typeof companyMoves.$inferSelect;
export type MoveStep = "copy" | "verify" | "switch" | "cleanup";

/** A fault a test asks for, to see that a move failing at that step loses nothing. */
export interface MoveFaults {
  failAt?: MoveStep;
}

/**
 * Rows a page of the copy and a chunk of the deletes: the whole move runs in one alarm
 * invocation of the writer, and D1 counts the queries of an invocation (docs/databases.md,
 * "Limits"), so pages are large: 2 000 rows (the copy also cuts a page at 4 MB and each
 * statement's JSON at 512 kB, src/db/company-rows.ts).
 */
const MOVE_CHUNK_ROWS = 2000;

/** The directory's tables: never a company's rows to move, though they carry company_id. */
const DIRECTORY_ONLY = new Set(["memberships", "company_homes", "company_moves", "users", "api_keys"]);

/** A move recorded, or why not (an ApiError does not cross the writer's RPC; its code does). */
export type MoveRequestAnswer =
  | { move: MoveRow; refused?: undefined }
  | { refused: "NOT_FOUND" | "VALIDATION_ERROR" | "CONFLICT"; message: string };

/** The company's writer, as a move is asked of it (durable-objects/company-writer.ts implements it). */
export interface CompanyMover {
  /** records the move and starts it in the writer's alarm; answers the move as recorded */
  requestMove(companyId: string, to: string, now: string): Promise<MoveRequestAnswer>;
}

/** What a command gets while its company's books move: come back shortly. */
export function movingRefusal(): ApiError {
  return new ApiError("COMPANY_MOVING", null, undefined, { "Retry-After": "5" });
}

export function companyMover(env: Pick<Env, "COMPANY_WRITER">, companyId: string): CompanyMover {
  return env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId)) as unknown as CompanyMover;
}

export const MOVE_ACTIVE = ["queued", "copying", "verifying", "switching"] as const;

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
  };
  await dir.insert(companyMoves).values(row);
  return row;
}

/** A move by its id. */
export function loadMove(dir: Directory, id: string) {
  return dir.select().from(companyMoves).where(eq(companyMoves.id, id)).get();
}

/** The moves of a company that have work left: queued or under way, or cleaning. */
export function pendingMoves(dir: Directory, companyId: string) {
  return dir
    .select()
    .from(companyMoves)
    .where(and(eq(companyMoves.companyId, companyId), inArray(companyMoves.status, [...MOVE_ACTIVE, "cleaning"])))
    .orderBy(companyMoves.createdAt)
    .all();
}

function update(dir: Directory, id: string, set: Partial<MoveRow>, now: string) {
  return dir
    .update(companyMoves)
    .set({ ...set, updatedAt: now })
    .where(eq(companyMoves.id, id));
}

function fault(faults: MoveFaults, step: MoveStep) {
  if (faults.failAt === step) throw new Error(`fault asked at ${step}`);
}

/** The company's tables in the source database, without the directory's. */
async function tablesToMove(d1: D1Database): Promise<string[]> {
  return (await companyTables(d1)).filter((t) => !DIRECTORY_ONLY.has(t));
}

/**
 * Copies, verifies and switches: answers the move as it ended (cleaning after a switch, or
 * failed with what was copied deleted again). `now` is read at each step.
 */
export async function copyAndSwitch(env: Env, move: MoveRow, now: () => string, faults: MoveFaults = {}) {
  const dir = directory(env);
  const source = bindingOf(env, move.fromDatabase);
  const target = bindingOf(env, move.toDatabase);
  const started = Date.now();
  let step: MoveStep = "copy";
  try {
    const tables = await tablesToMove(source);
    await update(dir, move.id, { status: "copying" }, now());
    await deleteCompanyRows(target, move.companyId, [...tables], { chunkRows: MOVE_CHUNK_ROWS });
    let copiedTables = 0;
    const copied = await copyCompanyRows(source, target, move.companyId, {
      tables,
      chunkRows: MOVE_CHUNK_ROWS,
      afterTable: (_table, rows) => {
        if (rows > 0 && ++copiedTables === 2) fault(faults, "copy");
      },
    });
    step = "verify";
    await update(dir, move.id, { status: "verifying" }, now());
    const counts = await verifyCopy(source, target, move.companyId, tables, copied);
    fault(faults, "verify");
    step = "switch";
    await update(dir, move.id, { status: "switching", tables: counts }, now());
    fault(faults, "switch");
    const at = now();
    await dir.batch([
      switchHomeStatement(dir, move.companyId, move.fromDatabase, move.toDatabase, at),
      update(dir, move.id, { status: "cleaning", writesClosedMs: Date.now() - started }, at),
    ]);
    return { ...move, status: "cleaning" as const, tables: counts };
  } catch (err) {
    return failMove(env, move, step, err, now);
  }
}

/** Rows per table and the books' figures, source against target; throws on the first difference. */
async function verifyCopy(
  source: D1Database,
  target: D1Database,
  companyId: string,
  tables: string[],
  copied: TableCount[],
): Promise<MoveTableCount[]> {
  const [inSource, inTarget] = await Promise.all([
    countCompanyRows(source, companyId, tables),
    countCompanyRows(target, companyId, tables),
  ]);
  const copiedOf = new Map(copied.map((c) => [c.table, c.rows]));
  const out: MoveTableCount[] = [];
  for (const [i, s] of inSource.entries()) {
    const t = inTarget[i];
    if (t.rows !== s.rows) throw new Error(`${s.table}: ${s.rows} rows in the source, ${t.rows} in the target`);
    out.push({ table: s.table, source: s.rows, copied: copiedOf.get(s.table) ?? 0, deleted: null });
  }
  const [a, b] = await Promise.all([ledgerFingerprint(source, companyId), ledgerFingerprint(target, companyId)]);
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(
      `the books differ: source ${a.lines} lines ${a.debitOre}/${a.creditOre} öre, target ${b.lines} lines ${b.debitOre}/${b.creditOre} öre`,
    );
  return out;
}

/** A move that failed before its switch: what was copied is deleted, the home stays. */
async function failMove(env: Env, move: MoveRow, step: MoveStep, err: unknown, now: () => string) {
  const dir = directory(env);
  const message = err instanceof Error ? err.message : String(err);
  console.error("company move failed", move.id, step, message);
  // a switch that did happen (its answer lost) is not undone: the cleanup finishes the move
  if (step === "switch" && (await homeOf(dir, move.companyId)) === move.toDatabase) {
    await update(dir, move.id, { status: "cleaning" }, now());
    return { ...move, status: "cleaning" as const };
  }
  const target = bindingOf(env, move.toDatabase);
  await deleteCompanyRows(target, move.companyId, await tablesToMove(target), { chunkRows: MOVE_CHUNK_ROWS });
  const at = now();
  await update(dir, move.id, { status: "failed", error: { step, message }, finishedAt: at }, at);
  return { ...move, status: "failed" as const, error: { step, message }, finishedAt: at };
}

/** Deletes the rows the company left in its old home: the move succeeds. Throws to be tried again. */
export async function cleanUp(env: Env, move: MoveRow, now: () => string, faults: MoveFaults = {}) {
  const dir = directory(env);
  const source = bindingOf(env, move.fromDatabase);
  let deletedTables = 0;
  try {
    // the directory keeps its copy of the company's row (a company created before the ledger databases leaves it)
    const deletable = (await tablesToMove(source)).filter((t) => move.fromDatabase !== DIRECTORY || t !== "companies");
    const deleted = await deleteCompanyRows(source, move.companyId, deletable, {
      chunkRows: MOVE_CHUNK_ROWS,
      afterTable: (_table, rows) => {
        if (rows > 0 && ++deletedTables === 2) fault(faults, "cleanup");
      },
    });
    const byTable = new Map(deleted.map((d) => [d.table, d.rows]));
    const tables = (move.tables ?? []).map((t) => ({ ...t, deleted: byTable.get(t.table) ?? 0 }));
    const at = now();
    await update(dir, move.id, { status: "succeeded", tables, error: null, finishedAt: at }, at);
    return { ...move, status: "succeeded" as const, tables, finishedAt: at };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await update(dir, move.id, { error: { step: "cleanup", message } }, now());
    throw err;
  }
}
