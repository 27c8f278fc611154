// The payment loop (issue #44): stored payment batches, each line one credit transfer of a
// pain.001 file, with what the bank's pain.002 and camt.054/053 said about it.
// Owned by src/domains/payment-batches. Money is integer öre of the line's currency.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One pain.001 file sent to the bank: its lines, its file (a document in R2) and its state. */
export const paymentBatches = sqliteTable(
  "payment_batches",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** created: the file is made; reported: the bank's pain.002 arrived; settled: every line booked or rejected */
    status: text("status", { enum: ["created", "reported", "partially_booked", "settled", "rejected"] }).notNull(),
    executionDate: text("execution_date").notNull(),
    /** GrpHdr/MsgId and PmtInf/PmtInfId of the file (what the pain.002 names as OrgnlMsgId / OrgnlPmtInfId) */
    messageId: text("message_id").notNull(),
    paymentInformationId: text("payment_information_id").notNull(),
    settlementAccount: text("settlement_account").notNull(),
    numberOfTransactions: integer("number_of_transactions").notNull(),
    /** CtrlSum in öre: the sum of the lines' amounts, whatever their currency (ISO 20022) */
    controlSumOre: integer("control_sum_ore").notNull(),
    fileDocumentId: text("file_document_id").notNull(),
    fileName: text("file_name").notNull(),
    /** the last pain.002 applied: its MsgId and the group status it gave */
    statusReportMessageId: text("status_report_message_id"),
    groupStatus: text("group_status"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("payment_batches_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("payment_batches_message_idx").on(t.companyId, t.messageId),
  ],
);

/** One payment of a batch: the supplier invoice it pays and its EndToEndId. */
export const paymentBatchLines = sqliteTable(
  "payment_batch_lines",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    batchId: text("batch_id").notNull(),
    supplierInvoiceId: text("supplier_invoice_id").notNull(),
    /** the line id without hyphens: unique, so a payment sent again after a rejection has its own */
    endToEndId: text("end_to_end_id").notNull(),
    amountOre: integer("amount_ore").notNull(),
    currency: text("currency").notNull(),
    creditor: text("creditor", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** pending: in the file; accepted / rejected by the pain.002; booked: paid by a camt.054/053 row */
    status: text("status", { enum: ["pending", "accepted", "rejected", "booked"] }).notNull(),
    /** the pain.002's TxSts (ACCP, ACSC, RJCT, ...) and its reason (StsRsnInf/Rsn/Cd, AddtlInf) */
    bankStatus: text("bank_status"),
    reasonCode: text("reason_code"),
    reasonText: text("reason_text"),
    statusAt: text("status_at"),
    bankTransactionId: text("bank_transaction_id"),
    journalEntryId: text("journal_entry_id"),
    bookedAt: text("booked_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("payment_batch_lines_e2e_idx").on(t.companyId, t.endToEndId),
    index("payment_batch_lines_batch_idx").on(t.batchId),
    index("payment_batch_lines_invoice_idx").on(t.companyId, t.supplierInvoiceId, t.status),
  ],
);

/**
 * The month's close (owned by src/domains/month-close): per company and month, when the sweep last
 * computed its close status, and when it found it ready and announced month.ready_to_close (once).
 */
export const monthCloseStates = sqliteTable(
  "month_close_states",
  {
    companyId: text("company_id").notNull(),
    /** YYYY-MM */
    month: text("month").notNull(),
    checkedAt: text("checked_at").notNull(),
    readyAt: text("ready_at"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
