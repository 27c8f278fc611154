// A payment booked by matching a bank row, reversed through its invoice or supplier
// invoice (POST .../payments/{id}/reverse, issue 29): the row is handed back unbooked
// and unmatched, so it can be matched or categorised again. The invoices' reverse
// commands are handed this function by the registry (they import no bank domain).
import { and, eq } from "drizzle-orm";
import type { CommandContext, PlannedEvent, PlannedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { bankTransactions } from "../../../db/schema";
import { unreversedEntryOfSource } from "../../../ledger/queries";
import { loadEntry } from "../../journal-entries";
import { transactionJson, UNBOOKED } from "../queries";

export interface UnmatchedBankRow {
  transaction_id: string;
  /** the over-payment the match booked (settlement account / 2420), reversed with the payment */
  reversed_overpayment_entry_id: string | null;
  statements: PlannedWrite[];
  events: PlannedEvent[];
}

/**
 * The bank row whose match booked the payment entry `paymentEntryId`, made unmatched:
 * its links and booking cleared, and an over-payment its match booked reversed on
 * `date` (the payment's reversal date), so the row's money is wholly unbooked again.
 * null when no row was matched to that payment (a mark-paid without a bank row).
 */
export async function unmatchPaymentRow(
  db: Database,
  ctx: CommandContext,
  paymentEntryId: string,
  date: string,
): Promise<UnmatchedBankRow | null> {
  const tx = await db
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, ctx.companyId), eq(bankTransactions.journalEntryId, paymentEntryId)))
    .get();
  if (!tx || (!tx.invoiceId && !tx.supplierInvoiceId)) return null;
  const statements: PlannedWrite[] = [];
  const excessId = await unreversedEntryOfSource(db, ctx.companyId, "bank_transaction_overpayment", tx.id);
  if (excessId) {
    const { entry, lines } = await loadEntry(db, ctx.companyId, excessId);
    const reversal = await ctx.ledger.reverse(
      entry,
      lines,
      date,
      await ctx.ledger.periodForDate(date),
      `Återföring av ${entry.voucherSeries}${entry.voucherNumber}: överbetalning, betalningen makulerad`,
    );
    statements.push(reversal.write);
  }
  const patch = {
    ...UNBOOKED,
    invoiceId: null,
    supplierInvoiceId: null,
    bookedAt: null,
    reconciliationMethod: null,
    updatedAt: ctx.now,
  };
  statements.push(db.update(bankTransactions).set(patch).where(eq(bankTransactions.id, tx.id)));
  return {
    transaction_id: tx.id,
    reversed_overpayment_entry_id: excessId,
    statements,
    events: [
      {
        type: "transaction.categorized",
        object: transactionJson({ ...tx, ...patch }),
        previousAttributes: {
          journal_entry_id: tx.journalEntryId,
          invoice_id: tx.invoiceId,
          supplier_invoice_id: tx.supplierInvoiceId,
          category: tx.category,
        },
      },
    ],
  };
}
