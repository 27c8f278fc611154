// Bokslutsmetoden, a supplier invoice's share: what the year-end entry books on 2440 of a
// cash-method supplier invoice unpaid at its year's end (BFL 5 kap 2 § tredje stycket,
// BFNAR 2013:2 kapitel 3), and so what a payment after that year's end settles on 2440
// instead of booking the purchase (and its input VAT) a second time.
import type { Database } from "../../../db/client";
import type { SekRange } from "../../../ledger/settlement";
import { documentYearEnd } from "../../fiscal-periods";
import { paymentsOfSupplierInvoice, type SupplierInvoiceRow } from "../queries";

/** The SEK the payments dated up to `date` booked (with `enteredBefore`, those entered before then). */
export const paidSekAt = async (db: Database, id: string, date: string, enteredBefore?: string) =>
  (await paymentsOfSupplierInvoice(db, id, date))
    .filter((p) => enteredBefore === undefined || p.createdAt < enteredBefore)
    .reduce((s, p) => s + p.amountSekOre, 0);

/**
 * The share of a cash-method supplier invoice that its year's bokslutsmetoden entry booked
 * on 2440 (from the SEK paid by that year's end to the total), when `paymentDate` falls
 * after that year, or up to its end but entered after the entry (which counted it unpaid);
 * null otherwise, and for an invoice registered after the entry (not in it). The same year
 * rule as the entry (`yearEndOfDocument`).
 */
export async function payableBookedAtYearEnd(
  db: Database,
  companyId: string,
  row: SupplierInvoiceRow,
  paymentDate: string,
): Promise<SekRange | null> {
  if (row.registrationJournalEntryId !== null) return null;
  const year = await documentYearEnd(db, companyId, row.invoiceDate);
  if (year === null) return null;
  const { end, entryMadeAt } = year;
  if (entryMadeAt !== null && row.createdAt > entryMadeAt) return null;
  if (paymentDate <= end && entryMadeAt === null) return null;
  const paidSek = await paidSekAt(db, row.id, end, entryMadeAt ?? undefined);
  return row.totalSekOre > paidSek ? { fromSek: paidSek, toSek: row.totalSekOre } : null;
}
