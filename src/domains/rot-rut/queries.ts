// Reads of ROT/RUT claims and their JSON.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rotRutClaimInvoices, rotRutClaims } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { companyPage, type PageRequest } from "../../http/pagination";
import { fromOre } from "../../money";

export type ClaimRow = typeof rotRutClaims.$inferSelect;
export type ClaimInvoiceRow = typeof rotRutClaimInvoices.$inferSelect;

export const claimR2Key = (companyId: string, claimId: string) => `companies/${companyId}/rot-rut/${claimId}.xml`;

export function claimJson(c: ClaimRow, invoices: ClaimInvoiceRow[]) {
  return {
    id: c.id,
    type: c.type,
    year: c.year,
    name: c.name,
    status: c.status,
    buyers: c.buyerCount,
    cases: c.caseCount,
    amount: fromOre(c.claimedOre),
    approved_amount: c.approvedOre === null ? null : fromOre(c.approvedOre),
    rejected_amount: c.approvedOre === null ? null : fromOre(c.claimedOre - c.approvedOre),
    decision_date: c.decisionDate,
    decision_journal_entry_id: c.decisionJournalEntryId,
    invoices: invoices.map((i) => ({
      invoice_id: i.invoiceId,
      invoice_number: i.invoiceNumber,
      payment_date: i.paymentDate,
      buyers: i.buyerCount,
      amount: fromOre(i.claimedOre),
      rejected_amount: i.rejectedOre === null ? null : fromOre(i.rejectedOre),
    })),
    download_url: `/api/v1/companies/${c.companyId}/rot-rut/claims/${c.id}/xml`,
    created_at: c.createdAt,
  };
}

export async function loadClaim(db: Database, companyId: string, id: string): Promise<ClaimRow> {
  const row = await db
    .select()
    .from(rotRutClaims)
    .where(and(eq(rotRutClaims.companyId, companyId), eq(rotRutClaims.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "rot_rut_claim", id });
  return row;
}

export async function claimInvoicesOf(db: Database, claimIds: string[]): Promise<ClaimInvoiceRow[]> {
  if (!claimIds.length) return [];
  return db
    .select()
    .from(rotRutClaimInvoices)
    .where(inArray(rotRutClaimInvoices.claimId, claimIds))
    .orderBy(asc(rotRutClaimInvoices.invoiceNumber))
    .all();
}

/** The (invoice, type) pairs already in a claim, among these invoices. */
export async function claimedPairs(
  db: Database,
  companyId: string,
  invoiceIds: string[],
): Promise<Map<string, string>> {
  if (!invoiceIds.length) return new Map();
  const rows = await db
    .select({
      invoiceId: rotRutClaimInvoices.invoiceId,
      type: rotRutClaimInvoices.type,
      claimId: rotRutClaimInvoices.claimId,
    })
    .from(rotRutClaimInvoices)
    .where(and(eq(rotRutClaimInvoices.companyId, companyId), inArray(rotRutClaimInvoices.invoiceId, invoiceIds)))
    .all();
  return new Map(rows.map((r) => [`${r.invoiceId}/${r.type}`, r.claimId]));
}

export async function listClaims(
  db: Database,
  companyId: string,
  status: ClaimRow["status"] | undefined,
  page: PageRequest,
) {
  return companyPage(db, rotRutClaims, companyId, page, status ? eq(rotRutClaims.status, status) : undefined);
}

/** The claims an invoice is in (the invoices domain refuses to reverse a payment a claim rests on). */
export async function claimIdsOfInvoice(db: Database, companyId: string, invoiceId: string): Promise<string[]> {
  return [...new Set((await claimedPairs(db, companyId, [invoiceId])).values())];
}
