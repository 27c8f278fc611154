import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What a supplier invoice's or a receipt's PDF was read as (src/domains/document-reading,
 * issue #43): the proposal, kept so that the caller can register it with corrections, and what
 * it became. `fields` and `warnings` are JSON text as the API shows them; a proposal is used
 * once (status registered or drafted), and the document's row keeps the file.
 */
export const documentProposals = sqliteTable(
  "document_proposals",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** the document's row (one version) that was read */
    documentId: text("document_id").notNull(),
    /** supplier_invoice or receipt */
    kind: text("kind").notNull(),
    /** proposed, registered (a supplier invoice was made of it) or drafted (a receipt's entry) */
    status: text("status").notNull(),
    pages: integer("pages").notNull(),
    fields: text("fields").notNull(),
    warnings: text("warnings").notNull(),
    supplierId: text("supplier_id"),
    /** what matched the supplier: org_number, vat_number, bankgiro, plusgiro or iban */
    supplierMatchedBy: text("supplier_matched_by"),
    supplierInvoiceId: text("supplier_invoice_id"),
    journalEntryId: text("journal_entry_id"),
    createdAt: text("created_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("document_proposals_company_document_idx").on(t.companyId, t.documentId)],
);
