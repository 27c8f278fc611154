// The late-payment interest of an invoice not yet claimed by an interest invoice: what the
// customer owed over time (payments and credit notes lowering it from their dates), the days
// after the last interest invoice's end, and räntelagen's computation (src/sweden/late-payment.ts).
// The interest invoice charges it; a payment reminder states it.
import { and, eq, inArray, not } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { invoices } from "../../../db/schema";
import { lateInterestOnBalances, type OutstandingStretch } from "../../../sweden/late-payment";
import { creditNotesOf, paymentsOfInvoice, type InvoiceRow } from "../queries";

/**
 * The last day an earlier interest invoice of this invoice charged (null when none): a new
 * one charges only the days after it. Cancelled and fully credited interest invoices no longer
 * claim their days.
 */
async function coveredThrough(db: Database, row: InvoiceRow): Promise<string | null> {
  const earlier = await db
    .select({ to: invoices.interestTo })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, row.companyId),
        eq(invoices.interestOfInvoiceId, row.id),
        eq(invoices.isCreditNote, false),
        not(inArray(invoices.status, ["cancelled", "credited"])),
      ),
    )
    .all();
  return earlier.reduce<string | null>((max, e) => (e.to && (!max || e.to > max) ? e.to : max), null);
}

/**
 * What the customer owed over time from the due date to `toDate`: the total less the ROT/RUT
 * deduction, each payment (reversed ones never counted) and credit note lowering it from its
 * date on. The payment's own date is still charged at the amount before it (räntelagen 6 §:
 * interest runs until the debt is paid), so a stretch runs up to and including the payment date.
 */
async function outstandingStretches(db: Database, row: InvoiceRow, toDate: string): Promise<OutstandingStretch[]> {
  const payments = await paymentsOfInvoice(db, row.id);
  const credits = await creditNotesOf(db, row.companyId, row.id);
  const changes = [
    ...payments.map((p) => ({ date: p.paymentDate, ore: p.amountOre })),
    ...credits.notes.map((n) => ({ date: n.invoiceDate, ore: -n.totalOre })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let principal = row.totalOre - row.deductionOre;
  let from = row.dueDate;
  const stretches: OutstandingStretch[] = [];
  for (const c of changes) {
    if (c.date > from) {
      stretches.push({ principalOre: principal, from, to: c.date < toDate ? c.date : toDate });
      from = c.date;
    }
    if (from >= toDate) break;
    principal -= c.ore;
  }
  if (from < toDate) stretches.push({ principalOre: principal, from, to: toDate });
  return stretches;
}

/** Only the days after `coveredTo`: an earlier interest invoice has charged the rest. */
const afterCovered = (stretches: OutstandingStretch[], coveredTo: string | null) =>
  coveredTo === null ? stretches : stretches.map((s) => ({ ...s, from: s.from < coveredTo ? coveredTo : s.from }));

/**
 * The interest on `row` from its due date (or the day after the last interest invoice's end)
 * up to `toDate`, at the agreed rate (a fraction) or the reference rate + 8 points.
 */
export async function interestNotYetInvoiced(db: Database, row: InvoiceRow, toDate: string, agreedRate: string | null) {
  const coveredTo = await coveredThrough(db, row);
  const stretches = afterCovered(await outstandingStretches(db, row, toDate), coveredTo);
  return { coveredTo, interest: lateInterestOnBalances(stretches, agreedRate) };
}
