// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createDraftDescription: prose`
    The draft has voucher_number 0 and touches no balance. Rule order: VALIDATION_ERROR >
    JOURNAL_ENTRY_NOT_BALANCED > PERIOD_NOT_FOUND > ENTRY_DATE_OUTSIDE_FISCAL_PERIOD >
    PERIOD_LOCKED > ACCOUNTS_NOT_IN_CHART.
  `,
  commitDraftDescription: prose`
    The number is the smallest unused in the fiscal period and series. Already posted or
    cancelled: 409 CONFLICT. Above the key's unattended commit limit: 403
    UNATTENDED_COMMIT_LIMIT_EXCEEDED and the draft stays; a key that stages over its limit gets 202
    with a pending approval request instead (docs/approvals.md).
  `,
  reverseEntryDescription: prose`
    reversal_date defaults to today (UTC) and must fall in an open period. Already reversed: 409
    ENTRY_ALREADY_REVERSED.
  `,
  correctEntryDescription: prose`
    Both entries take the original's date and period (PERIOD_LOCKED if it has been locked
    since). The third correction in a chain is 409 CORRECTION_CHAIN_TOO_DEEP unless
    allow_deep_chain is true.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listEntries: {
    summary: "List journal entries with their lines",
    description: "Newest registration first. Cancelled drafts are listed only with status=cancelled.",
  },
  getEntry: {
    summary: "Get a journal entry with its lines and storno chain",
  },
  createDraft: {
    summary: "Create a draft journal entry",
    description: PROSE.createDraftDescription,
  },
  batchCreateDrafts: {
    summary: "Create up to 50 draft entries; each succeeds or fails on its own",
  },
  commitDraft: {
    summary: "Post a draft: allocate its voucher number",
    description: PROSE.commitDraftDescription,
  },
  cancelDraft: {
    summary: "Cancel a draft (no voucher number is consumed)",
  },
  reverseEntry: {
    summary: "Reverse a posted entry with a storno entry",
    description: PROSE.reverseEntryDescription,
  },
  correctEntry: {
    summary: "Correct a posted entry: storno plus a corrected entry",
    description: PROSE.correctEntryDescription,
  },
};
