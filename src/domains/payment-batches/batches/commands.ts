// Making a payment batch: the proposal (or the payments as edited) become stored lines, each with
// its own end-to-end id, and one pain.001.001.03 file archived as a document. Load (the payable
// invoices, the lines already holding them, the transfers payment-files builds) -> decide (what
// is paid, batchStatusOf) -> plan (the rows, the document, payment_batch.created).
import type { Command, CommandContext } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { paymentBatches, paymentBatchLines } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { sha256Hex } from "../../../http/crypto";
import { newId } from "../../../ids";
import type { CreditTransfer } from "../../../sweden/payments/pain001";
import { archiveGeneratedDocument } from "../../documents";
import { plannedSupplierTransfers, type SupplierPaymentFileInput, supplierPain001 } from "../../payment-files";
import { payableSupplierInvoices } from "../../supplier-invoices";
import { batchJson, invoicesInActiveBatches, type PaymentBatchLineRow, type PaymentBatchRow } from "./queries";
import { endToEndIdOf, proposalOf } from "./rules";
import type { PaymentBatchCreateInput } from "./schemas";

/** GET .../payment-batches/proposal: the payable invoices due by `dueBy` that no active batch holds. */
export async function paymentProposal(db: Database, companyId: string, dueBy: string) {
  const [payable, inBatch] = await Promise.all([
    payableSupplierInvoices(db, companyId, dueBy),
    invoicesInActiveBatches(db, companyId),
  ]);
  const p = proposalOf(payable, new Set(inBatch.keys()));
  return {
    due_by: dueBy,
    count: p.lines.length,
    totals: p.totals,
    lines: p.lines.map((i) => ({
      supplier_invoice_id: i.id,
      supplier_id: i.supplier_id,
      supplier_name: i.supplier_name,
      supplier_invoice_number: i.supplier_invoice_number,
      due_date: i.due_date,
      currency: i.currency,
      amount: i.remaining_amount,
      payment_reference: i.payment_reference,
    })),
  };
}

/** The payments the batch makes: as given, or the proposal of due_by less `exclude`. */
async function paymentsOf(db: Database, companyId: string, input: PaymentBatchCreateInput) {
  if (input.payments) {
    const held = await invoicesInActiveBatches(
      db,
      companyId,
      input.payments.map((p) => p.supplier_invoice_id),
    );
    if (held.size)
      throw new ApiError("PAYMENT_BATCH_INVOICE_IN_BATCH", {
        invoices: [...held].map(([supplier_invoice_id, batch_id]) => ({ supplier_invoice_id, batch_id })),
      });
    return input.payments;
  }
  const proposal = await paymentProposal(db, companyId, input.due_by!);
  const exclude = new Set(input.exclude ?? []);
  return proposal.lines
    .filter((l) => !exclude.has(l.supplier_invoice_id))
    .map((l) => ({ supplier_invoice_id: l.supplier_invoice_id }));
}

/** One line per transfer, each under an end-to-end id of its own (set on the transfer too). */
function linesOf(
  transfers: CreditTransfer[],
  payments: { supplier_invoice_id: string }[],
  batchId: string,
  ctx: CommandContext,
): PaymentBatchLineRow[] {
  return transfers.map((t, i) => {
    const lineId = newId();
    t.endToEndId = endToEndIdOf(lineId);
    return {
      id: lineId,
      companyId: ctx.companyId,
      batchId,
      supplierInvoiceId: payments[i].supplier_invoice_id,
      endToEndId: t.endToEndId,
      amountOre: t.amountOre,
      currency: t.currency ?? "SEK",
      creditor: { ...t.account, name: t.creditorName, remittance: t.remittance ?? null },
      status: "pending",
      bankStatus: null,
      reasonCode: null,
      reasonText: null,
      statusAt: null,
      bankTransactionId: null,
      journalEntryId: null,
      bookedAt: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
  });
}

/** The file as a document of the archive (R2), written with the batch. */
async function archiveFile(db: Database, ctx: CommandContext, xml: string, fileName: string) {
  const bytes = new TextEncoder().encode(xml);
  return archiveGeneratedDocument(
    db,
    ctx,
    {
      documentId: newId(),
      fileName,
      mimeType: "application/xml",
      fileSizeBytes: bytes.byteLength,
      sha256Hash: await sha256Hex(bytes),
      uploadSource: "payment_batch",
    },
    bytes,
  );
}

export const createPaymentBatch: Command<PaymentBatchCreateInput> = async (db, input, ctx) => {
  const payments = await paymentsOf(db, ctx.companyId, input);
  if (!payments.length) throw new ApiError("PAYMENT_BATCH_EMPTY", { due_by: input.due_by ?? null });
  const fileInput: SupplierPaymentFileInput = { execution_date: input.execution_date, payments };
  const planned = await plannedSupplierTransfers(db, ctx.companyId, fileInput);

  const id = newId();
  const hex = endToEndIdOf(id);
  const lines = linesOf(planned.transfers, payments, id, ctx);
  const file = supplierPain001(planned, { messageId: `PB${hex}`, batchId: `P${hex}` }, input.execution_date, ctx.now);
  const fileName = `betalningar-${input.execution_date}-${hex.slice(-8)}-pain001.xml`;
  const doc = await archiveFile(db, ctx, file.xml, fileName);
  const batch: PaymentBatchRow = {
    id,
    companyId: ctx.companyId,
    status: "created",
    executionDate: input.execution_date,
    messageId: `PB${hex}`,
    paymentInformationId: `P${hex}`,
    settlementAccount: input.settlement_account,
    numberOfTransactions: file.transactionCount,
    controlSumOre: file.controlSumOre,
    fileDocumentId: doc.row.id,
    fileName,
    statusReportMessageId: null,
    groupStatus: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const data = batchJson(batch, lines);
  return {
    status: 201,
    data,
    statements: [
      db.insert(paymentBatches).values(batch),
      ...lines.map((l) => db.insert(paymentBatchLines).values(l)),
      ...doc.statements,
    ],
    files: [doc.file],
    events: [{ type: "payment_batch.created", object: data }],
    audit: { action: "payment_batch.created", resourceType: "payment_batch", resourceId: id },
  };
};
