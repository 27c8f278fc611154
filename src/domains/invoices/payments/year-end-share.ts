// Bokslutsmetoden, a customer invoice's share: what the year-end entry books of a
// cash-method invoice unpaid at its year's end (BFL 5 kap 2 § tredje stycket, quoted in
// BFN's vägledning BFNAR 2013:2 kapitel 3), and so what a payment after that year's end
// settles on 1510 instead of booking the sale (and its VAT) a second time. ./year-end.ts
// books the lines; ./service.ts's mark-paid asks for the range.
import type { Database } from "../../../db/client";
import type { SekRange } from "../../../ledger/settlement";
import { documentYearEnd } from "../../fiscal-periods";
import { deductionAt } from "../deductions/commands";
import { creditNotesOf, paymentsOfInvoice, type InvoiceRow } from "../queries";

/**
 * An invoice's cash-method settlement at `date`, in the cumulative SEK of its sale after
 * the credit notes dated up to then: booked by the customer's payments and Skatteverket's
 * ROT/RUT payouts so far (`bookedSek`; with `enteredBefore`, only the payments entered before
 * then: what the year's entry, made then, counted as paid), the customer's end (`customerEnd`: the total less
 * the deduction Skatteverket still owes) and the total.
 */
export async function unpaidShareAt(
  db: Database,
  companyId: string,
  row: InvoiceRow,
  date: string,
  enteredBefore?: string,
) {
  const all = await creditNotesOf(db, companyId, row.id);
  const notes = all.notes.filter((n) => n.invoiceDate <= date);
  const paidSek = (await paymentsOfInvoice(db, row.id, date))
    .filter((p) => enteredBefore === undefined || p.createdAt < enteredBefore)
    .reduce((s, p) => s + p.amountSekOre, 0);
  const totalSek = (row.totalSekOre ?? 0) + notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0);
  const skatteverket = await deductionAt(
    db,
    row,
    date,
    all.notes.filter((n) => n.invoiceDate > date),
  );
  const bookedSek = paidSek + skatteverket.paidOutOre;
  const deductionSek = Math.min(skatteverket.pendingOre, Math.max(totalSek - bookedSek, 0));
  return { all, notes, bookedSek, customerEnd: totalSek - deductionSek, totalSek };
}

/**
 * The share of a cash-method invoice that its year's bokslutsmetoden entry booked on 1510
 * and 1513 (from the SEK paid by that year's end to the total), when
 * `paymentDate` falls after that year; null otherwise (an accrual invoice, a payment in the
 * invoice's own year, nothing unpaid then). The year is `yearEndOfDocument`'s, the rule
 * the year-end itself uses.
 */
export async function receivableBookedAtYearEnd(
  db: Database,
  companyId: string,
  row: InvoiceRow,
  paymentDate: string,
): Promise<SekRange | null> {
  if (row.journalEntryId !== null || row.totalSekOre === null) return null;
  const year = await documentYearEnd(db, companyId, row.invoiceDate);
  if (year === null) return null;
  const { end, entryMadeAt } = year;
  // an invoice issued after the entry was made is not in it: its payments book it in cash
  if (entryMadeAt !== null && (row.sentAt ?? row.createdAt) > entryMadeAt) return null;
  // up to the year's end a payment is the cash method's, unless entered after the entry (which counted it unpaid)
  if (paymentDate <= end && entryMadeAt === null) return null;
  const share = await unpaidShareAt(db, companyId, row, end, entryMadeAt ?? undefined);
  // the whole range, the customer's part (1510) and Skatteverket's (1513): each payer settles its own
  // account by what it pays inside it, whichever pays first (cumulative SEK counts both)
  return share.totalSek > share.bookedSek ? { fromSek: share.bookedSek, toSek: share.totalSek } : null;
}
