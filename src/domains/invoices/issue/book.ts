// Booking a sent invoice afterwards (spec: "the endpoint that books a sent invoice
// afterwards", its INVOICE_BOOK_* errors). Issuing under the accrual method books the sale
// in the same write, so an issued accrual invoice is always booked; the one invoice that
// is sent and not booked is one issued under the cash method (nothing booked at issue)
// by a company that has since moved to the accrual method (faktureringsmetoden, e.g. on
// passing the cash method's 3 MSEK limit, BFNAR 2006:1): its open invoices must come onto
// the books as receivables. This route books the sale exactly as issuing would have:
// Debit 1510 (and 1513 for a ROT/RUT deduction) / Credit revenue and output VAT, dated
// the invoice date.
import { and, eq, isNull } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import { invoices } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { saleInvoiced } from "../../../ledger/posting-rules";
import { loadCompany } from "../../companies";
import { documentYearEnd } from "../../fiscal-periods";
import { splitReceivable } from "../deductions/commands";
import { saleOf } from "./commands";
import { invoiceJson, itemsOfInvoice, loadInvoice, type InvoiceRow } from "../queries";

/** Statuses an unbooked sale can be booked from: issued and nothing settled against it yet. */
const BOOKABLE_STATUSES: readonly InvoiceRow["status"][] = ["sent", "overdue"];

/**
 * Rule order: NOT_FOUND > INVOICE_BOOK_NOT_BOOKABLE (proforma, delivery note, credit note)
 * > INVOICE_BOOK_DEFERRED_DRAFT > INVOICE_BOOK_ALREADY_BOOKED > INVOICE_BOOK_CASH_METHOD >
 * INVOICE_BOOK_INVALID_STATUS (cancelled, credited, or paid or credited in part: a payment
 * or credit recorded without the sale's entry cannot be mended by booking the sale alone)
 * > INVOICE_BOOK_NO_FISCAL_PERIOD > the engine's rules (PERIOD_LOCKED ...).
 */
export const bookInvoice: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id);
  if (row.documentType !== "invoice" || row.isCreditNote)
    throw new ApiError("INVOICE_BOOK_NOT_BOOKABLE", {
      id: row.id,
      document_type: row.documentType,
      is_credit_note: row.isCreditNote,
    });
  if (row.status === "draft") throw new ApiError("INVOICE_BOOK_DEFERRED_DRAFT", { id: row.id });
  if (row.journalEntryId)
    throw new ApiError("INVOICE_BOOK_ALREADY_BOOKED", { id: row.id, journal_entry_id: row.journalEntryId });
  const { companies: company } = await loadCompany(db, ctx.companyId);
  if (company.accountingMethod === "cash") throw new ApiError("INVOICE_BOOK_CASH_METHOD", { id: row.id });
  if (!BOOKABLE_STATUSES.includes(row.status) || row.paidOre !== 0 || row.creditedOre !== 0)
    throw new ApiError("INVOICE_BOOK_INVALID_STATUS", {
      id: row.id,
      status: row.status,
      paid_amount: row.paidOre / 100,
      credited_amount: row.creditedOre / 100,
    });
  // bokslutsmetoden: an invoice in its year's entry is on 1510 with its sale already
  const year = await documentYearEnd(db, ctx.companyId, row.invoiceDate);
  if (year?.entryMadeAt && (row.sentAt ?? row.createdAt) < year.entryMadeAt)
    throw new ApiError(
      "INVOICE_BOOK_INVALID_STATUS",
      { id: row.id, status: row.status, reason: "booked_by_cash_method_year_end", year_end: year.end },
      "The invoice was booked, unpaid, by the cash method's year-end entry (bokslutsmetoden): it is on 1510 already.",
    );

  const sale = saleOf(row, await itemsOfInvoice(db, row.id));
  const entry = await ctx.ledger.post({
    date: row.invoiceDate,
    description: sale.text,
    sourceType: "invoice_sent",
    sourceId: row.id,
    lines: splitReceivable(saleInvoiced(sale), row.deductionOre, sale.text),
    noPeriod: new ApiError("INVOICE_BOOK_NO_FISCAL_PERIOD", { invoice_date: row.invoiceDate }),
  });
  const patch = { journalEntryId: entry.row.id, updatedAt: ctx.now };
  return {
    status: 200,
    data: { ...invoiceJson({ ...row, ...patch }), journal_entry_id: entry.row.id },
    statements: [
      entry.write,
      db
        .update(invoices)
        .set(patch)
        .where(and(eq(invoices.id, row.id), isNull(invoices.journalEntryId))),
    ],
    events: [],
    audit: { action: "invoice.booked", resourceType: "invoice", resourceId: row.id, voucher: entry.voucher },
  };
};
