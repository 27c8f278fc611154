// The OpenAPI prose of the reconciliation accounts room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  listReconciliationAccountsDescription: prose`
    Bank accounts (bank:<19xx>, every settlement account that holds imported or ingested
    transactions), receivables (1510 against open invoices), payables (2440 against open
    supplier invoices), and when the company has data for them: skattekonto (1630 against the
    registered skattekonto transactions), vat (2650 against the VAT declarations of the closed
    VAT periods), preliminary_tax (2710) and employer_contributions (2731) against the booked
    salary runs. date_from and date_to default to the calendar year to date; with_status=false
    skips the status.
  `,
  getReconciliationAccountDescription: prose`
    difference = external_balance - ledger_balance; each bridge line's amount is its part of the
    difference (external items count plus, ledger items minus); unexplained_difference =
    difference - the bridge. is_reconciled: unexplained_difference is zero and no item is
    proposed or unmatched (timing differences, bucket upcoming, are allowed).
  `,
  listReconciliationItemsDescription: prose`
    Bank or skattekonto transactions (side external) and journal lines (side ledger) dated in
    date_from..date_to, oldest first (the other kinds have no items: their kind block lists what
    they are set against); limit at most 200 (default 200). A proposed item is not linked.
    older_unmatched_count: proposed or unmatched items dated before date_from.
  `,
  linkItemsDescription: prose`
    Either use_proposals: true (every proposed pair through date_to) or pairs
    [{external_item_ids, ledger_item_ids}]: one-to-one, one-to-many or many-to-one, the two
    sides' sums equal (else VALIDATION_ERROR). An item already booked from a transaction, linked
    or ignored: CONFLICT. Items of other accounts: NOT_FOUND. Nothing is posted.
  `,
  listSignoffsDescription: prose`
    A sign-off whose books have changed since (the account's ledger lines through its date, or
    the outside data) is reopened and listed only with include_reopened=true.
  `,
  signOffAccountDescription: prose`
    Stores the period and the figures of this moment with a fingerprint of the books behind
    them. Refused with CONFLICT (reason not_reconciled) unless the account is reconciled through
    the date, and (reason already_signed_off) when a standing sign-off has the same date.
    through_date in the future: VALIDATION_ERROR.
  `,
  detailVat: prose`
    moms_period; periods[] {period_start, period_end, declared_to_pay, booked, booked_amount,
    difference}; other_lines[]
  `,
  detailPreliminaryTax: prose`
    salary_runs[] {salary_run_id, period, payment_date, tax_withheld, agi_amount, agi_submitted,
    agi_differs, booked, booked_amount, difference}; other_lines[]
  `,
  detailEmployerContributions: prose`
    salary_runs[] {salary_run_id, period, payment_date, employer_contributions, agi_amount,
    agi_submitted, agi_differs, booked, booked_amount, difference}; other_lines[]
  `,
  itemType: prose`
    expected_charge: a skattekonto charge the books predict (a VAT settlement on 2650, a booked
    salary run's 2710 / 2731), bucket upcoming, dated its due date, until a statement row meets
    it
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listReconciliationAccounts: {
    summary: "The accounts to reconcile, with their status",
    description: PROSE.listReconciliationAccountsDescription,
  },
  getReconciliationAccount: {
    summary: "One account: external and ledger balance, the bridge between them, counts per bucket",
    description: PROSE.getReconciliationAccountDescription,
  },
  listReconciliationItems: {
    summary: "A bank account's or the skattekonto's items by bucket",
    description: PROSE.listReconciliationItemsDescription,
  },
  linkItems: {
    summary: "Link a bank account's items: the proposals, or explicit pairs",
    description: PROSE.linkItemsDescription,
  },
  unlinkItems: {
    summary: "Unlink: the link's items go back to their buckets",
  },
  listSignoffs: {
    summary: "The account's sign-offs",
    description: PROSE.listSignoffsDescription,
  },
  signOffAccount: {
    summary: "Sign off the account through a date",
    description: PROSE.signOffAccountDescription,
  },
};
