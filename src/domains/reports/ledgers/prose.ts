// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  trialBalanceDescription: prose`
    opening_balance is the period's opening entry (from #IB or opening balances); to_date
    (inside the period) limits the movement.
  `,
  arLedgerDescription: prose`
    Invoices still owed at as_of_date (default today UTC): sent by then, less payments and
    credit notes dated up to then; at today exactly the sent, overdue and partially_paid
    invoices. Buckets by days past due: 0-30 (including not yet due, also shown as not_yet_due),
    31-60, 61-90, 90+. Amounts in SEK at each invoice's booked rate.
  `,
  supplierLedgerDescription: prose`
    Supplier invoices still owed at as_of_date (default today UTC): registered by then, less
    payments and credit notes dated up to then (registered, approved, partially_paid, overdue
    and disputed at today). Same buckets and SEK valuation as ar-ledger.
  `,
  generalLedgerDescription: prose`
    Without limit, the whole account range in one answer. With limit (1-10000 lines) it is
    paged: meta.next_cursor continues it, each page holds the accounts its lines touch (and
    those with only an opening balance in its span), running balances carry on across pages,
    closing_balance is always the account's closing balance for the period, and \`continues\`
    marks an account whose lines go on in the next page.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  trialBalance: {
    summary: "Trial balance: opening, movement and closing per account",
    description: PROSE.trialBalanceDescription,
  },
  arLedger: {
    summary: "Accounts receivable (kundreskontra) with aging per customer",
    description: PROSE.arLedgerDescription,
  },
  supplierLedger: {
    summary: "Accounts payable (leverantörsreskontra) with aging per supplier",
    description: PROSE.supplierLedgerDescription,
  },
  generalLedger: {
    summary: "General ledger (huvudbok): posted lines by account with opening, running and closing balance",
    description: PROSE.generalLedgerDescription,
  },
  journalRegister: {
    summary: "Journal register (verifikationslista): every posted entry with all lines, by series and number",
    description: "Paged by cursor (limit 1-1000, default 200).",
  },
  continuityCheck: {
    summary: "Opening balances against the prior period's closing balances (balance accounts)",
  },
};
