// What a camt.054 / camt.053 row is to the payment loop (pure): the payment of a batch line (by
// its end-to-end id), a customer's payment of an open invoice (by OCR, or by an RF creditor
// reference whose base is the invoice's OCR or number), a payment already booked, or a row left
// unbooked for the bank rows. No I/O.
import { isValidOcr } from "../../../sweden/ocr";
import { rfBase } from "../../../sweden/payments/rf";

export interface NotifiedRow {
  amount_ore: number;
  reference: string | null;
  reference_type: string | null;
  ocr_references: string[];
  details: Record<string, string>;
}

export interface LineAtHand {
  id: string;
  batchId: string;
  supplierInvoiceId: string;
  status: "pending" | "accepted" | "rejected" | "booked";
}

/** An earlier bank row carrying the end-to-end id. */
export interface EarlierRow {
  id: string;
  /** booked, linked by the reconciliation, or ignored: nothing more to book on it */
  settled: boolean;
  supplierInvoiceId: string | null;
  journalEntryId: string | null;
}

export interface Known {
  /** batch lines by end-to-end id */
  lines: Map<string, LineAtHand>;
  /** earlier bank rows by the end-to-end id they carry */
  seen: Map<string, EarlierRow>;
  /** open invoices: OCR numbers and invoice numbers (upper case) -> invoice id */
  invoices: Map<string, string>;
}

export type RowDecision =
  | { kind: "seen"; by: "end_to_end_id" }
  /** the payment is on an earlier row: book that row (unbooked) or take its booking (of the same invoice) */
  | {
      kind: "earlier_row";
      rowId: string;
      lineId: string;
      batchId: string;
      supplierInvoiceId: string;
      journalEntryId: string | null;
    }
  | { kind: "supplier_payment"; lineId: string; batchId: string; supplierInvoiceId: string }
  | { kind: "customer_payment"; invoiceId: string; by: "ocr" | "rf" }
  | { kind: "unmatched"; reason: string };

/** The RF reference a row carries, structured (CdtrRefInf) or in the message. */
function rfOf(row: NotifiedRow): string | null {
  if (!row.reference) return null;
  const candidate = row.reference.replace(/\s+/g, "").toUpperCase();
  return candidate.startsWith("RF") ? rfBase(candidate) : null;
}

/** A debit: a batch line's payment by its end-to-end id. */
function debitDecision(e2e: string | null, known: Known): RowDecision {
  const line = e2e ? known.lines.get(e2e) : undefined;
  if (!line) return { kind: "unmatched", reason: e2e ? "end_to_end_id_unknown" : "no_end_to_end_id" };
  if (line.status === "booked") return { kind: "seen", by: "end_to_end_id" };
  if (line.status === "rejected") return { kind: "unmatched", reason: "payment_rejected_by_bank" };
  return {
    kind: "supplier_payment",
    lineId: line.id,
    batchId: line.batchId,
    supplierInvoiceId: line.supplierInvoiceId,
  };
}

/** A credit: an open invoice's payment by a checked OCR number, else by an RF reference. */
function creditDecision(row: NotifiedRow, known: Known): RowDecision {
  for (const ocr of row.ocr_references) {
    const id = isValidOcr(ocr, false) ? known.invoices.get(ocr) : undefined;
    if (id) return { kind: "customer_payment", invoiceId: id, by: "ocr" };
  }
  const base = rfOf(row);
  if (!base) return { kind: "unmatched", reason: row.ocr_references.length ? "ocr_unknown" : "no_reference" };
  const id = known.invoices.get(base) ?? known.invoices.get(base.replace(/^0+/, ""));
  return id
    ? { kind: "customer_payment", invoiceId: id, by: "rf" }
    : { kind: "unmatched", reason: "rf_reference_unknown" };
}

/**
 * A payment an earlier row carries (the ordinary bank import read it, or a camt.054 before this
 * camt.053): nothing is stored; a batch line not yet booked is booked on that row when the row is
 * unbooked, or takes the row's booking when it paid the line's invoice.
 */
function earlierDecision(earlier: EarlierRow, line: LineAtHand | undefined, debit: boolean): RowDecision {
  const seen: RowDecision = { kind: "seen", by: "end_to_end_id" };
  if (!line || !debit || line.status === "booked" || line.status === "rejected") return seen;
  const base = { rowId: earlier.id, lineId: line.id, batchId: line.batchId, supplierInvoiceId: line.supplierInvoiceId };
  if (!earlier.settled) return { kind: "earlier_row", ...base, journalEntryId: null };
  if (earlier.supplierInvoiceId === line.supplierInvoiceId && earlier.journalEntryId)
    return { kind: "earlier_row", ...base, journalEntryId: earlier.journalEntryId };
  return seen;
}

export function decideRow(row: NotifiedRow, known: Known): RowDecision {
  const e2e = row.details.end_to_end_id ?? null;
  const earlier = e2e ? known.seen.get(e2e) : undefined;
  if (e2e && earlier) return earlierDecision(earlier, known.lines.get(e2e), row.amount_ore < 0);
  if (row.amount_ore < 0) return debitDecision(e2e, known);
  if (row.amount_ore > 0) return creditDecision(row, known);
  return { kind: "unmatched", reason: "zero_amount" };
}
