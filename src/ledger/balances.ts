// The balances the ledger keeps beside its entries: account_balances per (period, account) and
// account_day_balances per (period, day, account), the opening entry apart, and
// object_day_balances per (period, dimension, day, account, object), and journal_line_objects,
// each line's place under its objects. Written only in the batch that posts the entries
// (src/ledger/engine.ts): the sums added by upsert, the places inserted.
import type { Database } from "../db/client";
import { insertFromJson, upsertSums } from "../db/json-insert";
import { accountBalances, accountDayBalances, journalLineObjects, objectDayBalances } from "../db/schema";
import type { Statement } from "../db/statement";
import type { JournalEntryRow, JournalLineRow } from "./entry-json";
import { OPENING_SOURCE } from "./queries";

/**
 * Keeps account_balances (per period) and account_day_balances (per day, the opening
 * entry apart) in step with posted entries, in the same batch: one upsert per account
 * and one per (day, account), however many lines; object_day_balances per (dimension,
 * day, account, object) from the lines' dimensions maps, and each line's place under each object.
 */
export function balanceUpdates(
  db: Database,
  companyId: string,
  periodId: string,
  posted: {
    row: Pick<JournalEntryRow, "entryDate" | "sourceType" | "voucherSeries" | "voucherNumber">;
    lines: Pick<
      JournalLineRow,
      | "id"
      | "journalEntryId"
      | "sortOrder"
      | "accountNumber"
      | "debitOre"
      | "creditOre"
      | "lineDescription"
      | "dimensions"
    >[];
  }[],
): Statement[] {
  const objectRows = objectDayRows(companyId, periodId, posted);
  const perAccount = new Map<string, { d: number; c: number }>();
  const perDay = new Map<string, { date: string; opening: boolean; account: string; d: number; c: number }>();
  for (const { row, lines } of posted) {
    const opening = row.sourceType === OPENING_SOURCE;
    for (const l of lines) {
      const acc = perAccount.get(l.accountNumber) ?? { d: 0, c: 0 };
      acc.d += l.debitOre;
      acc.c += l.creditOre;
      perAccount.set(l.accountNumber, acc);
      const key = `${row.entryDate}|${opening ? 1 : 0}|${l.accountNumber}`;
      const day = perDay.get(key) ?? { date: row.entryDate, opening, account: l.accountNumber, d: 0, c: 0 };
      day.d += l.debitOre;
      day.c += l.creditOre;
      perDay.set(key, day);
    }
  }
  const periodRows = [...perAccount].map(([accountNumber, { d, c }]) => ({
    companyId,
    fiscalPeriodId: periodId,
    accountNumber,
    debitOre: d,
    creditOre: c,
  }));
  const dayRows = [...perDay.values()].map((x) => ({
    companyId,
    fiscalPeriodId: periodId,
    entryDate: x.date,
    opening: x.opening,
    accountNumber: x.account,
    debitOre: x.d,
    creditOre: x.c,
  }));
  return [
    ...upsertSums(db, accountBalances, periodRows, [
      accountBalances.companyId,
      accountBalances.fiscalPeriodId,
      accountBalances.accountNumber,
    ]),
    ...upsertSums(db, accountDayBalances, dayRows, [
      accountDayBalances.companyId,
      accountDayBalances.fiscalPeriodId,
      accountDayBalances.entryDate,
      accountDayBalances.opening,
      accountDayBalances.accountNumber,
    ]),
    ...upsertSums(db, objectDayBalances, objectRows, [
      objectDayBalances.companyId,
      objectDayBalances.fiscalPeriodId,
      objectDayBalances.dimensionId,
      objectDayBalances.entryDate,
      objectDayBalances.opening,
      objectDayBalances.accountNumber,
      objectDayBalances.objectCode,
    ]),
    ...insertFromJson(db, journalLineObjects, objectLineRows(companyId, posted)),
  ];
}

/** A line's objects: its dimensions map's entries that name one. */
const objectsOf = (dimensions: Record<string, string> | null) =>
  Object.entries(dimensions ?? {}).filter(([, v]) => v !== null && v !== undefined);

/** Each posted line's place under each object it names; the opening entry's lines have none. */
function objectLineRows(
  companyId: string,
  posted: Parameters<typeof balanceUpdates>[3],
): (typeof journalLineObjects.$inferInsert)[] {
  const rows: (typeof journalLineObjects.$inferInsert)[] = [];
  for (const { row, lines } of posted) {
    if (row.sourceType === OPENING_SOURCE) continue;
    for (const l of lines)
      for (const [key, code] of objectsOf(l.dimensions))
        rows.push({
          companyId,
          dimensionId: Number(key),
          objectCode: String(code),
          accountNumber: l.accountNumber,
          entryDate: row.entryDate,
          voucherSeries: row.voucherSeries,
          voucherNumber: row.voucherNumber,
          sortOrder: l.sortOrder,
          lineId: l.id,
          journalEntryId: l.journalEntryId,
          debitOre: l.debitOre,
          creditOre: l.creditOre,
          lineDescription: l.lineDescription,
        });
  }
  return rows;
}

/** The sums per (dimension, day, opening, account, object) of the posted lines that name an object. */
function objectDayRows(
  companyId: string,
  periodId: string,
  posted: Parameters<typeof balanceUpdates>[3],
): (typeof objectDayBalances.$inferInsert)[] {
  const rows = new Map<string, typeof objectDayBalances.$inferInsert>();
  const add = (at: Omit<typeof objectDayBalances.$inferInsert, "debitOre" | "creditOre">, d: number, c: number) => {
    const k = `${at.dimensionId}|${at.entryDate}|${at.opening ? 1 : 0}|${at.accountNumber}|${at.objectCode}`;
    const sum = rows.get(k) ?? { ...at, debitOre: 0, creditOre: 0 };
    sum.debitOre += d;
    sum.creditOre += c;
    rows.set(k, sum);
  };
  for (const { row, lines } of posted) {
    const opening = row.sourceType === OPENING_SOURCE;
    for (const l of lines)
      for (const [key, code] of objectsOf(l.dimensions))
        add(
          {
            companyId,
            fiscalPeriodId: periodId,
            dimensionId: Number(key),
            entryDate: row.entryDate,
            opening,
            accountNumber: l.accountNumber,
            objectCode: String(code),
          },
          l.debitOre,
          l.creditOre,
        );
  }
  return [...rows.values()];
}
