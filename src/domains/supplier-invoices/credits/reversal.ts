// Reversing a supplier credit note registered by mistake (the supplier invoice is
// "uncredited", spec: supplier_invoice.uncredited): the credit note's entry is undone by a
// storno dated as the caller says in an open period (accrual; under the cash method the
// credit note booked nothing, so nothing is reversed), and the original returns to what it
// would be without that credit: its credited amount down and its status back to registered,
// approved, overdue, partially paid or paid as its payments and other credits say. The
// credit note's row stays, marked reversed (credit_reversed_at), like a reversed payment.
import { eq } from "drizzle-orm";
import type { Command, VoucherRef } from "../../../commands/plan";
import { supplierInvoices } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import type { PaymentReverseInput } from "../../../http/fields";
import { loadEntry } from "../../journal-entries";
import { supplierStatusWithoutPayment } from "../payments/reversal";
import { loadSupplierInvoice, supplierInvoiceJson, type SupplierInvoiceRow } from "../queries";

/** The original's status once the credit no longer counts: as if it had never been credited. */
function statusWithoutCredit(row: SupplierInvoiceRow, creditedOre: number, today: string) {
  // "credited" is not a state to keep: recompute from payments and the credits left
  const base: SupplierInvoiceRow = {
    ...row,
    status: row.status === "credited" ? "registered" : row.status,
    creditedOre,
  };
  return supplierStatusWithoutPayment(base, row.paidOre, today);
}

/**
 * Rule order: NOT_FOUND (supplier invoice, then a credit note of it) > ENTRY_ALREADY_REVERSED
 * (the credit was reversed before) > VALIDATION_ERROR (reversal_date before the credit
 * note's date) > the engine's rules on the storno (ENTRY_DATE_OUTSIDE_FISCAL_PERIOD, PERIOD_LOCKED).
 */
export const reverseSupplierCredit: Command<PaymentReverseInput & { id: string; credit_note_id: string }> = async (
  db,
  input,
  ctx,
) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  const note = await loadSupplierInvoice(db, ctx.companyId, input.credit_note_id).catch(() => null);
  if (!note?.isCreditNote || note.creditedInvoiceId !== row.id)
    throw new ApiError("NOT_FOUND", {
      resource: "supplier_credit_note",
      id: input.credit_note_id,
      supplier_invoice_id: row.id,
    });
  if (note.creditReversedAt)
    throw new ApiError(
      "ENTRY_ALREADY_REVERSED",
      {
        credit_note_id: note.id,
        reversed_by_id: note.creditReversalJournalEntryId,
        reversal_date: note.creditReversalDate,
      },
      "The credit note has already been reversed.",
    );
  const today = ctx.now.slice(0, 10);
  // default today, or the credit note's own date when it lies ahead of today
  const date = input.reversal_date ?? [today, note.invoiceDate].sort()[1];
  if (date < note.invoiceDate)
    throw fieldError("reversal_date", `reversal_date is before the credit note's date ${note.invoiceDate}`);

  // accrual: the credit note's mirrored registration, undone by its storno; cash: no entry
  let reversalId: string | null = null;
  let voucher: VoucherRef | null = null;
  const statements = [];
  if (note.registrationJournalEntryId) {
    const { entry, lines } = await loadEntry(db, ctx.companyId, note.registrationJournalEntryId);
    const text =
      `Makulerad kreditering leverantörsfaktura ${row.supplierName} ${row.supplierInvoiceNumber} (ank.nr ` +
      `${note.arrivalNumber})${input.reason ? `: ${input.reason}` : ""}`;
    const reversal = await ctx.ledger.reverse(entry, lines, date, await ctx.ledger.periodForDate(date), text);
    reversalId = reversal.row.id;
    voucher = reversal.voucher;
    statements.push(reversal.write);
  }

  // the note's total is negative: taking it off the credited amount gives it back to the original
  const creditedOre = row.creditedOre + note.totalOre;
  const status = statusWithoutCredit(row, creditedOre, today);
  const patch = { status, creditedOre, paidAt: status === "paid" ? row.paidAt : null, updatedAt: ctx.now };
  const notePatch = {
    creditReversedAt: ctx.now,
    creditReversalDate: date,
    creditReversalJournalEntryId: reversalId,
    updatedAt: ctx.now,
  };
  const original = supplierInvoiceJson({ ...row, ...patch });
  const creditNote = supplierInvoiceJson({ ...note, ...notePatch });
  statements.push(
    db.update(supplierInvoices).set(notePatch).where(eq(supplierInvoices.id, note.id)),
    db.update(supplierInvoices).set(patch).where(eq(supplierInvoices.id, row.id)),
  );
  return {
    status: 200,
    data: { ...original, reversed_credit_note: creditNote, reversal_journal_entry_id: reversalId },
    statements,
    events: [
      {
        type: "supplier_invoice.uncredited",
        object: { original, credit_note: creditNote, reason: input.reason ?? null, companyId: ctx.companyId },
        previousAttributes: { status: row.status, credited_amount: row.creditedOre / 100 },
      },
    ],
    audit: { action: "supplier_invoice.uncredited", resourceType: "supplier_invoice", resourceId: row.id, voucher },
  };
};
