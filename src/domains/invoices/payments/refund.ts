// A refund paid out to the customer after a credit note left an invoice overpaid
// (remaining_amount < 0: a refund owed). Accrual: the credit note already took revenue
// and VAT back and credited 1510, so the refund only settles 1510: Debit 1510 / Credit
// the settlement account. Cash (kontantmetoden): the credit note booked nothing ("row
// created, reversal deferred until refund", spec: invoices/credit), so the refund is
// where revenue and VAT go back: Debit revenue and output VAT / Credit the settlement
// account, for the refund's share of the credited sale. That share is right because
// under the cash method only what was paid was booked: a refund of R out of credits C
// takes back R/C of the credited lines, which is exactly what payments booked beyond the
// sale that remains (e.g. paid 1 000 of 1 250, credited 1 250: refund 1 000 takes back
// 800 revenue and 200 VAT, all that was booked).
// The refund is stored as a payment row with a negative amount, so paid_amount falls and
// every read of payments (the customer ledger, expand=payments) sees the money go back.
import { eq } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import { invoicePayments, invoices } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { RECEIVABLES_ACCOUNT } from "../../../sweden/invoicing";
import { type Sale, saleSettledInCash } from "../../../ledger/posting-rules";
import { remainingOre } from "../../../ledger/settlement";
import type { EngineLine } from "../../../ledger/engine";
import { loadCompany } from "../../companies";
import { saleOf } from "../issue/commands";
import { creditNotesOf, invoiceJson, loadInvoice, paymentsOfInvoice, type InvoiceRow } from "../queries";
import type { InvoiceRefundInput } from "../schemas";

type Credits = Awaited<ReturnType<typeof creditNotesOf>>;

/** The invoice's credit notes as one sale (negative amounts): what the credits took off the sale. */
function creditedSale(row: InvoiceRow, credits: Credits): Sale {
  const vat = new Map<number, number>();
  for (const n of credits.notes) for (const v of n.vatBreakdown) vat.set(v.rateBp, (vat.get(v.rateBp) ?? 0) + v.vatOre);
  const items = credits.notes.flatMap(
    (n) =>
      saleOf(
        n,
        credits.items.filter((i) => i.invoiceId === n.id),
      ).items,
  );
  return {
    totalOre: credits.notes.reduce((s, n) => s + n.totalOre, 0),
    rate: "1",
    totalSekOre: credits.notes.reduce((s, n) => s + (n.totalSekOre ?? n.totalOre), 0),
    vat,
    items,
    text: `Återbetalning kreditfaktura ${row.invoiceNumber ?? ""} ${row.customerName}`.replace(/\s+/g, " ").trim(),
  };
}

/**
 * Cash method: Debit revenue and VAT / Credit the settlement account for this refund's
 * share of the credited sale; earlier refunds took their shares before it, so the
 * refunds together take back each credited line exactly (the CashShare of a payment,
 * run on the credited sale).
 */
function cashRefundLines(sale: Sale, refundedBeforeOre: number, amountOre: number, account: string): EngineLine[] {
  return saleSettledInCash(sale, account, 0, {
    beforeSek: -refundedBeforeOre,
    afterSek: -(refundedBeforeOre + amountOre),
  });
}

/**
 * Rule order: INVOICE_PAID_NOT_FOUND (404) > VALIDATION_ERROR (not an invoice; foreign
 * currency; no refund owed; amount above it) > INVOICE_PAID_NO_FISCAL_PERIOD >
 * PERIOD_LOCKED and the engine's rules.
 */
export const refundInvoice: Command<InvoiceRefundInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id, "INVOICE_PAID_NOT_FOUND");
  if (row.isCreditNote || row.documentType !== "invoice")
    throw fieldError("id", "refunds are paid on the credited invoice, not on its credit note");
  if (row.currency !== "SEK")
    throw fieldError(
      "id",
      "a refund of a foreign-currency invoice is not built (its currency difference); book it by hand",
    );
  const owedOre = -remainingOre(row);
  if (owedOre <= 0)
    throw fieldError("amount", "no refund is owed: the invoice's remaining_amount is not negative (credit it first)");
  const amountOre = input.amount === undefined ? owedOre : toOre(input.amount)!;
  if (amountOre > owedOre) throw fieldError("amount", `more than the refund owed: ${owedOre / 100}`);

  const { companies: company } = await loadCompany(db, ctx.companyId);
  const payments = await paymentsOfInvoice(db, row.id);
  const refundedBeforeOre = -payments.filter((p) => p.amountOre < 0).reduce((s, p) => s + p.amountOre, 0);
  const sale = creditedSale(row, await creditNotesOf(db, ctx.companyId, row.id));
  const account = input.settlement_account;
  const lines: EngineLine[] =
    company.accountingMethod === "cash"
      ? cashRefundLines(sale, refundedBeforeOre, amountOre, account)
      : [
          { accountNumber: RECEIVABLES_ACCOUNT, debitOre: amountOre, creditOre: 0, lineDescription: sale.text },
          { accountNumber: account, debitOre: 0, creditOre: amountOre, lineDescription: sale.text },
        ];
  const date = input.refund_date ?? ctx.now.slice(0, 10);
  const entry = await ctx.ledger.post({
    date,
    description: sale.text,
    sourceType: "invoice_paid",
    sourceId: row.id,
    lines,
    noPeriod: new ApiError("INVOICE_PAID_NO_FISCAL_PERIOD", { payment_date: date }),
  });

  const patch = { paidOre: row.paidOre - amountOre, updatedAt: ctx.now };
  const invoice = invoiceJson({ ...row, ...patch });
  const refundId = newId();
  return {
    status: 200,
    data: { ...invoice, refund_id: refundId, refund_amount: amountOre / 100, journal_entry_id: entry.row.id },
    statements: [
      entry.write,
      db.insert(invoicePayments).values({
        id: refundId,
        companyId: ctx.companyId,
        invoiceId: row.id,
        paymentDate: date,
        amountOre: -amountOre,
        amountSekOre: -amountOre,
        exchangeRateDifferenceOre: 0,
        journalEntryId: entry.row.id,
        createdAt: ctx.now,
      }),
      db.update(invoices).set(patch).where(eq(invoices.id, row.id)),
    ],
    events: [],
    audit: { action: "invoice.refunded", resourceType: "invoice", resourceId: row.id, voucher: entry.voucher },
  };
};
