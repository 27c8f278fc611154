// The bank's pain.002 for a batch: each payment accepted or rejected (by its original end-to-end
// id, else instruction id; a status of the payment information or the group for those it does not
// list). A rejected payment frees its invoice: no active line holds it, so it is proposed again.
import { eq } from "drizzle-orm";
import type { Command, PlannedEvent, Statement } from "../../../commands/plan";
import { paymentBatches, paymentBatchLines } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { BankFileError } from "../../../sweden/bank";
import { parsePain002, statusesFor, type StatusReport } from "../../../sweden/payments/pain002";
import { batchJson, lineJson, loadBatch, type PaymentBatchLineRow } from "../batches/queries";
import { batchStatusOf } from "../batches/rules";
import { lineAfterReport } from "./rules";
import type { StatusReportInput } from "./schemas";

function readReport(text: string): StatusReport {
  try {
    return parsePain002(text);
  } catch (err) {
    if (err instanceof BankFileError)
      throw new ApiError("PAYMENT_FILE_INVALID", { ...err.details, reason: err.message }, err.message);
    throw err;
  }
}

/** Rule order: NOT_FOUND > PAYMENT_FILE_INVALID > PAYMENT_STATUS_REPORT_OTHER_BATCH. */
export const importStatusReport: Command<StatusReportInput & { id: string }> = async (db, input, ctx) => {
  const { batch, lines } = await loadBatch(db, ctx.companyId, input.id);
  const report = readReport(input.xml_text);
  const statuses = statusesFor(
    report,
    lines.map((l) => ({ endToEndId: l.endToEndId, paymentInformationId: batch.paymentInformationId })),
  );
  const names = report.originalMessageId === batch.messageId;
  if (!names && statuses.size === 0)
    throw new ApiError("PAYMENT_STATUS_REPORT_OTHER_BATCH", {
      batch_message_id: batch.messageId,
      original_message_id: report.originalMessageId,
    });

  const statements: Statement[] = [];
  const events: PlannedEvent[] = [];
  const next: PaymentBatchLineRow[] = lines.map((line) => {
    const s = statuses.get(line.endToEndId);
    if (!s) return line;
    const change = lineAfterReport(line.status, s.outcome);
    if (change.status === line.status && line.bankStatus === s.status) return line;
    const patch = {
      status: change.status,
      bankStatus: s.status,
      reasonCode: s.reasonCode,
      reasonText: s.reasonText,
      statusAt: ctx.now,
      updatedAt: ctx.now,
    };
    statements.push(db.update(paymentBatchLines).set(patch).where(eq(paymentBatchLines.id, line.id)));
    const updated = { ...line, ...patch };
    if (change.event)
      events.push({
        type: change.event,
        object: { ...lineJson(updated), batch_id: batch.id, message_id: batch.messageId },
      });
    return updated;
  });
  const head = {
    status: batchStatusOf(next),
    statusReportMessageId: report.messageId,
    groupStatus: report.groupStatus,
    updatedAt: ctx.now,
  };
  statements.push(db.update(paymentBatches).set(head).where(eq(paymentBatches.id, batch.id)));
  const data = {
    ...batchJson({ ...batch, ...head }, next),
    report: {
      message_id: report.messageId,
      version: `pain.002.001.${report.version}`,
      original_message_id: report.originalMessageId,
      group_status: report.groupStatus,
      accepted: next.filter((l) => l.status === "accepted").length,
      rejected: next.filter((l) => l.status === "rejected").length,
    },
  };
  return {
    status: 200,
    data,
    statements,
    events,
    audit: { action: "payment_batch.status_report", resourceType: "payment_batch", resourceId: batch.id },
  };
};
