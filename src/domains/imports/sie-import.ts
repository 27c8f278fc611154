// SIE 4 import, run as an operation (spec: POST .../imports/sie). The whole file is
// parsed and checked in memory first: every voucher balances and lies in the year, and
// the books it would make equal the file's own #UB and #RES for every account. Only
// then is anything written, in chunks that are each atomic and that a re-run skips
// (source_id "<import id>:<voucher index>"), so a worker that dies mid-way leaves a
// resumable import, never a wrong one.
import { and, eq, like, ne, sql } from "drizzle-orm";
import type { CommandContext, Statement } from "../../commands/plan";
import { database, type Database } from "../../db/client";
import { accounts, dimensionCodes, dimensions, fiscalPeriods, journalEntries, sieImports } from "../../db/schema";
import { ApiError } from "../../http/api-error";
import { newId } from "../../ids";
import { Ledger, type EngineLine, type FiscalPeriodRow } from "../../ledger/engine";
import { formatKronor } from "../../ledger/money";
import { accountTypeOf, type AccountType } from "../../sweden/bas";
import { fiscalYearName } from "../../sweden/fiscal-year";
import { isBalanceAccount } from "../../sweden/report-layout";
import { decodeSie, type SieEncoding } from "../../sweden/sie/encoding";
import { parseSie, SieParseError, type SieFile } from "../../sweden/sie/parse";
import type { OperationContext } from "../operations/service";
import { OPENING_SOURCE } from "../reports/queries";

const CHUNK = 1000;
const SIE_TYPE: Record<string, AccountType> = { T: "asset", S: "liability", I: "revenue", K: "expense" };

function invalid(message: string, details: Record<string, unknown>): ApiError {
  return new ApiError("VALIDATION_ERROR", details, message);
}

interface PlannedVoucher {
  index: number;
  series: string;
  number: number;
  date: string;
  text: string;
  lines: EngineLine[];
}

/** Series in the model are one capital letter; other SIE series get free letters, reported in the result. */
function mapSeries(file: SieFile): Map<string, string> {
  const used = new Set<string>();
  const map = new Map<string, string>();
  for (const v of file.vouchers) if (/^[A-Z]$/.test(v.series)) used.add(v.series);
  for (const v of file.vouchers) {
    if (map.has(v.series)) continue;
    if (/^[A-Z]$/.test(v.series)) map.set(v.series, v.series);
    // vouchers without a series (SIE type 4I) are numbered on in series A
    else if (v.series === "") map.set("", "A");
    else {
      const free = [..."ABCDEFGHJKLMNOPQRSTUVWXYZ"].find((l) => !used.has(l));
      if (!free) throw invalid("the file uses more voucher series than there are letters", { series: v.series, line: v.line });
      used.add(free);
      map.set(v.series, free);
    }
  }
  return map;
}

function planVouchers(file: SieFile, period: { start: string; end: string }, seriesMap: Map<string, string>, warnings: string[]): PlannedVoucher[] {
  const planned: PlannedVoucher[] = [];
  const max = new Map<string, number>();
  for (const v of file.vouchers) if (v.number !== null) max.set(seriesMap.get(v.series)!, Math.max(max.get(seriesMap.get(v.series)!) ?? 0, v.number));
  const taken = new Map<string, Set<number>>();
  file.vouchers.forEach((v, index) => {
    if (v.date < period.start || v.date > period.end) throw invalid(`line ${v.line}: voucher date ${v.date} is outside the fiscal year ${period.start}..${period.end}`, { line: v.line });
    const series = seriesMap.get(v.series)!;
    const used = taken.get(series) ?? new Set<number>();
    taken.set(series, used);
    let number = v.number;
    // A voucher without a number (type 4I), or one whose number the file repeats
    // (some programs number register vouchers 1 again and again), is numbered on.
    if (number === null || used.has(number)) {
      const next = (max.get(series) ?? 0) + 1;
      if (number !== null) warnings.push(`line ${v.line}: voucher ${v.series}${number} repeats a number; imported as ${series}${next}`);
      number = next;
      max.set(series, next);
    }
    const kept = v.trans.filter((t) => t.amountOre !== 0);
    if (kept.length === 0) {
      warnings.push(`line ${v.line}: voucher ${v.series}${v.number ?? ""} has no amount other than 0 and is not imported`);
      return;
    }
    used.add(number);
    if (kept.length < v.trans.length) warnings.push(`line ${v.line}: ${v.trans.length - kept.length} transaction(s) of amount 0 skipped`);
    const sum = kept.reduce((s, t) => s + t.amountOre, 0);
    if (sum !== 0) throw invalid(`line ${v.line}: voucher ${v.series}${v.number ?? ""} does not balance (difference ${formatKronor(sum)})`, { line: v.line, difference: Number(formatKronor(sum)) });
    planned.push({
      index,
      series,
      number,
      date: v.date,
      text: v.text || `Verifikation ${series}${number}`,
      lines: kept.map((t) => ({
        accountNumber: t.account,
        debitOre: t.amountOre > 0 ? t.amountOre : 0,
        creditOre: t.amountOre < 0 ? -t.amountOre : 0,
        lineDescription: t.text,
        dimensions: Object.keys(t.objects).length ? t.objects : null,
      })),
    });
  });
  return planned;
}

/**
 * Opening balances that do not sum to zero hold a prior-year result never booked to
 * equity; the difference is booked to 2099 (Årets resultat), and expected there in
 * the file's closing balances too.
 */
export const OPENING_DIFFERENCE_ACCOUNT = "2099";

/** The books the file would make must equal its own closing balances and results. */
function checkAgainstFile(file: SieFile, vouchers: PlannedVoucher[], openingDifference: number) {
  const computed = new Map<string, number>();
  const add = (a: string, ore: number) => computed.set(a, (computed.get(a) ?? 0) + ore);
  for (const ib of file.opening.filter((b) => b.year === 0)) add(ib.account, ib.amountOre);
  for (const v of vouchers) for (const l of v.lines) add(l.accountNumber, l.debitOre - l.creditOre);
  const expected = new Map<string, number>();
  const closing = file.closing.filter((b) => b.year === 0);
  const results = file.results.filter((b) => b.year === 0);
  for (const b of [...closing, ...results]) expected.set(b.account, (expected.get(b.account) ?? 0) + b.amountOre);
  if (openingDifference !== 0) {
    add(OPENING_DIFFERENCE_ACCOUNT, -openingDifference);
    if (closing.length) expected.set(OPENING_DIFFERENCE_ACCOUNT, (expected.get(OPENING_DIFFERENCE_ACCOUNT) ?? 0) - openingDifference);
  }
  const mismatches: { account_number: string; file: number; computed: number }[] = [];
  const check = (account: string) => {
    const want = expected.get(account) ?? 0;
    const got = computed.get(account) ?? 0;
    if (want !== got) mismatches.push({ account_number: account, file: Number(formatKronor(want)), computed: Number(formatKronor(got)) });
  };
  const accountsToCheck = new Set<string>();
  if (closing.length) for (const a of [...computed.keys(), ...closing.map((b) => b.account)]) if (isBalanceAccount(a)) accountsToCheck.add(a);
  if (results.length) for (const a of [...computed.keys(), ...results.map((b) => b.account)]) if (!isBalanceAccount(a)) accountsToCheck.add(a);
  [...accountsToCheck].sort().forEach(check);
  if (mismatches.length) {
    throw invalid(`the vouchers do not give the file's own #UB/#RES for ${mismatches.length} account(s)`, { mismatches: mismatches.slice(0, 50), mismatch_count: mismatches.length });
  }
}

/** A file without #RAR (SIE type 4I) goes into the company's year that holds its vouchers. */
async function yearOfVouchers(db: Database, companyId: string, file: SieFile) {
  const first = file.vouchers.map((v) => v.date).sort()[0];
  const period = first
    ? await db.select().from(fiscalPeriods).where(and(eq(fiscalPeriods.companyId, companyId), sql`${fiscalPeriods.periodStart} <= ${first}`, sql`${fiscalPeriods.periodEnd} >= ${first}`)).get()
    : undefined;
  if (!period) throw invalid("the file has no #RAR 0 and no fiscal period of the company holds its vouchers", { first_voucher_date: first ?? null });
  return { start: period.periodStart, end: period.periodEnd };
}

async function resolvePeriod(db: Database, companyId: string, year: { start: string; end: string }, importId: string) {
  const periods = await db.select().from(fiscalPeriods).where(eq(fiscalPeriods.companyId, companyId)).all();
  const same = periods.find((p) => p.periodStart === year.start && p.periodEnd === year.end);
  if (same) {
    if (same.lockedAt || same.isClosed) throw new ApiError("PERIOD_LOCKED", { fiscal_period_id: same.id });
    const [{ n }] = await db
      .select({ n: sql<number>`COUNT(*)` })
      .from(journalEntries)
      .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.fiscalPeriodId, same.id), ne(journalEntries.status, "cancelled"), sql`COALESCE(${journalEntries.sourceId}, '') NOT LIKE ${importId + ":%"}`))
      .all();
    if (Number(n) > 0) throw new ApiError("CONFLICT", { fiscal_period_id: same.id, entries: Number(n) }, "The fiscal year already has entries; SIE import is meant for a fresh year.");
    return { period: same, created: null };
  }
  const overlap = periods.find((p) => !(p.periodEnd < year.start || p.periodStart > year.end));
  if (overlap) throw new ApiError("CONFLICT", { fiscal_period_id: overlap.id, period_start: overlap.periodStart, period_end: overlap.periodEnd }, "The file's #RAR 0 overlaps an existing fiscal period with other dates.");
  const prior = periods.filter((p) => p.periodEnd < year.start).sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0];
  const row: FiscalPeriodRow = {
    id: newId(),
    companyId,
    name: fiscalYearName(year.start, year.end),
    periodStart: year.start,
    periodEnd: year.end,
    isClosed: false,
    closedAt: null,
    lockedAt: null,
    previousPeriodId: prior?.id ?? null,
    closingEntryId: null,
    createdAt: new Date().toISOString(),
  };
  return { period: row, created: row };
}

export async function runSieImport(op: OperationContext) {
  const { env, operation } = op;
  const db = database(env);
  const companyId = operation.companyId;
  const imp = await db.select().from(sieImports).where(eq(sieImports.operationId, operation.id)).get();
  if (!imp) throw new ApiError("NOT_FOUND", { resource: "sie_import", operation_id: operation.id });
  try {
    const result = await importFile(op, db, companyId, imp);
    await db.update(sieImports).set({ status: "succeeded" }).where(eq(sieImports.id, imp.id));
    return result;
  } catch (err) {
    if (err instanceof ApiError) await db.update(sieImports).set({ status: "failed" }).where(eq(sieImports.id, imp.id));
    throw err;
  }
}

async function importFile(op: OperationContext, db: Database, companyId: string, imp: typeof sieImports.$inferSelect) {
  await op.progress({ phase: "parsing" });
  const object = await op.env.DOCUMENTS.get(imp.r2Key);
  if (!object) throw new ApiError("NOT_FOUND", { resource: "sie_file", key: imp.r2Key });
  const { text, encoding } = decodeSie(new Uint8Array(await object.arrayBuffer()));
  let file: SieFile;
  try {
    file = parseSie(text);
  } catch (err) {
    if (err instanceof SieParseError) throw invalid(err.message, { line: err.line });
    throw err;
  }
  if (file.sieType && !/^4[EI]?$/i.test(file.sieType)) throw invalid(`#SIETYP ${file.sieType}: only SIE 4 files carry vouchers`, { sie_type: file.sieType });
  const year = file.years.get(0) ?? (await yearOfVouchers(db, companyId, file));

  await op.progress({ phase: "validating", current: 0, total: file.vouchers.length });
  const warnings = [...file.warnings];
  const seriesMap = mapSeries(file);
  const vouchers = planVouchers(file, year, seriesMap, warnings);
  const ib = file.opening.filter((b) => b.year === 0 && b.amountOre !== 0);
  const ibSum = ib.reduce((s, b) => s + b.amountOre, 0);
  if (ibSum !== 0) warnings.push(`the opening balances (#IB 0) do not balance; the difference ${formatKronor(-ibSum)} is booked to ${OPENING_DIFFERENCE_ACCOUNT}`);
  checkAgainstFile(file, vouchers, ibSum);
  const openingLines: EngineLine[] = ib.map((b) => ({ accountNumber: b.account, debitOre: Math.max(b.amountOre, 0), creditOre: Math.max(-b.amountOre, 0), lineDescription: null }));
  if (ibSum !== 0) openingLines.push({ accountNumber: OPENING_DIFFERENCE_ACCOUNT, debitOre: Math.max(-ibSum, 0), creditOre: Math.max(ibSum, 0), lineDescription: "Differens i ingående balans" });

  const { period, created } = await resolvePeriod(db, companyId, year, imp.id);
  const ctx: CommandContext = {
    companyId,
    requestId: operation(op).requestId,
    apiKeyId: "",
    userId: "",
    role: "owner",
    unattendedCommitLimitOre: null,
    dryRun: false,
    now: op.now(),
    apiVersion: "",
  };

  // Chart and dimensions first, with the period, in one batch.
  const setup: Statement[] = [];
  if (created) setup.push(db.insert(fiscalPeriods).values(created));
  const chart = new Map((await db.select().from(accounts).where(eq(accounts.companyId, companyId)).all()).map((a) => [a.number, a]));
  const used = new Set<string>([...file.accounts.keys(), ...openingLines.map((l) => l.accountNumber), ...vouchers.flatMap((v) => v.lines.map((l) => l.accountNumber))]);
  let accountsCreated = 0;
  let accountsUpdated = 0;
  for (const number of [...used].sort()) {
    const fromFile = file.accounts.get(number);
    const existing = chart.get(number);
    if (!existing) {
      accountsCreated++;
      const type = file.accountTypes.get(number);
      setup.push(
        db.insert(accounts).values({
          companyId,
          number,
          name: fromFile?.name || `Konto ${number}`,
          type: type ? (type === "S" && number < "2100" && number >= "2000" ? "equity" : SIE_TYPE[type]) : accountTypeOf(number),
          isActive: true,
          k2Excluded: false,
          isCustom: true,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        }),
      );
    } else {
      const rename = imp.updateAccountNames && fromFile?.name && fromFile.name !== existing.name;
      const reactivate = !existing.isActive && (openingLines.some((l) => l.accountNumber === number) || vouchers.some((v) => v.lines.some((l) => l.accountNumber === number)));
      if (rename || reactivate) {
        accountsUpdated++;
        if (reactivate) warnings.push(`account ${number} was inactive and has been activated: the file posts to it`);
        setup.push(db.update(accounts).set({ ...(rename ? { name: fromFile!.name } : {}), ...(reactivate ? { isActive: true } : {}), updatedAt: ctx.now }).where(and(eq(accounts.companyId, companyId), eq(accounts.number, number))));
      }
    }
  }
  const dims = new Map((await db.select().from(dimensions).where(eq(dimensions.companyId, companyId)).all()).map((d) => [d.dimensionId, d]));
  const codes = new Set((await db.select().from(dimensionCodes).where(eq(dimensionCodes.companyId, companyId)).all()).map((c) => `${c.dimensionId}/${c.code}`));
  const objectNames = new Map(file.objects.map((o) => [`${o.dimension}/${o.code}`, o.name]));
  const neededDims = new Set<number>([...file.dimensions.keys(), ...file.objects.map((o) => o.dimension)]);
  const neededCodes = new Set<string>(file.objects.map((o) => `${o.dimension}/${o.code}`));
  for (const v of vouchers) for (const l of v.lines) for (const [d, c] of Object.entries(l.dimensions ?? {})) (neededDims.add(Number(d)), neededCodes.add(`${d}/${c}`));
  let dimensionsCreated = 0;
  let objectsCreated = 0;
  for (const d of [...neededDims].sort((a, b) => a - b)) {
    if (dims.has(d)) continue;
    dimensionsCreated++;
    setup.push(db.insert(dimensions).values({ companyId, dimensionId: d, name: file.dimensions.get(d) || `Dimension ${d}`, createdAt: ctx.now, updatedAt: ctx.now }));
  }
  for (const key of [...neededCodes].sort()) {
    if (codes.has(key)) continue;
    objectsCreated++;
    const [d, ...rest] = key.split("/");
    const code = rest.join("/");
    setup.push(db.insert(dimensionCodes).values({ companyId, dimensionId: Number(d), code, name: objectNames.get(key) || code, createdAt: ctx.now, updatedAt: ctx.now }));
  }
  if (setup.length) await db.batch(setup as [Statement, ...Statement[]]);

  // What a previous, interrupted run already wrote.
  const done = new Set(
    (await db.select({ s: journalEntries.sourceId }).from(journalEntries).where(and(eq(journalEntries.companyId, companyId), like(journalEntries.sourceId, `${imp.id}:%`))).all()).map((r) => r.s),
  );
  const ledger = new Ledger(db, ctx);
  if (openingLines.length && !done.has(`${imp.id}:ib`)) {
    const usedSeries = new Set(seriesMap.values());
    const ibSeries = [..."IZYXWVUTSRQPONMLKJHGFEDCBA"].find((l) => !usedSeries.has(l))!;
    const statements = await ledger.postImported(period.id, [
      {
        entryDate: period.periodStart,
        description: "Ingående balans",
        voucherSeries: ibSeries,
        voucherNumber: 1,
        sourceType: OPENING_SOURCE,
        sourceId: `${imp.id}:ib`,
        lines: openingLines,
      },
    ]);
    await db.batch(statements as [Statement, ...Statement[]]);
  }
  const todo = vouchers.filter((v) => !done.has(`${imp.id}:${v.index}`));
  let written = vouchers.length - todo.length;
  for (let i = 0; i < todo.length; i += CHUNK) {
    const chunk = todo.slice(i, i + CHUNK);
    const statements = await ledger.postImported(
      period.id,
      chunk.map((v) => ({
        entryDate: v.date,
        description: v.text,
        voucherSeries: v.series,
        voucherNumber: v.number,
        sourceType: "sie_import",
        sourceId: `${imp.id}:${v.index}`,
        lines: v.lines,
      })),
    );
    await db.batch(statements as [Statement, ...Statement[]]);
    written += chunk.length;
    await op.progress({ phase: "writing", current: written, total: vouchers.length });
  }
  return {
    fiscal_period_id: period.id,
    encoding: encoding satisfies SieEncoding,
    entries_imported: vouchers.length,
    lines_imported: vouchers.reduce((s, v) => s + v.lines.length, 0),
    accounts_created: accountsCreated,
    accounts_updated: accountsUpdated,
    periods_created: created ? 1 : 0,
    opening_balances_imported: ib.length,
    dimensions_created: dimensionsCreated,
    objects_created: objectsCreated,
    series_map: Object.fromEntries([...seriesMap].filter(([from, to]) => from !== to)),
    warnings,
  };
}

const operation = (op: OperationContext) => op.operation;
