// The OpenAPI descriptions of the approval rules' routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  list: prose`
    The company's attest rules of supplier invoices, in the order they are tried. When an invoice
    is registered the first active rule whose conditions all hold (amount range on the total in
    SEK with VAT, supplier, any item's account or its leading digits, any item's dimension codes)
    puts it under attest (approval_status pending) with the rule's steps; with none it is
    not_required.
  `,
  create: prose`
    Owners and admins. Each step names approvers (members who may write) and how many of them
    must approve (min_approvals, default 1); a user is in one step at most. in_order (default
    true) takes the steps one after the other; allow_registrant false (default) keeps four eyes.
    An approver who is not a member: APPROVAL_RULE_APPROVER_NOT_MEMBER.
  `,
  update: prose`
    Owners and admins. Invoices already under attest keep the rule as it was when they were
    registered or resubmitted.
  `,
  delete: prose`Owners and admins. Invoices already under attest keep its steps.`,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listApprovalRules: {
    summary: "List the attest rules of supplier invoices, in the order they are tried",
    description: PROSE.list,
  },
  getApprovalRule: {
    summary: "Get an attest rule",
  },
  createApprovalRule: {
    summary: "Create an attest rule",
    description: PROSE.create,
  },
  updateApprovalRule: {
    summary: "Update an attest rule",
    description: PROSE.update,
  },
  deleteApprovalRule: {
    summary: "Delete an attest rule (204)",
    description: PROSE.delete,
  },
};
