// The issued invoice as a voucher (BFL 5 kap 6 §, 7 kap: räkenskapsinformation is kept as
// it was issued). When an invoice or a credit note is issued its PDF is rendered once,
// stored in R2 as a document of the archive (the plan's `files` step, a key never
// replaced) and named on the invoice's row; GET .../pdf serves those bytes from then on.
// Later events (a payment, a ROT/RUT decision, a credit) never rewrite it: they show in
// the invoice's JSON or on a document of their own (the credit note's PDF).
import type { CommandContext, Plan, PlannedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { sha256Hex } from "../../../http/crypto";
import { newId } from "../../../ids";
import { archiveGeneratedDocument, storedDocumentFile } from "../../documents";
import { invoiceFileName, invoicePdfBytes, type PdfInputs } from "./document";
import type { InvoiceRow } from "../queries";

export interface ArchivedPdf {
  documentId: string;
  fileName: string;
  bytes: Uint8Array;
  statements: PlannedWrite[];
  file: NonNullable<Plan["files"]>[number];
}

/** How the archive records where the PDF came from (the document's upload_source). */
export type PdfSource = "invoice_send" | "invoice_issue" | "credit_note";

/**
 * Renders the issued document and plans its archiving, linked to its entry when it has
 * one (accrual). `given`: the items and company the caller has read (a credit note's
 * items are not yet inserted).
 * A render failure is INVOICE_SEND_PDF_RENDER_FAILED (nothing is written, no number used).
 */
export async function archiveIssuedPdf(
  db: Database,
  ctx: CommandContext,
  row: InvoiceRow,
  source: PdfSource,
  given: PdfInputs = {},
): Promise<ArchivedPdf> {
  let bytes: Uint8Array;
  try {
    bytes = await invoicePdfBytes(db, row, ctx.now, given);
  } catch (err) {
    console.error("invoice PDF failed", err);
    throw new ApiError("INVOICE_SEND_PDF_RENDER_FAILED", { id: row.id });
  }
  const documentId = newId();
  const fileName = invoiceFileName(row);
  const archived = archiveGeneratedDocument(
    db,
    ctx,
    {
      documentId,
      fileName,
      mimeType: "application/pdf",
      fileSizeBytes: bytes.byteLength,
      sha256Hash: await sha256Hex(bytes),
      uploadSource: source,
      journalEntryId: row.journalEntryId,
    },
    bytes,
  );
  return { documentId, fileName, bytes, statements: archived.statements, file: archived.file };
}

/**
 * The bytes GET .../pdf answers: the archived copy of an issued invoice, byte for byte;
 * a draft (or an invoice issued before archiving existed) is rendered as it stands.
 */
export async function invoicePdfToServe(
  env: Env,
  db: Database,
  row: InvoiceRow,
  nowIso: string,
): Promise<{ body: Uint8Array | ReadableStream; archived: boolean }> {
  if (row.pdfDocumentId) {
    const stored = await storedDocumentFile(env, db, row.companyId, row.pdfDocumentId);
    if (!stored) throw new ApiError("NOT_FOUND", { resource: "invoice_pdf", id: row.pdfDocumentId });
    return { body: stored, archived: true };
  }
  return { body: await invoicePdfBytes(db, row, nowIso), archived: false };
}
