// Supplier invoices, their items and payments.
// Money is integer öre (columns named *_ore); never REAL.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ApprovalStep } from "./approvals";

/** The attest an invoice is under: its rule, as the rule was when it matched. */
export interface ApprovalPlan {
  rule_id: string;
  rule_name: string;
  in_order: boolean;
  allow_registrant: boolean;
  steps: ApprovalStep[];
}

const bool = (name: string) => integer(name, { mode: "boolean" });

/** Supplier invoices (spec: Supplier invoice). Same money conventions as invoices. */
export const supplierInvoices = sqliteTable(
  "supplier_invoices",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    supplierId: text("supplier_id").notNull(),
    supplierName: text("supplier_name").notNull(),
    /** the company's own running number of received invoices (ankomstnummer) */
    arrivalNumber: integer("arrival_number").notNull(),
    supplierInvoiceNumber: text("supplier_invoice_number").notNull(),
    status: text("status", {
      enum: ["registered", "approved", "partially_paid", "overdue", "disputed", "paid", "credited"],
    }).notNull(),
    disputeReason: text("dispute_reason"),
    isCreditNote: bool("is_credit_note").notNull(),
    creditedInvoiceId: text("credited_invoice_id"),
    invoiceDate: text("invoice_date").notNull(),
    dueDate: text("due_date").notNull(),
    currency: text("currency").notNull(),
    exchangeRate: text("exchange_rate").notNull(),
    subtotalOre: integer("subtotal_ore").notNull(),
    vatOre: integer("vat_ore").notNull(),
    totalOre: integer("total_ore").notNull(),
    totalSekOre: integer("total_sek_ore").notNull(),
    paidOre: integer("paid_ore").notNull(),
    creditedOre: integer("credited_ore").notNull(),
    defaultDimensions: text("default_dimensions", { mode: "json" }).$type<Record<string, string>>(),
    paymentReference: text("payment_reference"),
    notes: text("notes"),
    registrationJournalEntryId: text("registration_journal_entry_id"),
    paymentJournalEntryId: text("payment_journal_entry_id"),
    approvedAt: text("approved_at"),
    paidAt: text("paid_at"),
    /** a credit note whose credit was undone (POST .../credits/{id}/reverse): when, the storno's date and entry */
    creditReversedAt: text("credit_reversed_at"),
    creditReversalDate: text("credit_reversal_date"),
    creditReversalJournalEntryId: text("credit_reversal_journal_entry_id"),
    /** the attest (docs/approvals.md): payment proposals take only not_required and approved */
    approvalStatus: text("approval_status", { enum: ["not_required", "pending", "approved", "rejected"] })
      .notNull()
      .default("not_required"),
    /** the rule that matched at registration (or resubmission) and its steps as they were then */
    approvalPlan: text("approval_plan", { mode: "json" }).$type<ApprovalPlan>(),
    approvalRound: integer("approval_round").notNull().default(1),
    /** the user who registered the invoice (null before migration 0056) */
    registeredBy: text("registered_by"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("supplier_invoices_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("supplier_invoices_company_supplier_idx").on(t.companyId, t.supplierId, t.status),
    index("supplier_invoices_company_status_due_idx").on(t.companyId, t.status, t.dueDate),
    index("supplier_invoices_credited_idx").on(t.companyId, t.creditedInvoiceId),
    uniqueIndex("supplier_invoices_arrival_idx").on(t.companyId, t.arrivalNumber),
    uniqueIndex("supplier_invoices_number_idx")
      .on(t.companyId, t.supplierId, t.supplierInvoiceNumber)
      .where(sql`is_credit_note = 0`),
  ],
);

export const supplierInvoiceItems = sqliteTable(
  "supplier_invoice_items",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    supplierInvoiceId: text("supplier_invoice_id").notNull(),
    sortOrder: integer("sort_order").notNull(),
    description: text("description"),
    /** net amount, without VAT, in the invoice's currency */
    amountOre: integer("amount_ore").notNull(),
    accountNumber: text("account_number").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    vatOre: integer("vat_ore").notNull(),
    applySlp: bool("apply_slp").notNull(),
    dimensions: text("dimensions", { mode: "json" }).$type<Record<string, string>>(),
    supplyType: text("supply_type", { enum: ["goods", "services"] })
      .notNull()
      .default("services"),
    /** src/sweden/vat-treatment.ts PurchaseTreatment */
    vatTreatment: text("vat_treatment").notNull().default("domestic"),
    /** on a credit note's item: the supplier invoice item it credits (partial credits add up per item) */
    creditedItemId: text("credited_item_id"),
  },
  (t) => [index("supplier_invoice_items_invoice_idx").on(t.supplierInvoiceId, t.sortOrder)],
);

export const supplierInvoicePayments = sqliteTable(
  "supplier_invoice_payments",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    supplierInvoiceId: text("supplier_invoice_id").notNull(),
    paymentDate: text("payment_date").notNull(),
    amountOre: integer("amount_ore").notNull(),
    amountSekOre: integer("amount_sek_ore").notNull(),
    exchangeRateDifferenceOre: integer("exchange_rate_difference_ore").notNull(),
    settlementAccount: text("settlement_account").notNull(),
    journalEntryId: text("journal_entry_id").notNull(),
    createdAt: text("created_at").notNull(),
    /** a reversed (makulerad) payment: when, the storno's date and entry; it no longer counts from that date */
    reversedAt: text("reversed_at"),
    reversalDate: text("reversal_date"),
    reversalJournalEntryId: text("reversal_journal_entry_id"),
  },
  (t) => [index("supplier_invoice_payments_invoice_idx").on(t.supplierInvoiceId, t.paymentDate)],
);
