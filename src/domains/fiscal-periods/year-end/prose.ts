// The OpenAPI prose of the fiscal periods' year-end room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  runYearEndDescription: prose`
    Readiness is checked at once (a refusal writes nothing) and again when the work runs: every
    earlier year closed (YEAR_END_PRIOR_PERIOD_OPEN), the period locked (PERIOD_NOT_LOCKED), no
    drafts (PERIOD_LOCK_HAS_DRAFTS), every voucher gap explained (YEAR_END_FAILED with
    details.findings), a balanced trial balance (YEAR_END_UNBALANCED_TRIAL), the result not
    already booked on 8990-8999 (an imported or hand-made closing entry: YEAR_END_FAILED,
    finding YEAR_END_RESULT_ALREADY_BOOKED; booked in part, the year-end books the rest); a
    period whose year-end has run or that is closed: CONFLICT. The operation revalues open
    foreign-currency items at the period's end (unless a revaluation exists) at the Riksbank's
    rate or the one stated in closing_rates; a currency with neither is refused at once
    (FX_CLOSING_RATE_UNAVAILABLE, details.missingRates), as readiness reports it. Then it books
    the year's result to 8999 against 2099 (limited company and other legal persons) or 2019
    (sole trader, partnership), and sets closing_entry_id. A zero result: YEAR_END_NO_ACTIVITY.
    See docs/fiscal-year.md.
  `,
  closePeriodDescription: prose`
    Requires the period locked and its closing entry (year-end run), else CONFLICT. With
    closed_externally: a year whose year-end was made in another program (a SIE import with its
    closing entry): locked, no closing entry made here (CONFLICT), its result booked on
    8990-8999 (YEAR_END_NOT_RUN); every earlier year closed (YEAR_END_PRIOR_PERIOD_OPEN). Emits
    period.year_closed.
  `,
  reopenPeriodDescription: prose`
    Only a year closed with closed_externally: PERIOD_REOPEN_NOT_CLOSED for a period that is not
    closed, PERIOD_REOPEN_NOT_EXTERNAL for one closed here (irreversible), CONFLICT while a
    later year has had its year-end or is closed. The period stays locked (unlock it to post);
    reason is kept on the period (reopen_reason, reopened_at). Emits period.reopened.
  `,
  postOpeningBalancesDescription: prose`
    Needs the year-end run (YEAR_END_NOT_RUN) and the following period as next_period_id
    (VALIDATION_ERROR otherwise) without an opening entry (YEAR_END_NEXT_PERIOD_HAS_IB). Posts
    one opening entry of every class 1-2 account with a non-zero closing balance, equal to the
    closing balances, then a carry-forward entry: 2099 to 2098, or for a sole trader 2011-2019
    into 2010.
  `,
  cashMethodEntryDescription: prose`
    For a company on the cash method, once the year has ended (VALIDATION_ERROR before): one
    entry dated the year's last day booking each customer invoice unpaid then (Debit 1510 /
    Credit revenue and output VAT) and each supplier invoice (Debit cost and input VAT / Credit
    2440), in the unpaid share. Make it (X-Dry-Run: true previews it) before the VAT return of
    the year's last period, which then declares that VAT; readiness and the VAT return warn
    while it is missing. The year-end makes it when it was not made here. Payments in the next
    year settle 1510 / 2440 and book no VAT. CONFLICT: an accrual company (reason
    accrual_method), the entry made or the year-end run (already_booked). Nothing unpaid: 200
    with journal_entry_id null. See docs/fiscal-year.md.
  `,
  CloseBodyDescription: prose`
    true: the year's year-end was made in another program and its closing entry is in the books
    (imported); the period must be locked, without a closing entry made here, and its result
    booked on 8990-8999 (YEAR_END_NOT_RUN otherwise)
  `,
  OpeningResultDescription: prose`
    always null: the cash method's year-end entry of unpaid invoices (bokslutsmetoden) is no
    longer reversed in the next year; its payments settle 1510 / 2440 (docs/fiscal-year.md)
  `,
  closingRates: prose`
    closing rates by currency (SEK per unit, e.g. {"EUR": "11.4520"}), used instead of the
    Riksbank's for those currencies; the rest are looked up
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  runYearEnd: {
    summary: "Run the year-end (asynchronous): currency revaluation, then the closing entry",
    description: PROSE.runYearEndDescription,
  },
  closePeriod: {
    summary: "Close a period (irreversible, unless it was closed as a year closed elsewhere)",
    description: PROSE.closePeriodDescription,
  },
  reopenPeriod: {
    summary: "Reopen a year that was closed as closed in another program",
    description: PROSE.reopenPeriodDescription,
  },
  postOpeningBalances: {
    summary: "Post the next period's opening balances from this period's closing balances",
    description: PROSE.postOpeningBalancesDescription,
  },
  bookCashMethodEntry: {
    summary: "Book the cash method's year-end entry of unpaid invoices (bokslutsmetoden) before the lock",
    description: PROSE.cashMethodEntryDescription,
  },
};
