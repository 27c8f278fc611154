// The store of record. Every table but users, API keys and the BAS reference
// chart carries company_id, so a company can later move to a database of its own.
// Money is integer öre (columns named *_ore); never REAL.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  createdAt: text("created_at").notNull(),
  // the TOTP secret of two-step verification (src/http/mfa.ts), encrypted (src/secrets.ts); null: not enrolled
  mfaSecretEnc: text("mfa_secret_enc"),
  mfaEnrolledAt: text("mfa_enrolled_at"),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    // SHA-256 of the whole key; the key itself is shown once and never stored.
    keyHash: text("key_hash").notNull().unique(),
    keyPrefix: text("key_prefix").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    mode: text("mode", { enum: ["live", "test"] }).notNull(),
    unattendedCommitLimitOre: integer("unattended_commit_limit_ore"),
    // the dated API version the key was created under: its requests are answered in it
    // unless they send Service-Version (src/http/versions.ts)
    apiVersion: text("api_version").notNull().default("2026-05-12"),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

export const companies = sqliteTable("companies", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  orgNumber: text("org_number"),
  entityType: text("entity_type").notNull(),
  vatRegistered: bool("vat_registered").notNull(),
  momsPeriod: text("moms_period", { enum: ["monthly", "quarterly", "yearly"] }),
  accountingMethod: text("accounting_method", { enum: ["accrual", "cash"] }).notNull(),
  fSkatt: bool("f_skatt").notNull(),
  fiscalYearStartMonth: integer("fiscal_year_start_month").notNull(),
  isSandbox: bool("is_sandbox").notNull(),
  trialEndsAt: text("trial_ends_at").notNull(),
  archivedAt: text("archived_at"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const companySettings = sqliteTable("company_settings", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id),
  invoiceDefaultDays: integer("invoice_default_days"),
  bankgiro: text("bankgiro"),
  plusgiro: text("plusgiro"),
  bankClearingNumber: text("bank_clearing_number"),
  bankAccountNumber: text("bank_account_number"),
  iban: text("iban"),
  bic: text("bic"),
  emailSenderName: text("email_sender_name"),
  emailReplyTo: text("email_reply_to"),
  // the seller's address and contact details printed on invoices (ML 17 kap 24 §)
  addressLine1: text("address_line1"),
  addressLine2: text("address_line2"),
  postalCode: text("postal_code"),
  city: text("city"),
  country: text("country").notNull().default("SE"),
  phone: text("phone"),
  email: text("email"),
  website: text("website"),
  /** overrides SE + org number + 01 */
  vatNumber: text("vat_number"),
  /** late-payment interest as a decimal fraction string ("0.10"); null = räntelagen (reference rate + 8 points) */
  latePaymentInterestRate: text("late_payment_interest_rate"),
  defaultVoucherSeries: text("default_voucher_series").notNull().default("A"),
  // the contact person of the employer's AGI (Kontaktperson: name, phone, email), all three or none
  payrollContactName: text("payroll_contact_name"),
  payrollContactPhone: text("payroll_contact_phone"),
  payrollContactEmail: text("payroll_contact_email"),
  /**
   * The vacation year of payroll (semesterlagen 3 §): "calendar" (earning and vacation year coincide)
   * or "april_march" (the Act's default, förskjutet semesterår). The column's default keeps companies
   * created before it on "calendar"; a new company gets "april_march" unless it asks otherwise.
   */
  vacationYear: text("vacation_year", { enum: ["calendar", "april_march"] })
    .notNull()
    .default("calendar"),
  /** the fee for a written payment reminder, agreed in the company's terms (at most 60 kr, lag 1981:739); null = none */
  reminderFeeOre: integer("reminder_fee_ore"),
  /** the overdue sweep sends a reminder this many days after the due date, and again each interval; null = off */
  autoReminderDays: integer("auto_reminder_days"),
  /** the Peppol access point invoices are handed to (docs/peppol.md, "Sending through an access point"); null = none */
  peppolAccessPointUrl: text("peppol_access_point_url"),
  /** its bearer token, encrypted like other secrets (src/secrets.ts); never shown */
  peppolAccessPointTokenEnc: text("peppol_access_point_token_enc"),
  /** the sender's Peppol id ("scheme:value") when not 0007 + the organisation number */
  peppolSenderId: text("peppol_sender_id"),
  updatedAt: text("updated_at").notNull(),
});

export const memberships = sqliteTable(
  "memberships",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    role: text("role", { enum: ["owner", "admin", "member", "viewer"] }).notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

/** The BAS reference chart, seeded by a migration; companies copy it on creation. */
export const basAccounts = sqliteTable("bas_accounts", {
  number: text("number").primaryKey(),
  name: text("name").notNull(),
  type: text("type", { enum: ["asset", "equity", "liability", "revenue", "expense"] }).notNull(),
  k2Excluded: bool("k2_excluded").notNull(),
});

export const accounts = sqliteTable(
  "accounts",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    number: text("number").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: ["asset", "equity", "liability", "revenue", "expense"] }).notNull(),
    isActive: bool("is_active").notNull(),
    k2Excluded: bool("k2_excluded").notNull(),
    isCustom: bool("is_custom").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.number] })],
);

export const fiscalPeriods = sqliteTable(
  "fiscal_periods",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    isClosed: bool("is_closed").notNull().default(false),
    closedAt: text("closed_at"),
    lockedAt: text("locked_at"),
    previousPeriodId: text("previous_period_id"),
    closingEntryId: text("closing_entry_id"),
    createdAt: text("created_at").notNull(),
    /** closed as a year whose year-end was made in another program (its closing entry imported); only such a year is reopened */
    closedExternally: bool("closed_externally").notNull().default(false),
    /** the last reopening of a year closed elsewhere: when, and the reason given */
    reopenedAt: text("reopened_at"),
    reopenReason: text("reopen_reason"),
  },
  (t) => [uniqueIndex("fiscal_periods_company_start_idx").on(t.companyId, t.periodStart)],
);

export const journalEntries = sqliteTable(
  "journal_entries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    fiscalPeriodId: text("fiscal_period_id")
      .notNull()
      .references(() => fiscalPeriods.id),
    voucherSeries: text("voucher_series").notNull(),
    // 0 while a draft or cancelled; > 0 once posted.
    voucherNumber: integer("voucher_number").notNull().default(0),
    entryDate: text("entry_date").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: ["draft", "posted", "cancelled"] }).notNull(),
    sourceType: text("source_type").notNull(),
    sourceId: text("source_id"),
    reversesId: text("reverses_id"),
    reversedById: text("reversed_by_id"),
    correctionOfId: text("correction_of_id"),
    totalOre: integer("total_ore").notNull(),
    createdAt: text("created_at").notNull(),
    postedAt: text("posted_at"),
    cancelledAt: text("cancelled_at"),
  },
  (t) => [
    // The last line of defence for "never two the same": the serialised writer
    // decides the number, this index refuses a second one.
    uniqueIndex("journal_entries_voucher_idx")
      .on(t.companyId, t.fiscalPeriodId, t.voucherSeries, t.voucherNumber)
      .where(sql`voucher_number > 0`),
    index("journal_entries_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("journal_entries_company_date_idx").on(t.companyId, t.fiscalPeriodId, t.entryDate),
    index("journal_entries_register_idx").on(t.companyId, t.fiscalPeriodId, t.voucherSeries, t.voucherNumber),
  ],
);

export const journalLines = sqliteTable(
  "journal_lines",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    journalEntryId: text("journal_entry_id")
      .notNull()
      .references(() => journalEntries.id),
    sortOrder: integer("sort_order").notNull(),
    accountNumber: text("account_number").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
    lineDescription: text("line_description"),
    /** { dimension id: code }, validated against the company's dimensions */
    dimensions: text("dimensions", { mode: "json" }).$type<Record<string, string>>(),
    /** the entry's date, copied when the line is written (an entry's date never changes, a draft's neither): the general ledger walks an account's lines in date order by index */
    entryDate: text("entry_date").notNull().default(""),
  },
  (t) => [
    index("journal_lines_entry_idx").on(t.journalEntryId, t.sortOrder),
    // the general ledger's order: a page of one account is a range of this index
    index("journal_lines_account_date_idx").on(t.companyId, t.accountNumber, t.entryDate),
  ],
);

/** Per-period movement of every account, kept by the ledger engine in the posting batch. */
export const accountBalances = sqliteTable(
  "account_balances",
  {
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    accountNumber: text("account_number").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.fiscalPeriodId, t.accountNumber] })],
);

/**
 * Movement of every account per day, kept by the ledger engine in the posting batch:
 * a report to any date sums at most a year of days per account instead of the lines.
 * The opening entry (ingående balans) is kept apart (opening = 1) because reports show
 * it apart from the year's movement.
 */
export const accountDayBalances = sqliteTable(
  "account_day_balances",
  {
    companyId: text("company_id").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    entryDate: text("entry_date").notNull(),
    opening: integer("opening", { mode: "boolean" }).notNull(),
    accountNumber: text("account_number").notNull(),
    debitOre: integer("debit_ore").notNull(),
    creditOre: integer("credit_ore").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.fiscalPeriodId, t.entryDate, t.opening, t.accountNumber] })],
);

export const idempotencyRecords = sqliteTable(
  "idempotency_records",
  {
    apiKeyId: text("api_key_id").notNull(),
    companyId: text("company_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    bodyHash: text("body_hash").notNull(),
    statusCode: integer("status_code").notNull(),
    result: text("result", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.companyId, t.idempotencyKey] }),
    index("idempotency_expires_idx").on(t.expiresAt),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    requestId: text("request_id").notNull(),
    apiKeyId: text("api_key_id"),
    userId: text("user_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    voucher: text("voucher"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("audit_log_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

export const outboxEvents = sqliteTable(
  "outbox_events",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    type: text("type").notNull(),
    apiVersion: text("api_version").notNull(),
    created: integer("created").notNull(),
    object: text("object", { mode: "json" }).notNull(),
    previousAttributes: text("previous_attributes", { mode: "json" }),
    requestId: text("request_id").notNull(),
    dispatchedAt: text("dispatched_at"),
  },
  // The retention sweep's order (src/commands/outbox-retention.ts): the oldest events first,
  // a range of this index. No read lists a company's events, so no (company, created) index.
  (t) => [index("outbox_created_idx").on(t.created)],
);

const partyColumns = {
  id: text("id").primaryKey(),
  companyId: text("company_id").notNull(),
  name: text("name").notNull(),
  email: text("email"),
  orgNumber: text("org_number"),
  vatNumber: text("vat_number"),
  country: text("country").notNull(),
  addressLine1: text("address_line1"),
  addressLine2: text("address_line2"),
  postalCode: text("postal_code"),
  city: text("city"),
  phone: text("phone"),
  contactName: text("contact_name"),
  defaultPaymentTerms: integer("default_payment_terms").notNull(),
  notes: text("notes"),
  archivedAt: text("archived_at"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
};

export const customers = sqliteTable(
  "customers",
  {
    ...partyColumns,
    customerType: text("customer_type", { enum: ["swedish_business", "eu_business", "individual"] }).notNull(),
    vatNumberValidated: bool("vat_number_validated").notNull(),
    /** AES-GCM ciphertext (base64 iv.ciphertext); never returned in clear */
    personalNumberEnc: text("personal_number_enc"),
    /** the customer's Peppol electronic address (docs/peppol.md): an EAS scheme (0007, 0088, 9955 ...) and its id */
    peppolEndpointScheme: text("peppol_endpoint_scheme"),
    peppolEndpointValue: text("peppol_endpoint_value"),
    /** the customer wants its invoices as Peppol e-invoices */
    eInvoice: bool("e_invoice").notNull().default(false),
  },
  (t) => [
    index("customers_company_created_idx").on(t.companyId, t.createdAt, t.id),
    uniqueIndex("customers_company_org_idx").on(t.companyId, t.orgNumber).where(sql`org_number IS NOT NULL`),
  ],
);

export const suppliers = sqliteTable(
  "suppliers",
  {
    ...partyColumns,
    supplierType: text("supplier_type", { enum: ["swedish_business", "eu_business", "non_eu_business"] }).notNull(),
    bankgiro: text("bankgiro"),
    plusgiro: text("plusgiro"),
    iban: text("iban"),
    bic: text("bic"),
    defaultExpenseAccount: text("default_expense_account"),
    defaultCurrency: text("default_currency").notNull(),
  },
  (t) => [
    index("suppliers_company_created_idx").on(t.companyId, t.createdAt, t.id),
    uniqueIndex("suppliers_company_org_idx").on(t.companyId, t.orgNumber).where(sql`org_number IS NOT NULL`),
  ],
);

export const articles = sqliteTable(
  "articles",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    number: text("number").notNull(),
    name: text("name").notNull(),
    unit: text("unit").notNull(),
    defaultPriceOre: integer("default_price_ore").notNull(),
    /** VAT rate in basis points of a fraction: 2500 = 25 %, 1200, 600, 0 */
    vatRateBp: integer("vat_rate_bp").notNull(),
    revenueAccount: text("revenue_account").notNull(),
    supplyType: text("supply_type", { enum: ["goods", "services"] })
      .notNull()
      .default("services"),
    archivedAt: text("archived_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("articles_company_number_idx").on(t.companyId, t.number),
    index("articles_company_created_idx").on(t.companyId, t.createdAt, t.id),
  ],
);

export const dimensions = sqliteTable(
  "dimensions",
  {
    companyId: text("company_id").notNull(),
    /** SIE dimension number: 1 kostnadsställe and 6 projekt are reserved by SIE 4C */
    dimensionId: integer("dimension_id").notNull(),
    name: text("name").notNull(),
    archivedAt: text("archived_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dimensionId] })],
);

export const dimensionCodes = sqliteTable(
  "dimension_codes",
  {
    companyId: text("company_id").notNull(),
    dimensionId: integer("dimension_id").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    archivedAt: text("archived_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dimensionId, t.code] })],
);

/** The document archive (BFL 7 kap: kept seven years). Rows are never deleted. */
export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** the id of version 1; every version of one document shares it */
    documentGroupId: text("document_group_id").notNull(),
    version: integer("version").notNull(),
    isCurrentVersion: bool("is_current_version").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    fileSizeBytes: integer("file_size_bytes").notNull(),
    sha256Hash: text("sha256_hash").notNull(),
    r2Key: text("r2_key").notNull(),
    uploadSource: text("upload_source").notNull(),
    journalEntryId: text("journal_entry_id"),
    journalEntryLineId: text("journal_entry_line_id"),
    createdAt: text("created_at").notNull(),
    linkedAt: text("linked_at"),
  },
  (t) => [
    index("documents_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("documents_entry_idx").on(t.companyId, t.journalEntryId),
    uniqueIndex("documents_group_version_idx").on(t.documentGroupId, t.version),
  ],
);

export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    eventType: text("event_type").notNull(),
    webhookUrl: text("webhook_url").notNull(),
    active: bool("active").notNull(),
    apiVersionPinned: text("api_version_pinned").notNull(),
    disabledAt: text("disabled_at"),
    disabledReason: text("disabled_reason"),
    /** AES-GCM ciphertext of the signing secret */
    secretEnc: text("secret_enc").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("webhooks_company_event_idx").on(t.companyId, t.eventType)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** null once the webhook is deleted; such rows are never dispatched again */
    webhookId: text("webhook_id"),
    eventId: text("event_id"),
    eventType: text("event_type").notNull(),
    status: text("status", { enum: ["pending", "in_flight", "delivered", "failed", "dead"] }).notNull(),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: text("next_attempt_at"),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
    requestId: text("request_id").notNull(),
    /** the exact JSON body sent, shaped by the webhook's pinned version */
    payload: text("payload").notNull(),
    retryOfId: text("retry_of_id"),
    createdAt: text("created_at").notNull(),
    deliveredAt: text("delivered_at"),
  },
  (t) => [
    index("deliveries_webhook_created_idx").on(t.webhookId, t.createdAt, t.id),
    index("deliveries_due_idx").on(t.status, t.nextAttemptAt),
    // Only the deliveries still to be sent, by event: the outbox keeps an event while one
    // remains (OPEN_DELIVERY in src/domains/webhooks/retention.ts states the same condition).
    index("deliveries_open_event_idx")
      .on(t.eventId)
      .where(sql`status IN ('pending', 'in_flight', 'failed') AND webhook_id IS NOT NULL`),
  ],
);

export const operations = sqliteTable(
  "operations",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    type: text("type").notNull(),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed", "cancelled"] }).notNull(),
    input: text("input", { mode: "json" }),
    progress: text("progress", { mode: "json" }).$type<{ phase?: string; current?: number; total?: number }>(),
    result: text("result", { mode: "json" }),
    error: text("error", { mode: "json" }).$type<{ code: string; message: string; details: unknown } | null>(),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
    startedAt: text("started_at"),
    /** refreshed by every progress write; a running operation whose heartbeat is old lost its worker */
    heartbeatAt: text("heartbeat_at"),
    completedAt: text("completed_at"),
    /** the runs that claimed it (issue #41 item 5): a run's writes stop once a later run has claimed it */
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    index("operations_company_idx").on(t.companyId, t.createdAt),
    // the minute sweep's search for stalled operations
    index("operations_status_heartbeat_idx").on(t.status, t.heartbeatAt),
  ],
);

export const sieImports = sqliteTable(
  "sie_imports",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    sha256: text("sha256").notNull(),
    fileName: text("file_name").notNull(),
    fileSizeBytes: integer("file_size_bytes").notNull(),
    r2Key: text("r2_key").notNull(),
    operationId: text("operation_id").notNull(),
    status: text("status", { enum: ["queued", "succeeded", "failed"] }).notNull(),
    updateAccountNames: bool("update_account_names").notNull(),
    /** who started it: the import's writes are audited as theirs */
    startedByKeyId: text("started_by_key_id"),
    startedByUserId: text("started_by_user_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("sie_imports_company_sha_idx").on(t.companyId, t.sha256)],
);

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
    /** ROT/RUT (docs/rot-rut.md): the deduction the customer does not pay (after credit notes and rejections); on a credit note, minus what it reversed */
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

export * from "./tables/bank";
export * from "./tables/payroll";
export * from "./tables/fiscal-year";
export * from "./tables/payroll-absence";
export * from "./tables/rot-rut";
export * from "./tables/reconciliation";
export * from "./tables/payroll-vacation";
export * from "./tables/vat-returns";
export * from "./tables/accruals";
export * from "./tables/fixed-assets";
export * from "./tables/annual-reports";
export * from "./tables/directory";
export * from "./tables/budgets";
