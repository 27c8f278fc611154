// Crediting a supplier invoice (the supplier's credit note, registered against it):
// whole or in part, on the date the caller gives. A partial credit names items of the
// invoice, each credited in what is left of it or by a net amount; the VAT credited is
// the item's VAT in proportion, and the credit that completes an item takes exactly
// what is left of its VAT (and the credit that completes the invoice what is left of
// its SEK total), so the invoice and its credit notes end at zero on 2440, the expense
// accounts and input VAT.
import Big from "big.js";
import { eq } from "drizzle-orm";
import type { Command, CommandContext, VoucherRef, PlannedWrite } from "../../../commands/plan";
import { supplierInvoiceItems, supplierInvoices } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { mirrored, purchaseRegistered } from "../../../ledger/posting-rules";
import { toSekOre } from "../../../sweden/invoicing";
import { loadCompany } from "../../companies";
import {
  creditNotesOfSupplierInvoice,
  itemsOfSupplierInvoice,
  loadSupplierInvoice,
  supplierInvoiceItemJson,
  supplierInvoiceJson,
  type SupplierInvoiceItemRow,
  type SupplierInvoiceRow,
} from "../queries";
import type { SupplierInvoiceCreditInput } from "../schemas";
import { nextArrivalNumber, purchaseOf } from "../registration/commands";

/** One item's part of the credit: net and VAT as positive amounts taken off the item. */
interface CreditedPart {
  item: SupplierInvoiceItemRow;
  amountOre: number;
  vatOre: number;
}

/** What is left of each item (net, VAT) after the earlier credit notes, by item id. */
export function leftOfItems(items: SupplierInvoiceItemRow[], credited: SupplierInvoiceItemRow[]) {
  const left = new Map(items.map((i) => [i.id, { amountOre: i.amountOre, vatOre: i.vatOre }]));
  for (const c of credited) {
    const l = c.creditedItemId ? left.get(c.creditedItemId) : undefined;
    if (l) {
      l.amountOre += c.amountOre;
      l.vatOre += c.vatOre;
    }
  }
  return left;
}

/**
 * The VAT of a net part of an item: the supplier's VAT on the item in proportion
 * (rounded half up, in big.js), or exactly what is left when the part completes the item.
 */
function vatOfPart(item: SupplierInvoiceItemRow, left: { amountOre: number; vatOre: number }, amountOre: number) {
  if (amountOre === left.amountOre) return left.vatOre;
  return Number(new Big(item.vatOre).times(amountOre).div(item.amountOre).round(0, Big.roundHalfUp).toFixed(0));
}

/** The parts the caller chose, or everything not yet credited; VALIDATION_ERROR names a bad item. */
function chosenParts(
  input: SupplierInvoiceCreditInput,
  items: SupplierInvoiceItemRow[],
  left: Map<string, { amountOre: number; vatOre: number }>,
): CreditedPart[] {
  const whole = (item: SupplierInvoiceItemRow): CreditedPart => ({ item, ...left.get(item.id)! });
  if (!input.items) return items.map(whole).filter((p) => p.amountOre !== 0 || p.vatOre !== 0);
  const seen = new Set<string>();
  return input.items.map((c, k) => {
    const item = items.find((i) => i.id === c.item_id);
    if (!item) throw fieldError(`items.${k}.item_id`, "not an item of this supplier invoice");
    if (seen.has(item.id)) throw fieldError(`items.${k}.item_id`, "the item is named twice");
    seen.add(item.id);
    const l = left.get(item.id)!;
    if (c.amount === undefined) return whole(item);
    // a discount line (negative) is credited by a negative part of the same size
    const amountOre = toOre(c.amount)! * (item.amountOre < 0 ? -1 : 1);
    if (Math.abs(amountOre) > Math.abs(l.amountOre))
      throw fieldError(
        `items.${k}.amount`,
        `more than what is left to credit of the item: ${Math.abs(l.amountOre) / 100}`,
      );
    return { item, amountOre, vatOre: vatOfPart(item, l, amountOre) };
  });
}

/**
 * A credit note for the chosen items or everything not yet credited, dated credit_date
 * (default today) in an open period. Accrual: the credited part of the registration
 * mirrored (Debit 2440 / Credit expense and 2641, and the reverse charge and SLP lines
 * it carries). Cash: no entry, as nothing was booked before payment; a partial credit is
 * not built under the cash method (VALIDATION_ERROR): credit the whole invoice.
 * The original: credited when nothing is left; else its credited amount grows, and it is
 * paid when its payments cover the rest.
 * Rule order: NOT_FOUND > VALIDATION_ERROR (a credit note) > SI_CREDIT_ALREADY_CREDITED >
 * VALIDATION_ERROR (credit_date before the invoice date; items; amounts; cash method) >
 * SI_CREDIT_PERIOD_LOCKED (no open period covers credit_date, or it is up to the lock date).
 */
export const creditSupplierInvoice: Command<SupplierInvoiceCreditInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  const date = input.credit_date ?? ctx.now.slice(0, 10);
  assertCreditable(row, date);
  const items = await itemsOfSupplierInvoice(db, row.id);
  const earlier = await creditNotesOfSupplierInvoice(db, ctx.companyId, row.id);
  const left = leftOfItems(items, earlier.items);
  const parts = chosenParts(input, items, left);
  const fully = completesInvoice(items, left, parts);
  const { companies: company } = await loadCompany(db, ctx.companyId);
  if (!fully && company.accountingMethod === "cash")
    throw fieldError(
      "items",
      "under the cash method a supplier invoice is credited whole (partial credits are built for the accrual method)",
    );
  const { subtotalOre, vatTotal, totalOre } = creditTotals(parts);
  const earlierSek = -earlier.notes.reduce((s, n) => s + n.totalSekOre, 0);
  const totalSekOre = fully ? row.totalSekOre - earlierSek : toSekOre(totalOre, row.exchangeRate);
  const period = await ctx.ledger.periodForDate(date).catch(() => null);
  if (!period || period.lockedAt || period.isClosed)
    throw new ApiError("SI_CREDIT_PERIOD_LOCKED", { date, fiscal_period_id: period?.id ?? null });

  const creditId = newId();
  const arrivalNumber = await nextArrivalNumber(db, ctx.companyId);
  const credit = creditNoteRow(row, ctx.now, {
    creditId,
    arrivalNumber,
    date,
    reason: input.reason,
    subtotalOre,
    vatTotal,
    totalOre,
    totalSekOre,
  });
  const noteItems = noteItemsOf(parts, creditId);
  const booked =
    company.accountingMethod === "accrual"
      ? await bookCredit(ctx, row, credit, parts, {
          vatRegistered: company.vatRegistered,
          periodId: period.id,
          totalOre,
          totalSekOre,
        })
      : { statements: [], voucher: null };
  const originalPatch = originalAfterCredit(row, totalOre, fully, ctx.now);
  const statements: PlannedWrite[] = [
    ...booked.statements,
    db.insert(supplierInvoices).values(credit),
    ...noteItems.map((i) => db.insert(supplierInvoiceItems).values(i)),
    db.update(supplierInvoices).set(originalPatch).where(eq(supplierInvoices.id, row.id)),
  ];
  const original = supplierInvoiceJson({ ...row, ...originalPatch });
  const creditJson = { ...supplierInvoiceJson(credit), items: noteItems.map(supplierInvoiceItemJson) };
  return {
    status: 201,
    data: {
      credit_note_id: creditId,
      original_id: row.id,
      arrival_number: credit.arrivalNumber,
      supplier_invoice_number: credit.supplierInvoiceNumber,
      registration_journal_entry_id: credit.registrationJournalEntryId,
      credit_date: date,
      total: -totalOre / 100,
      total_sek: -totalSekOre / 100,
      credit_note: creditJson,
      original,
    },
    statements,
    events: [
      {
        type: "supplier_invoice.credited",
        object: { original, credit_note: creditJson },
        previousAttributes: { status: row.status, credited_amount: row.creditedOre / 100 },
      },
    ],
    audit: {
      action: "supplier_invoice.credited",
      resourceType: "supplier_invoice",
      resourceId: row.id,
      voucher: booked.voucher,
    },
  };
};

/** The credit note's row: the original's, credited in full at once, with the credited figures negative. */
function creditNoteRow(
  row: SupplierInvoiceRow,
  now: string,
  f: {
    creditId: string;
    arrivalNumber: number;
    date: string;
    reason: string | undefined;
    subtotalOre: number;
    vatTotal: number;
    totalOre: number;
    totalSekOre: number;
  },
): SupplierInvoiceRow {
  return {
    ...row,
    id: f.creditId,
    arrivalNumber: f.arrivalNumber,
    status: "credited",
    disputeReason: null,
    isCreditNote: true,
    creditedInvoiceId: row.id,
    invoiceDate: f.date,
    dueDate: f.date,
    subtotalOre: -f.subtotalOre,
    vatOre: -f.vatTotal,
    totalOre: -f.totalOre,
    totalSekOre: -f.totalSekOre,
    paidOre: 0,
    // applied in full to the original: nothing of the credit note remains open
    creditedOre: -f.totalOre,
    notes: f.reason ?? row.notes,
    registrationJournalEntryId: null,
    paymentJournalEntryId: null,
    approvedAt: null,
    approvalStatus: "not_required",
    approvalPlan: null,
    approvalRound: 1,
    paidAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The credit note's items: each part negative, naming the item it credits. */
function noteItemsOf(parts: CreditedPart[], creditId: string): SupplierInvoiceItemRow[] {
  return parts.map((p, k) => ({
    ...p.item,
    id: newId(),
    supplierInvoiceId: creditId,
    sortOrder: k + 1,
    amountOre: -p.amountOre,
    vatOre: -p.vatOre,
    creditedItemId: p.item.id,
  }));
}

/** An invoice (not a credit note), not credited in full, credited on or after its date. */
function assertCreditable(row: SupplierInvoiceRow, date: string): void {
  if (row.isCreditNote) throw fieldError("id", "a credit note cannot itself be credited");
  if (row.status === "credited") throw new ApiError("SI_CREDIT_ALREADY_CREDITED", { id: row.id });
  if (date < row.invoiceDate)
    throw fieldError("credit_date", `credit_date is before the invoice date ${row.invoiceDate}`);
}

/** The parts take all that is left of every item (net and VAT): the credit completes the invoice. */
function completesInvoice(
  items: SupplierInvoiceItemRow[],
  left: Map<string, { amountOre: number; vatOre: number }>,
  parts: CreditedPart[],
): boolean {
  return items.every((i) => {
    const l = left.get(i.id)!;
    const p = parts.find((x) => x.item.id === i.id);
    return l.amountOre === (p?.amountOre ?? 0) && l.vatOre === (p?.vatOre ?? 0);
  });
}

/** The credit's net, VAT and total (positive amounts taken off); VALIDATION_ERROR unless it reduces what is owed. */
function creditTotals(parts: CreditedPart[]) {
  const subtotalOre = parts.reduce((s, p) => s + p.amountOre, 0);
  const vatTotal = parts.reduce((s, p) => s + p.vatOre, 0);
  const totalOre = subtotalOre + vatTotal;
  if (totalOre <= 0) throw fieldError("items", "a credit note must reduce what is owed to the supplier");
  return { subtotalOre, vatTotal, totalOre };
}

/**
 * Accrual: the credited part as a purchase of its own, registered and mirrored; a date up
 * to the period's lock date is SI_CREDIT_PERIOD_LOCKED.
 */
async function bookCredit(
  ctx: CommandContext,
  row: SupplierInvoiceRow,
  credit: SupplierInvoiceRow,
  parts: CreditedPart[],
  on: { vatRegistered: boolean; periodId: string; totalOre: number; totalSekOre: number },
): Promise<{ statements: PlannedWrite[]; voucher: VoucherRef | null }> {
  const date = credit.invoiceDate;
  const text = `Kreditering av leverantörsfaktura ${row.supplierName} ${row.supplierInvoiceNumber} (ank.nr ${row.arrivalNumber})`;
  const creditedPurchase = purchaseOf(
    { ...row, totalOre: on.totalOre },
    parts.map((p) => ({ ...p.item, amountOre: p.amountOre, vatOre: p.vatOre })),
    on.vatRegistered,
  );
  const entry = await ctx.ledger
    .post({
      date,
      description: text,
      sourceType: "supplier_invoice_credited",
      sourceId: credit.id,
      lines: mirrored(purchaseRegistered({ ...creditedPurchase, totalSekOre: on.totalSekOre }), text),
    })
    .catch((err) => {
      // a date up to the period's lock date
      throw err instanceof ApiError && err.code === "PERIOD_LOCKED"
        ? new ApiError("SI_CREDIT_PERIOD_LOCKED", { date, fiscal_period_id: on.periodId, ...err.details })
        : err;
    });
  credit.registrationJournalEntryId = entry.row.id;
  return { statements: [entry.write], voucher: entry.voucher };
}

/** The original after the credit: credited when nothing is left, paid when its payments cover the rest. */
function originalAfterCredit(row: SupplierInvoiceRow, totalOre: number, fully: boolean, now: string) {
  const creditedOre = row.creditedOre + totalOre;
  const status: SupplierInvoiceRow["status"] = fully
    ? "credited"
    : row.totalOre - row.paidOre - creditedOre <= 0
      ? "paid"
      : row.status;
  return {
    status,
    creditedOre,
    paidAt: status === "paid" ? (row.paidAt ?? now) : row.paidAt,
    updatedAt: now,
  };
}
