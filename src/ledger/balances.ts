// The balances the ledger keeps beside its entries: account_balances per (period, account) and
// account_day_balances per (period, day, account), the opening entry apart. Written only in
// the batch that posts the entries (src/ledger/engine.ts), as sums added by upsert.
import type { Database } from "../db/client";
import { upsertSums } from "../db/json-insert";
import { accountBalances, accountDayBalances } from "../db/schema";
import type { Statement } from "../db/statement";
import type { JournalEntryRow, JournalLineRow } from "./entry-json";
import { OPENING_SOURCE } from "./queries";

/**
 * Keeps account_balances (per period) and account_day_balances (per day, the opening
 * entry apart) in step with posted entries, in the same batch: one upsert per account
 * and one per (day, account), however many lines.
 */
export function balanceUpdates(
  db: Database,
  companyId: string,
  periodId: string,
  posted: {
    row: Pick<JournalEntryRow, "entryDate" | "sourceType">;
    lines: Pick<JournalLineRow, "accountNumber" | "debitOre" | "creditOre">[];
  }[],
): Statement[] {
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
  ];
}
