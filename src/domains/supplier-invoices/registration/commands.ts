// Supplier invoices (spec: Supplier invoice; Supplier invoices endpoints). Under the
// accrual method (faktureringsmetoden) registration posts expense and input VAT
// against 2440 and a payment clears 2440; under the cash method (kontantmetoden)
// nothing is posted until the payment, which then books expense and VAT at once.
//
// Rule order of create (the precedence of its codes): VALIDATION_ERROR (body) >
// SUPPLIER_NOT_FOUND > VALIDATION_ERROR (no account) > SI_CREATE_SLP_INVALID_ACCOUNT >
// SI_CREATE_DUPLICATE_INVOICE_NUMBER > ENTRY_DATE_OUTSIDE_FISCAL_PERIOD > PERIOD_LOCKED >
// SI_FX_RATE_MISSING > ACCOUNTS_NOT_IN_CHART > DIMENSION_VALIDATION_FAILED.
import { and, eq, max, sql } from "drizzle-orm";
import type { Command, CommandContext, Plan } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { supplierInvoiceItems, supplierInvoices } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { assertPeriodOpen } from "../../../ledger/engine";
import { toOre } from "../../../money";
import { purchaseRegistered, type Purchase } from "../../../ledger/posting-rules";
import { addDays } from "../../../sweden/fiscal-year";
import { isSlpAccount, toSekOre, vatOre } from "../../../sweden/invoicing";
import { vatRateToBp } from "../../../sweden/vat";
import { boxOf } from "../../../sweden/vat-declaration";
import {
  locationOf,
  purchaseBox,
  purchaseTreatment,
  reverseCharge,
  type PurchaseTreatment,
} from "../../../sweden/vat-treatment";
import { loadCompany } from "../../companies";
import { sekRate } from "../../currency";
import { loadSupplier } from "../../suppliers";
import {
  loadSupplierInvoice,
  supplierInvoiceByNumber,
  supplierInvoiceJson,
  type SupplierInvoiceItemRow,
  type SupplierInvoiceRow,
} from "../queries";
import type { SupplierInvoiceCreateInput, SupplierInvoicePatchInput } from "../schemas";
import { attestFor, invoiceWithApprovals } from "../attest/commands";

/** `vatDeductible`: the company is VAT registered, so reverse-charged VAT is reclaimed as input VAT (box 48). */
export function purchaseOf(row: SupplierInvoiceRow, items: SupplierInvoiceItemRow[], vatDeductible: boolean): Purchase {
  return {
    totalOre: row.totalOre,
    rate: row.exchangeRate,
    text: `Leverantörsfaktura ${row.supplierName} ${row.supplierInvoiceNumber} (ank.nr ${row.arrivalNumber})`,
    items: items.map((i) => {
      const rc = reverseCharge(i.vatTreatment as PurchaseTreatment, i.supplyType, i.vatRateBp);
      return {
        amountOre: i.amountOre,
        vatOre: i.vatOre,
        accountNumber: i.accountNumber,
        applySlp: i.applySlp,
        description: i.description,
        dimensions: i.dimensions,
        reverseCharge: rc && {
          rateBp: i.vatRateBp,
          outputVatAccount: rc.outputVatAccount,
          inputVatAccount: rc.inputVatAccount,
          deductible: vatDeductible,
        },
      };
    }),
  };
}

export async function nextArrivalNumber(db: Database, companyId: string): Promise<number> {
  // Decided by the company's single writer; the unique index refuses a second one.
  const [row] = await db
    .select({ n: max(supplierInvoices.arrivalNumber) })
    .from(supplierInvoices)
    .where(eq(supplierInvoices.companyId, companyId))
    .all();
  return (row?.n ?? 0) + 1;
}

export async function accountingMethod(db: Database, companyId: string) {
  return (await loadCompany(db, companyId)).companies.accountingMethod;
}

export async function vatRegistered(db: Database, companyId: string) {
  return (await loadCompany(db, companyId)).companies.vatRegistered;
}

/**
 * The rate a supplier invoice is booked at, as a decimal string: 1 for SEK (any other given rate
 * refused), the given rate (ExchangeRateSchema's canonical string), else the Riksbank's of the date.
 */
async function exchangeRateFor(env: Env, currency: string, given: string | undefined, date: string): Promise<string> {
  if (currency === "SEK") {
    if (given !== undefined && given !== "1")
      throw fieldError("exchange_rate", "an invoice in SEK has exchange_rate 1");
    return "1";
  }
  if (given !== undefined) return given;
  const fetched = await sekRate(env, currency, date);
  if (!fetched)
    throw new ApiError(
      "SI_FX_RATE_MISSING",
      { currency, date },
      `No central-bank rate for ${currency} on ${date}; send exchange_rate.`,
    );
  return fetched.rate;
}

export const createSupplierInvoice: Command<SupplierInvoiceCreateInput> = async (db, input, ctx, env) => {
  const supplier = await loadSupplier(db, ctx.companyId, input.supplier_id);
  if (supplier.archivedAt)
    throw new ApiError(
      "SUPPLIER_NOT_FOUND",
      { id: supplier.id, archived_at: supplier.archivedAt },
      "The supplier is archived.",
    );
  return planSupplierInvoice(db, input, ctx, env, supplier);
};

/**
 * The create command's plan for a supplier already in hand: the Peppol import hands in a
 * supplier it creates in the same batch (?create_supplier=true), which no query could load yet.
 */
export async function planSupplierInvoice(
  db: Database,
  input: SupplierInvoiceCreateInput,
  ctx: CommandContext,
  env: Env,
  supplier: Supplier,
): Promise<Plan> {
  const id = newId();
  const location = locationOf({
    type: supplier.supplierType,
    country: supplier.country,
    vatNumber: supplier.vatNumber,
  });
  const items = input.items.map((it, i) => itemRowOf(it, i, { id, ctx, input, supplier, location }));
  const subtotalOre = items.reduce((s, i) => s + i.amountOre, 0);
  const vatTotal = items.reduce((s, i) => s + i.vatOre, 0);
  const totalOre = subtotalOre + vatTotal;
  if (totalOre <= 0)
    throw fieldError(
      "items",
      "the invoice total must be above zero; a supplier's credit note is registered by crediting its invoice",
    );

  const duplicate = await supplierInvoiceByNumber(db, ctx.companyId, supplier.id, input.supplier_invoice_number);
  if (duplicate)
    throw new ApiError("SI_CREATE_DUPLICATE_INVOICE_NUMBER", {
      supplier_id: supplier.id,
      supplier_invoice_number: input.supplier_invoice_number,
      existing_id: duplicate.id,
    });

  const ledger = ctx.ledger;
  assertPeriodOpen(await ledger.periodForDate(input.invoice_date));
  const currency = input.currency ?? supplier.defaultCurrency;
  const rate = await exchangeRateFor(env, currency, input.exchange_rate, input.invoice_date);

  const arrivalNumber = await nextArrivalNumber(db, ctx.companyId);
  const row = newInvoiceRow(id, input, ctx, supplier, {
    arrivalNumber,
    currency,
    rate,
    subtotalOre,
    vatTotal,
    totalOre,
  });
  // the attest rule that matches it, if any, decides whose approval it waits for (docs/approvals.md)
  Object.assign(
    row,
    await attestFor(db, ctx.companyId, {
      totalSekOre: row.totalSekOre,
      supplierId: row.supplierId,
      items: items.map((i) => ({ accountNumber: i.accountNumber, dimensions: i.dimensions })),
    }),
  );
  const purchase = purchaseOf(row, items, await vatRegistered(db, ctx.companyId));
  const lines = purchaseRegistered(purchase);
  // Checked under both methods, so a cash-method invoice cannot fail later at payment.
  await ledger.assertAccountsActive(lines);
  await ledger.assertDimensionsUsable(items.map((i) => i.dimensions));

  const statements = [];
  let voucher = null;
  if ((await accountingMethod(db, ctx.companyId)) === "accrual") {
    const entry = await ledger.post({
      date: row.invoiceDate,
      description: purchase.text,
      sourceType: "supplier_invoice_registered",
      sourceId: id,
      lines,
    });
    row.registrationJournalEntryId = entry.row.id;
    statements.push(entry.write);
    voucher = entry.voucher;
  }
  statements.push(
    db.insert(supplierInvoices).values(row),
    ...items.map((i) => db.insert(supplierInvoiceItems).values(i)),
  );
  const data = invoiceWithApprovals(row, []);
  return {
    status: 201,
    data,
    statements,
    events: [{ type: "supplier_invoice.registered", object: data }],
    audit: { action: "supplier_invoice.registered", resourceType: "supplier_invoice", resourceId: id, voucher },
  };
}

type Supplier = Awaited<ReturnType<typeof loadSupplier>>;

/**
 * An item of a new supplier invoice: its account (given, the supplier's default, or under
 * reverse charge the purchase account of its box), its VAT treatment and amount.
 */
function itemRowOf(
  it: SupplierInvoiceCreateInput["items"][number],
  i: number,
  on: {
    id: string;
    ctx: CommandContext;
    input: SupplierInvoiceCreateInput;
    supplier: Supplier;
    location: ReturnType<typeof locationOf>;
  },
): SupplierInvoiceItemRow {
  const { id, ctx, input, supplier, location } = on;
  const given = it.account_number ?? supplier.defaultExpenseAccount;
  if (!given)
    throw fieldError(
      `items.${i}.account_number`,
      "account_number is required: the supplier has no default_expense_account",
    );
  const { rateBp, supplyType, treatment, rc } = itemTreatment(it, i, location);
  // A reverse-charged line is booked on the purchase account that feeds its box (20-24), unless the caller named one of that box.
  const account = rc && boxOf(given)?.box !== purchaseBox(rc) ? rc.purchaseAccount : given;
  if (it.apply_slp && !isSlpAccount(account))
    throw new ApiError(
      "SI_CREATE_SLP_INVALID_ACCOUNT",
      { item: i, account_number: account },
      "apply_slp is only allowed on pension accounts 7410-7419.",
    );
  const amountOre = toOre(it.amount)!;
  const dims = { ...(input.default_dimensions ?? {}), ...(it.dimensions ?? {}) };
  return {
    id: newId(),
    companyId: ctx.companyId,
    supplierInvoiceId: id,
    sortOrder: i + 1,
    description: it.description ?? null,
    amountOre,
    accountNumber: account,
    vatRateBp: rateBp,
    vatOre: itemVatOre(it, rc !== null, amountOre, rateBp),
    applySlp: it.apply_slp,
    dimensions: Object.keys(dims).length ? dims : null,
    supplyType,
    vatTreatment: treatment,
    creditedItemId: null,
  };
}

/**
 * An item's VAT treatment, from the supplier's location and the supply, with reverse charge
 * refused for a supplier abroad and VAT charged on a reverse-charged line refused.
 */
function itemTreatment(
  it: SupplierInvoiceCreateInput["items"][number],
  i: number,
  location: ReturnType<typeof locationOf>,
) {
  const rateBp = vatRateToBp(it.vat_rate)!;
  if (it.reverse_charge && location !== "domestic")
    throw fieldError(
      `items.${i}.reverse_charge`,
      "reverse_charge is for a Swedish supplier's line (construction services and the like); a " +
        "purchase from abroad is reverse-charged by the supplier's country",
    );
  const supplyType = it.supply_type ?? "services";
  const treatment = purchaseTreatment(location, supplyType, it.reverse_charge);
  const rc = reverseCharge(treatment, supplyType, rateBp);
  if (rc && it.vat_amount !== undefined && it.vat_amount !== 0) {
    throw fieldError(
      `items.${i}.vat_amount`,
      "under reverse charge the supplier charges no VAT: the buyer books it (vat_rate is the Swedish rate that applies)",
    );
  }
  return { rateBp, supplyType, treatment, rc };
}

/** The VAT the supplier charges on an item: none under reverse charge, else as given or at its rate. */
function itemVatOre(
  it: SupplierInvoiceCreateInput["items"][number],
  reverseCharged: boolean,
  amountOre: number,
  rateBp: number,
): number {
  if (reverseCharged) return 0;
  return it.vat_amount !== undefined ? toOre(it.vat_amount)! : vatOre(amountOre, rateBp);
}

/** The new invoice's row, registered, with the figures decided for it. */
function newInvoiceRow(
  id: string,
  input: SupplierInvoiceCreateInput,
  ctx: CommandContext,
  supplier: Supplier,
  f: { arrivalNumber: number; currency: string; rate: string; subtotalOre: number; vatTotal: number; totalOre: number },
): SupplierInvoiceRow {
  return {
    id,
    companyId: ctx.companyId,
    supplierId: supplier.id,
    supplierName: supplier.name,
    arrivalNumber: f.arrivalNumber,
    supplierInvoiceNumber: input.supplier_invoice_number,
    status: "registered",
    disputeReason: null,
    isCreditNote: false,
    creditedInvoiceId: null,
    invoiceDate: input.invoice_date,
    dueDate: input.due_date ?? addDays(input.invoice_date, supplier.defaultPaymentTerms),
    currency: f.currency,
    exchangeRate: f.rate,
    subtotalOre: f.subtotalOre,
    vatOre: f.vatTotal,
    totalOre: f.totalOre,
    totalSekOre: toSekOre(f.totalOre, f.rate),
    paidOre: 0,
    creditedOre: 0,
    defaultDimensions:
      input.default_dimensions && Object.keys(input.default_dimensions).length ? input.default_dimensions : null,
    paymentReference: input.payment_reference ?? null,
    notes: input.notes ?? null,
    registrationJournalEntryId: null,
    paymentJournalEntryId: null,
    approvedAt: null,
    paidAt: null,
    creditReversedAt: null,
    creditReversalDate: null,
    creditReversalJournalEntryId: null,
    approvalStatus: "not_required",
    approvalPlan: null,
    approvalRound: 1,
    registeredBy: ctx.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

const EDITABLE = ["registered", "approved", "overdue", "disputed"];

/** Metadata of an unpaid invoice. Amounts and accounts are changed by crediting and registering anew. */
export const updateSupplierInvoice: Command<SupplierInvoicePatchInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  if (row.isCreditNote || !EDITABLE.includes(row.status) || row.paidOre !== 0) {
    throw new ApiError(
      "CONFLICT",
      { status: row.status, paid_amount: row.paidOre / 100 },
      "Only an unpaid supplier invoice that is not credited can be updated.",
    );
  }
  if (input.supplier_invoice_number !== undefined && input.supplier_invoice_number !== row.supplierInvoiceNumber) {
    const taken = await supplierInvoiceByNumber(db, ctx.companyId, row.supplierId, input.supplier_invoice_number);
    if (taken)
      throw new ApiError("SI_CREATE_DUPLICATE_INVOICE_NUMBER", {
        supplier_invoice_number: input.supplier_invoice_number,
        existing_id: taken.id,
      });
  }
  const dueDate = input.due_date ?? row.dueDate;
  if (dueDate < row.invoiceDate) throw fieldError("due_date", "due_date is before invoice_date");
  const status = statusForDueDate(row, dueDate, ctx.now.slice(0, 10));
  const patch = {
    status,
    dueDate,
    ...(input.supplier_invoice_number !== undefined && { supplierInvoiceNumber: input.supplier_invoice_number }),
    ...(input.payment_reference !== undefined && { paymentReference: input.payment_reference }),
    ...(input.notes !== undefined && { notes: input.notes }),
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: supplierInvoiceJson({ ...row, ...patch }),
    statements: [db.update(supplierInvoices).set(patch).where(eq(supplierInvoices.id, row.id))],
    audit: { action: "supplier_invoice.updated", resourceType: "supplier_invoice", resourceId: row.id },
  };
};

/** An unpaid invoice's status after its due date is set: a disputed one stays disputed. */
function statusForDueDate(row: SupplierInvoiceRow, dueDate: string, today: string): SupplierInvoiceRow["status"] {
  if (row.status === "disputed") return row.status;
  const unpaidStatus = row.approvedAt ? "approved" : "registered";
  return dueDate < today ? "overdue" : unpaidStatus;
}

/** Marks an unpaid invoice as disputed: it stays owed (supplier ledger) but cannot be paid until resolved. */
export const disputeSupplierInvoice: Command<{ id: string; reason: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  if (row.isCreditNote || !["registered", "approved", "overdue", "partially_paid"].includes(row.status)) {
    throw new ApiError("CONFLICT", { status: row.status }, "Only an open supplier invoice can be disputed.");
  }
  const patch = { status: "disputed" as const, disputeReason: input.reason, updatedAt: ctx.now };
  return {
    status: 200,
    data: supplierInvoiceJson({ ...row, ...patch }),
    statements: [db.update(supplierInvoices).set(patch).where(eq(supplierInvoices.id, row.id))],
    audit: { action: "supplier_invoice.disputed", resourceType: "supplier_invoice", resourceId: row.id },
  };
};

export const resolveSupplierInvoiceDispute: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  if (row.status !== "disputed") throw new ApiError("CONFLICT", { status: row.status }, "The invoice is not disputed.");
  const unpaid = row.paidOre > 0 ? "partially_paid" : row.approvedAt ? "approved" : "registered";
  const status = row.dueDate < ctx.now.slice(0, 10) ? "overdue" : unpaid;
  const patch = { status, disputeReason: null, updatedAt: ctx.now } as const;
  return {
    status: 200,
    data: supplierInvoiceJson({ ...row, ...patch }),
    statements: [
      db
        .update(supplierInvoices)
        .set(patch)
        .where(and(eq(supplierInvoices.id, row.id), sql`status = 'disputed'`)),
    ],
    audit: { action: "supplier_invoice.dispute_resolved", resourceType: "supplier_invoice", resourceId: row.id },
  };
};
