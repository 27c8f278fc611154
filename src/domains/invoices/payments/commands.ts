// Payments of customer invoices (spec: POST /invoices/{id}/mark-paid): under accrual the
// payment clears 1510, under the cash method it books its share of the sale (and under
// bokslutsmetoden settles what the year-end entry booked, ./year-end-share.ts). The
// likely-duplicate guard (payInvoiceChecked) is wired by the registry.
import { eq } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { invoicePayments, invoices } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { assertBalanced, type EngineLine } from "../../../ledger/engine";
import { saleSettledInCash } from "../../../ledger/posting-rules";
import { receivableBookedAtYearEnd } from "./year-end-share";
import {
  openItem,
  paymentDateOnOrAfter,
  paymentTermsOf,
  planPayment,
  type AccountingMethod,
} from "../../../ledger/settlement";
import { RECEIVABLES_ACCOUNT } from "../../../sweden/invoicing";
import { saleAfterCredits } from "../credits/commands";
import { paymentBookingLines } from "../../open-items";
import { loadCompany } from "../../companies";
import { toEngineLines } from "../../journal-entries";
import {
  creditNotesOf,
  invoiceJson,
  itemsOfInvoice,
  loadInvoice,
  OPEN_INVOICE_STATUSES,
  paymentsOfInvoice,
  type InvoiceRow,
} from "../queries";
import { deductionPaidOutOre } from "../deductions/commands";
import type { InvoicePayInput } from "../schemas";

/**
 * A payment. Rule order: INVOICE_PAID_NOT_FOUND > INVOICE_PAID_NOT_PAYABLE >
 * VALIDATION_ERROR (amount, currency difference, cash method, lines) >
 * INVOICE_PAID_LINES_UNBALANCED > VALIDATION_ERROR (paid before the invoice date) >
 * INVOICE_PAID_NO_FISCAL_PERIOD > PERIOD_LOCKED > the engine's rules.
 * The likely-duplicate guard (unlinked inbound bank transactions) is payInvoiceChecked's,
 * which the registry wires with the bank-transactions domain's finder.
 */
export const payInvoice: Command<InvoicePayInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id, "INVOICE_PAID_NOT_FOUND");
  if (!isPayable(row))
    throw new ApiError("INVOICE_PAID_NOT_PAYABLE", {
      id: row.id,
      status: row.status,
      document_type: row.documentType,
      is_credit_note: row.isCreditNote,
    });
  const { companies: company } = await loadCompany(db, ctx.companyId);
  const method = company.accountingMethod;
  const credits = await creditNotesOf(db, ctx.companyId, row.id);
  const creditedSek = -credits.notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0);
  // mark-paid takes partial payments under the cash method too: each books its share of the sale (as it stands after credits)
  const plan = planPayment(
    openItem(owedByCustomer(row), await paymentsOfInvoice(db, row.id), creditedSek),
    "receivable",
    paymentTermsOf(input, method, true),
  );
  const sale = saleAfterCredits(row, await itemsOfInvoice(db, row.id), credits);
  const text = `Inbetalning ${sale.text}`;
  const paidOutOre = await paidOutBeforeCashPayment(db, row, method);
  const date = paymentDateOnOrAfter(input.payment_date ?? ctx.now.slice(0, 10), row.invoiceDate);
  // bokslutsmetoden: what the invoice's year-end entry booked on 1510 is settled there, not booked again
  const atYearEnd =
    method === "cash" && !input.lines ? await receivableBookedAtYearEnd(db, ctx.companyId, row, date) : null;
  const lines = input.lines
    ? customPaymentLines(input.lines, method, plan.bookedSekOre)
    : paymentBookingLines("receivable", method, plan, {
        settlementAccount: input.settlement_account,
        text,
        atYearEnd,
        paidBeforeSek: paidOutOre,
        inCash: (fx, part) => saleSettledInCash(sale, input.settlement_account, fx, part),
      });
  const entry = await ctx.ledger.post({
    date,
    description: text,
    sourceType: "invoice_paid",
    sourceId: row.id,
    lines,
    noPeriod: new ApiError("INVOICE_PAID_NO_FISCAL_PERIOD", { payment_date: date }),
  });

  const patch = {
    status: plan.status,
    paidOre: plan.paidOre,
    paidAt: plan.fully ? ctx.now : null,
    updatedAt: ctx.now,
  } as const;
  const invoice = invoiceJson({ ...row, ...patch });
  const paymentId = newId();
  return {
    status: 200,
    data: { ...invoice, journal_entry_id: entry.row.id, payment_id: paymentId },
    statements: [
      entry.write,
      db.insert(invoicePayments).values({
        id: paymentId,
        companyId: ctx.companyId,
        invoiceId: row.id,
        paymentDate: date,
        amountOre: plan.amountOre,
        amountSekOre: plan.bookedSekOre,
        exchangeRateDifferenceOre: plan.fxDifferenceOre,
        journalEntryId: entry.row.id,
        createdAt: ctx.now,
      }),
      db.update(invoices).set(patch).where(eq(invoices.id, row.id)),
    ],
    events: [
      {
        type: "invoice.paid",
        object: { invoice, paymentAmount: plan.amountOre / 100, paymentDate: date, companyId: ctx.companyId },
        previousAttributes: { status: row.status, paid_amount: row.paidOre / 100 },
      },
    ],
    audit: { action: "invoice.paid", resourceType: "invoice", resourceId: row.id, voucher: entry.voucher },
  };
};

/** An invoice (not a credit note or another document) still open: what mark-paid and its guard take. */
function isPayable(row: InvoiceRow): boolean {
  return (
    !row.isCreditNote &&
    row.documentType === "invoice" &&
    (OPEN_INVOICE_STATUSES as readonly string[]).includes(row.status)
  );
}

/** ROT/RUT: the customer pays the total less the deduction (a SEK invoice); Skatteverket pays the rest to 1513. */
function owedByCustomer(row: InvoiceRow): InvoiceRow {
  if (row.deductionOre === 0) return row;
  return {
    ...row,
    totalOre: row.totalOre - row.deductionOre,
    totalSekOre: row.totalSekOre === null ? null : row.totalSekOre - row.deductionOre,
  };
}

/**
 * Under the cash method, the part of the sale Skatteverket's ROT/RUT payouts have
 * already booked (docs/rot-rut.md): a customer's payment after a payout (the refused
 * part, say) books its share of the sale after them, so the customer's payments and the
 * payouts together book every part of the sale once. Zero under accrual or without a
 * deduction (no read then).
 */
async function paidOutBeforeCashPayment(db: Database, row: InvoiceRow, method: AccountingMethod): Promise<number> {
  if (method !== "cash" || row.deductionOre === 0) return 0;
  return deductionPaidOutOre(db, row.id);
}

/**
 * The caller's own lines for a payment (a bank fee, say): balanced, and under accrual
 * crediting 1510 by the SEK this payment books, so the receivable still ends at zero.
 */
function customPaymentLines(
  input: NonNullable<InvoicePayInput["lines"]>,
  method: AccountingMethod,
  bookedSekOre: number,
): EngineLine[] {
  const lines = toEngineLines(input);
  try {
    assertBalanced(lines);
  } catch {
    throw new ApiError("INVOICE_PAID_LINES_UNBALANCED", {
      debit_total: lines.reduce((s, l) => s + l.debitOre, 0) / 100,
      credit_total: lines.reduce((s, l) => s + l.creditOre, 0) / 100,
    });
  }
  const receivable = lines
    .filter((l) => l.accountNumber === RECEIVABLES_ACCOUNT)
    .reduce((s, l) => s + l.creditOre - l.debitOre, 0);
  if (method === "accrual" && receivable !== bookedSekOre) {
    throw fieldError(
      "lines",
      `the lines must credit ${RECEIVABLES_ACCOUNT} by ${bookedSekOre / 100}, the booked SEK amount of this payment`,
    );
  }
  return lines;
}

/** The invoice as the likely-duplicate guard sees it. */
type GuardedInvoice = {
  id: string;
  invoice_number: string | null;
  invoice_date: string;
  currency: string;
  remaining_amount: number;
  ocr_number?: string | null;
};

/** Unlinked inbound bank transactions that look like this invoice's payment (handed in by the registry: invoices import no bank domain). */
export type LikelyPayments = (db: Database, companyId: string, invoice: GuardedInvoice) => Promise<unknown[]>;

/**
 * mark-paid with the duplicate guard (spec): an open invoice with an unlinked inbound
 * transaction that looks like its payment is refused with INVOICE_PAID_LIKELY_DUPLICATE
 * and the candidates, dry-run included; force: true (a new body, so a new key) pays anyway.
 * The guard comes after INVOICE_PAID_NOT_FOUND and INVOICE_PAID_NOT_PAYABLE (payInvoice's).
 */
export const payInvoiceChecked = (likely: LikelyPayments): Command<InvoicePayInput & { id: string }> =>
  async function payInvoiceChecked(db, input, ctx, env) {
    if (!input.force) {
      const row = await loadInvoice(db, ctx.companyId, input.id, "INVOICE_PAID_NOT_FOUND");
      if (isPayable(row)) {
        const candidates = await likely(db, ctx.companyId, invoiceJson(row));
        if (candidates.length) {
          throw new ApiError(
            "INVOICE_PAID_LIKELY_DUPLICATE",
            { invoice_id: row.id, candidates },
            "An unlinked bank transaction looks like this payment: match it, or retry with force: true and a new Idempotency-Key.",
          );
        }
      }
    }
    return payInvoice(db, input, ctx, env);
  };
