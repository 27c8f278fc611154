// POST .../imports/bank, run as an operation (spec: Imports). The route checks the
// size and that some format recognises the file, and the start command records the
// import, keeps the file in R2 (the plan's files step) and queues the operation. The
// operation reads the file with src/sweden/bank and checks it whole (the statements'
// account, currency and dates) before any row is stored. A file of one chunk (500 rows,
// BANK_IMPORT_CHUNK_ROWS) is then stored by the operation itself. A larger one is put in
// R2 chunk by chunk, the import turns `processing`, and each chunk is one queue message
// (bank_import.chunk) that hands its rows to the company's writer
// (bank_transactions.import_rows): de-duplicated, atomic, and recorded in
// bank_import_chunks in the same batch, so a chunk delivered twice is stored once. The
// message that stores the last chunk finishes the import and settles the operation.
// Why messages (issue #34 item 4): one queue invocation that stored a 300 000-row file
// held every other request of the local runtime for its whole length; now each
// invocation holds at most one queue batch of chunks.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { backgroundContext, submit } from "../../commands/submit";
import type { CommandName } from "../../commands/names";
import { database } from "../../db/client";
import { bankImportChunks, bankImportRanges, bankImports } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";
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
} from "../../sweden/bank";
import { listPeriods, lockDatesOf } from "../fiscal-periods";
import {
  planOperation,
  OPERATION_CONTINUES,
  type OperationContext,
  operationFile,
  OperationLeftRunning,
  type OperationOutcome,
  operationProgress,
  settleOperation,
} from "../operations";
import type { Job } from "../../queue";
import { checkStatementTarget, settlementCurrency, type StatementFacts } from "./bank-accounts";
import { planStoreRows, type IncomingRow } from "./ingest";
import { endFailed } from "./import-rollback";

/** Rows a chunk holds unless BANK_IMPORT_CHUNK_ROWS says otherwise: one writer command each. */
export const IMPORT_CHUNK = 500;
/** Cloudflare Queues takes at most 100 messages a sendBatch. */
const SEND_BATCH_MAX = 100;

/** The rows per chunk for this Worker: BANK_IMPORT_CHUNK_ROWS (1 to 5 000; tests make it small), else 500. */
export function importChunkRows(env: Pick<Env, "BANK_IMPORT_CHUNK_ROWS">): number {
  const n = Number(env.BANK_IMPORT_CHUNK_ROWS);
  return Number.isInteger(n) && n >= 1 && n <= 5000 ? n : IMPORT_CHUNK;
}

export interface BankImportStart {
  importId: string;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
  settlementAccount: string;
  format: BankFormat | null;
  mapping: CsvColumnMapping | null;
  currency: string | null;
}

/** A bank file's refusal as the API's: VALIDATION_ERROR naming the parser's reason. */
export function bankFileApiError(err: BankFileError): ApiError {
  return new ApiError("VALIDATION_ERROR", { reason: err.code, ...err.details }, err.message);
}

export const startBankImport: Command<BankImportStart> = async (db, input, ctx) => {
  const r2Key = `companies/${ctx.companyId}/imports/bank/${input.importId}`;
  const op = planOperation(db, ctx, "import.bank", {
    import_id: input.importId,
    file_name: input.fileName,
    settlement_account: input.settlementAccount,
    format: input.format,
  });
  return {
    status: 202,
    data: op.handle,
    statements: [
      ...op.statements,
      db.insert(bankImports).values({
        id: input.importId,
        companyId: ctx.companyId,
        operationId: op.handle.operation_id,
        fileName: input.fileName,
        fileSizeBytes: input.bytes.byteLength,
        sha256: input.sha256,
        r2Key,
        settlementAccount: input.settlementAccount,
        format: input.format,
        formatDetected: null,
        mapping: (input.mapping as Record<string, string | number> | null) ?? null,
        currency: input.currency,
        status: "queued",
        rowsInserted: 0,
        rowsSkippedDuplicate: 0,
        rowsRejected: 0,
        startedByKeyId: ctx.apiKeyId,
        startedByUserId: ctx.userId,
        createdAt: ctx.now,
      }),
    ],
    files: [operationFile(ctx, r2Key, input.bytes, input.sha256)],
    afterCommit: [op.job],
    audit: { action: "import.bank_started", resourceType: "operation", resourceId: op.handle.operation_id },
  };
};

export interface BankImportRowsInput {
  importId: string;
  /** the chunk's number in the file, from 0 */
  chunk: number;
  settlementAccount: string;
  format: string;
  rows: IncomingRow[];
}

/** What storing a chunk answers: the chunk's own counts, and the import's chunks stored so far (this one included). */
interface ImportRowsAnswer {
  chunk: { inserted: number; skipped: number; stored_before: boolean };
  stored: ChunkTally;
}

/**
 * One chunk of a file's rows: stored unless already there, and recorded as stored in the same
 * batch. A chunk already recorded (a message delivered twice) answers its recorded counts and
 * writes nothing; so does a chunk of an import that has ended (failed on another chunk).
 */
export const importBankRows: Command<BankImportRowsInput> = async (db, input, ctx) => {
  const imp = await db
    .select({ status: bankImports.status })
    .from(bankImports)
    .where(and(eq(bankImports.id, input.importId), eq(bankImports.companyId, ctx.companyId)))
    .get();
  const done = await db
    .select()
    .from(bankImportChunks)
    .where(and(eq(bankImportChunks.importId, input.importId), eq(bankImportChunks.chunkIndex, input.chunk)))
    .get();
  // the chunks stored before this one: the writer runs one command at a time, so the count is exact
  const before = await chunkTally(db, input.importId);
  if (!imp || done || (imp.status !== "queued" && imp.status !== "processing"))
    return {
      status: 200,
      data: {
        chunk: { inserted: done?.rowsInserted ?? 0, skipped: done?.rowsSkippedDuplicate ?? 0, stored_before: true },
        stored: before,
      } satisfies ImportRowsAnswer,
      statements: [],
      unchanged: true,
      audit: { action: "import.bank_rows", resourceType: "bank_import", resourceId: input.importId },
    };
  const plan = await planStoreRows(
    db,
    ctx,
    { settlementAccount: input.settlementAccount, source: "file", importId: input.importId, format: input.format },
    input.rows,
  );
  const tally: ChunkTally = {
    chunks: before.chunks + 1,
    inserted: before.inserted + plan.inserted.length,
    skipped: before.skipped + plan.skipped,
  };
  return {
    status: 200,
    data: {
      chunk: { inserted: plan.inserted.length, skipped: plan.skipped, stored_before: false },
      stored: tally,
    } satisfies ImportRowsAnswer,
    statements: [
      ...plan.statements,
      db.insert(bankImportChunks).values({
        importId: input.importId,
        chunkIndex: input.chunk,
        companyId: ctx.companyId,
        rowsInserted: plan.inserted.length,
        rowsSkippedDuplicate: plan.skipped,
        createdAt: ctx.now,
      }),
    ],
    events: plan.events,
    audit: { action: "import.bank_rows", resourceType: "bank_import", resourceId: input.importId },
  };
};

export interface BankImportPrepareInput {
  importId: string;
  chunksTotal: number;
  /** the rows per chunk (a file read whole; a file read in ranges cuts each range apart) */
  chunkRows?: number;
  formatDetected: string;
  summary: ImportSummary;
}

/** The file was read and checked and its chunks are in R2: the import is `processing`. */
export const prepareBankImport: Command<BankImportPrepareInput> = async (db, input) => ({
  status: 200,
  data: { status: "processing" },
  statements: [
    db
      .update(bankImports)
      .set({
        status: "processing",
        chunksTotal: input.chunksTotal,
        chunkRows: input.chunkRows ?? null,
        formatDetected: input.formatDetected,
        summary: input.summary,
      })
      .where(and(eq(bankImports.id, input.importId), inArray(bankImports.status, ["queued", "processing"]))),
  ],
  audit: { action: "import.bank_processing", resourceType: "bank_import", resourceId: input.importId },
});

export interface BankImportSplitInput {
  importId: string;
  split: Record<string, unknown>;
}

/** A large CSV file is read in ranges: its head and ranges are kept on the import, which stays `queued`. */
export const splitBankImport: Command<BankImportSplitInput> = async (db, input) => ({
  status: 200,
  data: { ranges: (input.split.ranges as unknown[]).length },
  statements: [
    db
      .update(bankImports)
      .set({ split: input.split })
      .where(and(eq(bankImports.id, input.importId), eq(bankImports.status, "queued"))),
  ],
  audit: { action: "import.bank_split", resourceType: "bank_import", resourceId: input.importId },
});

export interface BankImportRangeInput {
  importId: string;
  range: number;
  facts: Record<string, unknown>;
}

/**
 * One range of a file read: its facts recorded unless already there. Answers how many ranges
 * have reported, this one included; the writer runs one command at a time, so exactly one
 * range's answer is the first to count them all (a range delivered twice counts once).
 */
export const reportBankImportRange: Command<BankImportRangeInput> = async (db, input, ctx) => {
  const done = await db
    .select({ n: sql<number>`count(*)` })
    .from(bankImportRanges)
    .where(eq(bankImportRanges.importId, input.importId))
    .get();
  const already = await db
    .select({ i: bankImportRanges.rangeIndex })
    .from(bankImportRanges)
    .where(and(eq(bankImportRanges.importId, input.importId), eq(bankImportRanges.rangeIndex, input.range)))
    .get();
  const before = done?.n ?? 0;
  return {
    status: 200,
    data: { reported: already ? before : before + 1, recorded_before: already !== undefined },
    statements: already
      ? []
      : [
          db.insert(bankImportRanges).values({
            importId: input.importId,
            rangeIndex: input.range,
            companyId: ctx.companyId,
            facts: input.facts,
            createdAt: ctx.now,
          }),
        ],
    unchanged: already !== undefined,
    audit: { action: "import.bank_range", resourceType: "bank_import", resourceId: input.importId },
  };
};

export interface BankImportFinishInput {
  importId: string;
  status: "succeeded" | "failed";
  formatDetected: string | null;
  rowsInserted: number;
  rowsSkippedDuplicate: number;
  rowsRejected: number;
}

/** The import's end; an import that has already ended keeps its state (two chunks' messages may both see the end). */
export const finishBankImport: Command<BankImportFinishInput> = async (db, input) => ({
  status: 200,
  data: { status: input.status },
  statements: [
    db
      .update(bankImports)
      .set({
        status: input.status,
        formatDetected: input.formatDetected,
        rowsInserted: input.rowsInserted,
        rowsSkippedDuplicate: input.rowsSkippedDuplicate,
        rowsRejected: input.rowsRejected,
      })
      .where(and(eq(bankImports.id, input.importId), inArray(bankImports.status, ["queued", "processing"]))),
  ],
  audit: { action: `import.bank_${input.status}`, resourceType: "bank_import", resourceId: input.importId },
});

export type BankImportRow = typeof bankImports.$inferSelect;

function statementSummary(parsed: BankParseResult) {
  return parsed.statements.map((s) => {
    const sum = s.rows.reduce((t, r) => t + r.amount_ore, 0);
    const carries = s.opening_balance_ore !== undefined && s.closing_balance_ore !== undefined;
    return {
      account: s.account,
      currency: s.currency,
      statement_id: s.statement_id,
      rows: s.rows.length,
      opening_balance: s.opening_balance_ore === undefined ? null : fromOre(s.opening_balance_ore),
      closing_balance: s.closing_balance_ore === undefined ? null : fromOre(s.closing_balance_ore),
      rows_total: fromOre(sum),
      balance_check: carries
        ? s.opening_balance_ore! + sum === s.closing_balance_ore
          ? "ok"
          : "mismatch"
        : "not_carried",
    };
  });
}

/**
 * A statement that carries its opening and closing balances (camt.053 OPBD/PRCD and CLBD) but
 * no balance per row gives each row the balance after it, so that the reconciliation takes the
 * bank's own balance as it does for a CSV with a balance column. The rows are put in the order
 * the reconciliation reads them (booking date, then file order); each row's balance is the
 * opening balance plus the rows up to it, and the last row carries the closing balance as the
 * bank states it, so a statement whose rows do not add up shows as an unexplained difference.
 */
export function withStatementBalances(s: BankParseResult["statements"][number]): BankRow[] {
  if (s.opening_balance_ore === undefined || s.closing_balance_ore === undefined) return s.rows;
  if (s.rows.length === 0 || s.rows.some((r) => r.balance_after_ore !== null)) return s.rows;
  const ordered = s.rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.booking_date === b.r.booking_date ? a.i - b.i : a.r.booking_date < b.r.booking_date ? -1 : 1))
    .map(({ r }) => r);
  let balance = s.opening_balance_ore;
  return ordered.map((r, i) => {
    balance += r.amount_ore;
    return { ...r, balance_after_ore: i === ordered.length - 1 ? s.closing_balance_ore! : balance };
  });
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
  const periods = await listPeriods(db, companyId);
  const lockDates = await lockDatesOf(db, companyId);
  const warnings: string[] = [];
  for (const p of periods) {
    const lockDate = lockDates.get(p.id) ?? null;
    const whole = p.isClosed || p.lockedAt !== null;
    const through = whole ? p.periodEnd : lockDate;
    if (through === null) continue;
    const dates = all.filter((d) => d >= p.periodStart && d <= through);
    if (dates.length === 0) continue;
    dates.sort();
    const count = dates.reduce((n, d) => n + dateCounts[d], 0);
    const state = p.isClosed ? "closed" : whole ? "locked" : `locked through ${through}`;
    warnings.push(
      `${count} row(s) dated ${dates[0]} to ${dates[dates.length - 1]} fall in the fiscal period ${p.periodStart} to ${p.periodEnd}, ${state}: imported unbooked; categorising them is refused (PERIOD_LOCKED) while the period is locked, ignoring them is allowed`,
    );
  }
  return warnings;
}

function statementFacts(s: BankParseResult["statements"][number], format: BankFormat): StatementFacts {
  return {
    account: s.account,
    // a BgMax file names the bankgiro the payments came to, not the bank account
    accountKind: format === "bgmax" ? "bankgiro" : "bank_account",
    statementId: s.statement_id,
    currencies: [s.currency, ...s.rows.map((r) => r.currency)],
    dates: s.rows.map((r) => r.booking_date),
  };
}

/** What reading the file gave, kept on the import until its last chunk is stored: the result without the counts. */
export type ImportSummary = ReturnType<typeof summaryOf>;

export function summaryOf(imp: BankImportRow, parsed: BankParseResult, rowsTotal: number, lockWarnings: string[]) {
  return {
    import_id: imp.id,
    settlement_account: imp.settlementAccount,
    rows_total: rowsTotal,
    rows_rejected: parsed.rejected.length,
    rejected: parsed.rejected.slice(0, 100),
    format_detected: parsed.format,
    encoding: parsed.encoding,
    earliest_date: parsed.earliest_date,
    latest_date: parsed.latest_date,
    statements: statementSummary(parsed),
    warnings: [...parsed.warnings, ...lockWarnings],
  };
}

/** The operation's result: the summary with the rows stored and skipped, in the order the API has always given. */
export function resultOf(summary: ImportSummary, inserted: number, skipped: number) {
  const { import_id, settlement_account, rows_total: _total, ...rest } = summary;
  return { import_id, settlement_account, rows_inserted: inserted, rows_skipped_duplicate: skipped, ...rest };
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

/** Bytes a read range holds unless BANK_IMPORT_RANGE_BYTES says otherwise: a file larger than one is read in ranges. 1 MiB ranges took 0.5-1 s each under load (two a queue batch); 256 KiB is about a chunk's time. */
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

/** Where a file's rows wait for their chunks' messages: one object, each chunk a JSON array at its own byte range. */
export const rowsKey = (imp: Pick<BankImportRow, "r2Key">) => `${imp.r2Key}.rows`;

export interface ChunkRange {
  offset: number;
  length: number;
}

/**
 * The fields a stored row keeps, in the order each row's array holds them: what storing it
 * reads (IncomingRow), not the parser's line and record or transaction date.
 */
const STORED_FIELDS = [
  "booking_date",
  "value_date",
  "amount_ore",
  "currency",
  "amount_foreign_ore",
  "currency_foreign",
  "description",
  "counterparty_name",
  "counterparty_account",
  "reference",
  "reference_type",
  "ocr_references",
  "external_id",
  "balance_after_ore",
  "details",
] as const satisfies readonly (keyof IncomingRow)[];

/**
 * A row as one array of its values, in STORED_FIELDS' order. As objects, a 220 000-row file's
 * rows were 91 MB of JSON (a row's keys, its source, its nulls), and writing them was a third of
 * the reading's invocation; as arrays they are 23 MB, written in half the time (issue #34 item 4).
 */
export const packRow = (row: IncomingRow) => STORED_FIELDS.map((f) => row[f]);

/**
 * The row again from its array (packRow's inverse). A row stored as an object, by a Worker
 * before this format, is taken as it is, so that an import running across a deploy finishes.
 */
function unpackRow(stored: unknown[] | IncomingRow): IncomingRow {
  if (!Array.isArray(stored)) return stored;
  return Object.fromEntries(STORED_FIELDS.map((f, i) => [f, stored[i]])) as unknown as IncomingRow;
}

/**
 * The rows in R2 as one object, chunk after chunk, and each chunk's byte range: a queue message
 * carries at most 128 KB, so it names its range and reads only that (one put per file, however
 * many chunks).
 */
async function putRows(env: Env, imp: BankImportRow, rows: BankRow[], size: number): Promise<ChunkRange[]> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const ranges: ChunkRange[] = [];
  let offset = 0;
  for (let i = 0; i < rows.length; i += size) {
    const part = encoder.encode(JSON.stringify(rows.slice(i, i + size).map(packRow)));
    parts.push(part);
    ranges.push({ offset, length: part.byteLength });
    offset += part.byteLength;
  }
  await env.DOCUMENTS.put(rowsKey(imp), new Blob(parts), { httpMetadata: { contentType: "application/octet-stream" } });
  return ranges;
}

async function sendChunkJobs(env: Env, importId: string, ranges: ChunkRange[], requestId: string) {
  const jobs: Job[] = ranges.map((range, chunk) => ({
    type: "bank_import.chunk",
    importId,
    chunk,
    ...range,
    requestId,
  }));
  await sendJobs(env, jobs);
}

/** Queue messages, at most SEND_BATCH_MAX a sendBatch. */
export async function sendJobs(env: Env, jobs: Job[]) {
  for (let i = 0; i < jobs.length; i += SEND_BATCH_MAX)
    await env.JOBS.sendBatch(jobs.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body })));
}

export interface ChunkTally {
  chunks: number;
  inserted: number;
  skipped: number;
}

/** The chunks of an import stored so far and what they hold. */
export async function chunkTally(db: ReturnType<typeof database>, importId: string): Promise<ChunkTally> {
  const row = await db
    .select({
      chunks: sql<number>`count(*)`,
      inserted: sql<number>`coalesce(sum(${bankImportChunks.rowsInserted}), 0)`,
      skipped: sql<number>`coalesce(sum(${bankImportChunks.rowsSkippedDuplicate}), 0)`,
    })
    .from(bankImportChunks)
    .where(eq(bankImportChunks.importId, importId))
    .get();
  return { chunks: row?.chunks ?? 0, inserted: row?.inserted ?? 0, skipped: row?.skipped ?? 0 };
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

/**
 * The counts of external ids in the chunks stored before this one in the statement's order
 * (import-ranges.ts writes them): the second of two equal ids gets "#2" across the whole file.
 */
async function seedsOf(env: Env, imp: BankImportRow, job: Extract<Job, { type: "bank_import.chunk" }>) {
  if (!job.seeded) return new Map<string, number>();
  const object = await env.DOCUMENTS.get(seedsKey(imp));
  if (!object) throw new Error(`bank import ${imp.id}: its external id counts are not in R2`);
  const seeds = await object.json<Record<string, [string, number][]>>();
  return new Map(seeds[String(job.chunk)] ?? []);
}

/** Where the external id counts each chunk starts from wait, for a file read in ranges. */
export const seedsKey = (imp: Pick<BankImportRow, "r2Key">) => `${imp.r2Key}.seeds`;
/** Where a range's rows (and, apart, its external ids) wait, for a file read in ranges. */
export const rangeRowsSource = (range: number) => `range-${range}`;
export const rangeIdsKey = (imp: Pick<BankImportRow, "r2Key">, range: number) => `${imp.r2Key}.range-${range}.ids`;

/** Settles the operation and removes what waits in R2 for it (the file itself stays). */
export async function settle(env: Env, imp: BankImportRow, outcome: OperationOutcome, now: () => string) {
  await settleOperation(env, imp.operationId, outcome, now());
  await removeWaiting(env, imp);
}

/** Removes the rows, ranges and id counts that wait in R2 for an import's messages. */
async function removeWaiting(env: Env, imp: BankImportRow) {
  const ranges = (imp.split as { ranges?: unknown[] } | null)?.ranges?.length ?? 0;
  const waiting = [rowsKey(imp), seedsKey(imp)];
  for (let r = 0; r < ranges; r++) waiting.push(`${imp.r2Key}.${rangeRowsSource(r)}`, rangeIdsKey(imp, r));
  await env.DOCUMENTS.delete(waiting);
}
