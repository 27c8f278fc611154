// The OpenAPI descriptions of the invoice contract routes (routes.ts) and fields (schemas.ts).
import { prose } from "../../http/prose";

export const PROSE = {
  invoiceDayField: prose`
    the invoice date's day of the month, 1-31 (a day the month lacks is its last day: 31 in
    February is the 28th or 29th), or "last"; default 1
  `,
  itemsField: prose`
    the invoice's lines, given as on POST /invoices; in a description {period} is the period's
    name ("januari 2027", "Q1 2027", "H2 2027", "2027", "april 2027 – mars 2028"),
    {period_short} its months ("2027-01", "2027-01 – 2027-03"), {period_start} and
    {period_end} its first and last day
  `,
  actionField: prose`
    what is done with each invoice once made: draft (left for a person), mark_sent (numbered and
    booked, POST /invoices/{id}/mark-sent), email or peppol (POST /invoices/{id}/send, which goes
    by Peppol when the customer takes e-invoices and the company has an access point, else by
    email)
  `,
  create: prose`
    A contract invoices its customer the same items every period (month, quarter, half_year,
    year) from start_date (a month's first day) until end_date. Each period's invoice is dated
    its invoice day (invoice_day of the period's first month, shifted invoice_month_offset
    months) and made days_in_advance days before that, by the minute schedule or POST
    .../run, exactly once. The items are checked now by the invoices' own rules (a sample
    invoice is planned, not written). Refusals: VALIDATION_ERROR, INVOICE_CONTRACT_CUSTOMER_NOT_FOUND
    (unknown or archived), INVOICE_CONTRACT_END_BEFORE_START, INVOICE_CONTRACT_CHANNEL_UNAVAILABLE,
    then the invoice's own (NOT_FOUND article, INVOICE_CREATE_VAT_RULE_VIOLATION, ACCOUNTS_NOT_IN_CHART).
    Event invoice_contract.created.
  `,
  update: prose`
    The schedule's settings and the action; the schedule's next day is recomputed, the invoices
    made stay. The items and references change from a period with POST .../changes. Event
    invoice_contract.updated.
  `,
  change: prose`
    New terms (items, references, notes) from effective_from, a period's first day, for that
    period and every later one; earlier periods keep the terms they had (versions). Refusals:
    INVOICE_CONTRACT_NOT_PERIOD_START (details.next_period_start), INVOICE_CONTRACT_PERIOD_INVOICED
    (a period from effective_from on is already invoiced), the invoice's own rules. Event
    invoice_contract.updated.
  `,
  pause: prose`
    From \`from\` (default today) no invoice is made. Invoices whose day falls in the pause are
    skipped, not caught up when the contract resumes. INVOICE_CONTRACT_NOT_ACTIVE when already
    paused. Event invoice_contract.paused.
  `,
  resume: prose`
    The contract makes invoices again from \`from\` (default today, not before the pause began);
    the invoices whose day fell in the pause stay skipped. INVOICE_CONTRACT_NOT_ACTIVE when not
    paused. Event invoice_contract.resumed.
  `,
  end: prose`
    No period starting after end_date is invoiced (a period starting on or before it is invoiced
    whole). Refusals: INVOICE_CONTRACT_END_BEFORE_START, INVOICE_CONTRACT_PERIOD_INVOICED (a
    period after end_date was invoiced already: credit it first). Event invoice_contract.ended.
  `,
  remove: prose`
    Only a contract that has made no invoice (INVOICE_CONTRACT_HAS_INVOICES: end it instead).
    Event invoice_contract.deleted.
  `,
  run: prose`
    Makes now the invoices that are due (their day has come, missed days caught up, at most 12
    a call), exactly as the minute schedule does: each period's invoice once, whatever the
    number of calls. An invoice is dated its period's invoice day, or today when that day is in
    a locked period. The answer lists those made now (none: an empty list); each one's action
    follows at once, as the service (action_status on GET .../invoices). Events
    invoice_contract.invoice_created and the invoice's own. INVOICE_CONTRACT_NOT_ACTIVE when paused.
  `,
  upcoming: prose`
    The next count invoices (default 12) before they exist: invoice date, the day it will be
    made, the period's name, the items' texts and the totals under the terms of that period
    (as the invoice rules computed them when the terms were set). A paused contract lists them
    as if resumed today.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  createContract: {
    summary: "Make a recurring invoice contract",
    description: PROSE.create,
  },
  list: {
    summary: "List the invoice contracts, oldest first",
  },
  get: {
    summary: "Get an invoice contract with its versions and pauses",
  },
  updateContract: {
    summary: "Change an invoice contract's schedule settings or action",
    description: PROSE.update,
  },
  deleteContract: {
    summary: "Delete an invoice contract that has made no invoice (204)",
    description: PROSE.remove,
  },
  changeContract: {
    summary: "New items or prices from a period on; earlier periods keep their terms",
    description: PROSE.change,
  },
  pauseContract: {
    summary: "Pause an invoice contract",
    description: PROSE.pause,
  },
  resumeContract: {
    summary: "Resume a paused invoice contract",
    description: PROSE.resume,
  },
  endContract: {
    summary: "End an invoice contract from a date",
    description: PROSE.end,
  },
  run: {
    summary: "Make the contract's due invoices now (idempotent: each period once)",
    description: PROSE.run,
  },
  upcoming: {
    summary: "The contract's next invoices before they exist",
    description: PROSE.upcoming,
  },
  invoices: {
    summary: "The invoices the contract made, one per period, with their action's outcome",
  },
};
