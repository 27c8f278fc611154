// The OpenAPI prose of the accounts room's routes (routes.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  listBankAccountsDescription: prose`
    A settlement account (19xx) without a registration is a SEK account whose bank account
    number is not known.
  `,
  registerBankAccountDescription: prose`
    Body {ledger_account (19xx), currency (default SEK), iban, clearing_number, account_number,
    bankgiro, name}; replaces the ledger account's earlier registration. Bank files and ingested
    rows booked to the ledger account must then be in its currency
    (BANK_STATEMENT_CURRENCY_MISMATCH) and, when the file names its account, of this account
    (BANK_STATEMENT_ACCOUNT_MISMATCH). The ledger account must be an active 19xx account
    (VALIDATION_ERROR). CONFLICT: the bank account is registered for another ledger account
    (reason bank_account_registered_elsewhere), or the ledger account holds rows in another
    currency (reason rows_in_other_currency). 201 when new, else 200.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listBankAccounts: {
    summary: "List the bank accounts registered for settlement accounts",
    description: PROSE.listBankAccountsDescription,
  },
  registerBankAccount: {
    summary: "Register the bank account booked on a settlement account",
    description: PROSE.registerBankAccountDescription,
  },
};
