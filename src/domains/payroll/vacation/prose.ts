// The OpenAPI descriptions of the payroll vacation routes and schemas (routes.ts, schemas.ts), kept out of their constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  vacationBalance: prose`
    Calendar year as earning and vacation year. Paid and unpaid days of the year (semesterlagen
    4 §, 7 §), days taken, remaining (may be negative), saved days by year (18 §), days paid
    out, and the vacation pay liability with its contributions. 404 VACATION_BALANCE_NOT_FOUND
    until the employee's first booked run or opening balance.
  `,
  putOpeningBalances: prose`
    The figures of the year before cutover_date: year-to-date gross, benefits, tax, net and
    contributions (added to the payslip's year to date; not to the AGI), the vacation balance
    (paid, unpaid and saved days), the vacation debt and its contributions, and the karens
    adjustment (qualifying absence days used). Refused with 409 CONFLICT
    (details.locked_by_run_id) once the employee has a booked run in the cutover year or later.
    Nothing is booked: the company's 2920/2940 opening balances come from its own opening entry.
  `,
  vacationLiability: prose`
    Per employee the liability after the latest booked run paid on or before as_of (else the
    opening balance): remaining and saved days, day value, liability and its contributions;
    totals equal the ledger's 2920 and 2940 (plus any opening debt the company booked itself).
  `,
  variablePayBeforeCutover: prose`
    variable pay for work paid in the year before the cutover (overtime, commission, bonus,
    retroactive pay; not vacation pay): the percentage rule's base (semesterlagen 16 b §); with
    vacation_year april_march, paid in the earning year in progress (since 1 April) before the
    cutover
  `,
  paidDaysRemaining: prose`
    the year's paid vacation days not yet taken (may be negative); with vacation_year
    april_march, of the vacation year in progress at the cutover date
  `,
  savedDays: prose`
    saved days by the year they were saved in, e.g. {"2024": 3}; at most five years back
    (semesterlagen 18 §); with vacation_year april_march, by the vacation year (its 1 April's
    year) they were saved in
  `,
  qualifyingAbsenceDaysUsed: prose`
    days of vacation-qualifying absence already used in the year (semesterlagen 17 §: sick 180,
    parental 120, vab 120, närståendepenning 45, smittbärare 180)
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  vacationBalance: {
    summary: "The employee's vacation balance after the latest booked run",
    description: PROSE.vacationBalance,
  },
  getOpeningBalances: {
    summary: "The employee's opening balances (mid-year cutover)",
    description: "404 NOT_FOUND if never set. locked: the employee has a booked run in the cutover year or later.",
  },
  putOpeningBalances: {
    summary: "Set the employee's opening balances for a mid-year cutover (201 the first time, 200 when replaced)",
    description: PROSE.putOpeningBalances,
  },
  vacationLiability: {
    summary: "Vacation pay liability (semesterlöneskuld) per employee as of a date",
    description: PROSE.vacationLiability,
  },
};
