// The attest of supplier invoices (issue #44, docs/approvals.md): an invoice registered under a
// matching rule waits for its steps' approvals; each approval, rejection and resubmission is a
// row of supplier_invoice_approvals and an event. Load → decide (rules.ts) → plan.
import { eq } from "drizzle-orm";
import type { Command, CommandContext, Plan } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { supplierInvoiceApprovals, supplierInvoices } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { itemsOfSupplierInvoice, loadSupplierInvoice, supplierInvoiceJson, type SupplierInvoiceRow } from "../queries";
import { approvalJson, approvalRulesOf, approvalsOfInvoices, givenThisRound, type InvoiceApprovalRow } from "./queries";
import { decideApproval, firstMatchingRule, type InvoiceFacts, mayReject, planOfRule } from "./rules";

/** The attest a new or resubmitted invoice is put under: pending under the first matching rule, else not required. */
export async function attestFor(
  db: Database,
  companyId: string,
  facts: InvoiceFacts,
): Promise<Pick<SupplierInvoiceRow, "approvalStatus" | "approvalPlan">> {
  const rule = firstMatchingRule(await approvalRulesOf(db, companyId), facts);
  return rule
    ? { approvalStatus: "pending", approvalPlan: planOfRule(rule) }
    : { approvalStatus: "not_required", approvalPlan: null };
}

/** An invoice's JSON with its attest: rule, steps, who it waits for and every decision. */
export function invoiceWithApprovals(row: SupplierInvoiceRow, decisions: InvoiceApprovalRow[]) {
  return { ...supplierInvoiceJson(row), ...approvalJson(row, decisions) };
}

async function decisionsOf(db: Database, row: SupplierInvoiceRow) {
  return (await approvalsOfInvoices(db, [row.id])).get(row.id) ?? [];
}

function decisionRow(
  row: SupplierInvoiceRow,
  ctx: CommandContext,
  d: Pick<InvoiceApprovalRow, "round" | "step" | "decision" | "reason">,
): InvoiceApprovalRow {
  return {
    id: newId(),
    companyId: ctx.companyId,
    supplierInvoiceId: row.id,
    userId: ctx.userId,
    createdAt: ctx.now,
    ...d,
  };
}

/** The plan of one decision: the invoice's new state, the decision's row, its events and audit. */
function decisionPlan(
  db: Database,
  before: SupplierInvoiceRow,
  patch: Partial<SupplierInvoiceRow>,
  made: { record: InvoiceApprovalRow; decisions: InvoiceApprovalRow[]; events: string[]; action: string },
): Plan {
  const next = { ...before, ...patch };
  const data = invoiceWithApprovals(next, [...made.decisions, made.record]);
  const previousAttributes = { status: before.status, approval_status: before.approvalStatus };
  return {
    status: 200,
    data,
    statements: [
      db.update(supplierInvoices).set(patch).where(eq(supplierInvoices.id, before.id)),
      db.insert(supplierInvoiceApprovals).values(made.record),
    ],
    events: made.events.map((type) => ({ type, object: data, previousAttributes })),
    audit: { action: made.action, resourceType: "supplier_invoice", resourceId: before.id },
  };
}

/**
 * Approves (attests) an invoice. Under a rule the caller's approval counts for their step
 * (refused: not an approver, four eyes, already given, out of order); the last one needed
 * approves the invoice. Without a rule one approval does, as it always has.
 */
export const approveSupplierInvoice: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  if (row.isCreditNote || !["registered", "overdue"].includes(row.status) || row.approvedAt) {
    throw new ApiError("SI_APPROVE_NOT_REGISTERED", { status: row.status, approved_at: row.approvedAt });
  }
  if (row.approvalStatus === "rejected")
    throw new ApiError("APPROVAL_NOT_PENDING", { approval_status: row.approvalStatus });
  const decisions = await decisionsOf(db, row);
  let step: number | null = null;
  let done = true;
  if (row.approvalStatus === "pending" && row.approvalPlan) {
    const decided = decideApproval(row.approvalPlan, givenThisRound(row, decisions), ctx.userId, row.registeredBy);
    if ("refusal" in decided) throw new ApiError(decided.refusal.code, decided.refusal.details);
    ({ step, done } = decided);
  }
  const record = decisionRow(row, ctx, { round: row.approvalRound, step, decision: "approved", reason: null });
  if (!done)
    return decisionPlan(
      db,
      row,
      { updatedAt: ctx.now },
      { record, decisions, events: ["supplier_invoice.approval_step"], action: "supplier_invoice.approval_step" },
    );
  const status = row.dueDate < ctx.now.slice(0, 10) ? "overdue" : "approved";
  const approvalStatus = row.approvalStatus === "pending" ? "approved" : row.approvalStatus;
  return decisionPlan(
    db,
    row,
    { status, approvalStatus, approvedAt: ctx.now, updatedAt: ctx.now },
    {
      record,
      decisions,
      events:
        step === null ? ["supplier_invoice.approved"] : ["supplier_invoice.approval_step", "supplier_invoice.approved"],
      action: "supplier_invoice.approved",
    },
  );
};

/** Rejects an invoice under attest, with a reason: it goes back to whoever registered it. */
export const rejectSupplierInvoice: Command<{ id: string; reason: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  if (row.approvalStatus !== "pending" || !row.approvalPlan)
    throw new ApiError("APPROVAL_NOT_PENDING", { approval_status: row.approvalStatus });
  const decisions = await decisionsOf(db, row);
  const refusal = mayReject(row.approvalPlan, givenThisRound(row, decisions), ctx.userId);
  if (refusal) throw new ApiError(refusal.code, refusal.details);
  const record = decisionRow(row, ctx, {
    round: row.approvalRound,
    step: null,
    decision: "rejected",
    reason: input.reason,
  });
  return decisionPlan(
    db,
    row,
    { approvalStatus: "rejected", updatedAt: ctx.now },
    { record, decisions, events: ["supplier_invoice.rejected"], action: "supplier_invoice.rejected" },
  );
};

/**
 * Sends a rejected invoice, once corrected, for approval again: a new round under the rule that
 * matches it now (none: approval not required). Its registrant resubmits, or an owner or admin.
 */
export const resubmitSupplierInvoice: Command<{ id: string; note?: string }> = async (db, input, ctx) => {
  const row = await loadSupplierInvoice(db, ctx.companyId, input.id);
  if (row.approvalStatus !== "rejected")
    throw new ApiError("APPROVAL_RESUBMIT_NOT_REJECTED", { approval_status: row.approvalStatus });
  if (row.registeredBy !== ctx.userId && ctx.role !== "owner" && ctx.role !== "admin")
    throw new ApiError(
      "FORBIDDEN",
      { registered_by: row.registeredBy },
      "Only whoever registered the invoice, or an owner or admin, resubmits it.",
    );
  const items = await itemsOfSupplierInvoice(db, row.id);
  const attest = await attestFor(db, ctx.companyId, {
    totalSekOre: row.totalSekOre,
    supplierId: row.supplierId,
    items: items.map((i) => ({ accountNumber: i.accountNumber, dimensions: i.dimensions })),
  });
  const round = row.approvalRound + 1;
  const record = decisionRow(row, ctx, { round, step: null, decision: "resubmitted", reason: input.note ?? null });
  const decisions = await decisionsOf(db, row);
  return decisionPlan(
    db,
    row,
    { ...attest, approvalRound: round, updatedAt: ctx.now },
    { record, decisions, events: ["supplier_invoice.resubmitted"], action: "supplier_invoice.resubmitted" },
  );
};
