// The registers: customers and suppliers (one column set), articles, dimensions, documents.
// Money is integer öre (columns named *_ore); never REAL.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

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
