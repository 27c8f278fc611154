// Reads of journal entries. Reads go straight to D1; only src/ledger writes.
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import { groupBy } from "../../db/group";
import type { Database } from "../../db/client";
import { journalEntries, journalLines } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { afterDesc, type PageRequest } from "../../http/pagination";
import { entryJson, lineJson, type JournalEntryRow, type JournalLineRow } from "../../ledger/entry-json";
import { documentsForEntry } from "../documents";
import type { Statement } from "../../commands/plan";

export { entryJson, lineJson };

function summary(e: JournalEntryRow | undefined) {
  return e
    ? {
        id: e.id,
        voucher_series: e.voucherSeries,
        voucher_number: e.voucherNumber,
        entry_date: e.entryDate,
        status: e.status,
      }
    : null;
}

export async function loadEntry(
  db: Database,
  companyId: string,
  id: string,
): Promise<{ entry: JournalEntryRow; lines: JournalLineRow[] }> {
  // one round trip for the entry and its lines
  return entryFromRows(
    await db.batch(entryReads(db, companyId, id) as [ReturnType<typeof entryRead>, ReturnType<typeof linesRead>]),
    id,
  );
}

const entryRead = (db: Database, companyId: string, id: string) =>
  db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.id, id)));
const linesRead = (db: Database, companyId: string, id: string) =>
  db
    .select()
    .from(journalLines)
    .where(and(eq(journalLines.companyId, companyId), eq(journalLines.journalEntryId, id)))
    .orderBy(asc(journalLines.sortOrder));

/** The reads of loadEntry, for a command's readAhead. */
export function entryReads(db: Database, companyId: string, id: string): Statement[] {
  return [entryRead(db, companyId, id), linesRead(db, companyId, id)];
}

/** loadEntry's answer from the results of entryReads. */
export function entryFromRows(rows: unknown[], id: string): { entry: JournalEntryRow; lines: JournalLineRow[] } {
  const [entries, lines] = rows as [JournalEntryRow[], JournalLineRow[]];
  const entry = entries[0];
  if (!entry) throw new ApiError("JOURNAL_ENTRY_NOT_FOUND", { id });
  return { entry, lines };
}

/** How many corrections lead to this entry (0 for an entry that corrects nothing). */
export async function correctionDepth(db: Database, companyId: string, id: string): Promise<number> {
  const row = await db.get<{ depth: number }>(sql`
    WITH RECURSIVE chain(id, correction_of_id, depth) AS (
      SELECT id, correction_of_id, 0 FROM journal_entries WHERE company_id = ${companyId} AND id = ${id}
      UNION ALL
      SELECT j.id, j.correction_of_id, chain.depth + 1 FROM journal_entries j JOIN chain ON j.id = chain.correction_of_id
      WHERE j.company_id = ${companyId}
    )
    SELECT MAX(depth) AS depth FROM chain`);
  return Number(row?.depth ?? 0);
}

export async function entryDetail(db: Database, companyId: string, id: string) {
  const { entry, lines } = await loadEntry(db, companyId, id);
  const relatedIds = [entry.reversesId, entry.reversedById, entry.correctionOfId].filter((x): x is string => !!x);
  const related = await db
    .select()
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        relatedIds.length
          ? or(inArray(journalEntries.id, relatedIds), eq(journalEntries.correctionOfId, id))
          : eq(journalEntries.correctionOfId, id),
      ),
    )
    .orderBy(asc(journalEntries.createdAt))
    .all();
  const byId = new Map(related.map((r) => [r.id, r]));
  return {
    ...entryJson(entry, lines),
    documents: await documentsForEntry(db, companyId, id),
    storno_chain: {
      reverses: entry.reversesId ? summary(byId.get(entry.reversesId)) : null,
      reversed_by: entry.reversedById ? summary(byId.get(entry.reversedById)) : null,
      correction_of: entry.correctionOfId ? summary(byId.get(entry.correctionOfId)) : null,
      corrected_by: related.filter((r) => r.correctionOfId === id).map((r) => summary(r)!),
    },
  };
}

export interface EntryFilters {
  fiscal_period_id?: string;
  status?: "draft" | "posted" | "cancelled";
  date_from?: string;
  date_to?: string;
}

export async function listEntries(db: Database, companyId: string, f: EntryFilters, page: PageRequest) {
  const rows = await db
    .select()
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        f.fiscal_period_id ? eq(journalEntries.fiscalPeriodId, f.fiscal_period_id) : undefined,
        f.status ? eq(journalEntries.status, f.status) : ne(journalEntries.status, "cancelled"),
        f.date_from ? gte(journalEntries.entryDate, f.date_from) : undefined,
        f.date_to ? lte(journalEntries.entryDate, f.date_to) : undefined,
        afterDesc(page, journalEntries.createdAt, journalEntries.id),
      ),
    )
    .orderBy(desc(journalEntries.createdAt), asc(journalEntries.id))
    .limit(page.limit + 1)
    .all();
  return rows;
}

export async function linesOf(db: Database, entryIds: string[]): Promise<Map<string, JournalLineRow[]>> {
  const lines: JournalLineRow[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < entryIds.length; i += 90) {
    lines.push(
      ...(await db
        .select()
        .from(journalLines)
        .where(inArray(journalLines.journalEntryId, entryIds.slice(i, i + 90)))
        .all()),
    );
  }
  return groupBy(lines, (l) => l.journalEntryId);
}
