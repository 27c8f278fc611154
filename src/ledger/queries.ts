// Reads of the journal that other domains need, so they never query the ledger's
// tables themselves.
import { and, eq, like, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { journalEntries } from "../db/schema";

/** Entries of a period that are not cancelled, leaving out those whose source id starts with a prefix. */
export async function countEntriesInPeriod(db: Database, companyId: string, periodId: string, exceptSourcePrefix?: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`COUNT(*)` })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        eq(journalEntries.fiscalPeriodId, periodId),
        ne(journalEntries.status, "cancelled"),
        exceptSourcePrefix === undefined ? undefined : sql`COALESCE(${journalEntries.sourceId}, '') NOT LIKE ${exceptSourcePrefix + "%"}`,
      ),
    )
    .all();
  return Number(n);
}

/** The source ids already posted with a prefix: what an interrupted import wrote before. */
export async function postedSourceIds(db: Database, companyId: string, prefix: string): Promise<Set<string>> {
  const rows = await db.select({ s: journalEntries.sourceId }).from(journalEntries).where(and(eq(journalEntries.companyId, companyId), like(journalEntries.sourceId, `${prefix}%`))).all();
  return new Set(rows.map((r) => r.s!));
}
