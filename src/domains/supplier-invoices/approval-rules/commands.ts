// A company's attest rules (docs/approvals.md): kept by its owners and admins; the approvers
// they name must be members who may write. An invoice keeps the rule as it was when it matched.
import { and, eq } from "drizzle-orm";
import type { Command, CommandContext } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { directory } from "../../../db/homes";
import { approvalRules } from "../../../db/schema";
import type { ApprovalStep } from "../../../db/tables/approvals";
import type { Env } from "../../../env";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { companyMembers } from "../../companies";
import { approvalRuleJson, approvalRulesOf, type ApprovalRuleRow, loadApprovalRule } from "../attest/queries";
import { stepsProblem } from "../attest/rules";
import type { ApprovalRuleCreateInput, ApprovalRulePatchInput } from "./schemas";

function ownerOrAdmin(ctx: CommandContext) {
  if (ctx.role !== "owner" && ctx.role !== "admin")
    throw new ApiError("FORBIDDEN", { role: ctx.role }, "Only an owner or admin keeps the approval rules.");
}

/** The steps with their defaults, checked: sound (rules.ts), and every approver a member who may write. */
async function checkedSteps(env: Env, companyId: string, steps: ApprovalRuleCreateInput["steps"]) {
  const full: ApprovalStep[] = steps.map((s) => ({
    approvers: [...new Set(s.approvers)],
    min_approvals: s.min_approvals ?? 1,
  }));
  const problem = stepsProblem(full);
  if (problem) throw fieldError(problem.path, problem.message);
  const members = await companyMembers(directory(env), companyId);
  const writers = new Set(members.filter((m) => m.role !== "viewer").map((m) => m.userId));
  const outside = full.flatMap((s) => s.approvers).filter((u) => !writers.has(u));
  if (outside.length) throw new ApiError("APPROVAL_RULE_APPROVER_NOT_MEMBER", { user_ids: outside });
  return full;
}

/** The conditions' columns; min above max refused. */
function conditionColumns(c: ApprovalRuleCreateInput["conditions"]) {
  const minAmountOre = c.min_amount == null ? null : toOre(c.min_amount);
  const maxAmountOre = c.max_amount == null ? null : toOre(c.max_amount);
  if (minAmountOre !== null && maxAmountOre !== null && minAmountOre > maxAmountOre)
    throw fieldError("conditions.max_amount", "max_amount is below min_amount");
  return {
    minAmountOre,
    maxAmountOre,
    supplierIds: c.supplier_ids?.length ? c.supplier_ids : null,
    accountNumbers: c.account_numbers?.length ? c.account_numbers : null,
    dimensions: c.dimensions && Object.keys(c.dimensions).length ? c.dimensions : null,
  };
}

function rulePlan(db: Database, row: ApprovalRuleRow, action: string, insert: boolean) {
  return {
    status: insert ? (201 as const) : (200 as const),
    data: approvalRuleJson(row),
    statements: [
      insert
        ? db.insert(approvalRules).values(row)
        : db.update(approvalRules).set(row).where(eq(approvalRules.id, row.id)),
    ],
    audit: { action, resourceType: "approval_rule", resourceId: row.id },
  };
}

export const createApprovalRule: Command<ApprovalRuleCreateInput> = async (db, input, ctx, env) => {
  ownerOrAdmin(ctx);
  const steps = await checkedSteps(env, ctx.companyId, input.steps);
  const existing = await approvalRulesOf(db, ctx.companyId);
  const row: ApprovalRuleRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: input.name,
    position: input.position ?? Math.max(0, ...existing.map((r) => r.position + 1)),
    active: input.active,
    ...conditionColumns(input.conditions),
    steps,
    inOrder: input.in_order,
    allowRegistrant: input.allow_registrant,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return rulePlan(db, row, "approval_rule.created", true);
};

export const updateApprovalRule: Command<ApprovalRulePatchInput & { id: string }> = async (db, input, ctx, env) => {
  ownerOrAdmin(ctx);
  const before = await loadApprovalRule(db, ctx.companyId, input.id);
  const row: ApprovalRuleRow = {
    ...before,
    ...(input.name !== undefined && { name: input.name }),
    ...(input.position !== undefined && { position: input.position }),
    ...(input.active !== undefined && { active: input.active }),
    ...(input.conditions !== undefined && conditionColumns(input.conditions)),
    ...(input.steps !== undefined && { steps: await checkedSteps(env, ctx.companyId, input.steps) }),
    ...(input.in_order !== undefined && { inOrder: input.in_order }),
    ...(input.allow_registrant !== undefined && { allowRegistrant: input.allow_registrant }),
    updatedAt: ctx.now,
  };
  return rulePlan(db, row, "approval_rule.updated", false);
};

/** Deletes a rule; invoices already under it keep its steps as they were. */
export const deleteApprovalRule: Command<{ id: string }> = async (db, input, ctx) => {
  ownerOrAdmin(ctx);
  const row = await loadApprovalRule(db, ctx.companyId, input.id);
  return {
    status: 204,
    data: null,
    statements: [
      db.delete(approvalRules).where(and(eq(approvalRules.companyId, ctx.companyId), eq(approvalRules.id, row.id))),
    ],
    audit: { action: "approval_rule.deleted", resourceType: "approval_rule", resourceId: row.id },
  };
};
