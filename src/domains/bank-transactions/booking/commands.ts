// Booking bank transactions (spec: States and transitions, Bank transaction; the
// Transactions endpoints): categorize (an entry against the settlement account),
// uncategorize (its storno), ignore and restore, batch-categorize.
//
// Rule order of categorize: NOT_FOUND > CONFLICT (ignored, or linked to an invoice) >
// VALIDATION_ERROR (nothing to book to, category against the direction) > NOT_FOUND
// (template) > TX_CATEGORIZE_INVALID_ACCOUNT > TX_CATEGORIZE_SUGGEST_SI_MATCH >
// ENTRY_DATE_OUTSIDE_FISCAL_PERIOD > PERIOD_LOCKED (business) or TX_CATEGORIZE_PRIVATE_PERIOD_LOCKED
// (a legal person's private row; a sole trader's is ignored instead) > the engine's rules.
import { eq, sql } from "drizzle-orm";
import { planBulk } from "../../../commands/bulk";
import type { Command, CommandContext, PlannedEvent, VoucherRef, PlannedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { bankTemplates, bankTransactions } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { toSekOre } from "../../../sweden/invoicing";
import {
  bookingLines,
  CATEGORY_RULES,
  privateAccount,
  type BankCategory,
  type VatTreatment,
} from "../../../sweden/bank-categories";
import { loadCompany } from "../../companies";
import { sekRate } from "../../currency";
import { loadEntry } from "../../journal-entries";
import { openSupplierInvoicesForMatching } from "../../supplier-invoices";
import {
  loadTemplate,
  loadTransaction,
  merchantKeyOf,
  transactionJson,
  type BankTransactionRow,
  UNBOOKED,
} from "../queries";
import { ruleMarkPatch, ruleOutcome } from "./rule-marks";
import { BatchCategorizeItemSchema, type CategorizeInput } from "./schemas";

const direction = (tx: BankTransactionRow) => (tx.amountOre > 0 ? "in" : "out") as "in" | "out";

/** The transaction in SEK öre: its amount, its SEK counter-value, or the Riksbank rate of its date. */
export async function sekAmountOre(env: Env, tx: BankTransactionRow): Promise<number> {
  if (tx.currency === "SEK") return tx.amountOre;
  if (tx.currencyForeign === "SEK" && tx.amountForeignOre !== null) return tx.amountForeignOre;
  const rate = await sekRate(env, tx.currency, tx.date);
  if (!rate)
    throw new ApiError(
      "VALIDATION_ERROR",
      { currency: tx.currency, date: tx.date },
      `No central-bank rate for ${tx.currency} on ${tx.date}; the transaction cannot be booked in SEK.`,
    );
  return toSekOre(tx.amountOre, rate.rate);
}

export function assertLinkable(tx: BankTransactionRow): void {
  if (tx.isIgnored)
    throw new ApiError(
      "CONFLICT",
      { transaction_id: tx.id, is_ignored: true },
      "The transaction is ignored; restore it (DELETE .../ignore) before booking it.",
    );
  // a row the reconciliation linked to lines booked elsewhere (a salary run, a mark-paid) is booked by them
  if (tx.reconciliationLinkId)
    throw new ApiError(
      "CONFLICT",
      { transaction_id: tx.id, reason: "linked_by_reconciliation", link_id: tx.reconciliationLinkId },
      "The transaction is linked by the reconciliation to an entry already booked; unlink it before booking it again.",
    );
}

/** Open supplier invoices this outflow looks like the payment of (amount, or number/OCR in the text). */
export async function supplierInvoiceCandidates(db: Database, companyId: string, tx: BankTransactionRow) {
  if (tx.amountOre >= 0) return [];
  const paid = -tx.amountOre;
  const paidForeign = tx.amountForeignOre === null ? null : -tx.amountForeignOre;
  const text = `${tx.description} ${tx.reference ?? ""}`.toLowerCase();
  const out = [];
  for (const si of await openSupplierInvoicesForMatching(db, companyId)) {
    const remaining = Math.round(si.remaining_amount * 100);
    const byAmount =
      (si.currency === tx.currency && remaining === paid) ||
      (si.currency === tx.currencyForeign && remaining === paidForeign);
    const refs = [si.supplier_invoice_number, si.payment_reference]
      .filter((r): r is string => !!r && r.length >= 3)
      .map((r) => r.toLowerCase());
    const byText = refs.some((r) => text.includes(r));
    if (byAmount || byText)
      out.push({
        supplier_invoice_id: si.id,
        supplier_name: si.supplier_name,
        supplier_invoice_number: si.supplier_invoice_number,
        remaining_amount: si.remaining_amount,
        currency: si.currency,
        reason: byText ? "reference" : "amount",
      });
  }
  return out.sort((a, b) => (a.reason === b.reason ? 0 : a.reason === "reference" ? -1 : 1));
}

interface Target {
  account: string;
  vat: VatTreatment;
  category: string | null;
  templateId: string | null;
}

async function targetOf(
  db: Database,
  ctx: CommandContext,
  tx: BankTransactionRow,
  input: CategorizeInput,
  entityType: string,
): Promise<Target> {
  const dir = direction(tx);
  if (input.account_override)
    return {
      account: input.account_override,
      vat: input.vat_treatment ?? "none",
      category: input.category ?? null,
      templateId: null,
    };
  const templateId = input.template_id ?? input.counterparty_template_id;
  if (templateId) {
    const t = await loadTemplate(db, ctx.companyId, templateId);
    return { account: t.accountNumber, vat: t.vatTreatment as VatTreatment, category: t.category, templateId: t.id };
  }
  if (input.category) {
    const rule = CATEGORY_RULES[input.category as BankCategory];
    if (!rule.directions.includes(dir))
      throw fieldError("category", `${input.category} is not used for money ${dir === "in" ? "in" : "out"}`);
    return {
      account: rule.account(dir, entityType),
      vat: input.vat_treatment ?? rule.vat,
      category: rule.category,
      templateId: null,
    };
  }
  throw fieldError(
    "category",
    "a business transaction needs category, template_id, counterparty_template_id or account_override",
  );
}

export interface CategorizeOutcome {
  data: {
    success: true;
    transaction_id: string;
    journal_entry_created: boolean;
    journal_entry_id: string | null;
    voucher_number: string | null;
    category: string | null;
    is_ignored: boolean;
    transaction: ReturnType<typeof transactionJson>;
  };
  statements: PlannedWrite[];
  events: PlannedEvent[];
  voucher: VoucherRef | null;
}

/**
 * A booking made by a bank rule (issue #43, src/domains/bank-rules): the entry's source names
 * the rule, the counter account's line carries the rule's dimensions, the row records the rule
 * and its outcome, and the merchant's template is not counted (it remembers hand bookings).
 */
export interface RuleBooking {
  ruleId: string;
  dimensions?: Record<string, string>;
}

/** One categorization, shared by categorize, batch-categorize and the bank rules. */
export async function planCategorize(
  db: Database,
  ctx: CommandContext,
  env: Env,
  id: string,
  input: CategorizeInput,
  byRule?: RuleBooking,
): Promise<CategorizeOutcome> {
  const tx = await loadTransaction(db, ctx.companyId, id);
  assertLinkable(tx);
  if (tx.invoiceId || tx.supplierInvoiceId)
    throw new ApiError(
      "CONFLICT",
      { transaction_id: tx.id, invoice_id: tx.invoiceId, supplier_invoice_id: tx.supplierInvoiceId },
      "The transaction is matched to an invoice; its booking is the payment.",
    );
  const { companies: company } = await loadCompany(db, ctx.companyId);
  const finish = (
    patch: Partial<BankTransactionRow>,
    statements: PlannedWrite[],
    voucher: VoucherRef | null,
    created: boolean,
  ): CategorizeOutcome => {
    if (byRule) Object.assign(patch, ruleMarkPatch(ctx, byRule.ruleId, ruleOutcome(created, input.is_business), null));
    const next = { ...tx, ...patch, updatedAt: ctx.now };
    const json = transactionJson(next);
    return {
      data: {
        success: true,
        transaction_id: tx.id,
        journal_entry_created: created,
        journal_entry_id: next.journalEntryId,
        voucher_number: voucher ? `${voucher.series}${voucher.number}` : null,
        category: next.category,
        is_ignored: next.isIgnored,
        transaction: json,
      },
      statements: [
        ...statements,
        db
          .update(bankTransactions)
          .set({ ...patch, updatedAt: ctx.now })
          .where(eq(bankTransactions.id, tx.id)),
      ],
      events: [
        {
          type: "transaction.categorized",
          object: json,
          previousAttributes: {
            is_business: tx.isBusiness,
            category: tx.category,
            journal_entry_id: tx.journalEntryId,
          },
        },
      ],
      voucher,
    };
  };

  // Already booked: only the flags change (spec); the entry stays as it is.
  if (tx.journalEntryId)
    return finish(
      { isBusiness: input.is_business, ...(input.category && { category: input.category }) },
      [],
      null,
      false,
    );

  const dir = direction(tx);
  let target: Target;
  if (!input.is_business) {
    target = {
      account: privateAccount(dir, company.entityType),
      vat: "none",
      category: dir === "out" ? "owner_withdrawal" : "owner_deposit",
      templateId: null,
    };
  } else {
    target = await targetOf(db, ctx, tx, input, company.entityType);
  }
  if (target.account === tx.settlementAccount)
    throw new ApiError(
      "TX_CATEGORIZE_INVALID_ACCOUNT",
      { account_number: target.account },
      "The transaction cannot be booked against its own settlement account.",
    );
  try {
    await ctx.ledger.assertAccountsActive([{ accountNumber: target.account }]);
  } catch (err) {
    if (err instanceof ApiError && err.code === "ACCOUNTS_NOT_IN_CHART")
      throw new ApiError("TX_CATEGORIZE_INVALID_ACCOUNT", { account_number: target.account, ...(err.details ?? {}) });
    throw err;
  }
  if (input.is_business && !input.confirm_no_match) {
    const candidates = await supplierInvoiceCandidates(db, ctx.companyId, tx);
    if (candidates.length)
      throw new ApiError(
        "TX_CATEGORIZE_SUGGEST_SI_MATCH",
        { transaction_id: tx.id, candidates: candidates.slice(0, 10) },
        "The transaction looks like the payment of a supplier invoice: match it, or send confirm_no_match: true.",
      );
  }
  const period = await ctx.ledger.periodForDate(tx.date);
  if (period.lockedAt || period.isClosed) {
    if (input.is_business)
      throw new ApiError("PERIOD_LOCKED", {
        fiscal_period_id: period.id,
        date: tx.date,
        locked_at: period.lockedAt,
        is_closed: period.isClosed,
      });
    // Spec (Errors): a transaction that is not a business event is ignored instead of booked.
    if (target.account === "2013" || target.account === "2018")
      return finish(
        { isBusiness: false, category: target.category, isIgnored: true, ignoredAt: ctx.now },
        [],
        null,
        false,
      );
    throw new ApiError("TX_CATEGORIZE_PRIVATE_PERIOD_LOCKED", {
      fiscal_period_id: period.id,
      date: tx.date,
      account_number: target.account,
    });
  }
  const sek = await sekAmountOre(env, tx);
  const text = `${tx.merchantName ?? tx.description}`.slice(0, 200);
  const lines = bookingLines({
    amountSekOre: sek,
    settlementAccount: tx.settlementAccount,
    account: target.account,
    vat: target.vat,
    text,
    persons: input.persons,
  }).map((l) =>
    byRule?.dimensions && l.accountNumber === target.account ? { ...l, dimensions: byRule.dimensions } : l,
  );
  const entry = await ctx.ledger.post({
    date: tx.date,
    description: `Bank: ${text}`,
    sourceType: byRule ? "bank_rule" : "bank_transaction",
    sourceId: byRule ? byRule.ruleId : tx.id,
    lines,
  });
  const statements: PlannedWrite[] = [entry.write];
  // The merchant's booking is remembered as its counterparty template (business rows booked by hand only).
  if (input.is_business && !byRule) {
    const key = merchantKeyOf(tx);
    statements.push(
      db
        .insert(bankTemplates)
        .values({
          id: newId(),
          companyId: ctx.companyId,
          merchantKey: key,
          category: target.category,
          accountNumber: target.account,
          vatTreatment: target.vat,
          useCount: 1,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .onConflictDoUpdate({
          target: [bankTemplates.companyId, bankTemplates.merchantKey],
          set: {
            category: target.category,
            accountNumber: target.account,
            vatTreatment: target.vat,
            useCount: sql`${bankTemplates.useCount} + 1`,
            updatedAt: ctx.now,
          },
        }),
    );
  }
  return finish(
    {
      journalEntryId: entry.row.id,
      isBusiness: input.is_business,
      category: target.category,
      accountNumber: target.account,
      vatTreatment: target.vat,
      templateId: target.templateId,
      bookedAt: ctx.now,
      reconciliationMethod: tx.reconciliationMethod ?? "manual",
    },
    statements,
    entry.voucher,
    true,
  );
}

export const categorizeTransaction: Command<CategorizeInput & { id: string }> = async (db, input, ctx, env) => {
  const { id, ...body } = input;
  const out = await planCategorize(db, ctx, env, id, body);
  return {
    status: 200,
    data: out.data,
    statements: out.statements,
    events: out.events,
    audit: { action: "transaction.categorized", resourceType: "transaction", resourceId: id, voucher: out.voucher },
  };
};

/** batch-categorize: up to 100 items, each on its own (partial success). */
export const batchCategorizeTransactions: Command<{ items: unknown[] }> = async (db, input, ctx, env) => {
  const seen = new Set<string>();
  let voucher: VoucherRef | null = null;
  const bulk = await planBulk(input.items, BatchCategorizeItemSchema, async (item) => {
    // a row booked by an earlier item of this batch is still unbooked in the database
    if (seen.has(item.transaction_id))
      throw new ApiError(
        "CONFLICT",
        { transaction_id: item.transaction_id },
        "An earlier item of this batch booked this transaction.",
      );
    const out = await planCategorize(db, ctx, env, item.transaction_id, {
      is_business: item.is_business,
      category: item.category,
      account_override: item.account_number,
      vat_treatment: item.vat_treatment,
      confirm_no_match: item.confirm_no_match,
    });
    seen.add(item.transaction_id);
    voucher = out.voucher ?? voucher;
    return {
      data: {
        transaction_id: item.transaction_id,
        voucher_number: out.data.voucher_number,
        journal_entry_id: out.data.journal_entry_id,
        category: out.data.category,
      },
      statements: out.statements,
      events: out.events,
    };
  });
  return {
    status: 200,
    data: bulk.data,
    statements: bulk.statements,
    events: bulk.events,
    audit: { action: "transaction.batch_categorized", resourceType: "transaction", resourceId: null, voucher },
  };
};

/** The storno of a transaction's entry: on the entry's date if its period is open, else today. */
export async function planStorno(db: Database, ctx: CommandContext, entryId: string, text: string) {
  const { entry, lines } = await loadEntry(db, ctx.companyId, entryId);
  let date = entry.entryDate;
  let period = await ctx.ledger.periodForDate(date);
  if (period.lockedAt || period.isClosed) {
    date = ctx.now.slice(0, 10);
    period = await ctx.ledger.periodForDate(date);
  }
  return ctx.ledger.reverse(
    entry,
    lines,
    date,
    period,
    `Återföring av ${entry.voucherSeries}${entry.voucherNumber}: ${text}`,
  );
}

export const uncategorizeTransaction: Command<{ id: string }> = async (db, input, ctx) => {
  const tx = await loadTransaction(db, ctx.companyId, input.id);
  if (!tx.journalEntryId) throw new ApiError("TX_UNCATEGORIZE_NOT_BOOKED", { transaction_id: tx.id });
  if (tx.invoiceId || tx.supplierInvoiceId) {
    throw new ApiError(
      "NOT_IMPLEMENTED",
      { transaction_id: tx.id, invoice_id: tx.invoiceId, supplier_invoice_id: tx.supplierInvoiceId },
      "Reversing a payment match has no v1 operation.",
    );
  }
  const reversal = await planStorno(db, ctx, tx.journalEntryId, `bank ${tx.merchantName ?? tx.description}`);
  const patch = {
    ...UNBOOKED,
    bookedAt: null,
    reconciliationMethod: null,
    updatedAt: ctx.now,
  };
  const json = transactionJson({ ...tx, ...patch });
  return {
    status: 200,
    data: {
      success: true,
      transaction_id: tx.id,
      reversed_journal_entry_id: tx.journalEntryId,
      reversal_journal_entry_id: reversal.row.id,
      transaction: json,
    },
    statements: [reversal.write, db.update(bankTransactions).set(patch).where(eq(bankTransactions.id, tx.id))],
    events: [
      {
        type: "transaction.categorized",
        object: json,
        previousAttributes: { journal_entry_id: tx.journalEntryId, category: tx.category, is_business: tx.isBusiness },
      },
    ],
    audit: {
      action: "transaction.uncategorized",
      resourceType: "transaction",
      resourceId: tx.id,
      voucher: reversal.voucher,
    },
  };
};

/** Ignored rows need no entry; allowed in locked periods (no period is read). */
export const ignoreTransaction: Command<{ id: string }> = async (db, input, ctx) => {
  const tx = await loadTransaction(db, ctx.companyId, input.id);
  // booked: by its own entry, by a payment match, or by the entry the reconciliation linked it to
  if (tx.journalEntryId || tx.invoiceId || tx.supplierInvoiceId || tx.reconciliationLinkId)
    throw new ApiError("TX_IGNORE_ALREADY_BOOKED", {
      transaction_id: tx.id,
      journal_entry_id: tx.journalEntryId,
      reconciliation_link_id: tx.reconciliationLinkId,
    });
  const statements = tx.isIgnored
    ? []
    : [
        db
          .update(bankTransactions)
          .set({ isIgnored: true, ignoredAt: ctx.now, updatedAt: ctx.now })
          .where(eq(bankTransactions.id, tx.id)),
      ];
  return {
    status: 200,
    data: { success: true, transaction_id: tx.id, is_ignored: true, already_ignored: tx.isIgnored },
    statements,
    audit: { action: "transaction.ignored", resourceType: "transaction", resourceId: tx.id },
  };
};

export const unignoreTransaction: Command<{ id: string }> = async (db, input, ctx) => {
  const tx = await loadTransaction(db, ctx.companyId, input.id);
  const statements = tx.isIgnored
    ? [
        db
          .update(bankTransactions)
          .set({ isIgnored: false, ignoredAt: null, updatedAt: ctx.now })
          .where(eq(bankTransactions.id, tx.id)),
      ]
    : [];
  return {
    status: 200,
    data: {
      success: true,
      transaction_id: tx.id,
      is_ignored: false,
      already_ignored: false,
      was_ignored: tx.isIgnored,
    },
    statements,
    audit: { action: "transaction.unignored", resourceType: "transaction", resourceId: tx.id },
  };
};
