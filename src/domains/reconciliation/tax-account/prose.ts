// The OpenAPI prose of the reconciliation tax-account room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  registerTaxTransactionsDescription: prose`
    The service cannot read the skattekonto from Skatteverket: the statement's rows are
    registered here (source manual), at most 1000 a call, and reconciled against account 1630 as
    account_key skattekonto (external balance: the saldo of the last row through date_to, else
    the sum of the rows). A payment in is positive, a charge negative, as on the statement. A
    row already registered (same date, amount, text, saldo and place among identical rows) is
    skipped and counted in duplicates, so a statement can be sent again.
  `,
  listTaxTransactionsDescription: prose`
    Every registered or imported row, oldest first: kind and period read from the text, status
    booked (an entry posted from the row), linked (to a 1630 line), suggested (book-suggested
    books it against suggested_account) or needs_account.
  `,
  bookTaxTransactionDescription: prose`
    One entry dated the row's date: 1630 against account (default: the account the text names;
    none known: VALIDATION_ERROR naming account). A charge credits 1630, a payment in or income
    interest debits it. A row already booked or linked: TAX_ACCOUNT_ROW_ALREADY_BOOKED. The
    ledger's refusals apply (PERIOD_LOCKED, ACCOUNTS_NOT_IN_CHART, ...).
  `,
  bookSuggestedTaxTransactionsDescription: prose`
    Through date_to (default today): a row the matcher pairs with a 1630 line (same amount
    within 5 days: the bank's payment booked to 1630, an entry booked straight to 1630) is
    linked to it, not booked twice; every other row with a known counter account is booked as
    POST .../transactions/{id}/book would; the rest are listed in left with the reason. All in
    one atomic write.
  `,
  importTaxAccountFileDescription: prose`
    multipart/form-data: file, the list the e-service Skattekonto exports (xlsx; a CSV of the
    same columns is read too), at most 2 MB and 5000 rows. The header row is found by name:
    bokföringsdag (or datum), transaktion (or text, specifikation), belopp, saldo (optional).
    Refused at once, nothing stored, with VALIDATION_ERROR: details.reason
    TAX_ACCOUNT_FILE_UNRECOGNISED (no such header), TAX_ACCOUNT_FILE_UNREADABLE (a broken xlsx),
    TAX_ACCOUNT_FILE_ROWS_INVALID (details.rows: line and reason of each bad row: not a real
    date, text against the text rules, not an amount, dated in the future),
    TAX_ACCOUNT_FILE_EMPTY, TAX_ACCOUNT_FILE_TOO_MANY_ROWS. Answers 202 with an operation; its
    result: rows_inserted, rows_skipped_duplicate (same date, text, amount and saldo as a row
    already registered or imported), transaction_ids, format_detected, earliest_date,
    latest_date, closing_balance. Rows only, no entries: book them with book-suggested or
    .../transactions/{id}/book.
  `,
  taxRowDescription: prose`
    the statement's text, e.g. Inbetalning bokförd 260112, Moms dec 2025, Debiterad
    preliminärskatt jan 2026
  `,
  bookAccount: prose`
    the counter account; default the one the transaction's text names (Moms 2650,
    Arbetsgivaravgift 2731, Avdragen skatt 2710, Debiterad preliminärskatt 2518, Inbetalning /
    Utbetalning 1930, Kostnadsränta 8423, Intäktsränta 8314)
  `,
  bookSuggestedResult: prose`
    rows left for the client: no_known_counter_account (book with an account),
    unexplained_1630_line_of_the_same_amount (link it, or book the row),
    unbooked_bank_transaction (bank_transaction_id: categorise that bank row as tax_account,
    1630, and run again: the row is then linked); period_locked, period_not_found,
    entry_date_outside_fiscal_period (the ledger takes no entry on the row's date)
  `,
  taxRowStatus: prose`
    booked: an entry was posted from the row; linked: linked to a 1630 line; suggested:
    book-suggested will book it against suggested_account; needs_account: book it naming an
    account
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  registerTaxTransactions: {
    summary: "Register skattekonto transactions (Skatteverket's statement: date, text, amount, saldo)",
    description: PROSE.registerTaxTransactionsDescription,
  },
  deleteTaxTransaction: {
    summary: "Delete a skattekonto transaction registered by mistake",
    description: "Unknown id: NOT_FOUND. A linked row: CONFLICT (unlink it first).",
  },
  listTaxTransactions: {
    summary: "The skattekonto transactions, each with its kind and what books it",
    description: PROSE.listTaxTransactionsDescription,
  },
  bookTaxTransaction: {
    summary: "Book a skattekonto transaction against its counter account",
    description: PROSE.bookTaxTransactionDescription,
  },
  bookSuggestedTaxTransactions: {
    summary: "Book or link every skattekonto transaction that is not yet explained",
    description: PROSE.bookSuggestedTaxTransactionsDescription,
  },
  importTaxAccountFile: {
    summary: "Import Skatteverket's tax account transaction list (asynchronous)",
    description: PROSE.importTaxAccountFileDescription,
  },
};
