// Matching a bank transaction to the invoice it pays (spec: match-invoice,
// match-supplier-invoice). The payment itself is booked by the invoices' own mark-paid
// commands (the same settlement code, src/ledger/settlement.ts): accrual settles
// 1510 / 2440, cash books the sale or purchase now, currency differences go to
// 3960 / 7960. This file decides the amount and the difference from the transaction,
// reverses a conflicting categorisation first, books an over-payment's excess, and
// links the transaction, all in one atomic plan (so MATCH_INVOICE_TX_LINK_FAILED, the
// code for a link failing after the posting, cannot arise: the link is in the batch).
import { eq } from "drizzle-orm";
import type { Command, CommandContext, Plan, PlannedEvent, Statement, PlannedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { bankTransactions } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import type { Env } from "../../../env";
import { fromOre } from "../../../money";
import { toSekOre } from "../../../sweden/invoicing";
import { loadCompany } from "../../companies";
import { findInvoice, payInvoice } from "../../invoices";
import { findSupplierInvoice, paySupplierInvoice } from "../../supplier-invoices";
import { assertLinkable, planStorno, sekAmountOre } from "../booking/commands";
import { loadTransaction, transactionJson, type BankTransactionRow } from "../queries";
import type { MatchInvoiceInput, MatchSupplierInvoiceInput } from "./schemas";

/** BAS 2420 Förskott från kunder: what a customer paid beyond the invoice. */
export const CUSTOMER_ADVANCES_ACCOUNT = "2420";

const ore = (kr: number) => Math.round(kr * 100);

interface Settlement {
  /** in the invoice currency */
  amountOre: number;
  /** SEK received or paid minus SEK booked for amountOre; undefined on a SEK invoice */
  fxDifferenceOre: number | undefined;
  /** SEK beyond the invoice (over-payment), booked apart */
  excessSekOre: number;
}

/**
 * How much of the invoice the transaction pays, in the invoice's currency: the
 * transaction's amount when the currencies agree, its counter-value when that is in the
 * invoice's currency, else (SEK money, foreign invoice) the whole remaining amount.
 */
function settlementOf(
  moneyOre: number,
  moneyCurrency: string,
  foreignOre: number | null,
  foreignCurrency: string | null,
  sekOre: number,
  inv: { currency: string; remaining_amount: number; exchange_rate: number | null; open_sek_ore: number | null },
): Settlement {
  const remaining = ore(inv.remaining_amount);
  const rate = String(inv.exchange_rate ?? 1);
  let paid: number;
  if (moneyCurrency === inv.currency) paid = moneyOre;
  else if (foreignCurrency === inv.currency && foreignOre !== null) paid = foreignOre;
  else if (inv.currency !== "SEK") paid = remaining;
  else
    throw fieldError(
      "invoice_id",
      `the transaction (${moneyCurrency}) and the invoice (${inv.currency}) are in different currencies and the transaction carries no SEK amount`,
    );
  if (paid <= remaining) {
    if (inv.currency === "SEK") return { amountOre: paid, fxDifferenceOre: undefined, excessSekOre: 0 };
    const booked = paid === remaining ? (inv.open_sek_ore ?? toSekOre(paid, rate)) : toSekOre(paid, rate);
    return { amountOre: paid, fxDifferenceOre: sekOre - booked, excessSekOre: 0 };
  }
  // Over-payment: the invoice is settled, the rest is the customer's (or our) money.
  if (inv.currency !== "SEK")
    throw fieldError(
      "invoice_id",
      "an over-payment of a foreign-currency invoice is not matched automatically; book it with mark-paid and a journal entry",
    );
  return { amountOre: remaining, fxDifferenceOre: undefined, excessSekOre: sekOre - remaining };
}

function linked(db: Database, ctx: CommandContext, tx: BankTransactionRow, patch: Partial<BankTransactionRow>) {
  const next = { ...tx, ...patch, updatedAt: ctx.now };
  const json = transactionJson(next);
  return {
    json,
    statement: db
      .update(bankTransactions)
      .set({ ...patch, updatedAt: ctx.now })
      .where(eq(bankTransactions.id, tx.id)) as Statement,
    events: [
      {
        type: "transaction.reconciled",
        object: json,
        previousAttributes: {
          journal_entry_id: tx.journalEntryId,
          invoice_id: tx.invoiceId,
          supplier_invoice_id: tx.supplierInvoiceId,
        },
      },
    ] as PlannedEvent[],
  };
}

/** A categorisation that the payment replaces is reversed first (spec). */
async function reverseCategorisation(db: Database, ctx: CommandContext, tx: BankTransactionRow) {
  if (!tx.journalEntryId) return { statements: [] as PlannedWrite[], reversedId: null as string | null };
  const reversal = await planStorno(db, ctx, tx.journalEntryId, `kategorisering ersatt av betalningsmatchning`);
  return { statements: [reversal.write], reversedId: tx.journalEntryId };
}

/**
 * Rule order: NOT_FOUND (transaction) > CONFLICT (ignored, linked) > MATCH_INVOICE_NOT_INCOME >
 * VALIDATION_ERROR (no invoice) > NOT_FOUND (invoice) > MATCH_INVOICE_NOT_INVOICE_TYPE >
 * MATCH_INVOICE_NOT_OPEN > the payment's rules.
 */
export const matchInvoice: Command<MatchInvoiceInput & { id: string }> = async (db, input, ctx, env) =>
  planInvoiceMatch(db, ctx, env, await loadTransaction(db, ctx.companyId, input.id), input);

/**
 * matchInvoice on a row already at hand: a stored one, or one the same plan inserts (the payment
 * loop's camt import, whose `method` names how the invoice was found).
 */
export async function planInvoiceMatch(
  db: Database,
  ctx: CommandContext,
  env: Env,
  tx: BankTransactionRow,
  input: MatchInvoiceInput,
  method?: string,
): Promise<Plan> {
  assertLinkable(tx);
  if (tx.invoiceId || tx.supplierInvoiceId)
    throw new ApiError(
      "CONFLICT",
      { transaction_id: tx.id, invoice_id: tx.invoiceId, supplier_invoice_id: tx.supplierInvoiceId },
      "The transaction is already matched.",
    );
  if (tx.amountOre <= 0)
    throw new ApiError("MATCH_INVOICE_NOT_INCOME", { transaction_id: tx.id, amount: fromOre(tx.amountOre) });
  const invoiceId = input.invoice_id ?? tx.potentialInvoiceId;
  if (!invoiceId)
    throw fieldError(
      "invoice_id",
      "invoice_id is required: the transaction carries no OCR reference of an open invoice",
    );
  const inv = await findInvoice(db, ctx.companyId, invoiceId);
  if (!inv) throw new ApiError("NOT_FOUND", { resource: "invoice", id: invoiceId });
  if (inv.document_type !== "invoice" || inv.is_credit_note)
    throw new ApiError("MATCH_INVOICE_NOT_INVOICE_TYPE", {
      invoice_id: inv.id,
      document_type: inv.document_type,
      is_credit_note: inv.is_credit_note,
    });
  if (!["sent", "overdue", "partially_paid"].includes(inv.status))
    throw new ApiError("MATCH_INVOICE_NOT_OPEN", { invoice_id: inv.id, status: inv.status });

  const sek = await sekAmountOre(env, tx);
  const s = settlementOf(tx.amountOre, tx.currency, tx.amountForeignOre, tx.currencyForeign, sek, inv);
  // Spec: "Cash-method partial payments give VALIDATION_ERROR" here (mark-paid itself takes them).
  const { companies: company } = await loadCompany(db, ctx.companyId);
  if (company.accountingMethod === "cash" && s.amountOre !== ore(inv.remaining_amount)) {
    throw fieldError(
      "amount",
      `under the cash method a bank match must pay the invoice's whole remaining ${inv.remaining_amount} ${inv.currency}; this ` +
        `transaction pays ${fromOre(s.amountOre)}`,
    );
  }
  const reversed = await reverseCategorisation(db, ctx, tx);
  const date = input.payment_date ?? tx.date;
  const paid = await payInvoice(
    db,
    {
      id: inv.id,
      payment_date: date,
      amount: fromOre(s.amountOre),
      exchange_rate_difference: s.fxDifferenceOre === undefined ? undefined : fromOre(s.fxDifferenceOre),
      settlement_account: tx.settlementAccount,
      force: true,
    },
    ctx,
    env,
  );
  const statements: PlannedWrite[] = [...reversed.statements, ...paid.statements];
  const payment = paid.data as {
    status: string;
    paid_amount: number;
    remaining_amount: number;
    journal_entry_id: string;
  };
  let excessEntryId: string | null = null;
  let voucher = paid.audit.voucher ?? null;
  if (s.excessSekOre > 0) {
    const text = `Överbetalning ${inv.invoice_number ?? ""} ${inv.customer_name}`.replace(/\s+/g, " ").trim();
    const excess = await ctx.ledger.post({
      date,
      description: text,
      sourceType: "bank_transaction_overpayment",
      sourceId: tx.id,
      lines: [
        { accountNumber: tx.settlementAccount, debitOre: s.excessSekOre, creditOre: 0, lineDescription: text },
        { accountNumber: CUSTOMER_ADVANCES_ACCOUNT, debitOre: 0, creditOre: s.excessSekOre, lineDescription: text },
      ],
    });
    statements.push(excess.write);
    excessEntryId = excess.row.id;
    voucher = excess.voucher;
  }
  const link = linked(db, ctx, tx, {
    journalEntryId: payment.journal_entry_id,
    invoiceId: inv.id,
    isBusiness: true,
    category: "invoice_payment",
    accountNumber: null,
    vatTreatment: null,
    bookedAt: ctx.now,
    reconciliationMethod: method ?? (input.invoice_id ? "manual" : "ocr"),
  });
  statements.push(link.statement);
  return {
    status: 200,
    data: {
      success: true,
      transaction_id: tx.id,
      invoice_id: inv.id,
      invoice_status: payment.status,
      paid_amount: payment.paid_amount,
      remaining_amount: payment.remaining_amount,
      journal_entry_id: payment.journal_entry_id,
      overpayment: fromOre(s.excessSekOre),
      overpayment_journal_entry_id: excessEntryId,
      exchange_rate_difference: s.fxDifferenceOre === undefined ? 0 : fromOre(s.fxDifferenceOre),
      reversed_journal_entry_id: reversed.reversedId,
      category: "invoice_payment",
      transaction: link.json,
    },
    statements,
    events: [...(paid.events ?? []), ...link.events],
    audit: { action: "transaction.matched_invoice", resourceType: "transaction", resourceId: tx.id, voucher },
  };
}

/**
 * Rule order: NOT_FOUND > CONFLICT (ignored, linked) > MATCH_SI_NOT_EXPENSE > NOT_FOUND (supplier
 * invoice) > MATCH_SI_ALREADY_PAID > MATCH_SI_CASH_FX_UNSUPPORTED > the payment's rules.
 */
export const matchSupplierInvoice: Command<MatchSupplierInvoiceInput & { id: string }> = async (db, input, ctx, env) =>
  planSupplierInvoiceMatch(db, ctx, env, await loadTransaction(db, ctx.companyId, input.id), input);

/** matchSupplierInvoice on a row already at hand (see planInvoiceMatch). */
export async function planSupplierInvoiceMatch(
  db: Database,
  ctx: CommandContext,
  env: Env,
  tx: BankTransactionRow,
  input: MatchSupplierInvoiceInput,
  method = "manual",
): Promise<Plan> {
  assertLinkable(tx);
  if (tx.invoiceId || tx.supplierInvoiceId)
    throw new ApiError(
      "CONFLICT",
      { transaction_id: tx.id, invoice_id: tx.invoiceId, supplier_invoice_id: tx.supplierInvoiceId },
      "The transaction is already matched.",
    );
  if (tx.amountOre >= 0)
    throw new ApiError("MATCH_SI_NOT_EXPENSE", { transaction_id: tx.id, amount: fromOre(tx.amountOre) });
  const si = await findSupplierInvoice(db, ctx.companyId, input.supplier_invoice_id);
  if (!si) throw new ApiError("NOT_FOUND", { resource: "supplier_invoice", id: input.supplier_invoice_id });
  if (si.is_credit_note || si.status === "paid" || si.status === "credited")
    throw new ApiError("MATCH_SI_ALREADY_PAID", {
      supplier_invoice_id: si.id,
      status: si.status,
      is_credit_note: si.is_credit_note,
    });
  const sek = -(await sekAmountOre(env, tx));
  const s = settlementOf(
    -tx.amountOre,
    tx.currency,
    tx.amountForeignOre === null ? null : -tx.amountForeignOre,
    tx.currencyForeign,
    sek,
    si,
  );
  const { companies: company } = await loadCompany(db, ctx.companyId);
  if (company.accountingMethod === "cash" && si.currency !== "SEK" && s.amountOre !== ore(si.remaining_amount)) {
    throw new ApiError("MATCH_SI_CASH_FX_UNSUPPORTED", {
      supplier_invoice_id: si.id,
      currency: si.currency,
      amount: fromOre(s.amountOre),
      remaining_amount: si.remaining_amount,
    });
  }
  if (s.excessSekOre > 0)
    throw fieldError(
      "supplier_invoice_id",
      `the transaction pays ${fromOre(s.excessSekOre)} more than the supplier invoice's remaining amount`,
    );
  const reversed = await reverseCategorisation(db, ctx, tx);
  const paid = await paySupplierInvoice(
    db,
    {
      id: si.id,
      payment_date: input.payment_date ?? tx.date,
      amount: fromOre(s.amountOre),
      exchange_rate_difference: s.fxDifferenceOre === undefined ? undefined : fromOre(s.fxDifferenceOre),
      settlement_account: tx.settlementAccount,
    },
    ctx,
    env,
  );
  const payment = paid.data as {
    status: string;
    paid_amount: number;
    remaining_amount: number;
    journal_entry_id: string;
  };
  const link = linked(db, ctx, tx, {
    journalEntryId: payment.journal_entry_id,
    supplierInvoiceId: si.id,
    isBusiness: true,
    category: "supplier_invoice_payment",
    accountNumber: null,
    vatTreatment: null,
    bookedAt: ctx.now,
    reconciliationMethod: method,
  });
  return {
    status: 200,
    data: {
      success: true,
      transaction_id: tx.id,
      supplier_invoice_id: si.id,
      supplier_invoice_status: payment.status,
      paid_amount: payment.paid_amount,
      remaining_amount: payment.remaining_amount,
      journal_entry_id: payment.journal_entry_id,
      exchange_rate_difference: s.fxDifferenceOre === undefined ? 0 : fromOre(s.fxDifferenceOre),
      reversed_journal_entry_id: reversed.reversedId,
      category: "supplier_invoice_payment",
      transaction: link.json,
    },
    statements: [...reversed.statements, ...paid.statements, link.statement],
    events: [...(paid.events ?? []), ...link.events],
    audit: {
      action: "transaction.matched_supplier_invoice",
      resourceType: "transaction",
      resourceId: tx.id,
      voucher: paid.audit.voucher ?? null,
    },
  };
}
