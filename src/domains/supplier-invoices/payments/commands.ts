// Paying a supplier invoice (spec: Supplier invoices, pay): the payment's entry by the
// settlement rules the receivables share (src/ledger/settlement.ts), under the cash method
// the purchase's share booked with it, bokslutsmetoden's share settled on 2440.
import { eq } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import { supplierInvoicePayments, supplierInvoices } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { purchaseSettledInCash } from "../../../ledger/posting-rules";
import { payableBookedAtYearEnd } from "./year-end-share";
import { openItem, paymentDateOnOrAfter, paymentTermsOf, planPayment } from "../../../ledger/settlement";
import {
  creditNotesOfSupplierInvoice,
  itemsOfSupplierInvoice,
  loadSupplierInvoice,
  paymentsOfSupplierInvoice,
  supplierInvoiceJson,
  type SupplierInvoiceRow,
} from "../queries";
import type { SupplierInvoicePayInput } from "../schemas";
import { accountingMethod, purchaseOf, vatRegistered } from "../registration/commands";
import { paymentBookingLines } from "../../open-items";

/** SI_PAID_ALREADY for a credit note or an invoice paid or credited; CONFLICT while disputed. */
function assertPayable(row: SupplierInvoiceRow): void {
  if (row.isCreditNote || row.status === "paid" || row.status === "credited")
    throw new ApiError("SI_PAID_ALREADY", { status: row.status, is_credit_note: row.isCreditNote });
  if (row.status === "disputed")
    throw new ApiError(
      "CONFLICT",
      { status: row.status },
      "The invoice is disputed; resolve the dispute before paying it.",
    );
}

/** A payment row's amounts, as its plan decided them. */
const paymentAmounts = (plan: ReturnType<typeof planPayment>) => ({
  amountOre: plan.amountOre,
  amountSekOre: plan.bookedSekOre,
  exchangeRateDifferenceOre: plan.fxDifferenceOre,
});

/**
 * A payment. Rule order: NOT_FOUND > SI_PAID_ALREADY > CONFLICT (disputed) >
 * VALIDATION_ERROR (amount, currency difference, cash method) > PERIOD_LOCKED > the engine's rules.
 */
export const paySupplierInvoice: Command<SupplierInvoicePayInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  assertPayable(row);
  const method = await accountingMethod(db, ctx.companyId);
  // mark-paid takes partial payments under the cash method too: each books its share of the purchase
  const plan = planPayment(
    // SEK taken off by partial credits: the last payment takes what is left, so 2440 ends at zero
    openItem(
      row,
      await paymentsOfSupplierInvoice(db, row.id),
      -(await creditNotesOfSupplierInvoice(db, ctx.companyId, row.id)).notes.reduce((s, n) => s + n.totalSekOre, 0),
    ),
    "payable",
    paymentTermsOf(input, method, true),
  );
  const date = paymentDateOnOrAfter(input.payment_date ?? ctx.now.slice(0, 10), row.invoiceDate);
  const items = await itemsOfSupplierInvoice(db, row.id);
  const purchase = purchaseOf(row, items, await vatRegistered(db, ctx.companyId));
  const text = `Betalning ${purchase.text}`;
  // bokslutsmetoden: what the invoice's year-end entry booked on 2440 is settled there, not booked again
  const atYearEnd = method === "cash" ? await payableBookedAtYearEnd(db, ctx.companyId, row, date) : null;
  const lines = paymentBookingLines("payable", method, plan, {
    settlementAccount: input.settlement_account,
    text,
    atYearEnd,
    inCash: (fx, part) => purchaseSettledInCash(purchase, input.settlement_account, fx, part),
  });
  const entry = await ctx.ledger.post({
    date,
    description: text,
    sourceType: "supplier_invoice_paid",
    sourceId: row.id,
    lines,
  });

  const payment = {
    id: newId(),
    companyId: ctx.companyId,
    supplierInvoiceId: row.id,
    paymentDate: date,
    ...paymentAmounts(plan),
    settlementAccount: input.settlement_account,
    journalEntryId: entry.row.id,
    createdAt: ctx.now,
  };
  const patch = {
    status: plan.status,
    paidOre: plan.paidOre,
    paidAt: plan.fully ? ctx.now : null,
    paymentJournalEntryId: entry.row.id,
    updatedAt: ctx.now,
  } as const;
  const data = supplierInvoiceJson({ ...row, ...patch });
  return {
    status: 200,
    data: { ...data, journal_entry_id: entry.row.id, payment_id: payment.id },
    statements: [
      entry.write,
      db.insert(supplierInvoicePayments).values(payment),
      db.update(supplierInvoices).set(patch).where(eq(supplierInvoices.id, row.id)),
    ],
    events: [
      {
        type: "supplier_invoice.paid",
        object: {
          supplier_invoice: data,
          paymentAmount: plan.amountOre / 100,
          paymentDate: date,
          companyId: ctx.companyId,
        },
      },
    ],
    audit: {
      action: "supplier_invoice.paid",
      resourceType: "supplier_invoice",
      resourceId: row.id,
      voucher: entry.voucher,
    },
  };
};
