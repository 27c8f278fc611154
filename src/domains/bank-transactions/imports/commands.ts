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
import type { Command } from "../../../commands/plan";
import { bankImportChunks, bankImportRanges, bankImports } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import type { BankFileError, BankFormat, CsvColumnMapping } from "../../../sweden/bank";
import { planOperationStart, operationFile } from "../../operations";
import { planStoreRows, type IncomingRow } from "./ingest";

import type { ImportSummary } from "./rules";
import { type ChunkTally, chunkTally } from "./queries";

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
  const opInput = {
    import_id: input.importId,
    file_name: input.fileName,
    settlement_account: input.settlementAccount,
    format: input.format,
  };
  const plan = planOperationStart(db, ctx, "import.bank", opInput, "import.bank_started", (operationId) => [
    db.insert(bankImports).values({
      id: input.importId,
      companyId: ctx.companyId,
      operationId,
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
  ]);
  return { ...plan, files: [operationFile(ctx, r2Key, input.bytes, input.sha256)] };
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
export interface ImportRowsAnswer {
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
