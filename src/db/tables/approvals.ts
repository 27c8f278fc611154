// Approvals (issue #44, docs/approvals.md): the attest rules of supplier invoices and the
// decisions taken on each invoice, the writes an API key stages for a person to approve,
// and the company's approval settings. Money is integer öre (columns named *_ore); never REAL.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const bool = (name: string) => integer(name, { mode: "boolean" });

/** One step of an attest: who may approve it and how many of them must. */
export interface ApprovalStep {
  approvers: string[];
  min_approvals: number;
}

/** A company's attest rules of supplier invoices, tried in `position` order: the first that matches decides. */
export const approvalRules = sqliteTable(
  "approval_rules",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    active: bool("active").notNull(),
    /** the invoice's total in SEK (VAT included), both bounds inclusive; null: open */
    minAmountOre: integer("min_amount_ore"),
    maxAmountOre: integer("max_amount_ore"),
    supplierIds: text("supplier_ids", { mode: "json" }).$type<string[]>(),
    /** account numbers or their leading digits; an invoice matches when any item's account does */
    accountNumbers: text("account_numbers", { mode: "json" }).$type<string[]>(),
    /** dimension id to the codes that match (cost centre, project); any item's dimensions */
    dimensions: text("dimensions", { mode: "json" }).$type<Record<string, string[]>>(),
    steps: text("steps", { mode: "json" }).$type<ApprovalStep[]>().notNull(),
    inOrder: bool("in_order").notNull(),
    allowRegistrant: bool("allow_registrant").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("approval_rules_company_idx").on(t.companyId, t.position)],
);

/** Each approval, rejection and resubmission of a supplier invoice: who, when, in which round and step, why. */
export const supplierInvoiceApprovals = sqliteTable(
  "supplier_invoice_approvals",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    supplierInvoiceId: text("supplier_invoice_id").notNull(),
    round: integer("round").notNull(),
    /** the step (0-based) the approval counted for; null for a rejection or resubmission */
    step: integer("step"),
    userId: text("user_id").notNull(),
    decision: text("decision", { enum: ["approved", "rejected", "resubmitted"] }).notNull(),
    reason: text("reason"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("supplier_invoice_approvals_invoice_idx").on(t.companyId, t.supplierInvoiceId, t.createdAt)],
);

/** A write an API key staged instead of committing (over its unattended limit, or a command it stages). */
export const approvalRequests = sqliteTable(
  "approval_requests",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    command: text("command").notNull(),
    input: text("input", { mode: "json" }).$type<unknown>().notNull(),
    /** the dry-run answer of the write when it was staged: { status, data } */
    preview: text("preview", { mode: "json" }).$type<{ status: number; data: unknown }>().notNull(),
    approvers: text("approvers", { mode: "json" }).$type<string[]>().notNull(),
    trigger: text("trigger", { enum: ["over_limit", "staged_command"] }).notNull(),
    requestedBy: text("requested_by").notNull(),
    apiKeyId: text("api_key_id").notNull(),
    status: text("status", { enum: ["pending", "committed", "rejected"] }).notNull(),
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    reason: text("reason"),
    /** the committed write's answer */
    result: text("result", { mode: "json" }).$type<unknown>(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("approval_requests_company_idx").on(t.companyId, t.status, t.createdAt)],
);

/** The company's approval settings: whether approving a staged write with a live key needs two-step verification. */
export const approvalSettings = sqliteTable("approval_settings", {
  companyId: text("company_id").primaryKey(),
  requireMfa: bool("require_mfa").notNull(),
  updatedAt: text("updated_at").notNull(),
});
