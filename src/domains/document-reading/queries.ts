// Reads of the proposals (document_proposals) and the JSON of their rows.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documentProposals } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { missingFields } from "./rules";
import type { FoundFieldJson, ProposalJson } from "./schemas";

export type ProposalRow = typeof documentProposals.$inferSelect;

export function proposalJson(row: ProposalRow, supplierName: string | null): ProposalJson {
  const fields = JSON.parse(row.fields) as Record<string, FoundFieldJson>;
  return {
    id: row.id,
    document_id: row.documentId,
    kind: row.kind as ProposalJson["kind"],
    status: row.status as ProposalJson["status"],
    pages: row.pages,
    fields,
    warnings: JSON.parse(row.warnings),
    missing: row.status === "proposed" ? missingFields(row.kind, fields, row.supplierId) : [],
    supplier:
      row.supplierId && supplierName !== null
        ? {
            id: row.supplierId,
            name: supplierName,
            matched_by: row.supplierMatchedBy as NonNullable<ProposalJson["supplier"]>["matched_by"],
          }
        : null,
    supplier_invoice_id: row.supplierInvoiceId,
    journal_entry_id: row.journalEntryId,
    created_at: row.createdAt,
    used_at: row.usedAt,
  };
}

export async function loadProposal(db: Database, companyId: string, id: string): Promise<ProposalRow> {
  const row = await db
    .select()
    .from(documentProposals)
    .where(and(eq(documentProposals.companyId, companyId), eq(documentProposals.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "document_proposal", id });
  return row;
}
