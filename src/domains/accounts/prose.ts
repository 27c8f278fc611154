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
