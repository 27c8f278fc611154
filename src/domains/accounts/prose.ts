// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  listAccountsDescription: prose`
    Ordered by account number. limit defaults to 500 (max 2000), so the whole BAS chart fits in
    three pages.
  `,
  updateAccountDescription: prose`
    An inactive account takes no new entries (ACCOUNTS_NOT_IN_CHART); posted entries on it are
    untouched.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listAccounts: {
    summary: "List the company's chart of accounts",
    description: PROSE.listAccountsDescription,
  },
  createAccount: {
    summary: "Add an account of the company's own (e.g. a sub-account 1931)",
    description: "type defaults from the BAS class of the number. An existing number is 409 CONFLICT.",
  },
  updateAccount: {
    summary: "Rename, activate or deactivate an account",
    description: PROSE.updateAccountDescription,
  },
};
