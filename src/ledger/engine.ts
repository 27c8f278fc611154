// The ledger engine: the only code that creates or changes journal entries and
// their lines. Domains describe what happened; the engine checks the rules of the
// books and returns the write (src/writer/write.ts) the command puts in its plan: the
// statements, the events they announce, the voucher numbers and drafts they make.
//
// Rules enforced here, in this order (the order is the precedence of the codes):
//   1. JOURNAL_ENTRY_NOT_BALANCED   debits equal credits, and are above zero (BFL 5 kap)
//   2. PERIOD_NOT_FOUND             the fiscal period belongs to the company
//   3. ENTRY_DATE_OUTSIDE_FISCAL_PERIOD
//   4. PERIOD_LOCKED                locked or closed periods take no entries, nor a date on
//                                   or before the period's lock date; year-end work (closing,
//                                   revaluation) may post into a locked period, never a closed one
//   5. ACCOUNTS_NOT_IN_CHART        every account exists and is active
//   6. DIMENSION_VALIDATION_FAILED  every dimension and code exists and is not archived
//   7. UNATTENDED_COMMIT_LIMIT_EXCEEDED (on posting only)
// Voucher numbers: the smallest unused number in (fiscal period, series), decided
// by the company's single writer and guarded by a unique index (BFL 5 kap 7 §:
// verifikationer in an unbroken series).
import { and, between, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { insertFromJson } from "../db/json-insert";
import { journalEntries, journalLines } from "../db/schema";
import { ApiError } from "../errors/api-error";
import { newId } from "../ids";
import type { Statement } from "../db/statement";
import type { PlannedEvent, VoucherRef } from "../writer/events";
import type { RequestContext } from "../writer/request";
import { entryHeaderJson, entryHeaderSql, entryJson, type JournalEntryRow, type JournalLineRow } from "./entry-json";
import { formatKronor, sumOre } from "../money";
import { balanceUpdates } from "./balances";
import { BooksReference, type FiscalPeriodRow } from "./reference";
import { numberingKey, type StateSession } from "../writer/company-state";
import { Write } from "../writer/write";

export type { FiscalPeriodRow } from "./reference";
export type { JournalEntryRow, JournalLineRow } from "./entry-json";

export interface EngineLine {
  accountNumber: string;
  debitOre: number;
  creditOre: number;
  lineDescription: string | null;
  /** { dimension id: code } */
  dimensions?: Record<string, string> | null;
}

export interface NewEntry {
  fiscalPeriodId: string;
  entryDate: string;
  description: string;
  voucherSeries: string;
  sourceType: string;
  sourceId?: string | null;
  reversesId?: string | null;
  correctionOfId?: string | null;
  lines: EngineLine[];
}

/** An entry an import carries, under the voucher number its file gave it. */
export type ImportedEntry = Omit<NewEntry, "fiscalPeriodId"> & { voucherNumber: number };

export interface PlannedEntry {
  row: JournalEntryRow;
  lines: JournalLineRow[];
  /** what the plan commits for it: a draft's insert, or a posting with its event and number */
  write: Write;
}

export interface PostedEntry extends PlannedEntry {
  voucherNumber: number;
  /** for the write's meta.audit */
  voucher: VoucherRef;
}

/** A business event's entry: dated, in the period covering the date, in the default series unless named. */
export interface Posting {
  date: string;
  description: string;
  sourceType: string;
  sourceId?: string | null;
  lines: EngineLine[];
  series?: string;
  /** the refusal instead of ENTRY_DATE_OUTSIDE_FISCAL_PERIOD when no period covers the date */
  noPeriod?: ApiError;
  /** year-end work (closing entry, currency revaluation): allowed in a locked period, not a closed one */
  yearEnd?: boolean;
}

export interface PostOptions {
  allowArchivedDimensions?: boolean;
  yearEnd?: boolean;
}

export function assertBalanced(lines: EngineLine[]): number {
  const debit = sumOre(lines.map((l) => l.debitOre));
  const credit = sumOre(lines.map((l) => l.creditOre));
  if (debit !== credit || debit === 0) {
    throw new ApiError("JOURNAL_ENTRY_NOT_BALANCED", {
      debit_total: Number(formatKronor(debit)),
      credit_total: Number(formatKronor(credit)),
      difference: Number(formatKronor(debit - credit)),
    });
  }
  return debit;
}

export function assertPeriodOpen(period: FiscalPeriodRow): void {
  if (period.lockedAt || period.isClosed) {
    // locked as a whole: every date up to the period's end
    throw new ApiError("PERIOD_LOCKED", {
      fiscal_period_id: period.id,
      lock_date: period.periodEnd,
      locked_at: period.lockedAt,
      is_closed: period.isClosed,
    });
  }
}

/** PERIOD_LOCKED when the date is on or before the period's lock date (a filed VAT quarter, say). */
export function assertAfterLockDate(period: FiscalPeriodRow, date: string, lockDate: string | null): void {
  if (lockDate !== null && date <= lockDate) {
    throw new ApiError("PERIOD_LOCKED", {
      fiscal_period_id: period.id,
      lock_date: lockDate,
      entry_date: date,
      locked_at: period.lockedAt,
      is_closed: period.isClosed,
    });
  }
}

export function assertDateInPeriod(period: FiscalPeriodRow, date: string): void {
  if (date < period.periodStart || date > period.periodEnd) {
    throw new ApiError("ENTRY_DATE_OUTSIDE_FISCAL_PERIOD", {
      entry_date: date,
      fiscal_period_id: period.id,
      period_start: period.periodStart,
      period_end: period.periodEnd,
    });
  }
}

/**
 * An imported entry's journal_entry.committed: its object (the header) is built by the
 * database from the row the batch inserts, and in JS only if a webhook needs it.
 */
function importedEntryEvent(row: JournalEntryRow): PlannedEvent {
  return {
    type: "journal_entry.committed",
    fromRow: { id: row.id, source: entryHeaderSql },
    get object() {
      return entryHeaderJson(row);
    },
  };
}

export class Ledger {
  /** what the books look like to this command: periods, series, chart, dimensions */
  readonly books: BooksReference;
  /** voucher numbers already taken by this plan, per period and series */
  private planned = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly ctx: RequestContext,
    /** the company's state held by its writer (src/writer/company-state.ts), this command's view */
    private readonly state: StateSession,
  ) {
    this.books = new BooksReference(state);
  }

  loadPeriod(periodId: string): Promise<FiscalPeriodRow> {
    return this.books.period(periodId);
  }

  periodForDate(date: string): Promise<FiscalPeriodRow> {
    return this.books.periodCovering(date);
  }

  defaultSeries(): Promise<string> {
    return this.books.defaultSeries();
  }

  assertAccountsActive(lines: Pick<EngineLine, "accountNumber">[]): Promise<void> {
    return this.books.assertAccountsActive(lines.map((l) => l.accountNumber));
  }

  assertDimensionsUsable(maps: (Record<string, string> | null | undefined)[], allowArchived = false): Promise<void> {
    return this.books.assertDimensionsUsable(maps, allowArchived);
  }

  assertWithinUnattendedLimit(totalOre: number): void {
    const limit = this.ctx.unattendedCommitLimitOre;
    if (limit !== null && totalOre > limit) {
      throw new ApiError("UNATTENDED_COMMIT_LIMIT_EXCEEDED", {
        attempted: Number(formatKronor(totalOre)),
        limit: Number(formatKronor(limit)),
      });
    }
  }

  /** Every check a new entry must pass before it may exist, draft or posted. */
  async validate(
    entry: Pick<NewEntry, "fiscalPeriodId" | "entryDate" | "lines">,
    opts: PostOptions = {},
  ): Promise<{ period: FiscalPeriodRow; totalOre: number }> {
    const totalOre = assertBalanced(entry.lines);
    const period = await this.loadPeriod(entry.fiscalPeriodId);
    assertDateInPeriod(period, entry.entryDate);
    if (opts.yearEnd) {
      if (period.isClosed) assertPeriodOpen(period);
    } else {
      assertPeriodOpen(period);
      assertAfterLockDate(period, entry.entryDate, await this.books.lockDate(period.id));
    }
    await this.books.assertAccountsActive(entry.lines.map((l) => l.accountNumber));
    await this.books.assertDimensionsUsable(
      entry.lines.map((l) => l.dimensions),
      opts.allowArchivedDimensions ?? false,
    );
    return { period, totalOre };
  }

  /** A draft: validated, stored with voucher number 0, no effect on balances. */
  async createDraft(entry: NewEntry): Promise<PlannedEntry> {
    const { totalOre } = await this.validate(entry);
    const { row, lines } = this.buildRows(entry, totalOre, null);
    // the company's writer holds the draft once its batch commits (a commit then reads nothing)
    return {
      row,
      lines,
      write: new Write({ statements: this.inserts(row, lines), createdDrafts: [{ entry: row, lines }] }),
    };
  }

  /**
   * The one way a domain books a business event: the period covering the date, the
   * company's default series, every rule of the books, a voucher number.
   */
  async post(p: Posting): Promise<PostedEntry> {
    const period = await this.periodForDate(p.date).catch((err) => {
      throw p.noPeriod && err instanceof ApiError ? p.noPeriod : err;
    });
    return this.postNew(
      {
        fiscalPeriodId: period.id,
        entryDate: p.date,
        description: p.description,
        voucherSeries: p.series ?? (await this.defaultSeries()),
        sourceType: p.sourceType,
        sourceId: p.sourceId ?? null,
        lines: p.lines,
      },
      { yearEnd: p.yearEnd },
    );
  }

  /** A new entry posted at once in a named period (reversals, corrections, and through post). */
  async postNew(entry: NewEntry, opts: PostOptions = {}): Promise<PostedEntry> {
    const { totalOre } = await this.validate(entry, opts);
    this.assertWithinUnattendedLimit(totalOre);
    const voucherNumber = await this.nextVoucherNumber(entry.fiscalPeriodId, entry.voucherSeries);
    const { row, lines } = this.buildRows(entry, totalOre, voucherNumber);
    const write = new Write({
      statements: [...this.inserts(row, lines), ...this.balances(entry.fiscalPeriodId, [{ row, lines }])],
      events: [{ type: "journal_entry.committed", object: entryJson(row, lines) }],
      numbers: [{ key: numberingKey(entry.fiscalPeriodId, entry.voucherSeries), n: voucherNumber }],
      chained: [{ entry: row, lines }],
    });
    return { row, lines, write, voucherNumber, voucher: this.voucherRef(row) };
  }

  voucherRef(row: Pick<JournalEntryRow, "id" | "voucherSeries" | "voucherNumber">): VoucherRef {
    return { entryId: row.id, series: row.voucherSeries, number: row.voucherNumber, immutableAt: this.ctx.now };
  }

  /**
   * Commits a draft: checks it again against today's chart and period, then numbers it.
   * `documents`: the SHA-256 of the documents linked to it, named by its place in the chain.
   */
  async commitDraft(
    draft: JournalEntryRow,
    lines: JournalLineRow[],
    documents: readonly string[] = [],
  ): Promise<{ row: JournalEntryRow; write: Write }> {
    if (draft.status !== "draft") {
      throw new ApiError(
        "CONFLICT",
        { status: draft.status, voucher_number: draft.voucherNumber },
        `The entry is ${draft.status}; only drafts can be committed.`,
      );
    }
    const engineLines = lines.map(toEngineLine);
    const { totalOre } = await this.validate({
      fiscalPeriodId: draft.fiscalPeriodId,
      entryDate: draft.entryDate,
      lines: engineLines,
    });
    this.assertWithinUnattendedLimit(totalOre);
    const voucherNumber = await this.nextVoucherNumber(draft.fiscalPeriodId, draft.voucherSeries);
    const row: JournalEntryRow = { ...draft, status: "posted", voucherNumber, postedAt: this.ctx.now };
    const posting = this.db
      .update(journalEntries)
      .set({ status: "posted", voucherNumber, postedAt: this.ctx.now })
      .where(and(eq(journalEntries.id, draft.id), eq(journalEntries.status, "draft")));
    const write = new Write({
      statements: [posting, ...this.balances(draft.fiscalPeriodId, [{ row, lines }])],
      events: [{ type: "journal_entry.committed", object: entryJson(row, lines) }],
      numbers: [{ key: numberingKey(draft.fiscalPeriodId, draft.voucherSeries), n: voucherNumber }],
      changedDrafts: [draft.id],
      chained: [{ entry: row, lines, documents }],
    });
    return { row, write };
  }

  cancelDraft(draft: JournalEntryRow): { row: JournalEntryRow; write: Write } {
    if (draft.status !== "draft") {
      throw new ApiError(
        "CONFLICT",
        { status: draft.status },
        `The entry is ${draft.status}; only drafts can be cancelled.`,
      );
    }
    const row: JournalEntryRow = { ...draft, status: "cancelled", cancelledAt: this.ctx.now };
    const cancel = this.db
      .update(journalEntries)
      .set({ status: "cancelled", cancelledAt: this.ctx.now })
      .where(and(eq(journalEntries.id, draft.id), eq(journalEntries.status, "draft")));
    return { row, write: new Write({ statements: [cancel], changedDrafts: [draft.id] }) };
  }

  /** Storno: the same lines with debit and credit swapped, linked both ways. */
  async reverse(
    original: JournalEntryRow,
    lines: JournalLineRow[],
    date: string,
    period: FiscalPeriodRow,
    description: string,
  ): Promise<PostedEntry> {
    if (original.status !== "posted") {
      throw new ApiError("CONFLICT", { status: original.status }, "Only posted entries can be reversed.");
    }
    if (original.reversedById) throw new ApiError("ENTRY_ALREADY_REVERSED", { reversed_by_id: original.reversedById });
    const reversal = await this.postNew(
      {
        fiscalPeriodId: period.id,
        entryDate: date,
        description,
        voucherSeries: original.voucherSeries,
        sourceType: "reversal",
        sourceId: original.id,
        reversesId: original.id,
        lines: lines.map((l) => ({ ...toEngineLine(l), debitOre: l.creditOre, creditOre: l.debitOre })),
        // A storno mirrors the original exactly, even on codes archived since.
      },
      { allowArchivedDimensions: true },
    );
    reversal.write.statements.push(
      this.db.update(journalEntries).set({ reversedById: reversal.row.id }).where(eq(journalEntries.id, original.id)),
    );
    return reversal;
  }

  /** The entry's insert first, then its lines'. */
  private inserts(row: JournalEntryRow, lines: JournalLineRow[]): Statement[] {
    return [this.db.insert(journalEntries).values(row), ...lines.map((l) => this.db.insert(journalLines).values(l))];
  }

  private balances(periodId: string, posted: Parameters<typeof balanceUpdates>[3]): Statement[] {
    return balanceUpdates(this.db, this.ctx.companyId, periodId, posted);
  }

  /** The entry's row and its lines' rows (an import writes them many to a statement: no statement each). */
  private buildRows(
    entry: NewEntry,
    totalOre: number,
    voucherNumber: number | null,
  ): { row: JournalEntryRow; lines: JournalLineRow[] } {
    const id = newId();
    const row: JournalEntryRow = {
      id,
      companyId: this.ctx.companyId,
      fiscalPeriodId: entry.fiscalPeriodId,
      voucherSeries: entry.voucherSeries,
      voucherNumber: voucherNumber ?? 0,
      entryDate: entry.entryDate,
      description: entry.description,
      status: voucherNumber === null ? "draft" : "posted",
      sourceType: entry.sourceType,
      sourceId: entry.sourceId ?? null,
      reversesId: entry.reversesId ?? null,
      reversedById: null,
      correctionOfId: entry.correctionOfId ?? null,
      totalOre,
      createdAt: this.ctx.now,
      postedAt: voucherNumber === null ? null : this.ctx.now,
      cancelledAt: null,
    };
    const lines: JournalLineRow[] = entry.lines.map((l, i) => ({
      id: newId(),
      companyId: this.ctx.companyId,
      journalEntryId: id,
      sortOrder: i + 1,
      accountNumber: l.accountNumber,
      debitOre: l.debitOre,
      creditOre: l.creditOre,
      lineDescription: l.lineDescription,
      dimensions: l.dimensions && Object.keys(l.dimensions).length ? l.dimensions : null,
      entryDate: entry.entryDate,
    }));
    return { row, lines };
  }

  /**
   * Posts many entries at once (an import) under the numbers they carry: one check
   * of period, accounts and dimensions for the lot, a check that no number is taken
   * (in the books or twice in the lot), rows written with multi-row inserts, and
   * balances updated once per account. Their journal_entry.committed events carry
   * the entry without its lines (an import may post a million).
   */
  async postImported(periodId: string, entries: ImportedEntry[]): Promise<Write> {
    if (!entries.length) return new Write({ statements: [] });
    const period = await this.loadPeriod(periodId);
    assertPeriodOpen(period);
    const lockDate = await this.books.lockDate(periodId);
    await this.assertVoucherNumbersFree(periodId, entries);
    const all: EngineLine[] = [];
    const rows: JournalEntryRow[] = [];
    const lines: JournalLineRow[] = [];
    const posted: { row: JournalEntryRow; lines: JournalLineRow[] }[] = [];
    for (const e of entries) {
      assertDateInPeriod(period, e.entryDate);
      assertAfterLockDate(period, e.entryDate, lockDate);
      const totalOre = assertBalanced(e.lines);
      all.push(...e.lines);
      const planned = this.buildRows({ ...e, fiscalPeriodId: periodId }, totalOre, e.voucherNumber);
      rows.push(planned.row);
      lines.push(...planned.lines);
      posted.push(planned);
    }
    await this.books.assertAccountsActive(all.map((l) => l.accountNumber));
    await this.books.assertDimensionsUsable(all.map((l) => l.dimensions));
    const statements: Statement[] = [
      ...insertFromJson(this.db, journalEntries, rows),
      ...insertFromJson(this.db, journalLines, lines),
      ...this.balances(periodId, posted),
    ];
    for (const e of entries)
      this.planned.set(
        `${periodId}/${e.voucherSeries}`,
        Math.max(this.planned.get(`${periodId}/${e.voucherSeries}`) ?? 0, e.voucherNumber),
      );
    for (const series of new Set(entries.map((e) => e.voucherSeries)))
      this.state.numberedOutside(numberingKey(periodId, series));
    return new Write({
      statements,
      events: rows.map(importedEntryEvent),
      chained: posted.map((p) => ({ entry: p.row, lines: p.lines })),
    });
  }

  /** VOUCHER_NUMBER_TAKEN when a number given by an import is used already (BFL 5 kap 7 §: one number, one voucher). */
  private async assertVoucherNumbersFree(
    periodId: string,
    entries: { voucherSeries: string; voucherNumber: number }[],
  ): Promise<void> {
    const seen = new Set<string>();
    const bySeries = new Map<string, number[]>();
    for (const e of entries) {
      const key = `${e.voucherSeries}${e.voucherNumber}`;
      if (e.voucherNumber < 1 || seen.has(key))
        throw new ApiError(
          "CONFLICT",
          { voucher: key, fiscal_period_id: periodId },
          `Voucher ${key} appears twice or has no number.`,
        );
      seen.add(key);
      const numbers = bySeries.get(e.voucherSeries);
      if (numbers) numbers.push(e.voucherNumber);
      else bySeries.set(e.voucherSeries, [e.voucherNumber]);
    }
    for (const [series, numbers] of bySeries) {
      const taken = await this.db
        .select({ n: journalEntries.voucherNumber })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.companyId, this.ctx.companyId),
            eq(journalEntries.fiscalPeriodId, periodId),
            eq(journalEntries.voucherSeries, series),
            between(journalEntries.voucherNumber, Math.min(...numbers), Math.max(...numbers)),
          ),
        )
        .all();
      const wanted = new Set(numbers);
      const clash = taken.map((t) => t.n).filter((n) => wanted.has(n));
      if (clash.length)
        throw new ApiError(
          "CONFLICT",
          { voucher_series: series, voucher_numbers: clash.slice(0, 20), fiscal_period_id: periodId },
          `Voucher numbers already used in series ${series}.`,
        );
    }
  }

  /** The smallest number not yet used in (period, series), nor taken earlier in this plan. */
  private async nextVoucherNumber(periodId: string, series: string): Promise<number> {
    const key = numberingKey(periodId, series);
    const floor = (this.planned.get(key) ?? 0) + 1;
    // The company's writer knows the series' next number once it has read it (every
    // number below used, every number from it free): no round trip.
    const known = this.state.knownNextNumber(key, floor);
    if (known !== undefined) {
      this.state.took(key, known, true);
      this.planned.set(key, known);
      return known;
    }
    const scope = sql`company_id = ${this.ctx.companyId} AND fiscal_period_id = ${periodId} AND voucher_series = ${series}`;
    const row = await this.db.get<{ n: number; m: number | null }>(sql`
      SELECT CASE
        WHEN NOT EXISTS (SELECT 1 FROM journal_entries WHERE ${scope} AND voucher_number = ${floor}) THEN ${floor}
        ELSE (SELECT j.voucher_number + 1 FROM journal_entries j
              WHERE j.company_id = ${this.ctx.companyId} AND j.fiscal_period_id = ${periodId}
                AND j.voucher_series = ${series} AND j.voucher_number >= ${floor}
                AND NOT EXISTS (SELECT 1 FROM journal_entries k WHERE k.company_id = j.company_id
                  AND k.fiscal_period_id = j.fiscal_period_id AND k.voucher_series = j.voucher_series
                  AND k.voucher_number = j.voucher_number + 1)
              ORDER BY j.voucher_number LIMIT 1)
      END AS n,
      (SELECT MAX(voucher_number) FROM journal_entries WHERE ${scope}) AS m`);
    const n = Number(row.n);
    // every number above n is free when n is above the largest used
    this.state.took(key, n, row.m === null || n > Number(row.m));
    this.planned.set(key, n);
    return n;
  }
}

export function toEngineLine(
  l: Pick<JournalLineRow, "accountNumber" | "debitOre" | "creditOre" | "lineDescription" | "dimensions">,
): EngineLine {
  return {
    accountNumber: l.accountNumber,
    debitOre: l.debitOre,
    creditOre: l.creditOre,
    lineDescription: l.lineDescription,
    dimensions: l.dimensions,
  };
}
