// The OpenAPI descriptions of the staged writes' routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  list: prose`
    Writes API keys staged for a person (docs/approvals.md): a key with staging set has a
    journal entry's commit over its unattended limit (stage_over_limit), or any command it names
    (stage_writes), answered 202 with a pending request instead of committing it. Newest first,
    200 at most.
  `,
  approve: prose`
    One of the request's approvers commits the write through its own command, as themselves and
    without the key's limit, in one batch with the decision; the answer is the request with
    result, the write's answer. The books are checked again: a write now refused, or whose answer
    differs from the preview (voucher numbers and timestamps aside), is
    APPROVAL_REQUEST_NO_LONGER_APPLIES and nothing is written. With a live key, where the
    company's approval settings ask for it, the approver's two-step code is required
    (X-Service-MFA, MFA_REQUIRED). Emits approval_request.approved and approval_request.committed.
  `,
  reject: prose`
    One of the request's approvers rejects it with a reason; nothing of the write is written.
    Emits approval_request.rejected.
  `,
  settings: prose`
    Owners and admins. require_mfa: approving a staged write with a live key needs the
    approver's two-step code.
  `,
  inbox: prose`
    What waits for the caller (or, for an owner or admin, the user named by user_id), oldest due
    first: supplier invoices whose attest waits for their approval now, supplier invoices they
    registered that were rejected (to correct and resubmit), and staged writes they may approve
    (due the day they were staged).
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listRequests: {
    summary: "List the writes staged for approval",
    description: PROSE.list,
  },
  getRequest: {
    summary: "Get a staged write: what it would write, who may approve it, how it was decided",
  },
  approveRequest: {
    summary: "Approve a staged write: commit it as the approver",
    description: PROSE.approve,
  },
  rejectRequest: {
    summary: "Reject a staged write, with a reason: nothing is written",
    description: PROSE.reject,
  },
  getSettings: {
    summary: "Get the company's approval settings",
  },
  updateSettings: {
    summary: "Set the company's approval settings",
    description: PROSE.settings,
  },
};
