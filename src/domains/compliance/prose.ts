// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  euTradeField: prose`
    sells to businesses in other EU countries (EU sales list; yearly VAT due the 26th of the
    second month)
  `,
  deadlineDoneField: prose`
    vat_declaration: true when the period's VAT return exists (POST .../vat-returns; every part
    of a period a broken fiscal year cuts in two), else false; null for the filings the service
    does not make
  `,
  checkComplianceDescription: prose`
    type=year_end_readiness lists each failed check (every earlier year closed, period locked,
    no drafts, voucher gaps explained, trial balance balanced, the result not already booked on
    8990-8999, a closing rate for each currency of the items open at the period's end:
    FX_CLOSING_RATE_UNAVAILABLE with details.currency and details.date) as a blocker with what
    to do; a cash-method year ended without its bokslutsmetoden entry gets the warning
    CASH_METHOD_ENTRY_MISSING, and VAT_RETURN_LACKS_CASH_METHOD_ENTRY when the return of its
    last VAT period was made without it; type=voucher_gaps lists every gap in every series of
    the period, explained or not. ready is true when there is no blocker. The type vat_close is
    not supported.
  `,
  listTaxDeadlinesDescription: prose`
    Computed, never stored: from the company (entity_type, vat_registered, moms_period, f_skatt,
    fiscal year) and its compliance settings, by the rules of Skatteförfarandelagen,
    Årsredovisningslagen and Lag (1930:173) (each deadline names its source), moved to the next
    banking day. from defaults to today, to to from + 365 days; at most three years. done: a VAT
    declaration is done when its return exists (POST .../vat-returns); null for the filings the
    service does not make.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  checkCompliance: {
    summary: "Pre-flight check: year-end readiness or voucher gaps (a read-only snapshot)",
    description: PROSE.checkComplianceDescription,
  },
  listTaxDeadlines: {
    summary: "The company's tax and filing deadlines in a date range",
    description: PROSE.listTaxDeadlinesDescription,
  },
  getComplianceSettings: {
    summary: "What the tax calendar knows beyond the company row",
  },
  updateComplianceSettings: {
    summary: "Change what the tax calendar knows: turnover, employees, EU trade",
    description: "Every field optional; without a stored row the defaults are 0, false, false, monthly.",
  },
};
