// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  updateAccountNamesField: prose`
    rename the chart's accounts to the file's names (default false: the chart's names are kept);
    result.accounts_renamed lists every rename, result.account_names_kept counts the names kept
  `,
  allowOpeningDifferenceField: prose`
    import a file whose #IB 0 does not balance by other than last year's result (that difference
    goes to 2098 without this option); the difference is booked to 2099 and
    result.opening_difference says so
  `,
  allowBalanceMismatchField: prose`
    import a file whose vouchers do not give its own #UB/#RES; the books are its #IB plus
    vouchers, and result.balance_mismatches and warnings list every account that differs
  `,
  importSieDescription: prose`
    multipart/form-data with file (and options as JSON), or JSON {file_base64, file_name,
    options}. CP437, Windows-1252 or UTF-8 are detected; at most 50 MB. The same file (SHA-256)
    again is 409 SIE_IMPORT_DUPLICATE. options.updateAccountNames (default false) renames chart
    accounts to the file's names (result.accounts_renamed). An #IB 0 that does not balance by
    exactly last year's result (−Σ #RES -1) is refused unless options.allowOpeningDifference;
    last year's result goes to 2098 (result.opening_difference). #RAR -1 with its #IB/#UB/#RES
    -1 becomes the previous fiscal year, closed (result.prior_year). Class-0 accounts are
    statistics: never balance or result accounts. Answers 202 with an operation; its result
    counts entries, accounts, periods and opening balances, and lists warnings. The imported
    entries are posted and immutable; a fiscal year from #RAR 0 is created when missing; #IB
    becomes the opening entry. The import is refused, with nothing written, when the vouchers
    would not give the file's own #UB and #RES (error details.mismatches per account), unless
    options.allowBalanceMismatch is true: then the books are the file's #IB plus its vouchers,
    and result.balance_mismatches (account_number, file, computed, difference) and one warning
    per account list the differences. Account names are compared as CP437 text: a name the file
    spells with '-' where the chart has '–' is not a rename.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  importSie: {
    summary: "Import a SIE 4 file (asynchronous)",
    description: PROSE.importSieDescription,
  },
};
