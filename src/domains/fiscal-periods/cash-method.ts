// Bokslutsmetoden: the cash method's year-end. A company on kontantmetoden books a sale
// or purchase when it is paid (BFL 5 kap 2 § tredje stycket), "vid räkenskapsårets
// utgång ska dock samtliga då obetalda fordringar och skulder bokföras" (the same
// paragraph, quoted in BFN's vägledning BFNAR 2013:2, kapitel 3). So the year-end books,
// dated the year's last day, every invoice still unpaid then: customer invoices Debit
// 1510 / Credit revenue and output VAT, supplier invoices Debit expense and input VAT /
// Credit 2440, in the shares a payment would book. The next year's opening balances
// reverse that entry on its first day (a storno linked both ways), so the payment,
// booked by the cash method again, counts the revenue, cost and VAT once in that year.
import type { CommandContext } from "../../commands/plan";
import type { Database } from "../../db/client";
import type { EngineLine, FiscalPeriodRow, JournalEntryRow, JournalLineRow, PostedEntry } from "../../ledger/engine";
import { postedEntriesOfSource } from "../../ledger/queries";

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

/** An entry with its lines (the journal-entries domain's loadEntry, handed in by the registry). */
export type EntryLoader = (
  db: Database,
  companyId: string,
  id: string,
) => Promise<{ entry: JournalEntryRow; lines: JournalLineRow[] }>;

/**
 * The storno of the period's cash-method entry on the next period's first day, or null
 * when the period has none (accrual, or nothing was unpaid).
 */
export async function reverseCashMethodEntry(
  db: Database,
  ctx: CommandContext,
  loadEntry: EntryLoader,
  period: FiscalPeriodRow,
  next: FiscalPeriodRow,
): Promise<PostedEntry | null> {
  const [posted] = await postedEntriesOfSource(db, ctx.companyId, period.id, CASH_METHOD_SOURCE);
  if (!posted) return null;
  const { entry, lines } = await loadEntry(db, ctx.companyId, posted.id);
  return ctx.ledger.reverse(
    entry,
    lines,
    next.periodStart,
    next,
    `Återföring bokslutsmetoden: obetalda fakturor ${period.name}`,
  );
}
