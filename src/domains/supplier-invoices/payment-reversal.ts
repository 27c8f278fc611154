// Reversing a registered payment of a supplier invoice (makulera betalning, issue 29):
// the storno of its entry (Debit settlement account / Credit 2440 under accrual; under
// the cash method the purchase's share booked with it), dated as the caller says in an
// open period; the invoice returns to what it would be without the payment, and a bank
// row matched to it becomes unmatched. The payment's row stays, marked reversed.
import { and, eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { supplierInvoicePayments, supplierInvoices } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { PaymentReverseInput } from "../../http/fields";
import type { UnmatchPaymentRow } from "../../commands/handed-in";
import { assertLatestPaymentUnderCash, assertPaymentNotReversed, reversalDateOf } from "../../ledger/settlement";
import { loadCompany } from "../companies";
import { loadEntry } from "../journal-entries";
import {
  loadSupplierInvoice,
  paymentsOfSupplierInvoice,
  supplierInvoiceJson,
  supplierInvoicePaymentJson,
  type SupplierInvoicePaymentRow,
  type SupplierInvoiceRow,
} from "./queries";

/**
 * The status once a payment no longer counts: credited and disputed stay; paid while
 * credits and the other payments cover it; else overdue past the due date, partially
 * paid while other payments remain, approved or registered when none do.
 */
export function supplierStatusWithoutPayment(
  row: SupplierInvoiceRow,
  paidOre: number,
  today: string,
): SupplierInvoiceRow["status"] {
  if (row.status === "credited" || row.status === "disputed") return row.status;
  if (row.totalOre - paidOre - row.creditedOre <= 0) return "paid";
  if (row.dueDate < today) return "overdue";
  if (paidOre > 0) return "partially_paid";
  return row.approvedAt ? "approved" : "registered";
}

/**
 * Rule order: NOT_FOUND (supplier invoice, then payment) > ENTRY_ALREADY_REVERSED >
 * VALIDATION_ERROR (reversal_date before the payment) > CONFLICT (cash method, later
 * payments) > the engine's rules on the storno (ENTRY_DATE_OUTSIDE_FISCAL_PERIOD, PERIOD_LOCKED).
 */
export const reverseSupplierInvoicePayment = (
  unmatch: UnmatchPaymentRow,
): Command<PaymentReverseInput & { id: string; payment_id: string }> =>
  async function reverseSupplierInvoicePayment(db, input, ctx) {
    const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
    const p = supplierInvoicePayments;
    const payment = await db
      .select()
      .from(p)
      .where(and(eq(p.companyId, ctx.companyId), eq(p.supplierInvoiceId, row.id), eq(p.id, input.payment_id)))
      .get();
    if (!payment)
      throw new ApiError("NOT_FOUND", {
        resource: "supplier_invoice_payment",
        id: input.payment_id,
        supplier_invoice_id: row.id,
      });
    assertPaymentNotReversed(payment);
    const date = reversalDateOf(input.reversal_date, payment.paymentDate, ctx.now);
    const counted = await paymentsOfSupplierInvoice(db, row.id);
    const { companies: company } = await loadCompany(db, ctx.companyId);
    if (company.accountingMethod === "cash") assertLatestPaymentUnderCash(payment, counted);

    const { entry, lines } = await loadEntry(db, ctx.companyId, payment.journalEntryId);
    const text = `Makulerad betalning leverantörsfaktura ${row.supplierName} ${row.supplierInvoiceNumber} (ank.nr ${row.arrivalNumber})${input.reason ? `: ${input.reason}` : ""}`;
    const reversal = await ctx.ledger.reverse(entry, lines, date, await ctx.ledger.periodForDate(date), text);
    const bank = await unmatch(db, ctx, payment.journalEntryId, date);

    const paidOre = row.paidOre - payment.amountOre;
    const status = supplierStatusWithoutPayment(row, paidOre, ctx.now.slice(0, 10));
    // the latest payment that still counts names the invoice's payment entry
    const rest = counted.filter((x) => x.id !== payment.id);
    const patch = {
      status,
      paidOre,
      paidAt: status === "paid" ? row.paidAt : null,
      paymentJournalEntryId: rest.at(-1)?.journalEntryId ?? null,
      updatedAt: ctx.now,
    };
    const reversed: SupplierInvoicePaymentRow = {
      ...payment,
      reversedAt: ctx.now,
      reversalDate: date,
      reversalJournalEntryId: reversal.row.id,
    };
    const invoice = supplierInvoiceJson({ ...row, ...patch });
    const paymentJson = supplierInvoicePaymentJson(reversed);
    return {
      status: 200,
      data: {
        ...invoice,
        reversed_payment: paymentJson,
        reversal_journal_entry_id: reversal.row.id,
        bank_transaction_id: bank?.transaction_id ?? null,
      },
      statements: [
        reversal.write,
        db
          .update(p)
          .set({ reversedAt: ctx.now, reversalDate: date, reversalJournalEntryId: reversal.row.id })
          .where(eq(p.id, payment.id)),
        db.update(supplierInvoices).set(patch).where(eq(supplierInvoices.id, row.id)),
        ...(bank?.statements ?? []),
      ],
      events: [
        {
          type: "supplier_invoice.payment_reversed",
          object: {
            supplier_invoice: invoice,
            payment: paymentJson,
            reason: input.reason ?? null,
            companyId: ctx.companyId,
          },
          previousAttributes: { status: row.status, paid_amount: row.paidOre / 100 },
        },
        ...(bank?.events ?? []),
      ],
      audit: {
        action: "supplier_invoice.payment_reversed",
        resourceType: "supplier_invoice",
        resourceId: row.id,
        voucher: reversal.voucher,
      },
    };
  };
