// The compensation of an issued invoice's email (send, an interest invoice sent at once): the
// invoice back to draft keeping its number, and the sale's entry reversed by a storno. The
// runner writes it right after the failed email; when it cannot (the database refused the
// batch), it runs it later as the command `invoices.compensate_send`, planned again on what the
// books say then (src/commands/compensation.ts): the storno takes the voucher number free then
// and the chain's head of then, and a compensation already written changes nothing.
import { eq } from "drizzle-orm";
import {
  type CommandContext,
  type Plan,
  type PlannedWrite,
  type Reads,
  type VoucherRef,
  withReads,
} from "../../commands/plan";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { JournalEntryRow, JournalLineRow } from "../../ledger/engine";
import { entryFromRows, entryReads } from "../journal-entries";
import { type InvoiceRow, invoiceRead } from "./queries";

/** What the command is given: the invoice, the sale's entry its send posted, and why the email failed. */
export interface SendCompensationInput {
  id: string;
  journal_entry_id: string | null;
  provider_error: string;
}

type Entry = { row: JournalEntryRow; lines: JournalLineRow[] };

/**
 * The undo of a send: the invoice a draft again under its number, the sale's entry (when one was
 * posted) reversed on its own date, and INVOICE_SEND_PROVIDER_FAILED naming the storno.
 */
export async function planSendUndo(
  db: Database,
  ctx: CommandContext,
  invoice: { id: string; invoiceNumber: string | null },
  entry: Entry | null,
  providerError: string,
): Promise<{ statements: PlannedWrite[]; error: ApiError; action: string; voucher: VoucherRef | null }> {
  const statements: PlannedWrite[] = [
    db
      .update(invoices)
      .set({ status: "draft", sentAt: null, journalEntryId: null, pdfDocumentId: null, updatedAt: ctx.now })
      .where(eq(invoices.id, invoice.id)),
  ];
  let reversal: Awaited<ReturnType<typeof ctx.ledger.reverse>> | null = null;
  if (entry) {
    const period = await ctx.ledger.loadPeriod(entry.row.fiscalPeriodId);
    reversal = await ctx.ledger.reverse(
      entry.row,
      entry.lines,
      entry.row.entryDate,
      period,
      `Återföring: faktura ${invoice.invoiceNumber} kunde inte skickas`,
    );
    statements.push(reversal.write);
  }
  return {
    statements,
    action: "invoice.send_failed",
    voucher: reversal?.voucher ?? null,
    error: new ApiError("INVOICE_SEND_PROVIDER_FAILED", {
      step: "email",
      provider_error: providerError,
      invoice_number: invoice.invoiceNumber,
      reversal_entry_id: reversal?.row.id ?? null,
    }),
  };
}

/** What a replayed compensation finds: to undo, already undone, or an invoice that has moved on. */
export type SendCompensationDecision = "undo" | "already" | "superseded";

/**
 * Decided on the invoice as it is now. Undone already: a draft with no entry (the compensation's
 * own batch sets both). To undo: still as the send left it (sent, or marked overdue since) with
 * the send's entry, and nothing paid or credited against it. Anything else (paid, credited, sent
 * again under a new entry) is not for a job to undo.
 */
export function decideSendCompensation(row: InvoiceRow, journalEntryId: string | null): SendCompensationDecision {
  if (row.status === "draft" && row.journalEntryId === null) return "already";
  const asSent = row.status === "sent" || row.status === "overdue";
  if (asSent && row.journalEntryId === journalEntryId && row.paidOre === 0 && row.creditedOre === 0) return "undo";
  return "superseded";
}

function compensationReads(
  db: Database,
  input: SendCompensationInput,
  ctx: CommandContext,
): Reads<{ row?: InvoiceRow; entry: Entry | null }> {
  const entryId = input.journal_entry_id;
  return {
    statements: [invoiceRead(db, ctx.companyId, input.id), ...(entryId ? entryReads(db, ctx.companyId, entryId) : [])],
    value: (results) => {
      const row = (results[0] as InvoiceRow[])[0];
      if (!entryId) return { row, entry: null };
      const { entry, lines } = entryFromRows(results.slice(1), entryId);
      return { row, entry: { row: entry, lines } };
    },
  };
}

/** `invoices.compensate_send`: run by the job of a parked compensation, never by a route. */
export const compensateInvoiceSend = withReads({
  name: "compensateInvoiceSend",
  reads: compensationReads,
  plan: async (db, input: SendCompensationInput, ctx, _env, read): Promise<Plan> => {
    const row = read?.row;
    if (!row) throw new ApiError("NOT_FOUND", { resource: "invoice", id: input.id });
    const audit = { action: "invoice.send_failed", resourceType: "invoice", resourceId: row.id };
    const decision = decideSendCompensation(row, input.journal_entry_id);
    if (decision === "already")
      return { status: 200, data: { id: row.id, compensated: "already" }, statements: [], unchanged: true, audit };
    if (decision === "superseded")
      throw new ApiError("INVOICE_SEND_COMPENSATION_SUPERSEDED", {
        id: row.id,
        status: row.status,
        journal_entry_id: row.journalEntryId,
      });
    const undo = await planSendUndo(db, ctx, row, read.entry, input.provider_error);
    return {
      status: 200,
      data: {
        id: row.id,
        compensated: "now",
        invoice_number: row.invoiceNumber,
        reversal_entry_id: undo.voucher?.entryId ?? null,
      },
      statements: undo.statements,
      audit: { ...audit, voucher: undo.voucher },
    };
  },
});
