// The OpenAPI prose of the imports room's routes (routes.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  ingestTransactionsDescription: prose`
    Rows only, no entries. external_id is required: a row whose external_id the settlement
    account already holds (or that appears earlier in the same call) is skipped and counted in
    rows_skipped_duplicate. Emits transaction.synced. Rows in another currency than the
    settlement account's (SEK unless registered through POST .../bank-accounts) are refused
    whole with BANK_STATEMENT_CURRENCY_MISMATCH, rows dated more than 12 months outside the
    fiscal years with BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS.
  `,
  importBankFileDescription: prose`
    Scope transactions:write or imports:write. multipart/form-data: file (at most 10 MB; UTF-8,
    UTF-16 or Windows-1252 detected), settlement_account (default 1930), optional format (form
    field or query), currency, and for generic_csv an optional JSON mapping. Formats: camt053,
    camt054, bgmax, generic_csv, swedbank, seb, handelsbanken, nordea, nordea_business,
    sparbanken, amex, lunar, revolut, skandia, wise, wise_balance; detected when omitted. A file
    no format recognises is refused at once (VALIDATION_ERROR, details.reason
    BANK_FILE_UNRECOGNISED, details.looked_for). Answers 202 with an operation; its result:
    rows_inserted, rows_skipped_duplicate, rows_rejected, format_detected, earliest_date,
    latest_date, statements (opening and closing balances checked). Rows only, no entries;
    duplicates (external id, else date + amount + description hash) are skipped. Emits
    transaction.synced. Before any row is stored, every statement is checked against the
    settlement account (POST .../bank-accounts): the operation fails with
    BANK_STATEMENT_ACCOUNT_MISMATCH (another registered bank account),
    BANK_STATEMENT_CURRENCY_MISMATCH (not the account's currency, SEK unless registered
    otherwise) or BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS (a row more than 12 months before
    the first or after the last fiscal year). A camt.053's opening and closing balances give
    each row its balance_after, the reconciliation's outside balance.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  ingestTransactions: {
    summary: "Ingest up to 500 bank transactions as JSON",
    description: PROSE.ingestTransactionsDescription,
  },
  importBankFile: {
    summary: "Import a bank file (asynchronous)",
    description: PROSE.importBankFileDescription,
  },
};
