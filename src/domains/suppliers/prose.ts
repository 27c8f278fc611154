// The OpenAPI descriptions of the supplier routes (routes.ts), kept out of the route constants.
import { prose } from "../../http/prose";

export const PROSE = {
  create: prose`
    vat_number, bankgiro, plusgiro, iban and bic are stored as supplied. default_expense_account
    must be an active account (ACCOUNTS_NOT_IN_CHART).
  `,
  patch: prose`
    All fields optional; archived_at: null restores. Changing default_expense_account does not
    rebook earlier invoices.
  `,
};
