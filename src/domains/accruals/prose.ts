// The OpenAPI descriptions of the accrual routes (routes.ts), kept out of the route constants.
import { prose } from "../../http/prose";

export const PROSE = {
  create: prose`
    kind spread (start_month, months): one entry moves the amount from result_account to
    balance_account on the first day of start_month, then one release entry per month dated
    the month's last day, equal parts in öre with the remainder on the last month; every entry
    is posted now. kind period_end (period_end, a month's last day): one entry on period_end
    and its reversal (storno) dated the next day, in the next fiscal year when period_end ends
    a year (that year must exist: POST .../fiscal-periods). balance_account 17xx debits, 29xx
    credits the accrual. Refusals: VALIDATION_ERROR (accounts outside 1700-1799 / 2900-2999,
    payroll's 2920-2929 and 2940-2959, a result account outside class 3-8), the ledger's
    ENTRY_DATE_OUTSIDE_FISCAL_PERIOD (a date no fiscal year covers), PERIOD_LOCKED and
    ACCOUNTS_NOT_IN_CHART. A dry run answers the accrual and writes nothing.
  `,
  cancel: prose`
    On date (default today): every release dated after it is reversed on its own date, and
    what is still open is released to the result account on date. Refusals: ACCRUAL_NOT_FOUND,
    ACCRUAL_ALREADY_CANCELLED, ACCRUAL_NOT_CANCELLABLE (a period_end accrual, a date before
    the first entry or on or after the last release).
  `,
  list: prose`
    accruals: those with an open amount at as_of (default today). accounts: per balance
    account, the accruals' open sum and the account's balance through as_of from accrual
    entries and their reversals alone; matches_ledger says they are equal.
  `,
  kindField: prose`
    spread: the amount is released to the result account in equal monthly parts; period_end: the
    amount is moved past a period end and reversed the next day
  `,
  balanceAccountField: prose`
    17xx (prepaid expense, accrued income) or 29xx (accrued expense, prepaid income); not
    payroll's 2920-2929 and 2940-2959
  `,
  ledgerBalanceField: prose`
    the account's balance through as_of from accrual entries and their reversals only, on its
    side (debit for 17xx, credit for 29xx)
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  createAccrual: {
    summary: "Make an accrual (periodisering): spread an amount over months, or move it past a period end",
    description: PROSE.create,
  },
  cancelAccrual: {
    summary: "Cancel a spread before it is fully released",
    description: PROSE.cancel,
  },
  list: {
    summary: "What is open at a date, per accrual and per balance account, set against the ledger",
    description: PROSE.list,
  },
  get: {
    summary: "Get an accrual with its entries and what is open at as_of",
  },
};
