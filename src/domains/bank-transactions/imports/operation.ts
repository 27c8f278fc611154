// The bank import operation (import.bank, in the queue): reads and checks the file, then
// stores it in one step, hands its chunks to the queue (bank_import.chunk, runBankImportChunk
// below), or splits a large CSV file into ranges (ranges.ts). See commands.ts for the whole
// path of a file.
import { eq } from "drizzle-orm";
import { backgroundContext, submit } from "../../../commands/submit";
import type { CommandName } from "../../../commands/names";
import { database } from "../../../db/client";
import { bankImports } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import {
  BankFileError,
  parseBankFile,
  type BankFormat,
  type BankParseResult,
  type BankRow,
  type CsvColumnMapping,
  type CsvSplit,
  makeExternalIdsUnique,
  planCsvSplit,
} from "../../../sweden/bank";
import { listPeriods, lockDatesOf } from "../../fiscal-periods";
import {
  OPERATION_CONTINUES,
  type OperationContext,
  OperationLeftRunning,
  type OperationOutcome,
  operationProgress,
  settleOperation,
} from "../../operations";
import type { Job } from "../../../queue";
import { checkStatementTarget } from "../accounts/commands";
import { settlementCurrency } from "../accounts/queries";
import type { IncomingRow } from "./ingest";
import { endFailed } from "./rollback";

import {
  type ImportSummary,
  lockedPeriodWarningsFor,
  resultOf,
  statementFacts,
  summaryOf,
  withStatementBalances,
} from "./rules";
import type { BankImportRow, ChunkTally } from "./queries";
import { putRows, removeWaiting, rowsKey, seedsOf, sendChunkJobs, sendJobs, unpackRow } from "./chunks";
import {
  type BankImportFinishInput,
  type BankImportPrepareInput,
  type BankImportRowsInput,
  type BankImportSplitInput,
  type ImportRowsAnswer,
  bankFileApiError,
} from "./commands";

/** Rows a chunk holds unless BANK_IMPORT_CHUNK_ROWS says otherwise: one writer command each. */
export const IMPORT_CHUNK = 500;

/** The rows per chunk for this Worker: BANK_IMPORT_CHUNK_ROWS (1 to 5 000; tests make it small), else 500. */
export function importChunkRows(env: Pick<Env, "BANK_IMPORT_CHUNK_ROWS">): number {
  const n = Number(env.BANK_IMPORT_CHUNK_ROWS);
  return Number.isInteger(n) && n >= 1 && n <= 5000 ? n : IMPORT_CHUNK;
}

/**
 * Rows dated where the ledger takes no entry: a closed or locked period, or on or before a
 * period's lock date. They are imported all the same, unbooked (the bank file stays complete,
 * the reconciliation sees every row), and the import's result says so; categorising one is
 * refused by the ledger (PERIOD_LOCKED), ignoring it is allowed (issue #34).
 */
export async function lockedPeriodWarnings(
  db: ReturnType<typeof database>,
  companyId: string,
  rows: BankRow[],
): Promise<string[]> {
  const dates: Record<string, number> = {};
  for (const r of rows) dates[r.booking_date] = (dates[r.booking_date] ?? 0) + 1;
  return lockedPeriodWarningsOf(db, companyId, dates);
}

/** lockedPeriodWarnings on the rows' booking dates, each with how many rows carry it (a file read in ranges keeps only these). */
export async function lockedPeriodWarningsOf(
  db: ReturnType<typeof database>,
  companyId: string,
  dateCounts: Record<string, number>,
): Promise<string[]> {
  const all = Object.keys(dateCounts);
  if (all.length === 0) return [];
  const [periods, lockDates] = await Promise.all([listPeriods(db, companyId), lockDatesOf(db, companyId)]);
  return lockedPeriodWarningsFor(periods, lockDates, dateCounts);
}

/** The operation (in the queue): read and check the file, then store it in one step or hand its chunks to the queue. */
export async function runBankImport(op: OperationContext) {
  const { env, operation } = op;
  const db = database(env);
  const imp = await db.select().from(bankImports).where(eq(bankImports.operationId, operation.id)).get();
  if (!imp) throw new ApiError("NOT_FOUND", { resource: "bank_import", operation_id: operation.id });
  const write = (name: CommandName, input: unknown) =>
    writeThrough(env, imp, operation.requestId, op.now(), name, input);
  // the run before this one ended the import but died before settling the operation
  if (imp.status === "succeeded") return resultOf(finishedSummary(imp), imp.rowsInserted, imp.rowsSkippedDuplicate);
  try {
    return await importFile(op, imp, write);
  } catch (err) {
    // an unexpected error (the runtime, D1): running, so the sweep runs it again
    if (!(err instanceof ApiError)) {
      console.error("bank import interrupted; the sweep resumes it", imp.id, err);
      throw new OperationLeftRunning("bank import interrupted");
    }
    await endFailed(imp, write).catch(() => undefined);
    throw err;
  }
}

/** What a finished import's result is made from when its summary was not kept (a file of one chunk). */
function finishedSummary(imp: BankImportRow): ImportSummary {
  return (
    (imp.summary as ImportSummary | null) ??
    ({
      import_id: imp.id,
      settlement_account: imp.settlementAccount,
      rows_total: imp.rowsInserted + imp.rowsSkippedDuplicate,
      rows_rejected: imp.rowsRejected,
      format_detected: imp.formatDetected,
    } as unknown as ImportSummary)
  );
}

// biome-ignore lint/suspicious/noExplicitAny: each command answers its own data shape; the callers read the fields they asked for
export type Write = (name: CommandName, input: unknown) => Promise<any>;

export async function writeThrough(
  env: Env,
  imp: BankImportRow,
  requestId: string,
  now: string,
  name: CommandName,
  input: unknown,
) {
  const actor = imp.startedByKeyId ? { apiKeyId: imp.startedByKeyId, userId: imp.startedByUserId ?? "" } : undefined;
  const res = await submit(env, {
    name,
    input,
    idempotency: null,
    ctx: backgroundContext(env, imp.companyId, requestId, now, actor),
  });
  if (!res.ok) throw new ApiError(res.error.code, res.error.details, res.error.message);
  return res.data;
}

/**
 * The sweep's rollback of an import whose worker died for good (OperationRollback, issue #41
 * item 5): failed, its rows removed (endFailed), what waits in R2 for its chunks removed.
 */
export async function rollbackBankImport(op: OperationContext): Promise<void> {
  const imp = await database(op.env)
    .select()
    .from(bankImports)
    .where(eq(bankImports.operationId, op.operation.id))
    .get();
  if (!imp) return;
  const write = (name: CommandName, input: unknown) =>
    writeThrough(op.env, imp, op.operation.requestId, op.now(), name, input);
  await endFailed(imp, write);
  await removeWaiting(op.env, imp);
}

/**
 * Reads and checks the file, then stores it or hands its chunks on. A large CSV file is only
 * split into byte ranges here, each read by its own message (import-ranges.ts); `whole` reads
 * it in this one step all the same (the ranges found it cannot be read in parts).
 */
export async function importFile(op: OperationContext, imp: BankImportRow, write: Write, whole = false) {
  await op.progress({ phase: "parsing" });
  const object = await op.env.DOCUMENTS.get(imp.r2Key);
  if (!object) throw new ApiError("NOT_FOUND", { resource: "bank_file", key: imp.r2Key });
  const db = database(op.env);
  // a file without a currency column is in the currency the caller named, else the account's own
  const currency = imp.currency ?? (await settlementCurrency(db, imp.companyId, imp.settlementAccount));
  let parsed: BankParseResult;
  try {
    const bytes = new Uint8Array(await object.arrayBuffer());
    const split = whole
      ? null
      : planCsvSplit(bytes, {
          format: imp.format as BankFormat | null,
          mapping: imp.mapping as unknown as CsvColumnMapping | null,
          rangeBytes: importRangeBytes(op.env),
        });
    if (split) return await startRanges(op, imp, split, write);
    parsed = parseBankFile(bytes, {
      ...(imp.format && { format: imp.format as BankFormat }),
      ...(imp.mapping && { mapping: imp.mapping as unknown as CsvColumnMapping }),
      currency,
    });
  } catch (err) {
    if (err instanceof BankFileError) throw bankFileApiError(err);
    throw err;
  }
  // the whole file is refused before any row is stored when a statement is not this account's
  await checkStatementTarget(
    db,
    imp.companyId,
    imp.settlementAccount,
    parsed.statements.map((s) => statementFacts(s, parsed.format)),
  );
  const rows = parsed.statements.flatMap(withStatementBalances);
  const summary = summaryOf(imp, parsed, rows.length, await lockedPeriodWarnings(db, imp.companyId, rows));
  // a run again after its worker died cuts the chunks as the first run did
  const size = imp.chunkRows ?? importChunkRows(op.env);
  await op.progress({ phase: "writing", current: 0, total: rows.length });
  if (rows.length <= size) return storeInOneStep(imp, parsed, rows, summary, write);
  const ranges = await putRows(op.env, imp, rows, size);
  await write("bank_transactions.import_prepare", {
    importId: imp.id,
    chunksTotal: ranges.length,
    chunkRows: size,
    formatDetected: parsed.format,
    summary,
  } satisfies BankImportPrepareInput);
  await sendChunkJobs(op.env, imp.id, ranges, op.operation.requestId);
  return OPERATION_CONTINUES;
}

/**
 * Bytes a read range holds unless BANK_IMPORT_RANGE_BYTES says otherwise: a file larger than one
 * is read in ranges. 1 MiB ranges took 0.5-1 s each under load (two a queue batch); 256 KiB is
 * about a chunk's time.
 */
export const IMPORT_RANGE_BYTES = 256 * 1024;

/** The read range size for this Worker: BANK_IMPORT_RANGE_BYTES (256 bytes to 8 MiB; tests make it small), else 256 KiB. */
export function importRangeBytes(env: Pick<Env, "BANK_IMPORT_RANGE_BYTES">): number {
  const n = Number(env.BANK_IMPORT_RANGE_BYTES);
  return Number.isInteger(n) && n >= 256 && n <= 8 * 1024 * 1024 ? n : IMPORT_RANGE_BYTES;
}

/** A large CSV file: its head and ranges kept on the import, and one bank_import.range message a range. */
async function startRanges(op: OperationContext, imp: BankImportRow, split: CsvSplit, write: Write) {
  await write("bank_transactions.import_split", {
    importId: imp.id,
    split: split as unknown as Record<string, unknown>,
  } satisfies BankImportSplitInput);
  await op.progress({ phase: "reading", current: 0, total: split.ranges.length });
  const jobs: Job[] = split.ranges.map((_, range) => ({
    type: "bank_import.range",
    importId: imp.id,
    range,
    requestId: op.operation.requestId,
  }));
  await sendJobs(op.env, jobs);
  return OPERATION_CONTINUES;
}

/** A file of one chunk: stored and finished by the operation itself. */
export async function storeInOneStep(
  imp: BankImportRow,
  parsed: BankParseResult,
  rows: BankRow[],
  summary: ImportSummary,
  write: Write,
) {
  const res: ImportRowsAnswer = await write("bank_transactions.import_rows", {
    importId: imp.id,
    chunk: 0,
    settlementAccount: imp.settlementAccount,
    format: parsed.format,
    rows,
  } satisfies BankImportRowsInput);
  await write("bank_transactions.import_finish", {
    importId: imp.id,
    status: "succeeded",
    formatDetected: parsed.format,
    rowsInserted: res.chunk.inserted,
    rowsSkippedDuplicate: res.chunk.skipped,
    rowsRejected: summary.rows_rejected,
  } satisfies BankImportFinishInput);
  return resultOf(summary, res.chunk.inserted, res.chunk.skipped);
}

/**
 * The queue job bank_import.chunk: stores one chunk through the company's writer, writes the
 * operation's progress, and, when every chunk is stored, finishes the import and settles its
 * operation. A chunk of an import that has ended does nothing; a refusal by the writer fails
 * the import and removes the rows its other chunks stored (import-rollback.ts).
 */
export async function runBankImportChunk(
  env: Env,
  job: Extract<Job, { type: "bank_import.chunk" }>,
  now: () => string,
) {
  const imp = await database(env).select().from(bankImports).where(eq(bankImports.id, job.importId)).get();
  if (imp?.status !== "processing" || imp.chunksTotal === null) return;
  const summary = imp.summary as ImportSummary;
  const write: Write = (name, input) => writeThrough(env, imp, job.requestId, now(), name, input);
  const key = job.source ? `${imp.r2Key}.${job.source}` : rowsKey(imp);
  const object = await env.DOCUMENTS.get(key, { range: { offset: job.offset, length: job.length } });
  // absent only if the import ended meanwhile (the rows are removed at the end); else the queue tries again
  if (!object) throw new Error(`bank import ${imp.id}: its rows are not in R2`);
  const rows = (await object.json<(unknown[] | IncomingRow)[]>()).map(unpackRow);
  // a file read in ranges: its rows in the statement's order, their external ids made unique here
  if (job.reverse) rows.reverse();
  if (job.source) makeExternalIdsUnique(rows, await seedsOf(env, imp, job));
  let tally: ChunkTally;
  try {
    tally = (
      await write("bank_transactions.import_rows", {
        importId: imp.id,
        chunk: job.chunk,
        settlementAccount: imp.settlementAccount,
        format: imp.formatDetected ?? summary.format_detected,
        rows,
      } satisfies BankImportRowsInput)
    ).stored;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await endFailed(imp, write);
    await settle(
      env,
      imp,
      { status: "failed", error: { code: err.code, message: err.message, details: err.details } },
      now,
    );
    return;
  }
  // every row of a stored chunk is either inserted or skipped as a duplicate
  const current = tally.inserted + tally.skipped;
  await operationProgress(env, imp.operationId, { phase: "writing", current, total: summary.rows_total }, now());
  if (tally.chunks < imp.chunksTotal) return;
  await write("bank_transactions.import_finish", {
    importId: imp.id,
    status: "succeeded",
    formatDetected: imp.formatDetected,
    rowsInserted: tally.inserted,
    rowsSkippedDuplicate: tally.skipped,
    rowsRejected: summary.rows_rejected,
  } satisfies BankImportFinishInput);
  await settle(env, imp, { status: "succeeded", result: resultOf(summary, tally.inserted, tally.skipped) }, now);
}

/** Settles the operation and removes what waits in R2 for it (the file itself stays). */
export async function settle(env: Env, imp: BankImportRow, outcome: OperationOutcome, now: () => string) {
  await settleOperation(env, imp.operationId, outcome, now());
  await removeWaiting(env, imp);
}
