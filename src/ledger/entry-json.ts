// The API shape of a journal entry and its lines: one shape for the journal-entry
// routes and for the journal_entry.committed event, whatever posted the entry.
import type { journalEntries, journalLines } from "../db/schema";
import { fromOre } from "./money";

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

export function entryJson(e: JournalEntryRow, lines: JournalLineRow[]) {
  return { ...entryHeaderJson(e), lines: [...lines].sort((a, b) => a.sortOrder - b.sortOrder).map(lineJson) };
}
