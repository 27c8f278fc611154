// The OpenAPI descriptions of the attest routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  approveSupplierInvoiceDescription: prose`
    No entry. Already approved or settled: SI_APPROVE_NOT_REGISTERED. Past its due date it stays
    overdue. Under an attest rule (GET .../approval-rules) the caller's approval counts for their
    step: not an approver of a step open now APPROVAL_NOT_APPROVER, the registrant where the rule
    keeps four eyes APPROVAL_FOUR_EYES, a second approval APPROVAL_ALREADY_GIVEN, a later step of
    an ordered rule before the earlier APPROVAL_OUT_OF_ORDER; a rejected invoice
    APPROVAL_NOT_PENDING. Each approval emits supplier_invoice.approval_step; the last one needed
    approves the invoice (approval_status approved, supplier_invoice.approved).
  `,
  rejectSupplierInvoiceDescription: prose`
    An approver of a step open now rejects the invoice with a reason: approval_status rejected,
    supplier_invoice.rejected, and the invoice waits in its registrant's inbox to be corrected and
    resubmitted. Not under attest: APPROVAL_NOT_PENDING.
  `,
  resubmitSupplierInvoiceDescription: prose`
    A rejected invoice, corrected (PATCH, or credited and registered anew), goes for approval
    again: a new round under the rule that matches it now (none: not_required), with no approvals
    yet. Its registrant, an owner or an admin resubmits it. Not rejected:
    APPROVAL_RESUBMIT_NOT_REJECTED.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  approveSupplierInvoice: {
    summary: "Approve (attest) a registered supplier invoice",
    description: PROSE.approveSupplierInvoiceDescription,
  },
  rejectSupplierInvoice: {
    summary: "Reject a supplier invoice under attest, with a reason: back to its registrant",
    description: PROSE.rejectSupplierInvoiceDescription,
  },
  resubmitSupplierInvoice: {
    summary: "Send a rejected supplier invoice for approval again",
    description: PROSE.resubmitSupplierInvoiceDescription,
  },
};
