// Reads of the journal that other domains need, so they never query the ledger's
// tables themselves.
import { and, eq, inArray, like, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accountBalances, journalEntries, journalLines } from "../db/schema";

/** The source type of an opening-balance entry (ingående balans), which reports and SIE #IB treat apart. */
export const OPENING_SOURCE = "opening_balance";

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

/** Which of these entries are posted (a document that supports a posted entry is frozen, BFL 5 kap 6 §). */
export async function postedEntryIds(db: Database, companyId: string, entryIds: (string | null)[]): Promise<Set<string>> {
  const ids = [...new Set(entryIds.filter((x): x is string => !!x))];
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), inArray(journalEntries.id, ids), eq(journalEntries.status, "posted")))
    .all();
  return new Set(rows.map((r) => r.id));
}

/** Whether the entry exists in the company, and the line in that entry. */
export async function entryAndLineExist(db: Database, companyId: string, entryId: string, lineId: string | null): Promise<{ entry: boolean; line: boolean }> {
  const [entries, lines] = await db.batch([
    db.select({ id: journalEntries.id }).from(journalEntries).where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.id, entryId))),
    db.select({ id: journalLines.id }).from(journalLines).where(and(eq(journalLines.companyId, companyId), eq(journalLines.id, lineId ?? ""), eq(journalLines.journalEntryId, entryId))),
  ]);
  return { entry: entries.length > 0, line: lines.length > 0 };
}

/** The drafts of a period (dated on or before `through`, when given): a period with drafts cannot be locked. */
export async function draftCount(db: Database, companyId: string, periodId: string, through?: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`COUNT(*)` })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.companyId, companyId),
        eq(journalEntries.fiscalPeriodId, periodId),
        eq(journalEntries.status, "draft"),
        through === undefined ? undefined : sql`${journalEntries.entryDate} <= ${through}`,
      ),
    )
    .all();
  return Number(n);
}

/** Debit and credit totals per account of a whole period (the balances the engine keeps): the year-end's trial balance. */
export async function periodAccountTotals(db: Database, companyId: string, periodId: string): Promise<{ account: string; debitOre: number; creditOre: number }[]> {
  const rows = await db
    .select()
    .from(accountBalances)
    .where(and(eq(accountBalances.companyId, companyId), eq(accountBalances.fiscalPeriodId, periodId)))
    .all();
  return rows.map((r) => ({ account: r.accountNumber, debitOre: r.debitOre, creditOre: r.creditOre }));
}

/** The voucher numbers used in a period, per series, ascending (posted entries only). */
export async function voucherNumbersBySeries(db: Database, companyId: string, periodId: string): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ s: journalEntries.voucherSeries, n: journalEntries.voucherNumber })
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.fiscalPeriodId, periodId), eq(journalEntries.status, "posted")))
    .orderBy(journalEntries.voucherSeries, journalEntries.voucherNumber)
    .all();
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.s, [...(out.get(r.s) ?? []), r.n]);
  return out;
}

/** The posted entries of a period with a source type (the opening entry, a closing entry), oldest first. */
export async function postedEntriesOfSource(db: Database, companyId: string, periodId: string, sourceType: string): Promise<{ id: string; voucherSeries: string; voucherNumber: number }[]> {
  return db
    .select({ id: journalEntries.id, voucherSeries: journalEntries.voucherSeries, voucherNumber: journalEntries.voucherNumber })
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.fiscalPeriodId, periodId), eq(journalEntries.status, "posted"), eq(journalEntries.sourceType, sourceType)))
    .orderBy(journalEntries.createdAt)
    .all();
}
