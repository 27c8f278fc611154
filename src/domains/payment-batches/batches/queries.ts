// Reads of the payment batches and their lines, and their JSON shape.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { paymentBatches, paymentBatchLines } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";

export type PaymentBatchRow = typeof paymentBatches.$inferSelect;
export type PaymentBatchLineRow = typeof paymentBatchLines.$inferSelect;

/** Line statuses that hold an invoice: it is in a batch the bank has not refused. */
export const ACTIVE_LINE_STATUSES = ["pending", "accepted"] as const;

export function lineJson(l: PaymentBatchLineRow) {
  return {
    id: l.id,
    supplier_invoice_id: l.supplierInvoiceId,
    end_to_end_id: l.endToEndId,
    amount: fromOre(l.amountOre),
    currency: l.currency,
    creditor: l.creditor,
    status: l.status,
    bank_status: l.bankStatus,
    reason_code: l.reasonCode,
    reason_text: l.reasonText,
    status_at: l.statusAt,
    bank_transaction_id: l.bankTransactionId,
    journal_entry_id: l.journalEntryId,
    booked_at: l.bookedAt,
  };
}

export function batchHeadJson(b: PaymentBatchRow) {
  return {
    id: b.id,
    status: b.status,
    execution_date: b.executionDate,
    message_id: b.messageId,
    payment_information_id: b.paymentInformationId,
    settlement_account: b.settlementAccount,
    number_of_transactions: b.numberOfTransactions,
    control_sum: fromOre(b.controlSumOre),
    file_document_id: b.fileDocumentId,
    file_name: b.fileName,
    file_url: `/api/v1/companies/${b.companyId}/payment-batches/${b.id}/file`,
    status_report_message_id: b.statusReportMessageId,
    group_status: b.groupStatus,
    created_at: b.createdAt,
    updated_at: b.updatedAt,
  };
}

export const batchJson = (b: PaymentBatchRow, lines: PaymentBatchLineRow[]) => ({
  ...batchHeadJson(b),
  lines: lines.map(lineJson),
});

export async function loadBatch(db: Database, companyId: string, id: string) {
  const [batch, lines] = await Promise.all([
    db
      .select()
      .from(paymentBatches)
      .where(and(eq(paymentBatches.companyId, companyId), eq(paymentBatches.id, id)))
      .get(),
    db
      .select()
      .from(paymentBatchLines)
      .where(and(eq(paymentBatchLines.companyId, companyId), eq(paymentBatchLines.batchId, id)))
      .orderBy(asc(paymentBatchLines.createdAt), asc(paymentBatchLines.id))
      .all(),
  ]);
  if (!batch) throw new ApiError("NOT_FOUND", { resource: "payment_batch", id });
  return { batch, lines };
}

export function listBatches(db: Database, companyId: string) {
  return db
    .select()
    .from(paymentBatches)
    .where(eq(paymentBatches.companyId, companyId))
    .orderBy(desc(paymentBatches.createdAt))
    .limit(100)
    .all();
}

/** Which of these supplier invoices are in a batch the bank has not refused (a line pending or accepted). */
export async function invoicesInActiveBatches(db: Database, companyId: string, invoiceIds?: string[]) {
  const rows = await db
    .select({ id: paymentBatchLines.supplierInvoiceId, batchId: paymentBatchLines.batchId })
    .from(paymentBatchLines)
    .where(
      and(
        eq(paymentBatchLines.companyId, companyId),
        inArray(paymentBatchLines.status, [...ACTIVE_LINE_STATUSES]),
        invoiceIds ? inArray(paymentBatchLines.supplierInvoiceId, invoiceIds) : undefined,
      ),
    )
    .all();
  return new Map(rows.map((r) => [r.id, r.batchId]));
}

/** The lines with these end-to-end ids (the company's own: the bank's files name them). */
export function linesByEndToEndIds(db: Database, companyId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([] as PaymentBatchLineRow[]);
  return db
    .select()
    .from(paymentBatchLines)
    .where(and(eq(paymentBatchLines.companyId, companyId), inArray(paymentBatchLines.endToEndId, ids)))
    .all();
}

/** The batches of these ids, with all their lines. */
export async function batchesWithLines(db: Database, companyId: string, ids: string[]) {
  if (!ids.length) return [];
  const [batches, lines] = await Promise.all([
    db
      .select()
      .from(paymentBatches)
      .where(and(eq(paymentBatches.companyId, companyId), inArray(paymentBatches.id, ids)))
      .all(),
    db
      .select()
      .from(paymentBatchLines)
      .where(and(eq(paymentBatchLines.companyId, companyId), inArray(paymentBatchLines.batchId, ids)))
      .all(),
  ]);
  return batches.map((b) => ({ batch: b, lines: lines.filter((l) => l.batchId === b.id) }));
}

/** The month's close: lines sent and accepted but not booked, from batches executed on or before `upTo`. */
export async function unbookedAcceptedPayments(db: Database, companyId: string, upTo: string) {
  const rows = await db
    .select({ id: paymentBatchLines.id, batchId: paymentBatchLines.batchId, date: paymentBatches.executionDate })
    .from(paymentBatchLines)
    .innerJoin(paymentBatches, eq(paymentBatches.id, paymentBatchLines.batchId))
    .where(
      and(eq(paymentBatchLines.companyId, companyId), inArray(paymentBatchLines.status, [...ACTIVE_LINE_STATUSES])),
    )
    .all();
  return rows.filter((r) => r.date <= upTo);
}

/** Every line that pays this supplier invoice, newest first. */
export function linesOfInvoice(db: Database, companyId: string, supplierInvoiceId: string) {
  return db
    .select()
    .from(paymentBatchLines)
    .where(and(eq(paymentBatchLines.companyId, companyId), eq(paymentBatchLines.supplierInvoiceId, supplierInvoiceId)))
    .orderBy(desc(paymentBatchLines.createdAt))
    .all();
}
