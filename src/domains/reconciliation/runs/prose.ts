// The OpenAPI prose of the reconciliation runs room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  runBankMatcherDescription: prose`
    Matches bank transactions against the ledger lines of their settlement account by exact
    amount, a date window of ±5 days, reference (OCR and invoice numbers of 4 digits or more
    found in the entry's text) and counterparty (a shared word). A pair is taken only when each
    is the other's single best candidate; a tie for the best score stays unmatched (ambiguous),
    never linked. With auto_link (default true) the pairs of confidence >= 0.8 are linked
    (method auto, the transaction's reconciliation_method auto); the rest stay proposals. The
    operation's result (GET /operations/{id}): counts per bank account and in total, shaped as
    ReconciliationBankRunResult. A refusal (date_from after date_to, date_to in the future, an
    account_key that is not a bank account with transactions) is given at once and writes
    nothing.
  `,
  bankReconciliationStatusDescription: prose`
    Per bank account and in total: the transactions and ledger lines dated in date_from..date_to
    by bucket (matched, proposed, unmatched_external, unmatched_ledger, ignored), and at date_to
    the external and ledger balance, balance_delta = external - ledger and the part of it no
    item explains. Defaults: the calendar year to date.
  `,
  runAutoLink: prose`
    default true: link the unambiguous pairs of confidence >= 0.8 (method auto, the
    transaction's reconciliation_method auto); false: only propose
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  runBankMatcher: {
    summary: "Run the automatic matcher on the bank accounts (asynchronous)",
    description: PROSE.runBankMatcherDescription,
  },
  bankReconciliationStatus: {
    summary: "Bank reconciliation status: matched and unmatched counts and the balance delta",
    description: PROSE.bankReconciliationStatusDescription,
  },
};
