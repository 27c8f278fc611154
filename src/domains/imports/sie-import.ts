// SIE 4 import, run as an operation (spec: POST .../imports/sie). The file is read from
// R2 as a stream, never whole (sie-stream.ts): a first read detects the encoding, a
// first pass checks the file (every voucher balances and lies in the year, and the
// books it would make equal the file's own #UB and #RES for every account, unless
// options.allowBalanceMismatch: then the differences are listed per account). Only then
// is anything written, by a second pass over a new stream, in chunks that are each
// atomic and that a re-run skips (source_id "<import id>:<voucher index>"), so a worker
// that dies mid-way leaves a resumable import, never a wrong one.
import { eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { backgroundContext, submit } from "../../commands/submit";
import type { CommandName } from "../../commands/names";
import { database, type Database } from "../../db/client";
import { sieImports } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { EngineLine, ImportedEntry } from "../../ledger/engine";
import { formatKronor } from "../../money";
import { OPENING_SOURCE, postedSourceIds } from "../../ledger/queries";
import { planUnwindImported } from "../../ledger/unwind";
import { isBalanceAccount } from "../../sweden/bas";
import type { SieEncoding } from "../../sweden/sie/encoding";
import type { SieFile } from "../../sweden/sie/parse";
import type { SieByteSource } from "../../sweden/sie/stream";
import type { Env } from "../../env";
import { firstError, invalid, mapSeries, planVouchersFrom, scanSie, type SieScan } from "./sie-stream";
import { assertOperationClaim, OperationLeftRunning, type OperationContext } from "../operations";
import { planImportedChart } from "../accounts";
import { planImportedDimensions } from "../dimensions";
import { periodHolding, planPeriodForImport } from "../fiscal-periods";

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
 * Opening balances that do not sum to zero hold a prior-year result never booked to
 * equity; the difference is booked to 2099 (Årets resultat), and expected there in
 * the file's closing balances too.
 */
export const OPENING_DIFFERENCE_ACCOUNT = "2099";

export interface BalanceMismatch {
  account_number: string;
  /** the file's own #UB (balance accounts) or #RES (result accounts), kronor */
  file: number;
  /** what the file's #IB and vouchers give, kronor */
  computed: number;
  /** computed less file */
  difference: number;
}

/**
 * The books the file would make must equal its own closing balances and results: the
 * accounts where they do not, empty when the file agrees with itself.
 */
function compareWithFile(
  file: SieFile,
  voucherSums: Map<string, number>,
  openingDifference: number,
): BalanceMismatch[] {
  const computed = new Map<string, number>();
  const add = (a: string, ore: number) => computed.set(a, (computed.get(a) ?? 0) + ore);
  for (const ib of file.opening.filter((b) => b.year === 0)) add(ib.account, ib.amountOre);
  for (const [account, ore] of voucherSums) add(account, ore);
  const expected = new Map<string, number>();
  const closing = file.closing.filter((b) => b.year === 0);
  const results = file.results.filter((b) => b.year === 0);
  for (const b of [...closing, ...results]) expected.set(b.account, (expected.get(b.account) ?? 0) + b.amountOre);
  if (openingDifference !== 0) {
    add(OPENING_DIFFERENCE_ACCOUNT, -openingDifference);
    if (closing.length)
      expected.set(OPENING_DIFFERENCE_ACCOUNT, (expected.get(OPENING_DIFFERENCE_ACCOUNT) ?? 0) - openingDifference);
  }
  const mismatches: BalanceMismatch[] = [];
  const check = (account: string) => {
    const want = expected.get(account) ?? 0;
    const got = computed.get(account) ?? 0;
    if (want !== got)
      mismatches.push({
        account_number: account,
        file: Number(formatKronor(want)),
        computed: Number(formatKronor(got)),
        difference: Number(formatKronor(got - want)),
      });
  };
  const accountsToCheck = new Set<string>();
  if (closing.length)
    for (const a of [...computed.keys(), ...closing.map((b) => b.account)])
      if (isBalanceAccount(a)) accountsToCheck.add(a);
  if (results.length)
    for (const a of [...computed.keys(), ...results.map((b) => b.account)])
      if (!isBalanceAccount(a)) accountsToCheck.add(a);
  [...accountsToCheck].sort().forEach(check);
  return mismatches;
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
      `the vouchers do not give the file's own #UB/#RES for ${mismatches.length} account(s); options.allowBalanceMismatch imports the vouchers anyway`,
      {
        mismatches: mismatches.slice(0, 50).map(({ difference: _d, ...m }) => m),
        mismatch_count: mismatches.length,
        option: "allowBalanceMismatch",
      },
    );
  }
  for (const m of mismatches) {
    warnings.push(
      `account ${m.account_number}: the file's #UB/#RES says ${m.file.toFixed(2)}, its #IB and vouchers give ${m.computed.toFixed(2)} (difference ${m.difference.toFixed(2)}); imported as the vouchers give`,
    );
  }
}

/**
 * The operation (in the queue): read and check the file, then hand the writes to the
 * company's writer as commands, so that they are numbered, audited and announced
 * like every other write: one command for the year, the chart and the dimensions,
 * then one per chunk of vouchers. A chunk is all or nothing; an interrupted run
 * resumes after the last chunk written (issue #41 item 5: a run the sweep starts again
 * when this one died). An import refused after some chunks were written is removed
 * whole (rollbackSieImport) before it is failed; an unexpected error leaves the operation
 * running for the sweep to resume; a run a later one took over stops writing (every
 * write names this run's claim, OPERATION_SUPERSEDED).
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
    try {
      await unwindImport(op, imp, writer);
    } catch (undo) {
      if (undo instanceof ApiError && undo.code === "OPERATION_SUPERSEDED") throw undo;
      // vouchers stay that cannot be removed now: running, so the sweep finishes the rollback
      if (!(undo instanceof ApiError)) throw new OperationLeftRunning("SIE import rollback interrupted");
    }
    await writer("imports.sie_finish", { importId: imp.id, status: "failed", ...claimOf(op) }).catch(() => undefined);
    throw err;
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
  if (file.sieType && !/^4[EI]?$/i.test(file.sieType))
    throw invalid(`#SIETYP ${file.sieType}: only SIE 4 files carry vouchers`, { sie_type: file.sieType });

  const dated = file.years.get(0);
  await op.progress({ phase: "validating", current: 0, total: scan.voucherCount });
  const seriesMap = mapSeries(scan);
  // The vouchers are checked against the year the writer settles on, asked first as a
  // dry run: a file that fails a check leaves nothing behind, not even its year.
  const preparation: SiePrepareInput = {
    importId: imp.id,
    year: dated ?? null,
    firstVoucherDate: scan.firstVoucherDate,
    chart: {
      names: Object.fromEntries([...file.accounts].map(([n, a]) => [n, a.name])),
      types: Object.fromEntries(file.accountTypes),
      posted: [
        ...new Set([
          ...file.opening.filter((b) => b.year === 0 && b.amountOre !== 0).map((b) => b.account),
          ...scan.accounts,
        ]),
      ],
      updateNames: imp.updateAccountNames,
    },
    dimensions: sieDimensions(scan),
  };
  const preview: PreparedImport = await write("imports.sie_prepare", preparation, true);
  const year = { start: preview.period_start, end: preview.period_end };
  const refusal = firstError(scan, year);
  if (refusal) throw refusal;
  // warnings in the order the whole-file import gave them: the file's, the vouchers'
  // (from the second pass), then the opening balance's, the mismatches' and the chart's
  const later: string[] = [];
  const ib = file.opening.filter((b) => b.year === 0 && b.amountOre !== 0);
  const ibSum = ib.reduce((s, b) => s + b.amountOre, 0);
  if (ibSum !== 0)
    later.push(
      `the opening balances (#IB 0) do not balance; the difference ${formatKronor(-ibSum)} is booked to ${OPENING_DIFFERENCE_ACCOUNT}`,
    );
  const mismatches = compareWithFile(file, scan.sums, ibSum);
  checkAgainstFile(mismatches, allowBalanceMismatch(op), later);
  const openingLines: EngineLine[] = ib.map((b) => ({
    accountNumber: b.account,
    debitOre: Math.max(b.amountOre, 0),
    creditOre: Math.max(-b.amountOre, 0),
    lineDescription: null,
  }));
  if (ibSum !== 0)
    openingLines.push({
      accountNumber: OPENING_DIFFERENCE_ACCOUNT,
      debitOre: Math.max(-ibSum, 0),
      creditOre: Math.max(ibSum, 0),
      lineDescription: "Differens i ingående balans",
    });
  const prepared: PreparedImport = await write("imports.sie_prepare", { ...preparation, ...claimOf(op) });
  later.push(...prepared.warnings);

  // What a previous, interrupted run already wrote.
  const done = await postedSourceIds(database(op.env), imp.companyId, `${imp.id}:`);
  let chunk: ImportedEntry[] = [];
  if (openingLines.length && !done.has(`${imp.id}:ib`)) {
    const usedSeries = new Set(seriesMap.values());
    const ibSeries = [..."IZYXWVUTSRQPONMLKJHGFEDCBA"].find((l) => !usedSeries.has(l))!;
    chunk.push({
      entryDate: year.start,
      description: "Ingående balans",
      voucherSeries: ibSeries,
      voucherNumber: 1,
      sourceType: OPENING_SOURCE,
      sourceId: `${imp.id}:ib`,
      lines: openingLines,
    });
  }
  const size = chunkVouchers(op.env);
  let written = 0;
  let inChunk = 0;
  const post = async () => {
    await write("imports.sie_post", {
      importId: imp.id,
      periodId: prepared.fiscal_period_id,
      vouchers: chunk,
      ...claimOf(op),
    } satisfies SiePostInput);
    written += inChunk;
    chunk = [];
    inChunk = 0;
    await op.progress({ phase: "writing", current: written, total: scan.entryCount });
  };
  const voucherWarnings: string[] = [];
  await planVouchersFrom(
    await source(),
    scan,
    { importId: imp.id, year, seriesMap, warnings: voucherWarnings },
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
  return {
    fiscal_period_id: prepared.fiscal_period_id,
    encoding: scan.encoding satisfies SieEncoding,
    entries_imported: scan.entryCount,
    lines_imported: scan.lineCount,
    accounts_created: prepared.accounts_created,
    accounts_updated: prepared.accounts_updated,
    periods_created: prepared.periods_created,
    opening_balances_imported: ib.length,
    dimensions_created: prepared.dimensions_created,
    objects_created: prepared.objects_created,
    series_map: Object.fromEntries([...seriesMap].filter(([from, to]) => from !== to)),
    balance_mismatches: mismatches,
    warnings: [...file.warnings, ...voucherWarnings, ...later],
  };
}

/** options.allowBalanceMismatch travels in the operation's input (service.ts startSieImport). */
function allowBalanceMismatch(op: OperationContext): boolean {
  const input = op.operation.input as { allow_balance_mismatch?: unknown } | null;
  return input?.allow_balance_mismatch === true;
}

/** #DIM, #OBJEKT and every object a transaction line names. */
function sieDimensions(scan: SieScan) {
  const objects: Record<string, string> = Object.fromEntries(
    scan.file.objects.map((o) => [`${o.dimension}/${o.code}`, o.name]),
  );
  for (const key of scan.objects) objects[key] ??= "";
  return { dimensions: Object.fromEntries(scan.file.dimensions), objects };
}

// ---- the commands the operation submits to the company's writer ----

/** The run a write belongs to: refused once a later run has claimed the operation (issue #41 item 5). */
interface RunClaim {
  operationId?: string;
  attempt?: number;
}

async function assertClaim(db: Database, input: RunClaim) {
  if (input.operationId !== undefined && input.attempt !== undefined)
    await assertOperationClaim(db, input.operationId, input.attempt);
}

export interface SiePrepareInput extends RunClaim {
  importId: string;
  /** #RAR 0, or null for a file without it (SIE 4I): then the year holding the first voucher */
  year: { start: string; end: string } | null;
  firstVoucherDate: string | null;
  chart: Parameters<typeof planImportedChart>[2];
  dimensions: Parameters<typeof planImportedDimensions>[2];
}

/** What the writer settled on for the import (prepareSieImport's data). */
interface PreparedImport {
  fiscal_period_id: string;
  period_start: string;
  period_end: string;
  periods_created: number;
  accounts_created: number;
  accounts_updated: number;
  dimensions_created: number;
  objects_created: number;
  warnings: string[];
}

/** The year, the chart and the dimensions the file needs, in one batch before any voucher. */
export const prepareSieImport: Command<SiePrepareInput> = async (db, input, ctx) => {
  await assertClaim(db, input);
  const year =
    input.year ??
    (await periodHolding(ctx, input.firstVoucherDate ?? undefined).then((p) =>
      p ? { start: p.periodStart, end: p.periodEnd } : null,
    ));
  if (!year)
    throw invalid("the file has no #RAR 0 and no fiscal period of the company holds its vouchers", {
      first_voucher_date: input.firstVoucherDate,
    });
  const { period, statements: periodStatements } = await planPeriodForImport(db, ctx, year, input.importId);
  const chart = await planImportedChart(db, ctx, input.chart);
  const dims = await planImportedDimensions(db, ctx, input.dimensions);
  return {
    status: 200,
    data: {
      fiscal_period_id: period.id,
      period_start: period.periodStart,
      period_end: period.periodEnd,
      periods_created: periodStatements.length,
      accounts_created: chart.created,
      accounts_updated: chart.updated,
      dimensions_created: dims.dimensionsCreated,
      objects_created: dims.objectsCreated,
      warnings: chart.warnings,
    } satisfies PreparedImport,
    statements: [...periodStatements, ...chart.statements, ...dims.statements],
    audit: { action: "import.sie_prepared", resourceType: "sie_import", resourceId: input.importId },
  };
};

export interface SiePostInput extends RunClaim {
  importId: string;
  periodId: string;
  vouchers: ImportedEntry[];
}

/** One chunk of vouchers under the numbers they carry: all of it or nothing. */
export const postSieVouchers: Command<SiePostInput> = async (db, input, ctx) => {
  await assertClaim(db, input);
  return {
    status: 200,
    data: { posted: input.vouchers.length },
    statements: await ctx.ledger.postImported(input.periodId, input.vouchers),
    audit: { action: "import.sie_vouchers_posted", resourceType: "sie_import", resourceId: input.importId },
  };
};

/** The import's own row: succeeded or failed. */
export const finishSieImport: Command<{ importId: string; status: "succeeded" | "failed" } & RunClaim> = async (
  db,
  input,
) => {
  await assertClaim(db, input);
  return {
    status: 200,
    data: { status: input.status },
    statements: [db.update(sieImports).set({ status: input.status }).where(eq(sieImports.id, input.importId))],
    audit: { action: `import.sie_${input.status}`, resourceType: "sie_import", resourceId: input.importId },
  };
};

/**
 * Up to a chunk of the vouchers an unfinished import wrote, removed with what they added to
 * the balances (src/ledger/unwind.ts); `removed` 0 when none is left. An import that
 * succeeded is never undone this way.
 */
export const rollbackSieVouchers: Command<{ importId: string } & RunClaim> = async (db, input, ctx) => {
  await assertClaim(db, input);
  const imp = await db
    .select({ status: sieImports.status })
    .from(sieImports)
    .where(eq(sieImports.id, input.importId))
    .get();
  const audit = { action: "import.sie_vouchers_removed", resourceType: "sie_import", resourceId: input.importId };
  if (!imp || imp.status === "succeeded")
    return { status: 200, data: { removed: 0 }, statements: [], unchanged: true, audit };
  const plan = await planUnwindImported(db, ctx.companyId, `${input.importId}:`);
  return {
    status: 200,
    data: { removed: plan.removed },
    statements: plan.statements,
    ...(plan.removed === 0 && { unchanged: true }),
    audit,
  };
};
