// Who may act and on what: users, API keys, companies with their settings, memberships.
// Every table but users, API keys and the BAS reference chart carries company_id.
// Money is integer öre (columns named *_ore); never REAL.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

/** An API key's staged writes: over its unattended limit, and/or these commands, go to these approvers. */
export interface KeyStaging {
  over_limit: boolean;
  commands: string[];
  approvers: string[];
}

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
    /** writes the key stages for a person instead of committing (docs/approvals.md); null: none */
    staging: text("staging", { mode: "json" }).$type<KeyStaging>(),
    // the dated API version the key was created under: its requests are answered in it
    // unless they send Service-Version (src/http/versions.ts)
    apiVersion: text("api_version").notNull().default("2026-05-12"),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
    /** a key, a dashboard session or an OAuth access token (docs/sign-in-and-oauth.md) */
    kind: text("kind", { enum: ["key", "session", "oauth"] })
      .notNull()
      .default("key"),
    /** an OAuth access token acts only on these companies; null: every company of the user */
    companyIds: text("company_ids", { mode: "json" }).$type<string[]>(),
    /** sessions and access tokens expire (ms since the epoch); keys do not (null) */
    expiresAtMs: integer("expires_at_ms"),
    /** the OAuth grant an access token belongs to */
    grantId: text("grant_id"),
  },
  (t) => [index("api_keys_user_idx").on(t.userId), index("api_keys_grant_idx").on(t.grantId)],
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
