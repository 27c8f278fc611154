// A company's rows copied and deleted in bounded steps (issue #41 item 13): a company move
// (src/writer/move-steps.ts) runs one step per invocation of the company's writer, each under
// D1's 1 000 queries per invocation, and resumes after a crash where the last one stopped.
// How far each table has come is kept in `move_cursors` of the database the step writes to,
// in the same batch as the rows (a D1 batch is one transaction): a step that dies after a page
// was written finds that page's cursor, one that dies before finds neither. The rows themselves
// are read and written as src/db/company-rows.ts does (keyset pages, JSON inserts, guards lifted
// around a delete in its batch).
import {
  assertSameColumns,
  deleteChunkStatement,
  deleteGuards,
  insertStatement,
  jsonTexts,
  quote,
  readPage,
  readTableShapes,
  shapesOf,
  type TableCount,
  type TableShape,
} from "./company-rows";

/** What one step may spend. */
export interface StepBudget {
  /** D1 queries made so far in this invocation, every database counted (src/db/query-count.ts) */
  used: () => number;
  /** no unit of work starts that could take the invocation past this many queries */
  limit: number;
  /** rows a page copies or a chunk deletes */
  chunkRows: number;
}

/**
 * The most queries one unit makes: a page (its read, its inserts: at most 4 MB in texts of
 * 512 kB, plus a longer row alone, and its cursor) or a delete chunk (the delete, its cursor,
 * and each delete guard of the table dropped and created again: the ledger tables have one or two).
 */
export const UNIT_QUERIES = 16;

/** clear: the target before the copy; copy: the target; cleanup: the source; undo: the target. */
export type CursorPhase = "clear" | "copy" | "cleanup" | "undo";

/** Called when a table is done: its rows, and how many tables of the phase are done with rows (a test's fault). */
export type TableDone = (table: string, rows: number, doneWithRows: number) => void;

interface Cursor {
  afterKey: string | null;
  rows: number;
  done: boolean;
}

async function readCursors(d1: D1Database, moveId: string, phase: CursorPhase): Promise<Map<string, Cursor>> {
  const { results } = await d1
    .prepare("SELECT table_name, after_key, rows, done FROM move_cursors WHERE move_id = ?1 AND phase = ?2")
    .bind(moveId, phase)
    .all<{ table_name: string; after_key: string | null; rows: number; done: number }>();
  return new Map(results.map((r) => [r.table_name, { afterKey: r.after_key, rows: r.rows, done: r.done === 1 }]));
}

/** Rows per table the phase wrote (copied or deleted), in the order of `tables`. */
export async function cursorCounts(
  d1: D1Database,
  moveId: string,
  phase: CursorPhase,
  tables: string[],
): Promise<TableCount[]> {
  const cursors = await readCursors(d1, moveId, phase);
  return tables.map((table) => ({ table, rows: cursors.get(table)?.rows ?? 0 }));
}

/** A move's cursors, removed once it has ended. */
export function dropCursors(d1: D1Database, moveId: string): Promise<D1Result> {
  return d1.prepare("DELETE FROM move_cursors WHERE move_id = ?1").bind(moveId).run();
}

const UPSERT = `INSERT INTO move_cursors (move_id, phase, table_name, after_key, rows, done) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
  ON CONFLICT (move_id, phase, table_name) DO UPDATE SET after_key = excluded.after_key,
  rows = move_cursors.rows + excluded.rows, done = excluded.done`;

function doneWithRows(cursors: Map<string, Cursor>): number {
  return [...cursors.values()].filter((c) => c.done && c.rows > 0).length;
}

/** One table's copy, page by page from its cursor: the rows copied, or null when the budget ran out first. */
async function copyTable(
  from: D1Database,
  to: D1Database,
  move: { id: string; companyId: string },
  shape: TableShape,
  cursor: Cursor | undefined,
  budget: StepBudget,
): Promise<number | null> {
  let { afterKey, rows } = cursor ?? { afterKey: null, rows: 0 };
  for (;;) {
    if (budget.used() + UNIT_QUERIES > budget.limit) return null;
    const page = await readPage(from, shape, move.companyId, afterKey, budget.chunkRows);
    const done = page.rows.length === 0 || page.last;
    await to.batch([
      ...jsonTexts(page.rows).map((json) => insertStatement(to, shape, json)),
      to.prepare(UPSERT).bind(move.id, "copy", shape.name, page.lastKey ?? afterKey, page.rows.length, done ? 1 : 0),
    ]);
    rows += page.rows.length;
    if (done) return rows;
    afterKey = page.lastKey;
  }
}

/**
 * Copies the company's rows of `tables` (parents first) from one database to the other, page by
 * page from where the copy's cursors say it stopped, until the budget is spent; done when every
 * table is. The target must have been cleared of the company's rows before the first step.
 */
export async function copyStep(
  from: D1Database,
  to: D1Database,
  move: { id: string; companyId: string },
  tables: string[],
  budget: StepBudget,
  onTableDone?: TableDone,
): Promise<{ done: boolean }> {
  const cursors = await readCursors(to, move.id, "copy");
  const pending = tables.filter((t) => !cursors.get(t)?.done);
  if (pending.length === 0) return { done: true };
  const [sourceShapes, targetShapes] = await Promise.all([readTableShapes(from), readTableShapes(to)]);
  const sources = shapesOf(sourceShapes, pending, "source");
  const targets = shapesOf(targetShapes, pending, "target");
  for (const [i, s] of sources.entries()) assertSameColumns(s, targets[i]!);
  let finished = doneWithRows(cursors);
  for (const shape of sources) {
    const rows = await copyTable(from, to, move, shape, cursors.get(shape.name), budget);
    if (rows === null) return { done: false };
    if (rows > 0) finished++;
    onTableDone?.(shape.name, rows, finished);
  }
  return { done: true };
}

/**
 * Deletes up to `limit` of the company's rows of one table and counts them in the phase's cursor,
 * in one batch; the table's delete guards are lifted around the delete in that batch, as
 * src/db/company-rows.ts deleteChunk does (no other statement ever sees the table unguarded).
 * SQLite's changes() is the delete's count when the cursor's row is written right after it.
 */
async function deleteChunkCounted(
  d1: D1Database,
  shape: TableShape,
  guards: { name: string; sql: string }[],
  move: { id: string; companyId: string },
  phase: CursorPhase,
  limit: number,
): Promise<number> {
  const cursor = d1
    .prepare(
      `INSERT INTO move_cursors (move_id, phase, table_name, rows, done) VALUES (?1, ?2, ?3, changes(), changes() < ?4)
       ON CONFLICT (move_id, phase, table_name) DO UPDATE SET rows = move_cursors.rows + excluded.rows, done = excluded.done`,
    )
    .bind(move.id, phase, shape.name, limit);
  const results = await d1.batch([
    ...guards.map((g) => d1.prepare(`DROP TRIGGER ${quote(g.name)}`)),
    deleteChunkStatement(d1, shape, move.companyId, limit),
    cursor,
    ...guards.map((g) => d1.prepare(g.sql)),
  ]);
  return results[guards.length]!.meta.changes;
}

/** One table's delete, chunk by chunk: the rows deleted (counted from the cursor's), or null when the budget ran out. */
async function deleteTable(
  d1: D1Database,
  move: { id: string; companyId: string },
  phase: CursorPhase,
  shape: TableShape,
  counted: number,
  budget: StepBudget,
): Promise<number | null> {
  if (budget.used() + UNIT_QUERIES > budget.limit) return null;
  const guards = await deleteGuards(d1, shape.name);
  let rows = counted;
  for (;;) {
    if (budget.used() + UNIT_QUERIES > budget.limit) return null;
    let n: number;
    try {
      n = await deleteChunkCounted(d1, shape, guards, move, phase, budget.chunkRows);
    } catch (cause) {
      // a foreign key from a table outside the list (memberships to companies) refuses the delete
      throw new Error(`deleting the company's rows of ${shape.name} was refused: ${String(cause)}`, { cause });
    }
    rows += n;
    if (n < budget.chunkRows) return rows;
  }
}

/**
 * Deletes the company's rows of `tables` (given parents first; deleted children first) chunk by
 * chunk from where the phase's cursors say it stopped, until the budget is spent; done when every
 * table is empty of the company. Idempotent, as deleting is.
 */
export async function deleteStep(
  d1: D1Database,
  move: { id: string; companyId: string },
  phase: CursorPhase,
  tables: string[],
  budget: StepBudget,
  onTableDone?: TableDone,
): Promise<{ done: boolean }> {
  const cursors = await readCursors(d1, move.id, phase);
  const pending = [...tables].reverse().filter((t) => !cursors.get(t)?.done);
  if (pending.length === 0) return { done: true };
  let finished = doneWithRows(cursors);
  for (const shape of shapesOf(await readTableShapes(d1), pending, "given")) {
    const rows = await deleteTable(d1, move, phase, shape, cursors.get(shape.name)?.rows ?? 0, budget);
    if (rows === null) return { done: false };
    if (rows > 0) finished++;
    onTableDone?.(shape.name, rows, finished);
  }
  return { done: true };
}
