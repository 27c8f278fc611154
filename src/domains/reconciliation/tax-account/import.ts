// POST .../imports/skattekonto, run as an operation like the bank imports
// (bank-transactions/import.ts): the route reads the file once and refuses it at once when it
// is not a transaction list or a row is bad (each by line and reason), so a refused file
// changes nothing; the start command keeps the file in R2 (the plan's files step) and queues
// the operation; the operation reads the file again and hands all its rows to the company's
// writer in one command (reconciliation.skattekonto_import_rows), de-duplicated against every
// row already registered or imported, so a re-run or a re-import stores only what is new.
import type { Command } from "../../../commands/plan";
import { backgroundContext, submit } from "../../../commands/submit";
import { ApiError } from "../../../errors/api-error";
import { FILE_LIMITS } from "../../../formats/limits";
import { fromOre } from "../../../money";
import {
  parseTaxAccountFile,
  TaxAccountFileError,
  type TaxAccountFile,
  type TaxAccountFileRow,
} from "../../../sweden/tax-account";
import { planOperationStart, type OperationContext, operationFile } from "../../operations";
import { planTaxAccountRows } from "./commands";

export const TAX_ACCOUNT_IMPORT_OPERATION = "import.skattekonto";
/** 2 MB: a year of a busy company's tax account is a few hundred rows, some tens of kB. */
export const MAX_TAX_ACCOUNT_FILE_BYTES = FILE_LIMITS.tax_account_xlsx.bytes;
/** The rows one file may hold; all are stored in one atomic write. */
export const MAX_TAX_ACCOUNT_FILE_ROWS = 5000;

export interface TaxAccountImportStart {
  importId: string;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
}

interface ImportInput {
  import_id: string;
  file_name: string;
  r2_key: string;
  sha256: string;
  started_by_key_id: string;
  started_by_user_id: string;
}

/**
 * The file read and judged: a file that is no transaction list, a bad row (line and reason),
 * or too many rows is VALIDATION_ERROR; `details.reason` names which.
 */
export function readTaxAccountFile(bytes: Uint8Array, today: string): TaxAccountFile {
  let file: TaxAccountFile;
  try {
    file = parseTaxAccountFile(bytes);
  } catch (err) {
    if (err instanceof TaxAccountFileError)
      throw new ApiError("VALIDATION_ERROR", { reason: err.code, ...err.details }, err.message);
    throw err;
  }
  const problems = [
    ...file.problems,
    ...file.rows.filter((r) => r.date > today).map((r) => ({ line: r.line, reason: "dated in the future" })),
  ].sort((a, b) => a.line - b.line);
  if (problems.length > 0)
    throw new ApiError(
      "VALIDATION_ERROR",
      { reason: "TAX_ACCOUNT_FILE_ROWS_INVALID", rows: problems.slice(0, 100), rows_invalid: problems.length },
      `${problems.length} row(s) of the file are not valid transactions; nothing was imported.`,
    );
  if (file.rows.length === 0)
    throw new ApiError("VALIDATION_ERROR", { reason: "TAX_ACCOUNT_FILE_EMPTY" }, "The file lists no transactions.");
  if (file.rows.length > MAX_TAX_ACCOUNT_FILE_ROWS)
    throw new ApiError(
      "VALIDATION_ERROR",
      { reason: "TAX_ACCOUNT_FILE_TOO_MANY_ROWS", max_rows: MAX_TAX_ACCOUNT_FILE_ROWS, rows: file.rows.length },
      `A tax account file may list at most ${MAX_TAX_ACCOUNT_FILE_ROWS} transactions.`,
    );
  return file;
}

/** Records the import: the file in R2 under a new key, the operation queued. */
export const startTaxAccountImport: Command<TaxAccountImportStart> = async (db, input, ctx) => {
  const r2Key = `companies/${ctx.companyId}/imports/skattekonto/${input.importId}`;
  const opInput = {
    import_id: input.importId,
    file_name: input.fileName,
    r2_key: r2Key,
    sha256: input.sha256,
    started_by_key_id: ctx.apiKeyId,
    started_by_user_id: ctx.userId,
  } satisfies ImportInput;
  return {
    ...planOperationStart(db, ctx, TAX_ACCOUNT_IMPORT_OPERATION, opInput, "import.skattekonto_started"),
    files: [operationFile(ctx, r2Key, input.bytes, input.sha256)],
  };
};

export interface TaxAccountImportRowsInput {
  importId: string;
  rows: TaxAccountFileRow[];
}

/** The file's rows, stored unless already there (the same dedupe as registered rows). */
export const importTaxAccountRows: Command<TaxAccountImportRowsInput> = async (db, input, ctx) => {
  const plan = await planTaxAccountRows(
    db,
    ctx,
    input.rows.map((r) => ({ ...r, source: "file" as const, importId: input.importId })),
  );
  return {
    status: 200,
    data: { inserted: plan.rows.length, skipped: plan.duplicates, transaction_ids: plan.rows.map((r) => r.id) },
    statements: plan.statements,
    unchanged: plan.rows.length === 0 ? true : undefined,
    audit: { action: "import.skattekonto_rows", resourceType: "operation", resourceId: input.importId },
  };
};

/** The operation (in the queue): read the file from R2, store its rows, report. */
export async function runTaxAccountImport(op: OperationContext) {
  const input = op.operation.input as ImportInput;
  await op.progress({ phase: "parsing" });
  const object = await op.env.DOCUMENTS.get(input.r2_key);
  if (!object) throw new ApiError("NOT_FOUND", { resource: "skattekonto_file", key: input.r2_key });
  const file = readTaxAccountFile(new Uint8Array(await object.arrayBuffer()), op.now().slice(0, 10));
  await op.progress({ phase: "writing", current: 0, total: file.rows.length });
  const res = await submit(op.env, {
    name: "reconciliation.skattekonto_import_rows",
    input: { importId: input.import_id, rows: file.rows } satisfies TaxAccountImportRowsInput,
    idempotency: null,
    ctx: backgroundContext(op.env, op.operation.companyId, op.operation.requestId, op.now(), {
      apiKeyId: input.started_by_key_id,
      userId: input.started_by_user_id,
    }),
  });
  if (!res.ok) throw new ApiError(res.error.code, res.error.details, res.error.message);
  const data = res.data as { inserted: number; skipped: number; transaction_ids: string[] };
  await op.progress({ phase: "writing", current: file.rows.length, total: file.rows.length });
  const last = file.rows[file.rows.length - 1];
  return {
    import_id: input.import_id,
    file_name: input.file_name,
    format_detected: file.format,
    rows_inserted: data.inserted,
    rows_skipped_duplicate: data.skipped,
    transaction_ids: data.transaction_ids,
    earliest_date: file.rows[0].date,
    latest_date: last.date,
    closing_balance: last.balanceAfterOre === null ? null : fromOre(last.balanceAfterOre),
  };
}
