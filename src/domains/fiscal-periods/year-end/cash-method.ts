// Bokslutsmetoden: the cash method's year-end. A company on kontantmetoden books a sale
// or purchase when it is paid (BFL 5 kap 2 § tredje stycket), "vid räkenskapsårets
// utgång ska dock samtliga då obetalda fordringar och skulder bokföras" (the same
// paragraph, quoted in BFN's vägledning BFNAR 2013:2, kapitel 3). So one entry, dated the
// year's last day, books every invoice still unpaid then: customer invoices Debit 1510 /
// Credit revenue and output VAT, supplier invoices Debit expense and input VAT / Credit
// 2440, in the shares a payment would book. Its VAT is declared in the year's last VAT
// period, so the entry is made before that return (./cash-method-entry.ts; the year-end
// makes it otherwise). It is not reversed in the next year: the opening balances carry
// 1510 and 2440, and the payment settles them as the accrual method would (Debit bank /
// Credit 1510, Debit 2440 / Credit bank: `cashPaymentAfterYearEnd` in src/ledger/settlement.ts),
// so no VAT period of the new year moves that VAT again (issue #40: a storno on the first
// day reclaimed it in the first period and the payment declared it again).
import type { CommandContext } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import type { EngineLine, FiscalPeriodRow, PostedEntry } from "../../../ledger/engine";
import { postedEntriesOfSource } from "../../../ledger/queries";
import { listPeriods } from "../periods/commands";

export const CASH_METHOD_SOURCE = "cash_method_year_end";

/** What the domains above this one answer (handed in by src/app/commands.ts). */
export interface CashMethodSources {
  /** the company's accounting_method: "accrual" or "cash" */
  accountingMethodOf: (db: Database, companyId: string) => Promise<string>;
  /** lines of the customer invoices unpaid at the date (invoices.unpaidAtYearEndLines) */
  receivables: (db: Database, companyId: string, date: string) => Promise<EngineLine[]>;
  /** lines of the supplier invoices unpaid at the date (supplier-invoices.unpaidAtYearEndLines) */
  payables: (db: Database, companyId: string, date: string) => Promise<EngineLine[]>;
}

/**
 * The last day of the year whose bokslutsmetoden entry books a cash-method document dated
 * `documentDate`: the first fiscal year ending on or after that date (its own year, or the
 * company's first year here for a document older than the books). Null when no such year
 * exists yet. One rule for the year-end (which books the documents whose year this is) and
 * for a later payment (which settles what that entry booked), so the two never disagree.
 */
export function yearEndOfDocument(periods: Pick<FiscalPeriodRow, "periodEnd">[], documentDate: string): string | null {
  let end: string | null = null;
  for (const p of periods) if (p.periodEnd >= documentDate && (end === null || p.periodEnd < end)) end = p.periodEnd;
  return end;
}

/** The entry's lines, or null when the company uses the accrual method or nothing is unpaid. */
export async function cashMethodLines(
  db: Database,
  companyId: string,
  sources: CashMethodSources,
  period: FiscalPeriodRow,
): Promise<EngineLine[] | null> {
  if ((await sources.accountingMethodOf(db, companyId)) !== "cash") return null;
  const lines = [
    ...(await sources.receivables(db, companyId, period.periodEnd)),
    ...(await sources.payables(db, companyId, period.periodEnd)),
  ];
  return lines.length ? lines : null;
}

/** The year-end's entry of the unpaid items, dated the period's last day (year-end work: allowed in the locked period). */
export function postCashMethodEntry(
  ctx: CommandContext,
  period: FiscalPeriodRow,
  lines: EngineLine[],
): Promise<PostedEntry> {
  return ctx.ledger.post({
    date: period.periodEnd,
    description: "Bokslutsmetoden: obetalda fakturor",
    sourceType: CASH_METHOD_SOURCE,
    sourceId: period.id,
    lines,
    yearEnd: true,
  });
}

/** The period's bokslutsmetoden entry, made before the lock (./cash-method-entry.ts) or by the year-end; null when none. */
export async function cashMethodEntryOf(db: Database, companyId: string, periodId: string) {
  const [posted] = await postedEntriesOfSource(db, companyId, periodId, CASH_METHOD_SOURCE);
  return posted ?? null;
}

/**
 * The year-end a cash-method document belongs to (`yearEndOfDocument`) and when that year's
 * entry was made (null: not yet). A payment dated up to that day but entered after the entry
 * (a December payment found in January) settles what the entry booked, as a later one does.
 */
export async function documentYearEnd(
  db: Database,
  companyId: string,
  documentDate: string,
): Promise<{ end: string; entryMadeAt: string | null } | null> {
  const periods = await listPeriods(db, companyId);
  const end = yearEndOfDocument(periods, documentDate);
  const period = periods.find((p) => p.periodEnd === end);
  if (end === null || !period) return null;
  return { end, entryMadeAt: (await cashMethodEntryOf(db, companyId, period.id))?.createdAt ?? null };
}
