// Outbound invoices, their items, payments, reminders and Peppol deliveries.
// Money is integer öre (columns named *_ore); never REAL.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

/**
 * Outbound invoices (spec: Invoice). Amounts are öre in the invoice's currency;
 * exchange_rate is a decimal string (SEK per unit) so it never passes through a
 * binary fraction. remaining = total - paid - credited.
 */
/** An interest invoice's computation as stored (src/sweden/late-payment.ts lateInterestOnBalances). */
export interface InterestInvoiceDetail {
  invoiceNumber: string;
  ratePercent: string | null;
  stretches: {
    principalOre: number;
    from: string;
    to: string;
    days: number;
    periods: { from: string; to: string; days: number; rate_percent: string }[];
  }[];
}

export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    customerId: text("customer_id").notNull(),
    customerName: text("customer_name").notNull(),
    /** null until sent; F<n> invoices, D<n> delivery notes, P<n> proforma, KR-<original> credit notes */
    invoiceNumber: text("invoice_number"),
    numberSeries: text("number_series"),
    numberSeq: integer("number_seq"),
    documentType: text("document_type", { enum: ["invoice", "proforma", "delivery_note"] }).notNull(),
    status: text("status", {
      enum: ["draft", "sent", "paid", "partially_paid", "overdue", "credited", "cancelled"],
    }).notNull(),
    isCreditNote: bool("is_credit_note").notNull(),
    creditedInvoiceId: text("credited_invoice_id"),
    creditReason: text("credit_reason"),
    invoiceDate: text("invoice_date").notNull(),
    dueDate: text("due_date").notNull(),
    currency: text("currency").notNull(),
    exchangeRate: text("exchange_rate"),
    subtotalOre: integer("subtotal_ore").notNull(),
    vatOre: integer("vat_ore").notNull(),
    /** net and VAT per rate, as shown on the invoice and booked: [{ rateBp, netOre, vatOre }] */
    vatBreakdown: text("vat_breakdown", { mode: "json" })
      .$type<{ rateBp: number; netOre: number; vatOre: number }[]>()
      .notNull(),
    totalOre: integer("total_ore").notNull(),
    totalSekOre: integer("total_sek_ore"),
    paidOre: integer("paid_ore").notNull(),
    creditedOre: integer("credited_ore").notNull(),
    defaultDimensions: text("default_dimensions", { mode: "json" }).$type<Record<string, string>>(),
    isSelfBilled: bool("is_self_billed").notNull(),
    externalInvoiceNumber: text("external_invoice_number"),
    receivedDate: text("received_date"),
    ourReference: text("our_reference"),
    yourReference: text("your_reference"),
    /** the buyer's purchase order number (Peppol BT-13) */
    orderReference: text("order_reference"),
    notes: text("notes"),
    /** Bankgirot OCR reference (check digit and length digit), given when the invoice is issued */
    ocrNumber: text("ocr_number"),
    /**
     * ROT/RUT (docs/rot-rut.md): the deduction the customer does not pay (after credit notes and
     * rejections); on a credit note, minus what it reversed
     */
    deductionOre: integer("deduction_ore").notNull().default(0),
    /** the sale's entry (accrual, or a self-billed invoice); the credit note's entry on credit notes */
    journalEntryId: text("journal_entry_id"),
    /**
     * the PDF as issued (mark-sent, send, a credit note), archived in R2 as a document (BFL 5 kap 6 §,
     * 7 kap: the issued invoice is a voucher); GET .../pdf serves these bytes from then on
     */
    pdfDocumentId: text("pdf_document_id"),
    /** standard, or interest: an interest invoice (räntefaktura) for late payment of interest_of_invoice_id */
    kind: text("kind", { enum: ["standard", "interest"] })
      .notNull()
      .default("standard"),
    /** on an interest invoice: the invoice paid late, and the days it charges (after interest_from up to interest_to) */
    interestOfInvoiceId: text("interest_of_invoice_id"),
    interestFrom: text("interest_from"),
    interestTo: text("interest_to"),
    /** on an interest invoice: how it was computed (the original's number, each stretch's outstanding amount and rates) */
    interestDetail: text("interest_detail", { mode: "json" }).$type<InterestInvoiceDetail>(),
    sentAt: text("sent_at"),
    paidAt: text("paid_at"),
    cancelledAt: text("cancelled_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("invoices_interest_of_idx")
      .on(t.companyId, t.interestOfInvoiceId)
      .where(sql`interest_of_invoice_id IS NOT NULL`),
    index("invoices_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("invoices_company_customer_idx").on(t.companyId, t.customerId, t.status),
    index("invoices_company_status_due_idx").on(t.companyId, t.status, t.dueDate),
    // the ledgers' sub-query "credit notes of this invoice": company first, so no planner prefers another company index
    index("invoices_credited_idx").on(t.companyId, t.creditedInvoiceId),
    uniqueIndex("invoices_self_billed_idx")
      .on(t.companyId, t.customerId, t.externalInvoiceNumber)
      .where(sql`is_self_billed = 1`),
    // Self-billed invoices carry their buyers' numbers, which may repeat between buyers:
    // uniqueness is per series for our own numbers, per customer for the buyers'.
    uniqueIndex("invoices_company_series_seq_idx")
      .on(t.companyId, t.numberSeries, t.numberSeq)
      .where(sql`number_seq IS NOT NULL`),
    index("invoices_company_ocr_idx").on(t.companyId, t.ocrNumber).where(sql`ocr_number IS NOT NULL`),
  ],
);

export const invoiceItems = sqliteTable(
  "invoice_items",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    sortOrder: integer("sort_order").notNull(),
    description: text("description").notNull(),
    /** decimal string, up to three decimals */
    quantity: text("quantity").notNull(),
    unit: text("unit"),
    unitPriceOre: integer("unit_price_ore").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    netOre: integer("net_ore").notNull(),
    articleId: text("article_id"),
    revenueAccount: text("revenue_account").notNull(),
    dimensions: text("dimensions", { mode: "json" }).$type<Record<string, string>>(),
    supplyType: text("supply_type", { enum: ["goods", "services"] })
      .notNull()
      .default("services"),
    /** src/sweden/vat-treatment.ts SaleTreatment */
    vatTreatment: text("vat_treatment").notNull().default("domestic"),
    /** on a credit note's item: the invoice item it credits */
    creditedItemId: text("credited_item_id"),
    /** ROT/RUT: rot | rut on a labour line */
    deductionType: text("deduction_type", { enum: ["rot", "rut"] }),
    /** Skatteverket's work-type code (labour with deductionType, else that work type's material) */
    workType: text("work_type"),
    laborHoursHundredths: integer("labor_hours_hundredths"),
  },
  (t) => [index("invoice_items_invoice_idx").on(t.invoiceId, t.sortOrder)],
);

export const invoicePayments = sqliteTable(
  "invoice_payments",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    paymentDate: text("payment_date").notNull(),
    amountOre: integer("amount_ore").notNull(),
    amountSekOre: integer("amount_sek_ore").notNull(),
    exchangeRateDifferenceOre: integer("exchange_rate_difference_ore").notNull(),
    journalEntryId: text("journal_entry_id").notNull(),
    createdAt: text("created_at").notNull(),
    /** a reversed (makulerad) payment: when, the storno's date and entry; it no longer counts from that date */
    reversedAt: text("reversed_at"),
    reversalDate: text("reversal_date"),
    reversalJournalEntryId: text("reversal_journal_entry_id"),
  },
  (t) => [index("invoice_payments_invoice_idx").on(t.invoiceId, t.paymentDate)],
);

/**
 * Payment reminders (påminnelser) of an outbound invoice, numbered 1, 2, ... per invoice. The fee
 * is booked when the reminder is issued (journal_entry_id, null without a fee); the interest is
 * stated, not booked (an interest invoice claims it).
 */
export const invoiceReminders = sqliteTable(
  "invoice_reminders",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    reminderNumber: integer("reminder_number").notNull(),
    reminderDate: text("reminder_date").notNull(),
    /** what was left of the invoice on the reminder date */
    remainingOre: integer("remaining_ore").notNull(),
    feeOre: integer("fee_ore").notNull(),
    /** interest so far, null when the reference rate of a half-year is not known */
    interestOre: integer("interest_ore"),
    interestDays: integer("interest_days").notNull(),
    /** the new due date the reminder asks for */
    payBy: text("pay_by").notNull(),
    automatic: integer("automatic", { mode: "boolean" }).notNull(),
    sentTo: text("sent_to").notNull(),
    journalEntryId: text("journal_entry_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("invoice_reminders_number_idx").on(t.invoiceId, t.reminderNumber)],
);

/**
 * An invoice's Peppol document handed to the company's access point (issue #32): one row per
 * invoice, written in the send's batch, attempted by the queue after the commit and retried on
 * the webhook schedule. The exact UBL sent is in R2 under r2_key.
 */
export const peppolDeliveries = sqliteTable(
  "peppol_deliveries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    status: text("status", { enum: ["pending", "in_flight", "delivered", "failed", "dead"] }).notNull(),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: text("next_attempt_at"),
    /** the document's R2 key (the DOCUMENTS bucket) */
    r2Key: text("r2_key").notNull(),
    documentKind: text("document_kind", { enum: ["invoice", "credit_note"] }).notNull(),
    /** "scheme:value" of the buyer and of the seller, as the request's headers say */
    receiverId: text("receiver_id").notNull(),
    senderId: text("sender_id").notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    /** the access point's message id, when its answer carried one */
    messageId: text("message_id"),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
    deliveredAt: text("delivered_at"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("peppol_deliveries_invoice_idx").on(t.invoiceId),
    index("peppol_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
