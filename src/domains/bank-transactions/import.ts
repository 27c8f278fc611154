// POST .../imports/bank, run as an operation (spec: Imports). The route checks the
// size and that some format recognises the file, and the start command records the
// import, keeps the file in R2 (the plan's files step) and queues the operation. The
// operation reads the file with src/sweden/bank and hands the rows to the company's
// writer in chunks of 500 (bank_transactions.import_rows), each de-duplicated and
// atomic, so a re-run after a dead worker inserts only what is missing.
import { eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { backgroundContext, submit } from "../../commands/submit";
import type { CommandName } from "../../commands/names";
import { database } from "../../db/client";
import { bankImports } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";
import {
  BankFileError,
  parseBankFile,
  type BankFormat,
  type BankParseResult,
  type BankRow,
  type CsvColumnMapping,
} from "../../sweden/bank";
import { listPeriods, lockDatesOf } from "../fiscal-periods";
import { planOperation, type OperationContext } from "../operations";
import { checkStatementTarget, settlementCurrency, type StatementFacts } from "./bank-accounts";
import { planStoreRows } from "./ingest";

export const IMPORT_CHUNK = 500;

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
    files: [
      {
        key: r2Key,
        body: input.bytes,
        contentType: "application/octet-stream",
        customMetadata: { sha256: input.sha256, company_id: ctx.companyId },
      },
    ],
    afterCommit: [op.job],
    audit: { action: "import.bank_started", resourceType: "operation", resourceId: op.handle.operation_id },
  };
};

export interface BankImportRowsInput {
  importId: string;
  settlementAccount: string;
  format: string;
  rows: BankRow[];
}

/** One chunk of a file's rows: stored unless already there. */
export const importBankRows: Command<BankImportRowsInput> = async (db, input, ctx) => {
  const plan = await planStoreRows(
    db,
    ctx,
    { settlementAccount: input.settlementAccount, source: "file", importId: input.importId, format: input.format },
    input.rows,
  );
  return {
    status: 200,
    data: { inserted: plan.inserted.length, skipped: plan.skipped },
    statements: plan.statements,
    events: plan.events,
    audit: { action: "import.bank_rows", resourceType: "bank_import", resourceId: input.importId },
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
      .where(eq(bankImports.id, input.importId)),
  ],
  audit: { action: `import.bank_${input.status}`, resourceType: "bank_import", resourceId: input.importId },
});

type BankImportRow = typeof bankImports.$inferSelect;

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
  if (rows.length === 0) return [];
  const periods = await listPeriods(db, companyId);
  const lockDates = await lockDatesOf(db, companyId);
  const warnings: string[] = [];
  for (const p of periods) {
    const lockDate = lockDates.get(p.id) ?? null;
    const whole = p.isClosed || p.lockedAt !== null;
    const through = whole ? p.periodEnd : lockDate;
    if (through === null) continue;
    const dates = rows.map((r) => r.booking_date).filter((d) => d >= p.periodStart && d <= through);
    if (dates.length === 0) continue;
    dates.sort();
    const state = p.isClosed ? "closed" : whole ? "locked" : `locked through ${through}`;
    warnings.push(
      `${dates.length} row(s) dated ${dates[0]} to ${dates[dates.length - 1]} fall in the fiscal period ${p.periodStart} to ${p.periodEnd}, ${state}: imported unbooked; categorising them is refused (PERIOD_LOCKED) while the period is locked, ignoring them is allowed`,
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

/** The operation (in the queue): read the file, store its rows chunk by chunk, report. */
export async function runBankImport(op: OperationContext) {
  const { env, operation } = op;
  const db = database(env);
  const imp = await db.select().from(bankImports).where(eq(bankImports.operationId, operation.id)).get();
  if (!imp) throw new ApiError("NOT_FOUND", { resource: "bank_import", operation_id: operation.id });
  const write = (name: CommandName, input: unknown) => writeThrough(op, imp, name, input);
  try {
    return await importFile(op, imp, write);
  } catch (err) {
    if (err instanceof ApiError) {
      await write("bank_transactions.import_finish", {
        importId: imp.id,
        status: "failed",
        formatDetected: null,
        rowsInserted: 0,
        rowsSkippedDuplicate: 0,
        rowsRejected: 0,
      } satisfies BankImportFinishInput).catch(() => undefined);
    }
    throw err;
  }
}

async function writeThrough(op: OperationContext, imp: BankImportRow, name: CommandName, input: unknown) {
  const actor = imp.startedByKeyId ? { apiKeyId: imp.startedByKeyId, userId: imp.startedByUserId ?? "" } : undefined;
  const res = await submit(op.env, {
    name,
    input,
    idempotency: null,
    ctx: backgroundContext(op.env, imp.companyId, op.operation.requestId, op.now(), actor),
  });
  if (!res.ok) throw new ApiError(res.error.code, res.error.details, res.error.message);
  // biome-ignore lint/suspicious/noExplicitAny: each command answers its own data shape; the callers read the fields they asked for
  return res.data as any;
}

async function importFile(
  op: OperationContext,
  imp: BankImportRow,
  // biome-ignore lint/suspicious/noExplicitAny: as writeThrough: the answer of whichever command is named
  write: (name: CommandName, input: unknown) => Promise<any>,
) {
  await op.progress({ phase: "parsing" });
  const object = await op.env.DOCUMENTS.get(imp.r2Key);
  if (!object) throw new ApiError("NOT_FOUND", { resource: "bank_file", key: imp.r2Key });
  const db = database(op.env);
  // a file without a currency column is in the currency the caller named, else the account's own
  const currency = imp.currency ?? (await settlementCurrency(db, imp.companyId, imp.settlementAccount));
  let parsed: BankParseResult;
  try {
    parsed = parseBankFile(new Uint8Array(await object.arrayBuffer()), {
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
  const lockWarnings = await lockedPeriodWarnings(db, imp.companyId, rows);
  let inserted = 0;
  let skipped = 0;
  await op.progress({ phase: "writing", current: 0, total: rows.length });
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    const res = await write("bank_transactions.import_rows", {
      importId: imp.id,
      settlementAccount: imp.settlementAccount,
      format: parsed.format,
      rows: rows.slice(i, i + IMPORT_CHUNK),
    } satisfies BankImportRowsInput);
    inserted += res.inserted;
    skipped += res.skipped;
    await op.progress({ phase: "writing", current: Math.min(i + IMPORT_CHUNK, rows.length), total: rows.length });
  }
  await write("bank_transactions.import_finish", {
    importId: imp.id,
    status: "succeeded",
    formatDetected: parsed.format,
    rowsInserted: inserted,
    rowsSkippedDuplicate: skipped,
    rowsRejected: parsed.rejected.length,
  } satisfies BankImportFinishInput);
  return {
    import_id: imp.id,
    settlement_account: imp.settlementAccount,
    rows_inserted: inserted,
    rows_skipped_duplicate: skipped,
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
