// The ledger engine: the only code that creates or changes journal entries and
// their lines. Domains describe what happened; the engine checks the rules of the
// books and adds the statements to the command's plan.
//
// Rules enforced here, in this order (the order is the precedence of the codes):
//   1. JOURNAL_ENTRY_NOT_BALANCED   debits equal credits, and are above zero (BFL 5 kap)
//   2. PERIOD_NOT_FOUND             the fiscal period belongs to the company
//   3. ENTRY_DATE_OUTSIDE_FISCAL_PERIOD
//   4. PERIOD_LOCKED                locked or closed periods take no entries
//   5. ACCOUNTS_NOT_IN_CHART        every account exists and is active
//   6. DIMENSION_VALIDATION_FAILED  every dimension and code exists and is not archived
//   7. UNATTENDED_COMMIT_LIMIT_EXCEEDED (on posting only)
// Voucher numbers: the smallest unused number in (fiscal period, series), decided
// by the company's single writer and guarded by a unique index (BFL 5 kap 7 §:
// verifikationer in an unbroken series).
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accountBalances, accounts, fiscalPeriods, journalEntries, journalLines } from "../db/schema";
import { ApiError } from "../http/api-error";
import { newId } from "../ids";
import type { CommandContext, Statement } from "../commands/plan";
import { assertDimensionsUsable } from "../domains/dimensions/service";
import { formatKronor, sumOre } from "./money";

export type FiscalPeriodRow = typeof fiscalPeriods.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type JournalLineRow = typeof journalLines.$inferSelect;

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

export interface PlannedEntry {
  row: JournalEntryRow;
  lines: JournalLineRow[];
  statements: Statement[];
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
    throw new ApiError("PERIOD_LOCKED", { fiscal_period_id: period.id, locked_at: period.lockedAt, is_closed: period.isClosed });
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

export class Ledger {
  /** voucher numbers already taken by this plan, per period and series */
  private planned = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly ctx: CommandContext,
  ) {}

  async loadPeriod(periodId: string): Promise<FiscalPeriodRow> {
    const period = await this.db
      .select()
      .from(fiscalPeriods)
      .where(and(eq(fiscalPeriods.companyId, this.ctx.companyId), eq(fiscalPeriods.id, periodId)))
      .get();
    if (!period) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_period_id: periodId });
    return period;
  }

  async periodForDate(date: string): Promise<FiscalPeriodRow> {
    const period = await this.db
      .select()
      .from(fiscalPeriods)
      .where(
        and(eq(fiscalPeriods.companyId, this.ctx.companyId), sql`${fiscalPeriods.periodStart} <= ${date}`, sql`${fiscalPeriods.periodEnd} >= ${date}`),
      )
      .get();
    if (!period) throw new ApiError("ENTRY_DATE_OUTSIDE_FISCAL_PERIOD", { entry_date: date }, "No fiscal period of the company covers this date.");
    return period;
  }

  async assertAccountsActive(lines: EngineLine[]): Promise<void> {
    const wanted = [...new Set(lines.map((l) => l.accountNumber))];
    const found = await this.db
      .select({ number: accounts.number })
      .from(accounts)
      .where(and(eq(accounts.companyId, this.ctx.companyId), inArray(accounts.number, wanted), eq(accounts.isActive, true)))
      .all();
    const active = new Set(found.map((a) => a.number));
    const missing = wanted.filter((n) => !active.has(n)).sort();
    if (missing.length) throw new ApiError("ACCOUNTS_NOT_IN_CHART", { accounts: missing });
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
    opts: { allowArchivedDimensions?: boolean } = {},
  ): Promise<{ period: FiscalPeriodRow; totalOre: number }> {
    const totalOre = assertBalanced(entry.lines);
    const period = await this.loadPeriod(entry.fiscalPeriodId);
    assertDateInPeriod(period, entry.entryDate);
    assertPeriodOpen(period);
    await this.assertAccountsActive(entry.lines);
    await assertDimensionsUsable(this.db, this.ctx.companyId, entry.lines.map((l) => l.dimensions ?? null), opts.allowArchivedDimensions ?? false);
    return { period, totalOre };
  }

  /** A draft: validated, stored with voucher number 0, no effect on balances. */
  async createDraft(entry: NewEntry): Promise<PlannedEntry> {
    const { totalOre } = await this.validate(entry);
    return this.buildInsert(entry, totalOre, null);
  }

  /** A new entry posted at once (reversals, corrections, postings of other domains). */
  async postNew(entry: NewEntry, opts: { allowArchivedDimensions?: boolean } = {}): Promise<PlannedEntry & { voucherNumber: number }> {
    const { totalOre } = await this.validate(entry, opts);
    this.assertWithinUnattendedLimit(totalOre);
    const voucherNumber = await this.nextVoucherNumber(entry.fiscalPeriodId, entry.voucherSeries);
    const planned = this.buildInsert(entry, totalOre, voucherNumber);
    planned.statements.push(...this.balanceUpdates(entry.fiscalPeriodId, planned.lines));
    return { ...planned, voucherNumber };
  }

  /** Commits a draft: checks it again against today's chart and period, then numbers it. */
  async commitDraft(draft: JournalEntryRow, lines: JournalLineRow[]): Promise<{ row: JournalEntryRow; statements: Statement[] }> {
    if (draft.status !== "draft") {
      throw new ApiError("CONFLICT", { status: draft.status, voucher_number: draft.voucherNumber }, `The entry is ${draft.status}; only drafts can be committed.`);
    }
    const engineLines = lines.map(toEngineLine);
    const { totalOre } = await this.validate({ fiscalPeriodId: draft.fiscalPeriodId, entryDate: draft.entryDate, lines: engineLines });
    this.assertWithinUnattendedLimit(totalOre);
    const voucherNumber = await this.nextVoucherNumber(draft.fiscalPeriodId, draft.voucherSeries);
    const row: JournalEntryRow = { ...draft, status: "posted", voucherNumber, postedAt: this.ctx.now };
    return {
      row,
      statements: [
        this.db
          .update(journalEntries)
          .set({ status: "posted", voucherNumber, postedAt: this.ctx.now })
          .where(and(eq(journalEntries.id, draft.id), eq(journalEntries.status, "draft"))),
        ...this.balanceUpdates(draft.fiscalPeriodId, lines),
      ],
    };
  }

  cancelDraft(draft: JournalEntryRow): { row: JournalEntryRow; statements: Statement[] } {
    if (draft.status !== "draft") {
      throw new ApiError("CONFLICT", { status: draft.status }, `The entry is ${draft.status}; only drafts can be cancelled.`);
    }
    const row: JournalEntryRow = { ...draft, status: "cancelled", cancelledAt: this.ctx.now };
    return {
      row,
      statements: [
        this.db
          .update(journalEntries)
          .set({ status: "cancelled", cancelledAt: this.ctx.now })
          .where(and(eq(journalEntries.id, draft.id), eq(journalEntries.status, "draft"))),
      ],
    };
  }

  /** Storno: the same lines with debit and credit swapped, linked both ways. */
  async reverse(original: JournalEntryRow, lines: JournalLineRow[], date: string, period: FiscalPeriodRow, description: string) {
    if (original.status !== "posted") {
      throw new ApiError("CONFLICT", { status: original.status }, "Only posted entries can be reversed.");
    }
    if (original.reversedById) throw new ApiError("ENTRY_ALREADY_REVERSED", { reversed_by_id: original.reversedById });
    const reversal = await this.postNew({
      fiscalPeriodId: period.id,
      entryDate: date,
      description,
      voucherSeries: original.voucherSeries,
      sourceType: "reversal",
      sourceId: original.id,
      reversesId: original.id,
      lines: lines.map((l) => ({ ...toEngineLine(l), debitOre: l.creditOre, creditOre: l.debitOre })),
      // A storno mirrors the original exactly, even on codes archived since.
    }, { allowArchivedDimensions: true });
    reversal.statements.push(
      this.db.update(journalEntries).set({ reversedById: reversal.row.id }).where(eq(journalEntries.id, original.id)),
    );
    return reversal;
  }

  private buildInsert(entry: NewEntry, totalOre: number, voucherNumber: number | null): PlannedEntry {
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
    }));
    return {
      row,
      lines,
      statements: [this.db.insert(journalEntries).values(row), ...lines.map((l) => this.db.insert(journalLines).values(l))],
    };
  }

  /**
   * Posts many entries at once (an import): one check of period, accounts and
   * dimensions for the lot, numbers as given (the caller guarantees they are free),
   * rows written with multi-row inserts, and balances updated once per account.
   */
  async postImported(periodId: string, entries: (Omit<NewEntry, "fiscalPeriodId"> & { voucherNumber: number })[]): Promise<Statement[]> {
    if (!entries.length) return [];
    const period = await this.loadPeriod(periodId);
    assertPeriodOpen(period);
    const all: EngineLine[] = [];
    const rows: JournalEntryRow[] = [];
    const lines: JournalLineRow[] = [];
    for (const e of entries) {
      assertDateInPeriod(period, e.entryDate);
      const totalOre = assertBalanced(e.lines);
      all.push(...e.lines);
      const planned = this.buildInsert({ ...e, fiscalPeriodId: periodId }, totalOre, e.voucherNumber);
      rows.push(planned.row);
      lines.push(...planned.lines);
    }
    await this.assertAccountsActive(all);
    await assertDimensionsUsable(this.db, this.ctx.companyId, all.map((l) => l.dimensions ?? null));
    const statements: Statement[] = [...this.insertEntriesFromJson(rows), ...this.insertLinesFromJson(lines)];
    statements.push(...this.balanceUpdates(periodId, lines));
    return statements;
  }

  // D1 binds at most 100 parameters a statement, which would allow 5 entries or 10
  // lines per insert. An import instead passes its rows as one JSON text per statement
  // and lets SQLite unpack it with json_each: a few statements per chunk, not hundreds.
  // Chunks of at most 500 rows keep each text well under D1's size limits.
  private insertEntriesFromJson(rows: JournalEntryRow[]): Statement[] {
    return this.insertFromJson(journalEntries, rows);
  }

  private insertLinesFromJson(lines: JournalLineRow[]): Statement[] {
    return this.insertFromJson(journalLines, lines);
  }

  /**
   * INSERT ... SELECT from json_each: one json_extract per column, in the table's own
   * column order (drizzle lists the columns so); the JSON keys are the row's property
   * names. An object (a line's dimensions) comes back as its JSON text, as drizzle stores it.
   */
  private insertFromJson(table: typeof journalEntries | typeof journalLines, rows: object[]): Statement[] {
    const columns = sql.raw(Object.keys(getTableColumns(table)).map((key) => `json_extract(value, '$.${key}')`).join(", "));
    const out: Statement[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      out.push(this.db.insert(table as typeof journalLines).select(sql`SELECT ${columns} FROM json_each(${JSON.stringify(rows.slice(i, i + 500))})`));
    }
    return out;
  }

  /** Keeps account_balances in step with posted lines, in the same batch. */
  private balanceUpdates(periodId: string, lines: Pick<JournalLineRow, "accountNumber" | "debitOre" | "creditOre">[]): Statement[] {
    const perAccount = new Map<string, { d: number; c: number }>();
    for (const l of lines) {
      const acc = perAccount.get(l.accountNumber) ?? { d: 0, c: 0 };
      acc.d += l.debitOre;
      acc.c += l.creditOre;
      perAccount.set(l.accountNumber, acc);
    }
    return [...perAccount].map(([accountNumber, { d, c }]) =>
      this.db
        .insert(accountBalances)
        .values({ companyId: this.ctx.companyId, fiscalPeriodId: periodId, accountNumber, debitOre: d, creditOre: c })
        .onConflictDoUpdate({
          target: [accountBalances.companyId, accountBalances.fiscalPeriodId, accountBalances.accountNumber],
          set: {
            debitOre: sql`${accountBalances.debitOre} + excluded.debit_ore`,
            creditOre: sql`${accountBalances.creditOre} + excluded.credit_ore`,
          },
        }),
    );
  }

  /** The smallest number not yet used in (period, series), nor taken earlier in this plan. */
  private async nextVoucherNumber(periodId: string, series: string): Promise<number> {
    const key = `${periodId}/${series}`;
    const floor = (this.planned.get(key) ?? 0) + 1;
    const scope = sql`company_id = ${this.ctx.companyId} AND fiscal_period_id = ${periodId} AND voucher_series = ${series}`;
    const row = await this.db.get<{ n: number }>(sql`
      SELECT CASE
        WHEN NOT EXISTS (SELECT 1 FROM journal_entries WHERE ${scope} AND voucher_number = ${floor}) THEN ${floor}
        ELSE (SELECT j.voucher_number + 1 FROM journal_entries j
              WHERE j.company_id = ${this.ctx.companyId} AND j.fiscal_period_id = ${periodId}
                AND j.voucher_series = ${series} AND j.voucher_number >= ${floor}
                AND NOT EXISTS (SELECT 1 FROM journal_entries k WHERE k.company_id = j.company_id
                  AND k.fiscal_period_id = j.fiscal_period_id AND k.voucher_series = j.voucher_series
                  AND k.voucher_number = j.voucher_number + 1)
              ORDER BY j.voucher_number LIMIT 1)
      END AS n`);
    const n = Number(row.n);
    this.planned.set(key, n);
    return n;
  }
}

export function toEngineLine(l: Pick<JournalLineRow, "accountNumber" | "debitOre" | "creditOre" | "lineDescription" | "dimensions">): EngineLine {
  return { accountNumber: l.accountNumber, debitOre: l.debitOre, creditOre: l.creditOre, lineDescription: l.lineDescription, dimensions: l.dimensions };
}
