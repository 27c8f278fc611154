// The OpenAPI descriptions of the payment batches' routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  proposal: prose`
    The supplier invoices to pay by due_by (default today): approved and open (approved,
    partially paid or overdue), not credit notes, something left to pay, due on or before
    due_by, and in no payment batch the bank has not refused (a line pending or accepted).
    Oldest due first, each with what remains in its own currency; totals per currency. With
    include_salaries=true, also the approved salary runs paid by due_by with their net pay: a run
    is paid by its own file (GET .../salary-runs/{id}/payment-file), not in a batch.
  `,
  create: prose`
    Stores a batch and its pain.001.001.03 file (archived as a document: GET .../{id}/file).
    Either due_by (the proposal of that day, less exclude) or payments as edited (amount,
    creditor_account). Each line pays one supplier invoice under an end-to-end id of its own (the
    line id without hyphens), which the bank's pain.002 and camt.054 name. The file's rules are the
    payment file's (409 CONFLICT details.invoices[] {index, supplier_invoice_id, problem}); an
    invoice already in an active batch: 409 PAYMENT_BATCH_INVOICE_IN_BATCH; nothing to pay: 422
    PAYMENT_BATCH_EMPTY. Emits payment_batch.created.
  `,
  statusReport: prose`
    Imports the bank's pain.002 (.001.03 to .001.10) for the batch: each payment's status by its
    original end-to-end id (or instruction id), else the status of its payment information or of
    the group. RJCT rejects the line and frees its invoice (it is proposed again); ACTC, ACCP,
    ACSP, ACSC, ACWC accept it; a booked line stays booked. Emits payment.accepted and
    payment.rejected. A report naming neither the batch's MsgId nor any of its payments: 409
    PAYMENT_STATUS_REPORT_OTHER_BATCH; a file that is no pain.002: 422 PAYMENT_FILE_INVALID.
  `,
  notifications: prose`
    Reads a camt.054 (debit/credit notification) or camt.053 (statement), .001.02 to .001.08,
    stores its rows as bank transactions and books what it can: a debit whose EndToEndId is a
    payment batch line's pays that supplier invoice (2440 against settlement_account, currency
    differences to 3960/7960, as match-supplier-invoice books it; payment.booked); a credit with
    an OCR reference or an RF creditor reference (ISO 11649) naming an open invoice pays that
    invoice (as match-invoice). Everything else stays an unbooked bank row. Nothing is booked
    twice: a row is skipped when an earlier bank row carries its end-to-end id, when its batch
    line is booked, or when an earlier row has its dedupe key (the account servicer reference,
    else date, amount and text). A file that is neither: 422 PAYMENT_FILE_INVALID.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  proposal: {
    summary: "The payment proposal: supplier invoices due by a date that no active batch holds",
    description: PROSE.proposal,
  },
  createBatch: {
    summary: "Store a payment batch and its pain.001 file",
    description: PROSE.create,
  },
  list: {
    summary: "The payment batches, newest first (at most 100)",
  },
  lines: {
    summary: "The payments of a supplier invoice in batches, with the bank's status of each",
  },
  get: {
    summary: "A payment batch with its lines",
  },
  file: {
    summary: "The batch's pain.001.001.03 file, as archived",
  },
  importStatusReport: {
    summary: "Import the bank's pain.002 status report for a batch",
    description: PROSE.statusReport,
  },
  importBankNotification: {
    summary: "Book a camt.054 or camt.053: batch payments by end-to-end id, customer payments by OCR or RF",
    description: PROSE.notifications,
  },
};
