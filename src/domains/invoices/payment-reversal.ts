// Reversing a registered payment (makulera betalning, issue 29): a payment recorded by
// mistake (mark-paid, a bank match) is undone by a storno of its entry, dated as the
// caller says (default today) in an open period; the invoice returns to the status and
// amounts it would have without it, and a bank row matched to it becomes unmatched.
// The payment's row stays, marked reversed, so the history shows both.
import { and, eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { invoicePayments, invoices } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { PaymentReverseInput } from "../../http/fields";
import type { UnmatchPaymentRow } from "../../commands/handed-in";
import { assertLatestPaymentUnderCash, assertPaymentNotReversed, reversalDateOf } from "../../ledger/settlement";
import { loadCompany } from "../companies";
import { loadEntry } from "../journal-entries";
import {
  invoiceJson,
  invoicePaymentJson,
  loadInvoice,
  paymentsOfInvoice,
  type InvoicePaymentRow,
  type InvoiceRow,
} from "./queries";

/**
 * The invoice's status once a payment no longer counts: credited stays credited; paid
 * while credits, the deduction and the other payments still cover it; else overdue past
 * the due date, partially paid while other payments remain, sent when none do.
 */
export function statusWithoutPayment(row: InvoiceRow, paidOre: number, today: string): InvoiceRow["status"] {
  if (row.status === "credited") return "credited";
  if (row.totalOre - paidOre - row.creditedOre - row.deductionOre <= 0) return "paid";
  if (row.dueDate < today) return "overdue";
  return paidOre > 0 ? "partially_paid" : "sent";
}

/** The ROT/RUT claims an invoice is in (the rot-rut domain's, handed in by the registry). */
export type ClaimsOfInvoice = (db: Database, companyId: string, invoiceId: string) => Promise<string[]>;

/** The invoice's payment by its id: NOT_FOUND when the invoice has none such. */
async function loadPayment(db: Database, companyId: string, invoiceId: string, paymentId: string) {
  const payment = await db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.companyId, companyId),
        eq(invoicePayments.invoiceId, invoiceId),
        eq(invoicePayments.id, paymentId),
      ),
    )
    .get();
  if (!payment) throw new ApiError("NOT_FOUND", { resource: "invoice_payment", id: paymentId, invoice_id: invoiceId });
  return payment;
}

/** The storno's text: the invoice, the customer and the reason given, on one line. */
function reversalText(row: InvoiceRow, reason: string | undefined): string {
  const text = `Makulerad inbetalning ${row.invoiceNumber ?? ""} ${row.customerName}${reason ? `: ${reason}` : ""}`;
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Rule order: NOT_FOUND (invoice, then payment) > ENTRY_ALREADY_REVERSED >
 * VALIDATION_ERROR (reversal_date before the payment) > CONFLICT (the ROT/RUT deduction
 * is claimed: the claim states the customer's payment; cash method, later payments) >
 * the engine's rules on the storno (ENTRY_DATE_OUTSIDE_FISCAL_PERIOD, PERIOD_LOCKED).
 */
export const reverseInvoicePayment = (
  unmatch: UnmatchPaymentRow,
  claimsOf: ClaimsOfInvoice,
): Command<PaymentReverseInput & { id: string; payment_id: string }> =>
  async function reverseInvoicePayment(db, input, ctx) {
    const row = await loadInvoice(db, ctx.companyId, input.id);
    const payment = await loadPayment(db, ctx.companyId, row.id, input.payment_id);
    assertPaymentNotReversed(payment);
    const date = reversalDateOf(input.reversal_date, payment.paymentDate, ctx.now);
    const claims = await claimsOf(db, ctx.companyId, row.id);
    if (claims.length)
      throw new ApiError(
        "CONFLICT",
        { reason: "deduction_claimed", claim_ids: claims },
        "The invoice's ROT/RUT deduction has been claimed from Skatteverket, and the claim states the customer's payment: the payment cannot be reversed.",
      );
    const { companies: company } = await loadCompany(db, ctx.companyId);
    if (company.accountingMethod === "cash") assertLatestPaymentUnderCash(payment, await paymentsOfInvoice(db, row.id));

    const { entry, lines } = await loadEntry(db, ctx.companyId, payment.journalEntryId);
    const reversal = await ctx.ledger.reverse(
      entry,
      lines,
      date,
      await ctx.ledger.periodForDate(date),
      reversalText(row, input.reason),
    );
    const bank = await unmatch(db, ctx, payment.journalEntryId, date);

    const paidOre = row.paidOre - payment.amountOre;
    const status = statusWithoutPayment(row, paidOre, ctx.now.slice(0, 10));
    const patch = { status, paidOre, paidAt: status === "paid" ? row.paidAt : null, updatedAt: ctx.now };
    const reversed: InvoicePaymentRow = {
      ...payment,
      reversedAt: ctx.now,
      reversalDate: date,
      reversalJournalEntryId: reversal.row.id,
    };
    const invoice = invoiceJson({ ...row, ...patch });
    const paymentJson = invoicePaymentJson(reversed);
    return {
      status: 200,
      data: {
        ...invoice,
        reversed_payment: paymentJson,
        reversal_journal_entry_id: reversal.row.id,
        bank_transaction_id: bank?.transaction_id ?? null,
        reversed_overpayment_entry_id: bank?.reversed_overpayment_entry_id ?? null,
      },
      statements: [
        reversal.write,
        db
          .update(invoicePayments)
          .set({ reversedAt: reversed.reversedAt, reversalDate: date, reversalJournalEntryId: reversal.row.id })
          .where(eq(invoicePayments.id, payment.id)),
        db.update(invoices).set(patch).where(eq(invoices.id, row.id)),
        ...(bank?.statements ?? []),
      ],
      events: [
        {
          type: "invoice.payment_reversed",
          object: { invoice, payment: paymentJson, reason: input.reason ?? null, companyId: ctx.companyId },
          previousAttributes: { status: row.status, paid_amount: row.paidOre / 100 },
        },
        ...(bank?.events ?? []),
      ],
      audit: {
        action: "invoice.payment_reversed",
        resourceType: "invoice",
        resourceId: row.id,
        voucher: reversal.voucher,
      },
    };
  };
