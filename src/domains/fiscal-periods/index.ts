// Fiscal periods: opening, locking (whole or up to a date) and unlocking years, voucher
// gaps and their explanations, currency revaluation, year-end, close, opening balances.
// The corporate tax before the year-end (issue #31).
// Owns: fiscal_periods, fiscal_period_lock_dates, voucher_gap_explanations, currency_revaluations, tax_calculations.
export { registerFiscalPeriodRoutes } from "./routes";
export {
  companiesWithPeriodCovering,
  createNextPeriod,
  listPeriods,
  loadPeriod,
  lockDatesOf,
  lockPeriod,
  lockPeriodChecked,
  unlockPeriod,
} from "./periods/commands";
export { explainVoucherGap, voucherGaps, type VoucherGap } from "./gaps/commands";
export {
  closePeriod,
  reopenPeriod,
  postOpeningBalances,
  runYearEnd,
  startYearEnd,
  type ClosingRatesInput,
  type OpeningBalancesDeps,
  type YearEndDeps,
} from "./year-end/commands";
export { yearEndReadiness, type Finding, type ReadinessFx } from "./readiness/queries";
export type { ClosingRates, OpenForeignItems } from "./revaluation/revaluation";
export { CASH_METHOD_SOURCE, type CashMethodSources, documentYearEnd, yearEndOfDocument } from "./year-end/cash-method";
export { bookCashMethodEntry, cashMethodFindings, pendingCashMethodEntry } from "./year-end/cash-method-entry";
export { runCurrencyRevaluation, startCurrencyRevaluation } from "./revaluation/commands";
export { runCurrencyRevaluationOperation, runYearEndOperation } from "./year-end/background";
export { periodHolding, planCloseAsPriorYear, planPeriodForImport, planPriorPeriodForImport } from "./import/commands";
export { planFirstPeriod } from "./periods/first-period";
export { calculateCorporateTax, taxCalculationOf, type CorporateTaxDeps } from "./tax/commands";
