// Kontantmetoden at the fiscal year's end (bokslutsmetoden). BFL 5 kap 2 § tredje
// stycket lets a small company wait with booking its business events until payment,
// but "vid räkenskapsårets utgång ska dock samtliga då obetalda fordringar och skulder
// bokföras" (quoted in BFN's vägledning BFNAR 2013:2, kapitel 3, Tidpunkten för bokföring).
// The fiscal-periods domain posts these lines in its year-end and reverses them on the
// next year's first day; it gets them through the registry.
import type { Database } from "../../db/client";
import type { EngineLine } from "../../ledger/engine";
import { saleSettledInCash } from "../../ledger/posting-rules";
import { RECEIVABLES_ACCOUNT } from "../../sweden/invoicing";
import { creditNotesOf, itemsOfInvoice, loadInvoice, openReceivablesAt, paymentsOfInvoice } from "./queries";
import { saleAfterCredits } from "./service";

/**
 * The lines booking each customer invoice still unpaid at `date` that was not booked
 * when issued (the cash method's invoices: `journal_entry_id` null): Debit 1510 /
 * Credit its revenue accounts and output VAT, for the share of the sale (after the
 * credit notes dated up to `date`) that the payments dated up to `date` have not
 * booked. These are the very shares the cash method's payments book
 * (`saleSettledInCash` with the cumulative SEK before and after), so the rest paid next
 * year, once this is reversed, books the same amounts again and nothing twice.
 */
export async function unpaidAtYearEndLines(db: Database, companyId: string, date: string): Promise<EngineLine[]> {
  const lines: EngineLine[] = [];
  for (const open of await openReceivablesAt(db, companyId, date)) {
    const row = await loadInvoice(db, companyId, open.id);
    if (row.journalEntryId !== null || row.totalSekOre === null) continue;
    const all = await creditNotesOf(db, companyId, row.id);
    const notes = all.notes.filter((n) => n.invoiceDate <= date);
    const noteIds = new Set(notes.map((n) => n.id));
    const sale = saleAfterCredits(row, await itemsOfInvoice(db, row.id), {
      notes,
      items: all.items.filter((i) => noteIds.has(i.invoiceId)),
    });
    const paidSek = (await paymentsOfInvoice(db, row.id, date)).reduce((s, p) => s + p.amountSekOre, 0);
    const totalSek = row.totalSekOre + notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0);
    if (totalSek <= paidSek) continue;
    lines.push(...saleSettledInCash(sale, RECEIVABLES_ACCOUNT, 0, { beforeSek: paidSek, afterSek: totalSek }));
  }
  return lines;
}
