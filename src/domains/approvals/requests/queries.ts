// Reads of staged writes (approval_requests) and the company's approval settings.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { approvalRequests, approvalSettings } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;

export async function loadApprovalRequest(db: Database, companyId: string, id: string): Promise<ApprovalRequestRow> {
  const row = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.companyId, companyId), eq(approvalRequests.id, id)))
    .get();
  if (!row) throw new ApiError("APPROVAL_REQUEST_NOT_FOUND", { id });
  return row;
}

export function approvalRequestJson(r: ApprovalRequestRow) {
  return {
    id: r.id,
    status: r.status,
    command: r.command,
    trigger: r.trigger,
    input: r.input,
    preview: r.preview,
    approvers: r.approvers,
    requested_by: r.requestedBy,
    api_key_id: r.apiKeyId,
    decided_by: r.decidedBy,
    decided_at: r.decidedAt,
    reason: r.reason,
    result: r.result ?? null,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** The company's requests, newest first; with `status`, only those. */
export function listApprovalRequests(db: Database, companyId: string, status?: ApprovalRequestRow["status"]) {
  return db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.companyId, companyId), status ? eq(approvalRequests.status, status) : undefined))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(200)
    .all();
}

/** The pending requests this user is one of the approvers of, oldest first. */
export async function pendingRequestsFor(db: Database, companyId: string, userId: string) {
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.companyId, companyId), eq(approvalRequests.status, "pending")))
    .orderBy(asc(approvalRequests.createdAt), asc(approvalRequests.id))
    .all();
  return rows.filter((r) => r.approvers.includes(userId));
}

/** The company's approval settings; without a row, two-step verification is not asked. */
export async function approvalSettingsOf(db: Database, companyId: string) {
  const row = await db.select().from(approvalSettings).where(eq(approvalSettings.companyId, companyId)).get();
  return row ?? { companyId, requireMfa: false, updatedAt: null };
}

export function approvalSettingsJson(s: { requireMfa: boolean; updatedAt: string | null }) {
  return { require_mfa: s.requireMfa, updated_at: s.updatedAt };
}
