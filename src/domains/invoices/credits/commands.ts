// Credit notes of customer invoices (spec: POST /invoices/{id}/credit), whole or partial,
// and the sale as it stands after them (saleAfterCredits, for a payment under the cash
// method and the year-end). The chosen lines and their VAT are decided from the invoice,
// its items and the credit notes before it (creditedLines, creditFigures); the command
// then books and archives.
import { eq } from "drizzle-orm";
import type { Command, CommandContext, VoucherRef, PlannedWrite } from "../../../commands/plan";
import { invoiceItems, invoices } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { assertPeriodOpen } from "../../../ledger/engine";
import { saleInvoiced, type Sale } from "../../../ledger/posting-rules";
import { toOre } from "../../../money";
import { decimalString, lineNetOre, toSekOre, vatOre } from "../../../sweden/invoicing";
import { loadCompany } from "../../companies";
import { archiveIssuedPdf } from "../issue/archive";
import { planCreditDeduction, splitReceivable } from "../deductions/commands";
import { saleOf } from "../issue/commands";
import {
  creditNotesOf,
  invoiceItemJson,
  invoiceJson,
  itemsOfInvoice,
  loadInvoice,
  type InvoiceItemRow,
  type InvoiceRow,
} from "../queries";
import type { InvoiceCreditInput } from "../schemas";

export type Credits = Awaited<ReturnType<typeof creditNotesOf>>;

/** Net of each invoice item already credited (negative for a positive line), by item id. */
export function creditedNetByItem(credits: Credits): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of credits.items)
    if (c.creditedItemId) m.set(c.creditedItemId, (m.get(c.creditedItemId) ?? 0) + c.netOre);
  return m;
}

/**
 * The sale as it stands after partial credits: each item less what was credited of it,
 * VAT per rate less the credited VAT, the SEK total less the credited SEK. Under the
 * cash method a payment books its share of this.
 */
export function saleAfterCredits(row: InvoiceRow, items: InvoiceItemRow[], credits: Credits): Sale {
  const sale = saleOf(row, items);
  if (!credits.notes.length) return sale;
  const credited = creditedNetByItem(credits);
  const vat = new Map(sale.vat);
  for (const n of credits.notes) for (const v of n.vatBreakdown) vat.set(v.rateBp, (vat.get(v.rateBp) ?? 0) + v.vatOre);
  return {
    ...sale,
    totalOre: row.totalOre + credits.notes.reduce((s, n) => s + n.totalOre, 0),
    totalSekOre: (row.totalSekOre ?? 0) + credits.notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0),
    vat,
    items: items.map((i, k) => ({ ...sale.items[k], netOre: i.netOre + (credited.get(i.id) ?? 0) })),
  };
}

const CREDITABLE = ["sent", "paid", "overdue", "partially_paid"];

/** A credit note's line: [item, negated net, quantity, negated unit price]. */
interface CreditedLine {
  item: InvoiceItemRow;
  netOre: number;
  quantity: string;
  unitPriceOre: number;
}

/** What a credit note decides: its lines, VAT per rate and totals, and whether it completes the invoice. */
interface CreditFigures {
  chosen: CreditedLine[];
  vatBreakdown: InvoiceRow["vatBreakdown"];
  subtotalOre: number;
  vatTotal: number;
  totalOre: number;
  totalSekOre: number | null;
  fullyCredited: boolean;
  /** an item's net still to credit once this note is made */
  itemLeftAfter: (i: InvoiceItemRow) => number;
}

/**
 * A credit note, whole or partial: the chosen items (in full, a quantity or a net
 * amount of each), or everything not yet credited, dated credit_date (default today)
 * in an open period. Numbered KR-<original>, then KR-<original>-2, -3 ...
 * VAT is computed per rate on the credited amounts; the credit that completes a rate
 * (or the invoice) takes exactly what is left of its VAT and SEK, so the invoice and
 * its credits end at zero on 1510, revenue and output VAT.
 * The original: credited when nothing of it is left; else its remaining amount falls
 * by the credit, and when payments already cover the rest it is paid (a negative
 * remaining is a refund owed).
 * Accrual: Credit 1510 / Debit revenue and output VAT. Cash: the row only; what is
 * still unpaid is booked, reduced, when paid; a refund when it is paid out.
 * Rule order: INVOICE_CREDIT_ORIGINAL_NOT_FOUND > INVOICE_CREDIT_NOT_INVOICE >
 * INVOICE_CREDIT_ALREADY_CREDITED > INVOICE_CREDIT_NOT_SENT > VALIDATION_ERROR (date,
 * items, amounts) > the ledger's (PERIOD_LOCKED ...).
 */
export const creditInvoice: Command<InvoiceCreditInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id, "INVOICE_CREDIT_ORIGINAL_NOT_FOUND");
  const date = input.credit_date ?? ctx.now.slice(0, 10);
  assertCreditable(row, date);
  const items = await itemsOfInvoice(db, row.id);
  const credits = await creditNotesOf(db, ctx.companyId, row.id);
  const figures = creditFigures(row, items, credits, input.items);
  // ROT/RUT: the deduction reversed in proportion to the labour credited (creditDeduction)
  const reversal = await planCreditDeduction(db, row, figures.chosen, figures.itemLeftAfter);
  const fromDeductionOre = reversal?.fromDeductionOre ?? 0;
  const credit = creditNoteRow(row, ctx, { input, date, figures, fromDeductionOre, notesBefore: credits.notes.length });
  const noteItems: InvoiceItemRow[] = figures.chosen.map((c, k) => ({
    ...c.item,
    id: newId(),
    invoiceId: credit.id,
    sortOrder: k + 1,
    quantity: c.quantity,
    unitPriceOre: c.unitPriceOre,
    netOre: c.netOre,
    creditedItemId: c.item.id,
  }));
  const companyRead = await loadCompany(db, ctx.companyId);
  const booked = await bookCreditNote(ctx, row, credit, noteItems, {
    accrual: companyRead.companies.accountingMethod === "accrual",
    fromDeductionOre,
  });
  // the credit note is a document of its own: its PDF archived as issued, like an invoice's
  const pdf = await archiveIssuedPdf(db, ctx, credit, "credit_note", { items: noteItems, company: companyRead });
  credit.pdfDocumentId = pdf.documentId;
  const originalPatch = originalAfterCredit(row, figures, fromDeductionOre, ctx.now);
  const statements: PlannedWrite[] = [
    ...booked.statements,
    ...pdf.statements,
    db.insert(invoices).values(credit),
    ...noteItems.map((i) => db.insert(invoiceItems).values(i)),
    db.update(invoices).set(originalPatch).where(eq(invoices.id, row.id)),
    ...(reversal?.statements ?? []),
  ];
  const creditJson = { ...invoiceJson(credit), items: noteItems.map(invoiceItemJson) };
  const original = invoiceJson({ ...row, ...originalPatch });
  return {
    status: 201,
    data: { ...creditJson, original_status: original.status, original_remaining_amount: original.remaining_amount },
    statements,
    files: [pdf.file],
    events: [
      {
        type: "invoice.credited",
        object: { invoice: original, credit_note: creditJson },
        previousAttributes: { status: row.status, credited_amount: row.creditedOre / 100 },
      },
      { type: "credit_note.created", object: creditJson },
    ],
    audit: { action: "invoice.credited", resourceType: "invoice", resourceId: row.id, voucher: booked.voucher },
  };
};

/** The invoice can be credited on `date`: an invoice (not a credit note), sent, not credited in full, dated by then. */
function assertCreditable(row: InvoiceRow, date: string): void {
  if (row.isCreditNote || row.documentType !== "invoice")
    throw new ApiError("INVOICE_CREDIT_NOT_INVOICE", {
      id: row.id,
      document_type: row.documentType,
      is_credit_note: row.isCreditNote,
    });
  if (row.status === "credited") throw new ApiError("INVOICE_CREDIT_ALREADY_CREDITED", { id: row.id });
  if (!CREDITABLE.includes(row.status))
    throw new ApiError("INVOICE_CREDIT_NOT_SENT", { id: row.id, status: row.status });
  if (date < row.invoiceDate)
    throw fieldError("credit_date", `credit_date is before the invoice date ${row.invoiceDate}`);
}

/**
 * The credit note's lines: the items the caller chose (each whole, a quantity or a net
 * amount, never more than is left of it), or every item with something left to credit.
 */
function creditedLines(
  items: InvoiceItemRow[],
  left: (i: InvoiceItemRow) => number,
  chosenItems: InvoiceCreditInput["items"],
): CreditedLine[] {
  const whole = (item: InvoiceItemRow): CreditedLine =>
    left(item) === item.netOre
      ? { item, netOre: -item.netOre, quantity: item.quantity, unitPriceOre: -item.unitPriceOre }
      : { item, netOre: -left(item), quantity: "1", unitPriceOre: -left(item) };
  if (!chosenItems) return items.filter((item) => left(item) !== 0).map(whole);
  const seen = new Set<string>();
  return chosenItems.map((c, k) => {
    const item = items.find((i) => i.id === c.item_id);
    if (!item) throw fieldError(`items.${k}.item_id`, "not an item of this invoice");
    if (seen.has(item.id)) throw fieldError(`items.${k}.item_id`, "the item is named twice");
    seen.add(item.id);
    const line = chosenLine(item, c, whole);
    if (Math.abs(line.netOre) > Math.abs(left(item))) {
      throw fieldError(
        `items.${k}`,
        `more than what is left to credit of the item: ${Math.abs(left(item)) / 100} (net, without VAT)`,
      );
    }
    return line;
  });
}

/** One chosen item's line: a quantity at its unit price, a net amount (in the item's sign), or what is left of it. */
function chosenLine(
  item: InvoiceItemRow,
  c: NonNullable<InvoiceCreditInput["items"]>[number],
  whole: (item: InvoiceItemRow) => CreditedLine,
): CreditedLine {
  if (c.quantity !== undefined) {
    const quantity = decimalString(c.quantity, 3)!;
    return { item, netOre: -lineNetOre(quantity, item.unitPriceOre), quantity, unitPriceOre: -item.unitPriceOre };
  }
  if (c.amount !== undefined) {
    const sign = item.netOre < 0 ? -1 : 1;
    const ore = toOre(c.amount)! * sign;
    return { item, netOre: -ore, quantity: "1", unitPriceOre: -ore };
  }
  return whole(item);
}

/**
 * The credit note's figures: VAT per rate computed on the credited net, or exactly the
 * rest when the rate is completed; the SEK total the rest of the invoice's when it is
 * credited in full, else at the invoice's rate.
 */
function creditFigures(
  row: InvoiceRow,
  items: InvoiceItemRow[],
  credits: Credits,
  chosenItems: InvoiceCreditInput["items"],
): CreditFigures {
  const creditedNet = creditedNetByItem(credits);
  const left = (i: InvoiceItemRow) => i.netOre + (creditedNet.get(i.id) ?? 0);
  const chosen = creditedLines(items, left, chosenItems);
  if (!chosen.some((c) => c.netOre !== 0))
    throw fieldError("items", "nothing to credit: every item is already credited");
  const itemLeftAfter = (i: InvoiceItemRow) =>
    left(i) + chosen.filter((c) => c.item.id === i.id).reduce((t, c) => t + c.netOre, 0);
  const vatBreakdown = creditVatBreakdown(row, items, credits, chosen, itemLeftAfter);
  const subtotalOre = chosen.reduce((s, c) => s + c.netOre, 0);
  const vatTotal = vatBreakdown.reduce((s, v) => s + v.vatOre, 0);
  const totalOre = subtotalOre + vatTotal;
  if (totalOre >= 0) throw fieldError("items", "a credit note must reduce what the customer owes");
  const fullyCredited = items.every((i) => itemLeftAfter(i) === 0);
  const rate = row.exchangeRate ?? "1";
  const creditedSekBefore = credits.notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0);
  const totalSekOre =
    row.totalSekOre === null ? null : fullyCredited ? -(row.totalSekOre + creditedSekBefore) : toSekOre(totalOre, rate);
  return { chosen, vatBreakdown, subtotalOre, vatTotal, totalOre, totalSekOre, fullyCredited, itemLeftAfter };
}

/** VAT per rate of the credit note, highest rate first: on the credited net, or the rest of the rate's VAT when it is completed. */
function creditVatBreakdown(
  row: InvoiceRow,
  items: InvoiceItemRow[],
  credits: Credits,
  chosen: CreditedLine[],
  itemLeftAfter: (i: InvoiceItemRow) => number,
): InvoiceRow["vatBreakdown"] {
  const netByRate = new Map<number, number>();
  for (const c of chosen) netByRate.set(c.item.vatRateBp, (netByRate.get(c.item.vatRateBp) ?? 0) + c.netOre);
  const creditedVat = new Map<number, number>();
  for (const n of credits.notes)
    for (const v of n.vatBreakdown) creditedVat.set(v.rateBp, (creditedVat.get(v.rateBp) ?? 0) + v.vatOre);
  const leftAfter = (rateBp: number) =>
    items.filter((i) => i.vatRateBp === rateBp).reduce((s, i) => s + itemLeftAfter(i), 0);
  return [...netByRate]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, netOre]) => {
      const original = row.vatBreakdown.find((v) => v.rateBp === rateBp)?.vatOre ?? 0;
      const vat = leftAfter(rateBp) === 0 ? -(original + (creditedVat.get(rateBp) ?? 0)) : vatOre(netOre, rateBp);
      return { rateBp, netOre, vatOre: vat };
    });
}

/** The credit note's row: the original's, numbered KR-<original>(-n), with the credited figures. */
function creditNoteRow(
  row: InvoiceRow,
  ctx: CommandContext,
  on: {
    input: InvoiceCreditInput;
    date: string;
    figures: CreditFigures;
    fromDeductionOre: number;
    notesBefore: number;
  },
): InvoiceRow {
  const { input, date, figures: f, fromDeductionOre, notesBefore: n } = on;
  return {
    ...row,
    id: newId(),
    invoiceNumber: n === 0 ? `KR-${row.invoiceNumber}` : `KR-${row.invoiceNumber}-${n + 1}`,
    numberSeries: null,
    numberSeq: null,
    status: "sent",
    isCreditNote: true,
    creditedInvoiceId: row.id,
    creditReason: input.reason,
    invoiceDate: date,
    dueDate: date,
    subtotalOre: f.subtotalOre,
    vatOre: f.vatTotal,
    totalOre: f.totalOre,
    totalSekOre: f.totalSekOre,
    paidOre: 0,
    // applied in full to the original: nothing of the credit note remains open
    creditedOre: f.totalOre,
    vatBreakdown: f.vatBreakdown,
    isSelfBilled: false,
    externalInvoiceNumber: null,
    receivedDate: null,
    ocrNumber: null,
    deductionOre: -fromDeductionOre,
    journalEntryId: null,
    pdfDocumentId: null,
    sentAt: ctx.now,
    paidAt: null,
    cancelledAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

/**
 * Under accrual the credit note's own sale, negative: Credit 1510 / Debit revenue and
 * output VAT (ROT/RUT: Credit 1513 the reversed deduction, Credit 1510 the rest). Under
 * the cash method no entry, but the date must still be in an open period.
 */
async function bookCreditNote(
  ctx: CommandContext,
  row: InvoiceRow,
  credit: InvoiceRow,
  noteItems: InvoiceItemRow[],
  how: { accrual: boolean; fromDeductionOre: number },
): Promise<{ statements: PlannedWrite[]; voucher: VoucherRef | null }> {
  if (!how.accrual) {
    assertPeriodOpen(await ctx.ledger.periodForDate(credit.invoiceDate));
    return { statements: [], voucher: null };
  }
  const lines = splitReceivable(
    saleInvoiced({ ...saleOf(credit, noteItems), totalSekOre: credit.totalSekOre ?? undefined }),
    -how.fromDeductionOre,
    credit.invoiceNumber ?? "",
  );
  const entry = await ctx.ledger.post({
    date: credit.invoiceDate,
    description: `Kreditfaktura ${credit.invoiceNumber} ${row.customerName}`,
    sourceType: "invoice_credited",
    sourceId: credit.id,
    lines,
  });
  credit.journalEntryId = entry.row.id;
  return { statements: [entry.write], voucher: entry.voucher };
}

/** The original after the credit: credited in full, paid when payments cover the rest, else as it was. */
function originalAfterCredit(row: InvoiceRow, figures: CreditFigures, fromDeductionOre: number, now: string) {
  const creditedOre = row.creditedOre - figures.totalOre;
  const deductionOre = row.deductionOre - fromDeductionOre;
  const remaining = row.totalOre - row.paidOre - creditedOre - deductionOre;
  const status: InvoiceRow["status"] = figures.fullyCredited ? "credited" : remaining <= 0 ? "paid" : row.status;
  return {
    status,
    creditedOre,
    deductionOre,
    paidAt: status === "paid" ? (row.paidAt ?? now) : row.paidAt,
    updatedAt: now,
  };
}
