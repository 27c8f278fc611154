// SIE 4 import, run as an operation (spec: POST .../imports/sie). The file is read from
// R2 as a stream, never whole (sie-stream.ts): a first read detects the encoding, a
// first pass checks the file (every voucher balances and lies in the year, and the
// books it would make equal the file's own #UB and #RES for every account, unless
// options.allowBalanceMismatch: then the differences are listed per account). Only then
// is anything written, by a second pass over a new stream, in chunks that are each
// atomic and that a re-run skips (source_id "<import id>:<voucher index>"), so a worker
// that dies mid-way leaves a resumable import, never a wrong one.
import { eq } from "drizzle-orm";
import { backgroundContext, submit } from "../../commands/submit";
import type { CommandName } from "../../commands/names";
import { database } from "../../db/client";
import { sieImports } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { ImportedEntry } from "../../ledger/engine";
import { OPENING_SOURCE, postedSourceIds } from "../../ledger/queries";
import { fiscalYearProblem } from "../../sweden/fiscal-year";
import type { SieEncoding } from "../../sweden/sie/encoding";
import type { SieByteSource } from "../../sweden/sie/stream";
import type { Env } from "../../env";
import { firstError, invalid, mapSeries, planVouchersFrom, scanSie, type SieScan } from "./sie-stream";
import { OperationLeftRunning, type OperationContext } from "../operations";
import {
  type BalanceMismatch,
  compareWithFile,
  openingOf,
  type PriorYear,
  priorYearOf,
  statisticalTypes,
} from "./sie-balances";
import type { PreparedImport, SiePostInput, SiePrepareInput } from "./sie-commands";

/**
 * Vouchers a chunk posts: one command and one D1 batch each. 2 000 vouchers of five
 * lines are 12 000 rows, whose JSON statements stay far inside D1's limits (a bound
 * text of at most 1 MB, src/db/json-insert.ts) and whose batch takes a few seconds.
 */
export const CHUNK = 2000;

/** The vouchers per chunk for this Worker: SIE_IMPORT_CHUNK_VOUCHERS (1 to CHUNK; tests make it small), else CHUNK. */
function chunkVouchers(env: Pick<Env, "SIE_IMPORT_CHUNK_VOUCHERS">): number {
  const n = Number(env.SIE_IMPORT_CHUNK_VOUCHERS);
  return Number.isInteger(n) && n >= 1 && n <= CHUNK ? n : CHUNK;
}

/**
 * A file that contradicts itself is refused, unless the import was started with
 * options.allowBalanceMismatch: then the books are what its #IB and vouchers give, and
 * every account that differs from the file's #UB/#RES is listed in the result and warned.
 */
function checkAgainstFile(mismatches: BalanceMismatch[], allowMismatch: boolean, warnings: string[]) {
  if (mismatches.length === 0) return;
  if (!allowMismatch) {
    throw invalid(
      `the vouchers do not give the file's own #UB/#RES for ${mismatches.length} account(s); ` +
        "options.allowBalanceMismatch imports the vouchers anyway",
      {
        mismatches: mismatches.slice(0, 50).map(({ difference: _d, ...m }) => m),
        mismatch_count: mismatches.length,
        option: "allowBalanceMismatch",
      },
    );
  }
  for (const m of mismatches) {
    warnings.push(
      `account ${m.account_number}: the file's #UB/#RES says ${m.file.toFixed(2)}, its #IB and vouchers ` +
        `give ${m.computed.toFixed(2)} (difference ${m.difference.toFixed(2)}); imported as the vouchers give`,
    );
  }
}

/**
 * The operation (in the queue): read and check the file, then hand the writes to the
 * company's writer as commands, so that they are numbered, audited and announced
 * like every other write: one command for the year, the chart and the dimensions,
 * then one per chunk of vouchers. A chunk is all or nothing; an interrupted run
 * resumes after the last chunk written.
 */
export async function runSieImport(op: OperationContext) {
  const { env, operation } = op;
  const db = database(env);
  const imp = await db.select().from(sieImports).where(eq(sieImports.operationId, operation.id)).get();
  if (!imp) throw new ApiError("NOT_FOUND", { resource: "sie_import", operation_id: operation.id });
  const writer: Writer = (name, input, dryRun) => writeThrough(op, imp, name, input, dryRun);
  try {
    const result = await importFile(op, imp, writer);
    await writer("imports.sie_finish", { importId: imp.id, status: "succeeded", ...claimOf(op) });
    return result;
  } catch (err) {
    if (err instanceof ApiError && err.code === "OPERATION_SUPERSEDED") throw err;
    if (!(err instanceof ApiError)) {
      console.error("SIE import interrupted; the sweep resumes it", imp.id, err);
      throw new OperationLeftRunning("SIE import interrupted");
    }
    await unwindAfterRefusal(op, imp, writer);
    await writer("imports.sie_finish", { importId: imp.id, status: "failed", ...claimOf(op) }).catch(() => undefined);
    throw err;
  }
}

/** A refused import's vouchers removed; what cannot be removed now is left running for the sweep. */
async function unwindAfterRefusal(op: OperationContext, imp: SieImportRow, writer: Writer) {
  try {
    await unwindImport(op, imp, writer);
  } catch (undo) {
    if (undo instanceof ApiError && undo.code === "OPERATION_SUPERSEDED") throw undo;
    if (!(undo instanceof ApiError)) throw new OperationLeftRunning("SIE import rollback interrupted");
  }
}

/** The claim a run's writes carry, checked by the writer (assertOperationClaim). */
const claimOf = (op: Pick<OperationContext, "operation" | "attempt">) => ({
  operationId: op.operation.id,
  attempt: op.attempt,
});

/** Removes every voucher the import wrote, a chunk a command, until none is left. */
async function unwindImport(op: OperationContext, imp: SieImportRow, write: Writer) {
  let removed = 0;
  for (;;) {
    const res: { removed: number } = await write("imports.sie_rollback", { importId: imp.id, ...claimOf(op) });
    if (res.removed === 0) return;
    removed += res.removed;
    await op.progress({ phase: "rolling_back", current: removed });
  }
}

/**
 * The sweep's rollback of an import that stalled for good (OperationRollback): its vouchers
 * removed, its record failed, so the same file may be imported again.
 */
export async function rollbackSieImport(op: OperationContext): Promise<void> {
  const imp = await database(op.env).select().from(sieImports).where(eq(sieImports.operationId, op.operation.id)).get();
  if (!imp) return;
  const writer: Writer = (name, input, dryRun) => writeThrough(op, imp, name, input, dryRun);
  await unwindImport(op, imp, writer);
  await writer("imports.sie_finish", { importId: imp.id, status: "failed", ...claimOf(op) });
}

// biome-ignore lint/suspicious/noExplicitAny: the answer of whichever command is named
type Writer = (name: CommandName, input: unknown, dryRun?: boolean) => Promise<any>;

async function writeThrough(
  op: OperationContext,
  imp: SieImportRow,
  name: CommandName,
  input: unknown,
  dryRun = false,
) {
  const actor = imp.startedByKeyId ? { apiKeyId: imp.startedByKeyId, userId: imp.startedByUserId ?? "" } : undefined;
  const res = await submit(op.env, {
    name,
    input,
    idempotency: null,
    ctx: backgroundContext(op.env, imp.companyId, op.operation.requestId, op.now(), actor, dryRun),
  });
  if (!res.ok) throw new ApiError(res.error.code, res.error.details, res.error.message);
  return res.data;
}

type SieImportRow = typeof sieImports.$inferSelect;

/**
 * The file in R2, read afresh for each pass: every read must be the object the first
 * read saw (its etag), or the import stops before writing what it did not check.
 */
function r2Source(env: Env, key: string): SieByteSource {
  let etag: string | null = null;
  return async () => {
    const object = await env.DOCUMENTS.get(key, etag ? { onlyIf: { etagMatches: etag } } : undefined);
    if (!object) throw new ApiError("NOT_FOUND", { resource: "sie_file", key });
    if (!("body" in object))
      throw new ApiError("CONFLICT", { resource: "sie_file", key }, "The SIE file changed while it was imported.");
    etag ??= object.etag;
    return object.body;
  };
}

async function importFile(op: OperationContext, imp: SieImportRow, write: Writer) {
  await op.progress({ phase: "parsing" });
  const source = r2Source(op.env, imp.r2Key);
  const scan = await scanSie(source);
  const file = scan.file;
  checkFileHeader(file);
  await op.progress({ phase: "validating", current: 0, total: scan.voucherCount });
  const seriesMap = mapSeries(scan);
  const usedSeries = new Set(seriesMap.values());
  const ibSeries = [..."IZYXWVUTSRQPONMLKJHGFEDCBA"].find((l) => !usedSeries.has(l))!;
  // the file's own warnings, the vouchers' (from the second pass), then the balances' and the chart's
  const later: string[] = [];
  const priorYear = priorYearOf(file, imp.id, ibSeries, later);
  // The vouchers are checked against the year the writer settles on, asked first as a
  // dry run: a file that fails a check leaves nothing behind, not even its year.
  const preparation = preparationOf(imp, scan, priorYear);
  const preview: PreparedImport = await write("imports.sie_prepare", preparation, true);
  const year = { start: preview.period_start, end: preview.period_end };
  const refusal = firstError(scan, year);
  if (refusal) throw refusal;
  const { opening, mismatches } = checkBalances(op, scan, later);
  const prepared: PreparedImport = await write("imports.sie_prepare", { ...preparation, ...claimOf(op) });
  later.push(...prepared.warnings);

  // What a previous, interrupted run already wrote.
  const done = await postedSourceIds(database(op.env), imp.companyId, `${imp.id}:`);
  if (priorYear && prepared.prior_period_id) {
    const vouchers = priorYear.entries.filter((e) => !done.has(e.sourceId!));
    await write("imports.sie_post", {
      importId: imp.id,
      periodId: prepared.prior_period_id,
      vouchers,
      closeAsPriorYear: true,
      ...claimOf(op),
    } satisfies SiePostInput);
  }
  const openingEntry: ImportedEntry | null =
    opening.lines.length && !done.has(`${imp.id}:ib`)
      ? {
          entryDate: year.start,
          description: "Ingående balans",
          voucherSeries: ibSeries,
          voucherNumber: 1,
          sourceType: OPENING_SOURCE,
          sourceId: `${imp.id}:ib`,
          lines: opening.lines,
        }
      : null;
  const voucherWarnings = await writeVouchers(op, imp, write, {
    scan,
    year,
    seriesMap,
    done,
    openingEntry,
    periodId: prepared.fiscal_period_id,
    source,
  });
  return {
    fiscal_period_id: prepared.fiscal_period_id,
    encoding: scan.encoding satisfies SieEncoding,
    entries_imported: scan.entryCount,
    lines_imported: scan.lineCount,
    accounts_created: prepared.accounts_created,
    accounts_updated: prepared.accounts_updated,
    accounts_renamed: prepared.accounts_renamed,
    account_names_kept: prepared.account_names_kept,
    periods_created: prepared.periods_created,
    opening_balances_imported: opening.booked.length,
    opening_difference: opening.difference,
    prior_year: prepared.prior_period_id
      ? { fiscal_period_id: prepared.prior_period_id, period_start: priorYear!.start, period_end: priorYear!.end }
      : null,
    dimensions_created: prepared.dimensions_created,
    objects_created: prepared.objects_created,
    series_map: Object.fromEntries([...seriesMap].filter(([from, to]) => from !== to)),
    balance_mismatches: mismatches,
    warnings: [...file.warnings, ...voucherWarnings, ...later],
  };
}

/** The file's type and its years (#RAR 0 and -1) as Bokföringslagen 3 kap. allows them (fiscalYearProblem). */
function checkFileHeader(file: SieScan["file"]) {
  if (file.sieType && !/^4[EI]?$/i.test(file.sieType))
    throw invalid(`#SIETYP ${file.sieType}: only SIE 4 files carry vouchers`, { sie_type: file.sieType });
  for (const n of [0, -1]) {
    const y = file.years.get(n);
    const problem = y && fiscalYearProblem(y.start, y.end);
    if (problem) throw invalid(`#RAR ${n} ${y.start}..${y.end}: ${problem}`, { year: n, start: y.start, end: y.end });
  }
}

/** The opening entry (sie-balances.ts openingOf) and the books against the file's own #UB/#RES: refused, or warned. */
function checkBalances(op: OperationContext, scan: SieScan, warnings: string[]) {
  const opening = openingOf(scan.file, optionOf(op, "allow_opening_difference"));
  warnings.push(...opening.warnings);
  const mismatches = compareWithFile(scan.file, scan.sums, opening);
  checkAgainstFile(mismatches, optionOf(op, "allow_balance_mismatch"), warnings);
  if (opening.difference?.in_file_closing === false)
    warnings.push(
      `the file's #UB 0 of ${opening.difference.account} leaves last year's result out as its #IB does; the books hold it there`,
    );
  return { opening, mismatches };
}

/** What the writer is asked to prepare: the year (and the previous one), the chart, the dimensions. */
function preparationOf(imp: SieImportRow, scan: SieScan, priorYear: PriorYear | null): SiePrepareInput {
  const file = scan.file;
  return {
    importId: imp.id,
    year: file.years.get(0) ?? null,
    priorYear: priorYear ? { start: priorYear.start, end: priorYear.end } : null,
    firstVoucherDate: scan.firstVoucherDate,
    chart: {
      names: Object.fromEntries([...file.accounts].map(([n, a]) => [n, a.name])),
      types: { ...statisticalTypes(file, scan.accounts), ...Object.fromEntries(file.accountTypes) },
      posted: [
        ...new Set([
          ...file.opening.filter((b) => b.year === 0 && b.amountOre !== 0).map((b) => b.account),
          ...(priorYear?.entries.flatMap((e) => e.lines.map((l) => l.accountNumber)) ?? []),
          ...scan.accounts,
        ]),
      ],
      updateNames: imp.updateAccountNames,
    },
    dimensions: sieDimensions(scan),
  };
}

/** The second pass: the opening entry, then every voucher, in chunks through the writer. The vouchers' warnings. */
async function writeVouchers(
  op: OperationContext,
  imp: SieImportRow,
  write: Writer,
  run: {
    scan: SieScan;
    year: { start: string; end: string };
    seriesMap: Map<string, string>;
    done: Set<string>;
    openingEntry: ImportedEntry | null;
    periodId: string;
    source: SieByteSource;
  },
): Promise<string[]> {
  const { scan, done } = run;
  let chunk: ImportedEntry[] = run.openingEntry ? [run.openingEntry] : [];
  const size = chunkVouchers(op.env);
  let written = 0;
  let inChunk = 0;
  const post = async () => {
    await write("imports.sie_post", {
      importId: imp.id,
      periodId: run.periodId,
      vouchers: chunk,
      ...claimOf(op),
    } satisfies SiePostInput);
    written += inChunk;
    chunk = [];
    inChunk = 0;
    await op.progress({ phase: "writing", current: written, total: scan.entryCount });
  };
  const warnings: string[] = [];
  await planVouchersFrom(
    await run.source(),
    scan,
    { importId: imp.id, year: run.year, seriesMap: run.seriesMap, warnings },
    async (pending, last) => {
      for (const { entry } of pending) {
        if (done.has(entry.sourceId!)) written++;
        else {
          chunk.push(entry);
          inChunk++;
          if (chunk.length >= size) await post();
        }
      }
      pending.length = 0;
      if (last && chunk.length) await post();
    },
  );
  return warnings;
}

/** options.allowBalanceMismatch and allowOpeningDifference travel in the operation's input (commands.ts startSieImport). */
function optionOf(op: OperationContext, name: "allow_balance_mismatch" | "allow_opening_difference"): boolean {
  const input = op.operation.input as Record<string, unknown> | null;
  return input?.[name] === true;
}

/** #DIM, #OBJEKT and every object a transaction line names. */
function sieDimensions(scan: SieScan) {
  const objects: Record<string, string> = Object.fromEntries(
    scan.file.objects.map((o) => [`${o.dimension}/${o.code}`, o.name]),
  );
  for (const key of scan.objects) objects[key] ??= "";
  return { dimensions: Object.fromEntries(scan.file.dimensions), objects };
}
