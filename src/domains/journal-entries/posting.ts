// What the other domains use to post a business event: the lines, dated, in the
// fiscal period covering that date, in the company's default series; and the
// voucher reference for the write's meta.audit. The caller passes the command's one
// Ledger: it remembers the voucher numbers this plan has already given out, so two
// entries of one write never get the same number.
import type { CommandContext, VoucherRef } from "../../commands/plan";
import type { Database } from "../../db/client";
import type { Ledger, EngineLine } from "../../ledger/engine";
import { defaultSeries } from "./commands";

export async function postOnDate(ledger: Ledger, db: Database, ctx: CommandContext, date: string, description: string, sourceType: string, sourceId: string, lines: EngineLine[]) {
  const period = await ledger.periodForDate(date);
  return ledger.postNew({ fiscalPeriodId: period.id, entryDate: date, description, voucherSeries: await defaultSeries(db, ctx), sourceType, sourceId, lines });
}

export const voucherRef = (entry: { row: { id: string; voucherSeries: string }; voucherNumber: number }, now: string): VoucherRef => ({
  entryId: entry.row.id,
  series: entry.row.voucherSeries,
  number: entry.voucherNumber,
  immutableAt: now,
});
