// An approver's inbox (docs/approvals.md): the supplier invoices whose attest waits for them or
// that came back to them rejected, and the staged writes they may approve, oldest due first.
import type { Database } from "../../../db/client";
import { fromOre } from "../../../money";
import { attestInboxOf, type AttestInboxItem } from "../../supplier-invoices";
import { approvalRequestJson, pendingRequestsFor } from "../requests/queries";

function invoiceItem(i: AttestInboxItem) {
  const r = i.row;
  const rejection = [...i.decisions].reverse().find((d) => d.decision === "rejected");
  return {
    type: "supplier_invoice" as const,
    action: i.action,
    id: r.id,
    due_date: r.dueDate,
    created_at: r.createdAt,
    supplier_id: r.supplierId,
    supplier_name: r.supplierName,
    arrival_number: r.arrivalNumber,
    supplier_invoice_number: r.supplierInvoiceNumber,
    total: fromOre(r.totalOre),
    currency: r.currency,
    total_sek: fromOre(r.totalSekOre),
    approval_status: r.approvalStatus,
    approval_rule: r.approvalPlan ? { id: r.approvalPlan.rule_id, name: r.approvalPlan.rule_name } : null,
    approval_round: r.approvalRound,
    reason: i.action === "correct_and_resubmit" ? (rejection?.reason ?? null) : null,
  };
}

/** The user's inbox in the company, oldest due first (a staged write is due the day it was staged). */
export async function inboxOf(db: Database, companyId: string, userId: string) {
  const [invoices, requests] = await Promise.all([
    attestInboxOf(db, companyId, userId),
    pendingRequestsFor(db, companyId, userId),
  ]);
  const items = [
    ...invoices.map(invoiceItem),
    ...requests.map((r) => ({
      type: "approval_request" as const,
      action: "approve" as const,
      id: r.id,
      due_date: r.createdAt.slice(0, 10),
      created_at: r.createdAt,
      request: approvalRequestJson(r),
    })),
  ];
  return items.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.created_at.localeCompare(b.created_at));
}
