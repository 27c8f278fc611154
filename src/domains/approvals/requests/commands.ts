// Staged writes (issue #44, docs/approvals.md): a key set to stage a write (over its unattended
// limit, or a command it names) has it become an approval request showing the write's dry-run
// answer; one of the named approvers commits it through the same command, as themselves, or
// rejects it. The runner hands the staged write here (src/commands/runner.ts planOrStaged).
import { eq } from "drizzle-orm";
import type { Command, Plan, StagedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { approvalRequests, approvalSettings } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { approvalRequestJson, type ApprovalRequestRow, loadApprovalRequest } from "./queries";
import { previewDrift } from "./rules";

/** The staged write becomes a pending request: 202 with what would be written and who may approve it. */
export const stageWrite: Command<StagedWrite> = async (db, input, ctx) => {
  const row: ApprovalRequestRow = {
    id: newId(),
    companyId: ctx.companyId,
    command: input.command,
    input: input.input ?? null,
    preview: input.preview,
    approvers: ctx.staging?.approvers ?? [],
    trigger: input.trigger,
    requestedBy: ctx.userId,
    apiKeyId: ctx.apiKeyId,
    status: "pending",
    decidedBy: null,
    decidedAt: null,
    reason: null,
    result: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const data = approvalRequestJson(row);
  return {
    status: 202,
    data,
    statements: [db.insert(approvalRequests).values(row)],
    events: [{ type: "approval_request.created", object: data }],
    audit: { action: "approval_request.created", resourceType: "approval_request", resourceId: row.id },
  };
};

/** A pending request, and the caller one of its approvers. */
async function decidable(db: Database, companyId: string, id: string, userId: string) {
  const row = await loadApprovalRequest(db, companyId, id);
  if (row.status !== "pending") throw new ApiError("APPROVAL_REQUEST_NOT_PENDING", { status: row.status });
  if (!row.approvers.includes(userId))
    throw new ApiError("APPROVAL_REQUEST_NOT_APPROVER", { approvers: row.approvers });
  return row;
}

type PlanCommand = NonNullable<Parameters<Command<unknown>>[2]["planCommand"]>;

/**
 * The write planned again now, without the key's limit: first as the requester, as a dry run,
 * to compare with the preview like with like (what differs because the approver makes it, such
 * as who registered a supplier invoice, is no change of the books); then as the approver, the
 * plan committed. A write now refused, or whose answer differs from the preview, no longer applies.
 */
async function replanned(row: ApprovalRequestRow, planCommand: PlanCommand) {
  const unlimited = { unattendedCommitLimitOre: null, staging: null };
  let plan: Plan;
  let asRequested: Plan;
  try {
    asRequested = await planCommand(row.command, row.input, {
      ...unlimited,
      userId: row.requestedBy,
      apiKeyId: row.apiKeyId,
      dryRun: true,
    });
    plan = await planCommand(row.command, row.input, unlimited);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError("APPROVAL_REQUEST_NO_LONGER_APPLIES", {
      reason: "refused",
      cause: { code: err.code, message: err.message, details: err.details },
    });
  }
  if (plan.external) throw new ApiError("APPROVAL_REQUEST_NOT_STAGEABLE", { command: row.command });
  const drift = previewDrift(row.preview.data, asRequested.data);
  if (asRequested.status !== row.preview.status || drift.length)
    throw new ApiError("APPROVAL_REQUEST_NO_LONGER_APPLIES", { reason: "changed", paths: drift });
  return plan;
}

/**
 * Commits the staged write through its own command, as the approver, in one batch with the
 * request's decision: its answer is the request with `result`, the write's own answer.
 */
export const approveRequest: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await decidable(db, ctx.companyId, input.id, ctx.userId);
  if (!ctx.planCommand) throw new Error("approval_requests.approve runs in a company's writer");
  const write = await replanned(row, ctx.planCommand);
  const next: ApprovalRequestRow = {
    ...row,
    status: "committed",
    decidedBy: ctx.userId,
    decidedAt: ctx.now,
    result: write.data ?? null,
    updatedAt: ctx.now,
  };
  const data = approvalRequestJson(next);
  const { status, decidedBy, decidedAt, result, updatedAt } = next;
  return {
    ...write,
    status: 200,
    data,
    statements: [
      ...write.statements,
      db
        .update(approvalRequests)
        .set({ status, decidedBy, decidedAt, result, updatedAt })
        .where(eq(approvalRequests.id, row.id)),
    ],
    events: [
      ...(write.events ?? []),
      { type: "approval_request.approved", object: data },
      { type: "approval_request.committed", object: data },
    ],
    replayData: undefined,
  };
};

/** Rejects a staged write, with a reason: nothing of it is written. */
export const rejectRequest: Command<{ id: string; reason: string }> = async (db, input, ctx) => {
  const row = await decidable(db, ctx.companyId, input.id, ctx.userId);
  const patch = {
    status: "rejected" as const,
    decidedBy: ctx.userId,
    decidedAt: ctx.now,
    reason: input.reason,
    updatedAt: ctx.now,
  };
  const data = approvalRequestJson({ ...row, ...patch });
  return {
    status: 200,
    data,
    statements: [db.update(approvalRequests).set(patch).where(eq(approvalRequests.id, row.id))],
    events: [{ type: "approval_request.rejected", object: data }],
    audit: { action: "approval_request.rejected", resourceType: "approval_request", resourceId: row.id },
  };
};

/** The company's approval settings, kept by its owners and admins. */
export const updateApprovalSettings: Command<{ require_mfa: boolean }> = async (db, input, ctx) => {
  if (ctx.role !== "owner" && ctx.role !== "admin")
    throw new ApiError("FORBIDDEN", { role: ctx.role }, "Only an owner or admin changes the approval settings.");
  const row = { companyId: ctx.companyId, requireMfa: input.require_mfa, updatedAt: ctx.now };
  return {
    status: 200,
    data: { require_mfa: row.requireMfa, updated_at: row.updatedAt },
    statements: [
      db
        .insert(approvalSettings)
        .values(row)
        .onConflictDoUpdate({
          target: approvalSettings.companyId,
          set: { requireMfa: row.requireMfa, updatedAt: row.updatedAt },
        }),
    ],
    audit: { action: "approval_settings.updated", resourceType: "company", resourceId: ctx.companyId },
  };
};
