// One area of the error catalogue (src/errors/catalogue.ts). Bank transactions and their matching, currency revaluation, reversals,
// the annual report and the accruals.
import { type CatalogueEntry, e } from "./entry";

export const TRANSACTIONS_ERRORS = {
  // Transactions
  TX_CATEGORIZE_SUGGEST_SI_MATCH: e(
    409,
    "Transaktionen liknar en betalning av en leverantörsfaktura.",
    "The transaction looks like a supplier invoice payment.",
    "Match it, or send confirm_no_match: true.",
  ),
  TX_CATEGORIZE_INVALID_ACCOUNT: e(400, "Kontot finns inte i kontoplanen.", "The account is not in the chart."),
  TX_CATEGORIZE_PRIVATE_PERIOD_LOCKED: e(400, "Perioden är låst.", "The period is locked."),
  BANK_STATEMENT_ACCOUNT_MISMATCH: e(
    400,
    "Kontoutdraget gäller ett annat bankkonto än det som är registrerat för bokföringskontot.",
    "The statement belongs to a bank account other than the one registered for the ledger account.",
    "Import it to the ledger account registered for that bank account (details.registered_for), or register it (POST .../bank-accounts).",
  ),
  BANK_STATEMENT_CURRENCY_MISMATCH: e(
    400,
    "Kontoutdraget är i en annan valuta än bokföringskontots bankkonto.",
    "The statement is in a currency other than that of the ledger account's bank account.",
    "Import it to a ledger account registered in that currency (details.accounts_in_currency), or register one (POST .../bank-accounts).",
  ),
  BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS: e(
    400,
    "Kontoutdraget har rader långt utanför företagets räkenskapsår.",
    "The statement has rows far outside the company's fiscal years.",
    "Rows may be dated at most one year before the first fiscal year or after the last one; create the fiscal year first.",
  ),
  TAX_ACCOUNT_ROW_ALREADY_BOOKED: e(
    409,
    "Skattekontohändelsen är redan bokförd eller kopplad.",
    "The tax account transaction is already booked or linked.",
    "details.reason says which: booked (details.journal_entry_id) or linked (details.link_id; unlink it first).",
  ),
  TX_IGNORE_ALREADY_BOOKED: e(409, "Transaktionen är redan bokförd.", "The transaction is already booked."),
  TX_UNCATEGORIZE_NOT_BOOKED: e(400, "Transaktionen är inte bokförd.", "The transaction is not booked."),
  MATCH_INVOICE_NOT_INVOICE_TYPE: e(400, "Dokumentet är inte en faktura.", "The document is not an invoice."),
  MATCH_INVOICE_NOT_INCOME: e(400, "Transaktionen är inte en inbetalning.", "The transaction is not an inflow."),
  MATCH_INVOICE_NOT_OPEN: e(400, "Fakturan är inte öppen.", "The invoice is not open."),
  MATCH_INVOICE_TX_LINK_FAILED: e(
    500,
    "Transaktionen kunde inte kopplas; bokningen är återförd.",
    "The transaction could not be linked; the posting was reversed.",
  ),
  MATCH_SI_CASH_FX_UNSUPPORTED: e(
    400,
    "Delbetalning i utländsk valuta stöds inte med kontantmetoden.",
    "A partial payment in a foreign currency is not supported under the cash method.",
  ),
  MATCH_SI_NOT_EXPENSE: e(400, "Transaktionen är inte en utbetalning.", "The transaction is not an outflow."),
  MATCH_SI_ALREADY_PAID: e(409, "Leverantörsfakturan är redan betald.", "The supplier invoice is already paid."),
  CURRENCY_REVALUATION_ALREADY_EXISTS: e(
    409,
    "Valutaomvärdering är redan gjord.",
    "A currency revaluation already exists.",
  ),
  ENTRY_ALREADY_REVERSED: e(409, "Verifikationen är redan återförd.", "The entry has already been reversed."),
  ENTRY_DATE_OUTSIDE_FISCAL_PERIOD: e(
    400,
    "Datumet ligger utanför räkenskapsåret.",
    "The date is outside the fiscal period.",
    "Use a date between the period's start and end.",
  ),
  ACCOUNTS_NOT_IN_CHART: e(
    400,
    "Kontot finns inte eller är inaktivt i kontoplanen.",
    "The account is missing from the chart or inactive.",
    "Use active accounts; see GET .../accounts.",
  ),
  // Accruals (docs/accruals.md)
  ANNUAL_REPORT_YEAR_OPEN: e(
    409,
    "Räkenskapsåret är varken låst eller stängt.",
    "The fiscal year is neither locked nor closed.",
    "Lock the year (POST .../fiscal-periods/{id}/lock) or run its year-end before the annual report: its figures must not move afterwards.",
  ),
  ANNUAL_REPORT_UNBALANCED: e(
    409,
    "Balansräkningen balanserar inte; årsredovisningen kan inte upprättas.",
    "The balance sheet does not balance; the annual report cannot be made.",
    "details names the year and both sides; check the trial balance and the continuity of the opening balances.",
  ),
  ANNUAL_REPORT_UNSUPPORTED_EQUITY: e(
    422,
    "Eget kapital innehåller poster som årsredovisningen inte visar.",
    "The equity holds items the annual report does not show.",
    "The K2 report shows aktiekapital (2081-2082), reservfond (2086) and fritt eget kapital (2090-2099), and no reduction of " +
      "aktiekapital or change of reservfond within the year; details names what is outside.",
  ),
  ANNUAL_REPORT_REGISTER_MISMATCH: e(
    409,
    "Anläggningsregistret stämmer inte med bokföringen; noterna kan inte upprättas.",
    "The fixed-asset register does not match the ledger; the notes cannot be made.",
    "details.differences names each asset class and year: register the assets booked by hand (POST " +
      ".../fixed-assets) or correct the entries, compare with GET .../fixed-assets/register.",
  ),
  ANNUAL_REPORT_NOT_AKTIEBOLAG: e(
    400,
    "Årsredovisningen enligt K2 här gäller aktiebolag.",
    "The K2 annual report here is an aktiebolag's.",
  ),
  ACCRUAL_NOT_FOUND: e(404, "Periodiseringen finns inte.", "The accrual does not exist."),
  ACCRUAL_ALREADY_CANCELLED: e(409, "Periodiseringen är redan avbruten.", "The accrual is already cancelled."),
  ACCRUAL_NOT_CANCELLABLE: e(
    409,
    "Periodiseringen kan inte avbrytas.",
    "The accrual cannot be cancelled.",
    "Only a spread can be cancelled, on a date from its first entry to before its last release.",
  ),
  // issue #46: budgets (docs/budgets.md)
  BUDGET_NOT_FOUND: e(404, "Budgeten finns inte.", "The budget does not exist."),
  BUDGET_NAME_TAKEN: e(
    409,
    "Räkenskapsåret har redan en budget med det namnet.",
    "The fiscal year already has a budget of that name.",
    "Choose another name, replace that budget (POST .../budgets/{id}/replace), or import with replace: true.",
  ),
} satisfies Record<string, CatalogueEntry>;
