// The API shape of a journal entry and its lines: one shape for the journal-entry
// routes and for the journal_entry.committed event, whatever posted the entry.
import { sql } from "drizzle-orm";
import type { RowObjectSource } from "../writer/events";
import { journalEntries } from "../db/schema";
import type { journalLines } from "../db/schema";
import { fromOre } from "../money";

export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type JournalLineRow = typeof journalLines.$inferSelect;

export function lineJson(l: JournalLineRow) {
  return {
    account_number: l.accountNumber,
    debit_amount: fromOre(l.debitOre),
    credit_amount: fromOre(l.creditOre),
    line_description: l.lineDescription,
    sort_order: l.sortOrder,
    dimensions: l.dimensions ?? {},
  };
}

export function entryHeaderJson(e: JournalEntryRow) {
  return {
    id: e.id,
    fiscal_period_id: e.fiscalPeriodId,
    voucher_series: e.voucherSeries,
    voucher_number: e.voucherNumber,
    entry_date: e.entryDate,
    description: e.description,
    status: e.status,
    source_type: e.sourceType,
    source_id: e.sourceId,
    total_amount: fromOre(e.totalOre),
    created_at: e.createdAt,
    posted_at: e.postedAt,
    reverses_id: e.reversesId,
    reversed_by_id: e.reversedById,
    correction_of_id: e.correctionOfId,
  };
}

/**
 * entryHeaderJson as SQL over a journal_entries row aliased `src`: the objects of an
 * import's journal_entry.committed events, built by the database from the rows the same
 * batch inserts (src/commands/plan.ts PlannedEvent.fromRow). The amount is written
 * as its decimal text (total_ore is whole öre), a JSON number equal to fromOre's.
 * test/integration/sie-import-events.test.ts holds the two shapes equal.
 */
export const entryHeaderSql: RowObjectSource = {
  table: journalEntries,
  object: sql.raw(
    `json_object('id', src.id, 'fiscal_period_id', src.fiscal_period_id, 'voucher_series', src.voucher_series, ` +
      `'voucher_number', src.voucher_number, 'entry_date', src.entry_date, 'description', src.description, 'status', src.status, ` +
      `'source_type', src.source_type, 'source_id', src.source_id, ` +
      `'total_amount', json(printf('%s%d.%02d', CASE WHEN src.total_ore < 0 THEN '-' ELSE '' END, abs(src.total_ore) / 100, ` +
      `abs(src.total_ore) % 100)), ` +
      `'created_at', src.created_at, 'posted_at', src.posted_at, 'reverses_id', src.reverses_id, 'reversed_by_id', src.reversed_by_id, ` +
      `'correction_of_id', src.correction_of_id)`,
  ),
};

export function entryJson(e: JournalEntryRow, lines: JournalLineRow[]) {
  return { ...entryHeaderJson(e), lines: [...lines].sort((a, b) => a.sortOrder - b.sortOrder).map(lineJson) };
}
