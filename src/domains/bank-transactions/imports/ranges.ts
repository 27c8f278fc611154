// A large CSV bank file read in byte ranges (issue #34 item 4; docs/bank-transactions.md,
// "Large files"). The import.bank operation only splits the file (import.ts, startRanges); here:
//
// - bank_import.range: one range read (decoded, parsed, gated) as the whole reading would read
//   it; its rows put in R2 in chunks, its external ids apart, and its facts recorded through the
//   writer (bank_transactions.import_range), which counts the ranges that have reported.
// - bank_import.ranges_read, sent by the range that reports last: the whole-file decisions on
//   the facts (src/sweden/bank combineCsvRanges: order, balances, warnings, rejections), the
//   whole-file refusals (account, currency, dates: checkStatementTarget), the external ids'
//   counts across chunks; only then the chunks' bank_import.chunk messages (storing as before).
//   A file the ranges cannot read as the whole reading would (several accounts, rows out of date
//   order without a chaining balance, a decimal separator the head guessed wrong) is read whole
//   in this message instead, as every file was before.
// A refusal anywhere stores nothing: no chunk is sent before every check has passed.
import { eq } from "drizzle-orm";
import { database } from "../../../db/client";
import { bankImportRanges, bankImports } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";
import type { Job } from "../../../queue";
import {
  BankFileError,
  combineCsvRanges,
  decodeRange,
  readCsvRange,
  type CsvCombined,
  type CsvRangeFacts,
  type CsvSplit,
} from "../../../sweden/bank";
import { loadOperation, OPERATION_CONTINUES, operationProgress, type OperationContext } from "../../operations";
import { checkStatementTarget } from "../accounts/commands";
import { settlementCurrency } from "../accounts/queries";
import {
  type BankImportFinishInput,
  type BankImportPrepareInput,
  type BankImportRangeInput,
  bankFileApiError,
} from "./commands";
import { type ChunkRange, packRow, rangeIdsKey, rangeRowsSource, seedsKey, sendJobs } from "./chunks";
import { importChunkRows, importFile, lockedPeriodWarningsOf, settle, type Write, writeThrough } from "./operation";
import type { BankImportRow } from "./queries";
import { type ImportSummary, resultOf } from "./rules";
import type { IncomingRow } from "./ingest";
import { endFailed } from "./rollback";

/** A chunk of a range's rows in R2: its byte range and how many rows it holds. */
interface RangePart extends ChunkRange {
  rows: number;
}

/** What a range records: its facts, and where its rows' chunks are. */
type RangeReport = CsvRangeFacts & { parts: RangePart[] };

async function importById(env: Env, importId: string) {
  return database(env).select().from(bankImports).where(eq(bankImports.id, importId)).get();
}

/** The import's failure: its state, the operation's error, and what waited in R2 removed. */
async function fail(env: Env, imp: BankImportRow, write: Write, err: ApiError, now: () => string) {
  await endFailed(imp, write);
  await settle(
    env,
    imp,
    { status: "failed", error: { code: err.code, message: err.message, details: err.details } },
    now,
  );
}

/**
 * The queue job bank_import.range: reads one range and records its facts; the range that makes
 * the count whole sends bank_import.ranges_read. A range of an import that has ended, or that
 * has already reported (a message delivered twice), does nothing more.
 */
export async function runBankImportRange(
  env: Env,
  job: Extract<Job, { type: "bank_import.range" }>,
  now: () => string,
) {
  const imp = await importById(env, job.importId);
  if (imp?.status !== "queued" || !imp.split) return;
  const split = imp.split as unknown as CsvSplit;
  const range = split.ranges[job.range];
  const write: Write = (name, input) => writeThrough(env, imp, job.requestId, now(), name, input);
  const object = await env.DOCUMENTS.get(imp.r2Key, { range: { offset: range.offset, length: range.length } });
  if (!object) throw new Error(`bank import ${imp.id}: its file is not in R2`);
  let report: RangeReport;
  try {
    const currency = (
      imp.currency ?? (await settlementCurrency(database(env), imp.companyId, imp.settlementAccount))
    ).toUpperCase();
    const text = decodeRange(new Uint8Array(await object.arrayBuffer()), split.head.encoding, range.offset === 0);
    const read = readCsvRange(text, range, split.head, currency);
    const parts = await putRangeRows(env, imp, job.range, read.rows);
    report = { ...read.facts, parts };
  } catch (err) {
    if (!(err instanceof BankFileError || err instanceof ApiError)) throw err;
    await fail(env, imp, write, err instanceof BankFileError ? bankFileApiError(err) : err, now);
    return;
  }
  const answer: { reported: number } = await write("bank_transactions.import_range", {
    importId: imp.id,
    range: job.range,
    facts: report as unknown as Record<string, unknown>,
  } satisfies BankImportRangeInput);
  await operationProgress(
    env,
    imp.operationId,
    { phase: "reading", current: answer.reported, total: split.ranges.length },
    now(),
  );
  if (answer.reported === split.ranges.length)
    await sendJobs(env, [{ type: "bank_import.ranges_read", importId: imp.id, requestId: job.requestId }]);
}

/**
 * A range's rows in R2 as chunks of BANK_IMPORT_CHUNK_ROWS, in file order (one object, each
 * chunk a JSON array at its byte range, as import.ts putRows), and their external ids apart:
 * the finishing step reads those alone to count equal ids across the file.
 */
async function putRangeRows(env: Env, imp: BankImportRow, range: number, rows: IncomingRow[]): Promise<RangePart[]> {
  const size = importChunkRows(env);
  const encoder = new TextEncoder();
  const blobs: Uint8Array[] = [];
  const parts: RangePart[] = [];
  let offset = 0;
  for (let i = 0; i < rows.length; i += size) {
    const slice = rows.slice(i, i + size);
    const bytes = encoder.encode(JSON.stringify(slice.map(packRow)));
    blobs.push(bytes);
    parts.push({ offset, length: bytes.byteLength, rows: slice.length });
    offset += bytes.byteLength;
  }
  await env.DOCUMENTS.put(`${imp.r2Key}.${rangeRowsSource(range)}`, new Blob(blobs));
  await env.DOCUMENTS.put(rangeIdsKey(imp, range), JSON.stringify(rows.map((r) => r.external_id)));
  return parts;
}

/**
 * The queue job bank_import.ranges_read: every range has reported. Decides the whole file on
 * the facts, refuses it whole or sends its chunks; a file the ranges cannot read exactly is
 * read whole here.
 */
export async function runBankImportRangesRead(
  env: Env,
  job: Extract<Job, { type: "bank_import.ranges_read" }>,
  now: () => string,
) {
  const imp = await importById(env, job.importId);
  if (imp?.status !== "queued" || !imp.split) return;
  const split = imp.split as unknown as CsvSplit;
  const db = database(env);
  const reports = (
    await db
      .select()
      .from(bankImportRanges)
      .where(eq(bankImportRanges.importId, imp.id))
      .orderBy(bankImportRanges.rangeIndex)
  ).map((r) => r.facts as unknown as RangeReport);
  if (reports.length < split.ranges.length) return;
  const write: Write = (name, input) => writeThrough(env, imp, job.requestId, now(), name, input);
  const combined = combineCsvRanges(split.head, reports);
  try {
    if ("fallback" in combined) return await readWhole(env, imp, write, now);
    await decideAndSend(env, imp, split, reports, combined, write, job.requestId, now);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await fail(env, imp, write, err, now);
  }
}

/** The file read whole in this message (the ranges cannot give the same reading); its outcome settles the operation. */
async function readWhole(env: Env, imp: BankImportRow, write: Write, now: () => string) {
  const operation = await loadOperation(database(env), imp.operationId);
  if (!operation) return;
  const op: OperationContext = {
    env,
    operation,
    // the run that handed the file to its ranges
    attempt: operation.attempts,
    now,
    progress: (p) => operationProgress(env, imp.operationId, p, now()),
  };
  const result = await importFile(op, imp, write, true);
  if (result !== OPERATION_CONTINUES) await settle(env, imp, { status: "succeeded", result }, now);
}

/** The whole-file checks on the facts, then the chunks' messages in the statement's order. */
async function decideAndSend(
  env: Env,
  imp: BankImportRow,
  split: CsvSplit,
  reports: RangeReport[],
  combined: CsvCombined,
  write: Write,
  requestId: string,
  now: () => string,
) {
  const db = database(env);
  const format = split.head.format;
  // the whole file is refused before any row is stored when a statement is not this account's
  await checkStatementTarget(
    db,
    imp.companyId,
    imp.settlementAccount,
    combined.statements.map((s) => ({
      account: s.account,
      accountKind: "bank_account",
      statementId: s.statement_id,
      currencies: [s.currency],
      dates: [],
      dateCounts: combined.dates,
    })),
  );
  const lockWarnings = await lockedPeriodWarningsOf(db, imp.companyId, combined.dates);
  const summary = summaryOfRanges(imp, split, combined, lockWarnings);
  const chunks = chunkOrder(imp, reports, combined.reversed, requestId);
  if (chunks.length === 0) {
    // nothing to store: the import ends here, as a file of one empty chunk did
    await write("bank_transactions.import_rows", {
      importId: imp.id,
      chunk: 0,
      settlementAccount: imp.settlementAccount,
      format,
      rows: [],
    });
    await write("bank_transactions.import_finish", {
      importId: imp.id,
      status: "succeeded",
      formatDetected: format,
      rowsInserted: 0,
      rowsSkippedDuplicate: 0,
      rowsRejected: summary.rows_rejected,
    } satisfies BankImportFinishInput);
    await settle(env, imp, { status: "succeeded", result: resultOf(summary, 0, 0) }, now);
    return;
  }
  const seeded = await putSeeds(env, imp, reports, chunks);
  await write("bank_transactions.import_prepare", {
    importId: imp.id,
    chunksTotal: chunks.length,
    formatDetected: format,
    summary,
  } satisfies BankImportPrepareInput);
  await operationProgress(env, imp.operationId, { phase: "writing", current: 0, total: combined.rows }, now());
  await sendJobs(
    env,
    chunks.map((c) => ({ ...c.job, seeded })),
  );
}

type ChunkJob = Extract<Job, { type: "bank_import.chunk" }>;

/** The chunks in the statement's order (the ranges and their chunks reversed for a newest-first statement). */
function chunkOrder(imp: BankImportRow, reports: RangeReport[], reversed: boolean, requestId: string) {
  const chunks: { range: number; part: number; job: ChunkJob }[] = [];
  const ranges = reports.map((_, i) => i);
  for (const range of reversed ? ranges.reverse() : ranges) {
    const parts = reports[range].parts.map((_, i) => i);
    for (const part of reversed ? parts.reverse() : parts) {
      const { offset, length } = reports[range].parts[part];
      chunks.push({
        range,
        part,
        job: {
          type: "bank_import.chunk",
          importId: imp.id,
          chunk: chunks.length,
          offset,
          length,
          requestId,
          source: rangeRowsSource(range),
          reverse: reversed,
        },
      });
    }
  }
  return chunks;
}

/**
 * makeExternalIdsUnique across the whole file: walks every chunk's ids in the statement's order
 * and keeps, for each chunk, the counts of its ids seen in the chunks before it (only ids seen
 * before: a file whose ids are unique puts nothing). Returns whether any chunk has a count.
 */
async function putSeeds(
  env: Env,
  imp: BankImportRow,
  reports: RangeReport[],
  chunks: { range: number; part: number; job: ChunkJob }[],
): Promise<boolean> {
  const ids = new Map<number, (string | null)[]>();
  const seen = new Map<string, number>();
  const seeds: Record<string, [string, number][]> = {};
  for (const c of chunks) {
    if (!ids.has(c.range)) {
      const object = await env.DOCUMENTS.get(rangeIdsKey(imp, c.range));
      if (!object) throw new Error(`bank import ${imp.id}: range ${c.range}'s ids are not in R2`);
      ids.set(c.range, await object.json<(string | null)[]>());
    }
    const parts = reports[c.range].parts;
    const start = parts.slice(0, c.part).reduce((n, p) => n + p.rows, 0);
    const mine = ids.get(c.range)!.slice(start, start + parts[c.part].rows);
    if (c.job.reverse) mine.reverse();
    const carried: [string, number][] = [];
    const counted = new Set<string>();
    for (const id of mine) {
      if (!id) continue;
      if (!counted.has(id) && seen.has(id)) carried.push([id, seen.get(id)!]);
      counted.add(id);
    }
    for (const id of mine) if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
    if (carried.length) seeds[String(c.job.chunk)] = carried;
  }
  if (Object.keys(seeds).length === 0) return false;
  await env.DOCUMENTS.put(seedsKey(imp), JSON.stringify(seeds));
  return true;
}

/** The import's summary as summaryOf (import.ts) gives it for a file read whole. */
function summaryOfRanges(imp: BankImportRow, split: CsvSplit, c: CsvCombined, lockWarnings: string[]): ImportSummary {
  return {
    import_id: imp.id,
    settlement_account: imp.settlementAccount,
    rows_total: c.rows,
    rows_rejected: c.rejectedCount,
    rejected: c.rejected,
    format_detected: split.head.format,
    encoding: split.head.encoding,
    earliest_date: c.earliest_date,
    latest_date: c.latest_date,
    statements: c.statements.map((s) => {
      const carries = s.opening_balance_ore !== undefined && s.closing_balance_ore !== undefined;
      return {
        account: s.account,
        currency: s.currency,
        statement_id: s.statement_id,
        rows: s.rows,
        opening_balance: s.opening_balance_ore === undefined ? null : fromOre(s.opening_balance_ore),
        closing_balance: s.closing_balance_ore === undefined ? null : fromOre(s.closing_balance_ore),
        rows_total: fromOre(s.sumOre),
        balance_check: carries
          ? s.opening_balance_ore! + s.sumOre === s.closing_balance_ore
            ? "ok"
            : "mismatch"
          : "not_carried",
      };
    }),
    warnings: [...c.warnings, ...lockWarnings],
  };
}
