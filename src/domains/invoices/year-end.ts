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
import { DEDUCTION_RECEIVABLE_ACCOUNT, deductionAt, deductionInvoiceIdsAt } from "./deduction";
import { saleAfterCredits } from "./service";

/**
 * The lines booking each customer invoice still unpaid at `date` that was not booked
 * when issued (the cash method's invoices: `journal_entry_id` null): Debit 1510 /
 * Credit its revenue accounts and output VAT, for the share of the sale (after the
 * credit notes dated up to `date`) that the payments dated up to `date` have not
 * booked. These are the very shares the cash method's payments book
 * (`saleSettledInCash` with the cumulative SEK before and after), so the rest paid next
 * year, once this is reversed, books the same amounts again and nothing twice.
 * ROT/RUT (docs/rot-rut.md, "The cash method"): Skatteverket's payouts dated up to
 * `date` count as paid, and the part of the deduction it still owes is booked on 1513,
 * not 1510, so an invoice the customer has paid in full is here too while its payout is
 * outstanding.
 */
export async function unpaidAtYearEndLines(db: Database, companyId: string, date: string): Promise<EngineLine[]> {
  const ids = new Set((await openReceivablesAt(db, companyId, date)).map((o) => o.id));
  for (const id of await deductionInvoiceIdsAt(db, companyId, date)) ids.add(id);
  const lines: EngineLine[] = [];
  for (const id of ids) lines.push(...(await unpaidLinesOf(db, companyId, id, date)));
  return lines;
}

/** One cash-method invoice's unpaid share at `date`: the customer's on 1510, Skatteverket's on 1513. */
async function unpaidLinesOf(db: Database, companyId: string, id: string, date: string): Promise<EngineLine[]> {
  const row = await loadInvoice(db, companyId, id);
  if (row.journalEntryId !== null || row.totalSekOre === null) return [];
  const all = await creditNotesOf(db, companyId, row.id);
  const notes = all.notes.filter((n) => n.invoiceDate <= date);
  const noteIds = new Set(notes.map((n) => n.id));
  const sale = saleAfterCredits(row, await itemsOfInvoice(db, row.id), {
    notes,
    items: all.items.filter((i) => noteIds.has(i.invoiceId)),
  });
  const paidSek = (await paymentsOfInvoice(db, row.id, date)).reduce((s, p) => s + p.amountSekOre, 0);
  const totalSek = row.totalSekOre + notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0);
  const skatteverket = await deductionAt(
    db,
    row,
    date,
    all.notes.filter((n) => n.invoiceDate > date),
  );
  const bookedSek = paidSek + skatteverket.paidOutOre;
  if (totalSek <= bookedSek) return [];
  const deductionSek = Math.min(skatteverket.pendingOre, totalSek - bookedSek);
  const customerEnd = totalSek - deductionSek;
  return [
    ...(customerEnd > bookedSek
      ? saleSettledInCash(sale, RECEIVABLES_ACCOUNT, 0, { beforeSek: bookedSek, afterSek: customerEnd })
      : []),
    ...(deductionSek > 0
      ? saleSettledInCash(sale, DEDUCTION_RECEIVABLE_ACCOUNT, 0, { beforeSek: customerEnd, afterSek: totalSek })
      : []),
  ];
}
