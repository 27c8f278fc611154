// Kontantmetoden at the fiscal year's end (bokslutsmetoden). BFL 5 kap 2 § tredje
// stycket lets a small company wait with booking its business events until payment,
// but "vid räkenskapsårets utgång ska dock samtliga då obetalda fordringar och skulder
// bokföras" (quoted in BFN's vägledning BFNAR 2013:2, kapitel 3, Tidpunkten för bokföring).
// The fiscal-periods domain posts these lines (its cash-method entry or its year-end); it
// gets them through the registry. A later payment settles them on 1510 (./year-end-share.ts).
import type { Database } from "../../../db/client";
import type { EngineLine } from "../../../ledger/engine";
import { saleSettledInCash } from "../../../ledger/posting-rules";
import { RECEIVABLES_ACCOUNT } from "../../../sweden/invoicing";
import { unpaidLinesAtYearEnd } from "../../open-items";
import { itemsOfInvoice, loadInvoice, openReceivablesAt, type InvoiceRow } from "../queries";
import { DEDUCTION_RECEIVABLE_ACCOUNT, deductionInvoiceIdsAt } from "../deductions/commands";
import { saleAfterCredits } from "../credits/commands";
import { unpaidShareAt } from "./year-end-share";

/**
 * The lines booking each customer invoice still unpaid at `date` (its year's last day)
 * that was not booked when issued (the cash method's invoices: `journal_entry_id` null)
 * and whose year this is (`yearEndOfDocument`: an invoice of an earlier year is on 1510
 * since that year's entry): Debit 1510 / Credit its revenue accounts and output VAT, for
 * the share of the sale (after the credit notes dated up to `date`) that the payments
 * dated up to `date` have not booked. These are the very shares the cash method's
 * payments book (`saleSettledInCash` with the cumulative SEK before and after); a payment
 * after `date` settles them on 1510 (`receivableBookedAtYearEnd`), so nothing is booked
 * twice and the VAT stays in the year's last VAT period.
 * ROT/RUT (docs/rot-rut.md, "The cash method"): Skatteverket's payouts dated up to
 * `date` count as paid, and the part of the deduction it still owes is booked on 1513,
 * not 1510, so an invoice the customer has paid in full is here too while its payout is
 * outstanding.
 */
export async function unpaidAtYearEndLines(db: Database, companyId: string, date: string): Promise<EngineLine[]> {
  const ids = new Set((await openReceivablesAt(db, companyId, date)).map((o) => o.id));
  for (const id of await deductionInvoiceIdsAt(db, companyId, date)) ids.add(id);
  return unpaidLinesAtYearEnd(db, companyId, date, ids, {
    load: (id) => loadInvoice(db, companyId, id),
    linesOf: (row) => unpaidLinesOf(db, row, date),
  });
}

/** One cash-method invoice's unpaid share at `date`: the customer's on 1510, Skatteverket's on 1513. */
async function unpaidLinesOf(db: Database, row: InvoiceRow, date: string): Promise<EngineLine[]> {
  if (row.journalEntryId !== null || row.totalSekOre === null) return [];
  const { all, notes, bookedSek, customerEnd, totalSek } = await unpaidShareAt(db, row.companyId, row, date);
  if (totalSek <= bookedSek) return [];
  const noteIds = new Set(notes.map((n) => n.id));
  const sale = saleAfterCredits(row, await itemsOfInvoice(db, row.id), {
    notes,
    items: all.items.filter((i) => noteIds.has(i.invoiceId)),
  });
  return [
    ...(customerEnd > bookedSek
      ? saleSettledInCash(sale, RECEIVABLES_ACCOUNT, 0, { beforeSek: bookedSek, afterSek: customerEnd })
      : []),
    ...(totalSek > customerEnd
      ? saleSettledInCash(sale, DEDUCTION_RECEIVABLE_ACCOUNT, 0, { beforeSek: customerEnd, afterSek: totalSek })
      : []),
  ];
}
