// Reads of the attest: the company's rules, the decisions taken on invoices, the invoices that
// wait for a user (their approval, or their correction after a rejection), and the JSON of it.
import { and, asc, eq, inArray, notInArray, or } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { approvalRules, supplierInvoiceApprovals, supplierInvoices } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";
import { type GivenApproval, stepProgress, waitingFor } from "./rules";

export type ApprovalRuleRow = typeof approvalRules.$inferSelect;
export type InvoiceApprovalRow = typeof supplierInvoiceApprovals.$inferSelect;
type InvoiceRow = typeof supplierInvoices.$inferSelect;

export function approvalRulesOf(db: Database, companyId: string): Promise<ApprovalRuleRow[]> {
  return db
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.companyId, companyId))
    .orderBy(asc(approvalRules.position), asc(approvalRules.id))
    .all();
}

export async function loadApprovalRule(db: Database, companyId: string, id: string): Promise<ApprovalRuleRow> {
  const row = await db
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.companyId, companyId), eq(approvalRules.id, id)))
    .get();
  if (!row) throw new ApiError("APPROVAL_RULE_NOT_FOUND", { id });
  return row;
}

export function approvalRuleJson(r: ApprovalRuleRow) {
  return {
    id: r.id,
    name: r.name,
    position: r.position,
    active: r.active,
    conditions: {
      min_amount: r.minAmountOre === null ? null : fromOre(r.minAmountOre),
      max_amount: r.maxAmountOre === null ? null : fromOre(r.maxAmountOre),
      supplier_ids: r.supplierIds ?? [],
      account_numbers: r.accountNumbers ?? [],
      dimensions: r.dimensions ?? {},
    },
    steps: r.steps,
    in_order: r.inOrder,
    allow_registrant: r.allowRegistrant,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** The decisions taken on these invoices, oldest first, by invoice. */
export async function approvalsOfInvoices(db: Database, ids: string[]): Promise<Map<string, InvoiceApprovalRow[]>> {
  const rows = ids.length
    ? await db
        .select()
        .from(supplierInvoiceApprovals)
        .where(inArray(supplierInvoiceApprovals.supplierInvoiceId, ids))
        .orderBy(asc(supplierInvoiceApprovals.createdAt), asc(supplierInvoiceApprovals.id))
        .all()
    : [];
  const out = new Map<string, InvoiceApprovalRow[]>();
  for (const r of rows) out.set(r.supplierInvoiceId, [...(out.get(r.supplierInvoiceId) ?? []), r]);
  return out;
}

/** The approvals that count now: those of the invoice's current round. */
export function givenThisRound(
  row: Pick<InvoiceRow, "approvalRound">,
  decisions: InvoiceApprovalRow[],
): GivenApproval[] {
  return decisions
    .filter((d) => d.round === row.approvalRound && d.decision === "approved" && d.step !== null)
    .map((d) => ({ userId: d.userId, step: d.step as number }));
}

/** The attest part of an invoice's JSON: its rule, round, steps with their counts, who it waits for, and every decision. */
export function approvalJson(row: InvoiceRow, decisions: InvoiceApprovalRow[]) {
  const plan = row.approvalPlan;
  const given = givenThisRound(row, decisions);
  const counts = plan ? stepProgress(plan, given).counts : [];
  return {
    approval_rule: plan ? { id: plan.rule_id, name: plan.rule_name } : null,
    approval_round: row.approvalRound,
    approval_steps: plan
      ? plan.steps.map((s, i) => ({ approvers: s.approvers, min_approvals: s.min_approvals, approvals: counts[i] }))
      : [],
    approval_in_order: plan?.in_order ?? null,
    approval_waiting_for: plan && row.approvalStatus === "pending" ? waitingFor(plan, given, row.registeredBy) : [],
    approvals: decisions.map((d) => ({
      id: d.id,
      round: d.round,
      step: d.step,
      user_id: d.userId,
      decision: d.decision,
      reason: d.reason,
      created_at: d.createdAt,
    })),
  };
}

/**
 * The company's invoices that wait for a person: under attest (the caller may be one of their
 * approvers), or rejected (back with whoever registered them). The caller filters by user.
 */
export function invoicesAwaitingPeople(db: Database, companyId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.companyId, companyId),
        eq(supplierInvoices.isCreditNote, false),
        notInArray(supplierInvoices.status, ["paid", "credited"]),
        or(eq(supplierInvoices.approvalStatus, "pending"), eq(supplierInvoices.approvalStatus, "rejected")),
      ),
    )
    .orderBy(asc(supplierInvoices.dueDate), asc(supplierInvoices.createdAt))
    .all();
}

/** An invoice in a user's inbox: to approve (they are among those it waits for), or to correct and resubmit. */
export interface AttestInboxItem {
  action: "approve" | "correct_and_resubmit";
  row: InvoiceRow;
  decisions: InvoiceApprovalRow[];
}

/** What of the company's supplier invoices waits for this user, oldest due first. */
export async function attestInboxOf(db: Database, companyId: string, userId: string): Promise<AttestInboxItem[]> {
  const rows = await invoicesAwaitingPeople(db, companyId);
  const decisions = await approvalsOfInvoices(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((row): AttestInboxItem[] => {
    const d = decisions.get(row.id) ?? [];
    if (row.approvalStatus === "rejected")
      return row.registeredBy === userId ? [{ action: "correct_and_resubmit", row, decisions: d }] : [];
    const plan = row.approvalPlan;
    if (plan && waitingFor(plan, givenThisRound(row, d), row.registeredBy).includes(userId))
      return [{ action: "approve", row, decisions: d }];
    return [];
  });
}
