import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Recurring invoices (src/domains/invoice-contracts, issue #43): a contract invoices a customer
 * the same items every period (month, quarter, half year, year) from its start date, until its
 * end date. Its terms (items, references) are versions effective from a period's start.
 */
export const invoiceContracts = sqliteTable(
  "invoice_contracts",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    customerId: text("customer_id").notNull(),
    name: text("name"),
    /** month | quarter | half_year | year */
    interval: text("interval").notNull(),
    /** the first period's first day (a month's first day) */
    startDate: text("start_date").notNull(),
    /** the last day covered: a period starting after it is not invoiced */
    endDate: text("end_date"),
    /** "1".."31" (clamped to the month's last day) or "last" */
    invoiceDay: text("invoice_day").notNull(),
    /** the invoice date's month relative to the period's first month (-1: the month before) */
    invoiceMonthOffset: integer("invoice_month_offset").notNull().default(0),
    /** the invoice is created this many days before its invoice date */
    daysInAdvance: integer("days_in_advance").notNull().default(0),
    /** draft | mark_sent | email | peppol */
    action: text("action").notNull(),
    /** the due date is the invoice date plus this; null: the customer's payment terms */
    paymentTermsDays: integer("payment_terms_days"),
    /** active | paused (the API shows "ended" for an ended contract with nothing left to make) */
    status: text("status").notNull(),
    /** the day the next invoice is to be created; null when none is left (or paused) */
    nextRunOn: text("next_run_on"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("invoice_contracts_company_idx").on(t.companyId, t.createdAt),
    index("invoice_contracts_next_run_idx").on(t.nextRunOn),
  ],
);

/** A contract's terms from a period's start on: the items (invoice draft lines) and references. */
export const invoiceContractVersions = sqliteTable(
  "invoice_contract_versions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    contractId: text("contract_id").notNull(),
    effectiveFrom: text("effective_from").notNull(),
    /** JSON: the invoice draft line inputs, with {period} placeholders in their descriptions */
    items: text("items").notNull(),
    ourReference: text("our_reference"),
    yourReference: text("your_reference"),
    notes: text("notes"),
    /** the figures of one invoice under these terms, as the invoice rules computed them when set */
    subtotalOre: integer("subtotal_ore").notNull(),
    vatOre: integer("vat_ore").notNull(),
    totalOre: integer("total_ore").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("invoice_contract_versions_from_idx").on(t.contractId, t.effectiveFrom)],
);

/** A pause: invoices whose creation day falls in [from_date, to_date) are skipped; to_date null while paused. */
export const invoiceContractPauses = sqliteTable(
  "invoice_contract_pauses",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    contractId: text("contract_id").notNull(),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("invoice_contract_pauses_contract_idx").on(t.contractId)],
);

/**
 * Each invoice a contract made: one per (contract, period start), a UNIQUE key, so a rerun, a
 * retry or two overlapping sweeps never make a second. The action (mark sent, email, Peppol)
 * follows the creation: pending until done or failed.
 */
export const invoiceContractInvoices = sqliteTable(
  "invoice_contract_invoices",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    contractId: text("contract_id").notNull(),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    invoiceId: text("invoice_id").notNull(),
    versionId: text("version_id").notNull(),
    /** the period's invoice day; the invoice's own date differs when that day is in a locked period */
    scheduledDate: text("scheduled_date").notNull(),
    invoiceDate: text("invoice_date").notNull(),
    action: text("action").notNull(),
    /** none (a draft is the action) | pending | done | failed */
    actionStatus: text("action_status").notNull(),
    actionError: text("action_error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("invoice_contract_invoices_period_idx").on(t.contractId, t.periodStart),
    index("invoice_contract_invoices_action_idx").on(t.actionStatus),
  ],
);
