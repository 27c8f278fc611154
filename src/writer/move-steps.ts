// One step of a company's move (issue #41 item 13; the steps are listed in src/writer/move.ts):
// what the move's status asks, within one invocation's budget of D1 queries, and the move as
// the step left it. The company's writer runs one step per alarm invocation and sets the next.
// Every query of a step goes through counted bindings (src/db/query-count.ts): a step stops
// before a unit of work could take it past MOVE_STEP_QUERIES, and the most queries a step made
// is kept on the move (`max_step_queries`), measured, not estimated.
import { copyStep, cursorCounts, deleteStep, dropCursors, type StepBudget } from "../db/company-row-steps";
import { companyTables, countCompanyRows, ledgerFingerprint, type TableCount } from "../db/company-rows";
import { DIRECTORY, bindingOf, directory, homeOf, switchHomeStatement } from "../db/homes";
import { QueryCount } from "../db/query-count";
import type { MoveProgress, MoveTableCount } from "../db/tables/directory";
import type { Env } from "../env";
import { type MoveFaults, type MoveRow, type MoveStep, loadMove, updateMove } from "./move";

/** The directory's tables: never a company's rows to move, though they carry company_id. */
const DIRECTORY_ONLY = new Set(["memberships", "company_homes", "company_moves", "users", "api_keys"]);

/**
 * Rows a page of the copy and a chunk of the deletes (MOVE_CHUNK_ROWS), and the D1 queries a step
 * may make (MOVE_STEP_QUERIES): 200 of the 1 000 Cloudflare allows an invocation leaves room for
 * the fixed steps (begin and verify make about two queries per company table, 2 x 64 today).
 * A page is also cut at 4 MB and each insert's JSON at 512 kB (src/db/company-rows.ts).
 */
const DEFAULT_CHUNK_ROWS = 2000;
const DEFAULT_STEP_QUERIES = 200;
const MAX_STEP_QUERIES = 900;

/** What a step ended with, for the writer: the move, whether it switched, and whether to wait before the next. */
export interface StepOutcome {
  move: MoveRow;
  /** this step switched the home: the writer drops what it held of the old one */
  switched: boolean;
  /** a cleanup or undo step failed: try again in a minute */
  retryLater: boolean;
  /** milliseconds until the cleanup may start (the grace after the switch) */
  waitMs: number;
}

interface Step {
  env: Env;
  move: MoveRow;
  progress: MoveProgress;
  budget: StepBudget;
  faults: MoveFaults;
  now: () => string;
  graceMs: number;
}

/** A positive whole number from a variable or a test's hook, else the default. */
function size(hook: number | undefined, variable: string | undefined, fallback: number, max: number): number {
  const n = hook ?? Number(variable ?? fallback);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

function fault(faults: MoveFaults, step: MoveStep) {
  if (faults.failAt === step) throw new Error(`fault asked at ${step}`);
}

/** The company's tables in the source database, without the directory's. */
async function tablesToMove(d1: D1Database): Promise<string[]> {
  return (await companyTables(d1)).filter((t) => !DIRECTORY_ONLY.has(t));
}

/** The env with the directory and the move's two databases counted. */
function counted(env: Env, move: MoveRow, count: QueryCount): Env {
  return {
    ...env,
    DIRECTORY: count.wrap(env.DIRECTORY),
    [move.fromDatabase]: count.wrap(bindingOf(env, move.fromDatabase)),
    [move.toDatabase]: count.wrap(bindingOf(env, move.toDatabase)),
  };
}

/**
 * Runs the move's next step; null when there is no such move. `graceMs`: how long after the
 * switch the old rows are kept (MOVE_CLEANUP_GRACE_SECONDS, the writer's).
 */
export async function stepMove(
  env: Env,
  moveId: string,
  now: () => string,
  graceMs: number,
  faults: MoveFaults = {},
): Promise<StepOutcome | null> {
  const count = new QueryCount();
  const found = await loadMove(directory({ DIRECTORY: count.wrap(env.DIRECTORY) }), moveId);
  if (!found) return null;
  const outcome = { move: found, switched: false, retryLater: false, waitMs: 0 };
  if (found.status === "succeeded" || found.status === "failed") return outcome;
  const limit = size(faults.stepQueries, env.MOVE_STEP_QUERIES, DEFAULT_STEP_QUERIES, MAX_STEP_QUERIES);
  const step: Step = {
    env: counted(env, found, count),
    move: found,
    progress: found.progress ?? { tables: [], phase: "clear", startedMs: Date.now(), steps: 0, maxStepQueries: 0 },
    budget: {
      used: () => count.queries,
      limit,
      chunkRows: size(faults.chunkRows, env.MOVE_CHUNK_ROWS, DEFAULT_CHUNK_ROWS, 10_000),
    },
    faults,
    now,
    graceMs,
  };
  if (found.status === "cleaning") {
    const waitMs = (step.progress.switchedMs ?? Date.parse(found.updatedAt)) + graceMs - Date.now();
    if (waitMs > 0) return { ...outcome, waitMs };
  }
  const { set, written, switched, retryLater } = await runStep(step);
  // the step's own record is one more query, counted before it is made
  const progress = { ...step.progress, ...set.progress };
  const measured = {
    ...progress,
    steps: progress.steps + 1,
    maxStepQueries: Math.max(progress.maxStepQueries, count.queries + 1),
    lastStepQueries: count.queries + 1,
  };
  const at = now();
  const move: MoveRow = { ...found, ...set, progress: measured, updatedAt: at };
  await updateMove(directory(env), found.id, written ? { progress: measured } : { ...set, progress: measured }, at);
  return { move, switched: switched === true, retryLater: retryLater === true, waitMs: 0 };
}

interface StepResult {
  set: Partial<MoveRow>;
  /** the step wrote its status itself (the switch, in the switch's batch) */
  written?: boolean;
  /** the home is the target from this step on */
  switched?: boolean;
  retryLater?: boolean;
}

async function runStep(step: Step): Promise<StepResult> {
  const { move } = step;
  try {
    if (move.status === "queued" || step.progress.tables.length === 0) return await begin(step);
    if (move.status === "copying") return await copy(step);
    if (move.status === "verifying") return await verify(step);
    if (move.status === "switching") return await switchHome(step);
  } catch (err) {
    return failed(step, err);
  }
  try {
    return move.status === "cleaning" ? await cleanUp(step) : await undo(step);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`company move ${move.status} step failed; retried`, move.id, message);
    // an undo keeps the error that failed the move
    return { set: move.status === "cleaning" ? { error: { step: "cleanup", message } } : {}, retryLater: true };
  }
}

/** The company's tables, read from the source; writes are closed from here to the switch. */
async function begin(step: Step): Promise<StepResult> {
  const tables = await tablesToMove(bindingOf(step.env, step.move.fromDatabase));
  const status = step.move.status === "queued" ? "copying" : step.move.status;
  return { set: { status, progress: { ...step.progress, tables, phase: "clear", startedMs: Date.now() } } };
}

/** The target emptied of the company's rows, then the copy, as far as the budget goes. */
async function copy(step: Step): Promise<StepResult> {
  const { move, progress, budget } = step;
  const target = bindingOf(step.env, move.toDatabase);
  if (progress.phase === "clear") {
    const cleared = await deleteStep(target, move, "clear", progress.tables, budget);
    return { set: cleared.done ? { progress: { ...progress, phase: "copy" } } : {} };
  }
  const source = bindingOf(step.env, move.fromDatabase);
  const copied = await copyStep(source, target, move, progress.tables, budget, (_t, rows, doneWithRows) => {
    if (step.faults.crashAt === "copy" && rows > 0) throw new Error("crash asked in the copy");
    if (rows > 0 && doneWithRows === 2) fault(step.faults, "copy");
  });
  return { set: copied.done ? { status: "verifying" } : {} };
}

/** Rows per table and the books' figures, source against target; a difference fails the move. */
async function verify(step: Step): Promise<StepResult> {
  const { move, progress } = step;
  const source = bindingOf(step.env, move.fromDatabase);
  const target = bindingOf(step.env, move.toDatabase);
  const copied = await cursorCounts(target, move.id, "copy", progress.tables);
  const tables = await compareCounts(source, target, move.companyId, progress.tables, copied);
  fault(step.faults, "verify");
  return { set: { status: "switching", tables } };
}

async function compareCounts(
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
  const out: MoveTableCount[] = [];
  for (const [i, s] of inSource.entries()) {
    const t = inTarget[i]!;
    if (t.rows !== s.rows) throw new Error(`${s.table}: ${s.rows} rows in the source, ${t.rows} in the target`);
    out.push({ table: s.table, source: s.rows, copied: copied[i]!.rows, deleted: null });
  }
  const [a, b] = await Promise.all([ledgerFingerprint(source, companyId), ledgerFingerprint(target, companyId)]);
  if (JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(
      `the books differ: source ${a.lines} lines ${a.debitOre}/${a.creditOre} öre, target ${b.lines} lines ${b.debitOre}/${b.creditOre} öre`,
    );
  return out;
}

/** One directory batch: the home, and the move cleaning (the writes open again with it). */
async function switchHome(step: Step): Promise<StepResult> {
  const { move, progress } = step;
  fault(step.faults, "switch");
  const dir = directory(step.env);
  const at = step.now();
  const switchedMs = Date.now();
  const measured = { ...progress, switchedMs };
  const set = { status: "cleaning" as const, writesClosedMs: switchedMs - progress.startedMs, progress: measured };
  await dir.batch([
    switchHomeStatement(dir, move.companyId, move.fromDatabase, move.toDatabase, at),
    updateMove(dir, move.id, set, at),
  ]);
  if (step.faults.loseSwitch) throw new Error("the switch's answer lost");
  return { set, written: true, switched: true };
}

/**
 * A failure before the switch: the writes open again at once (the home never changed), and what
 * was copied is deleted by the undo steps. A switch that did happen (its answer lost) is not
 * undone: the cleanup finishes the move.
 */
async function failed(step: Step, err: unknown): Promise<StepResult> {
  const { move } = step;
  const message = err instanceof Error ? err.message : String(err);
  const at: MoveStep = move.status === "verifying" ? "verify" : move.status === "switching" ? "switch" : "copy";
  if (message === "crash asked in the copy") throw err;
  console.error("company move failed", move.id, at, message);
  if (at === "switch" && (await homeOf(directory(step.env), move.companyId)) === move.toDatabase) {
    const switchedMs = Date.now();
    const progress = { ...step.progress, switchedMs };
    return { set: { status: "cleaning", writesClosedMs: switchedMs - progress.startedMs, progress }, switched: true };
  }
  return { set: { status: "undoing", error: { step: at, message } } };
}

/** The rows the company left in its old home, deleted as far as the budget goes; then the move succeeds. */
async function cleanUp(step: Step): Promise<StepResult> {
  const { move, progress, budget } = step;
  const source = bindingOf(step.env, move.fromDatabase);
  // the directory keeps its copy of the company's row (a company created before the ledger databases leaves it)
  const deletable = progress.tables.filter((t) => move.fromDatabase !== DIRECTORY || t !== "companies");
  const deleted = await deleteStep(source, move, "cleanup", deletable, budget, (_t, rows, doneWithRows) => {
    if (rows > 0 && doneWithRows === 2) fault(step.faults, "cleanup");
  });
  if (!deleted.done) return { set: { error: null } };
  const byTable = new Map((await cursorCounts(source, move.id, "cleanup", deletable)).map((d) => [d.table, d.rows]));
  const tables = (move.tables ?? []).map((t) => ({ ...t, deleted: byTable.get(t.table) ?? 0 }));
  await Promise.all([dropCursors(source, move.id), dropCursors(bindingOf(step.env, move.toDatabase), move.id)]);
  return { set: { status: "succeeded", tables, error: null, finishedAt: step.now() } };
}

/** What a failed move copied, deleted from the target as far as the budget goes; then the move is failed. */
async function undo(step: Step): Promise<StepResult> {
  const { move, progress, budget } = step;
  const target = bindingOf(step.env, move.toDatabase);
  const undone = await deleteStep(target, move, "undo", progress.tables, budget);
  if (!undone.done) return { set: {} };
  await dropCursors(target, move.id);
  return { set: { status: "failed", finishedAt: step.now() } };
}
