// The OpenAPI descriptions of the payroll runs routes and schemas (routes.ts, schemas.ts), kept out of their constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  createRun: prose`
    One run per (period_year, period_month): a second is SALARY_RUN_DUPLICATE_PERIOD. Emits
    salary_run.created.
  `,
  deleteRun: prose`
    Draft only (SALARY_RUN_DELETE_NOT_DRAFT: reopen a run in review or approved first; a paid or
    booked run is never deleted). The run's employees and line items go with it and the period
    is free for a new run. 204. Emits salary_run.deleted.
  `,
  addRunEmployees: prose`
    employees: [{employee_id, hours}] (hours for hourly pay), and/or all_active: true (every
    active employee employed in the period and not yet in the run). Not a draft: CONFLICT.
  `,
  updateRunEmployee: prose`
    Effective tax_withheld / avgifter_amount = the override if set, else the calculated. In
    review the net pay and the run's totals follow at once.
  `,
  addLineItem: prose`
    Pay (overtime, commission, other_pay; bonus and retroactive_pay taxed as one-off amounts),
    taxable benefits (car_benefit, meal_benefit, housing_benefit, other_benefit: in the tax and
    contribution bases, not paid), tax-free reimbursements (expense_reimbursement 7690,
    mileage_allowance 7331, per_diem 7321: paid, outside the bases) and net_deduction (2790).
    Manual rows survive every calculate.
  `,
  markRunPaid: prose`
    Approved only (CONFLICT otherwise). payment_date (default the run's) and settlement_account
    (default 1930) are used by book. A payment_date after today (the service's clock) is
    PAYMENT_DATE_IN_FUTURE unless planned: true, which records a payment ordered for that date:
    the run is paid (payment_planned) and the minute sweep books it on that date.
  `,
  calculate: prose`
    Draft only (SALARY_RUN_CALCULATE_NOT_DRAFT); no employees: SALARY_RUN_NO_EMPLOYEES; no tax
    table or rates for the payment year: 503 SALARY_RUN_TAX_TABLE_MISSING. Engine rows are
    regenerated, manual rows kept. Returns the run with warnings.
  `,
  approve: prose`
    Review only (SALARY_RUN_APPROVE_NOT_REVIEW). Every employee needs clearing and account
    number, a calculation breakdown and net pay not below zero; all problems come in one
    SALARY_RUN_APPROVE_VALIDATION_FAILED with details.employees[]. A missing email is a warning.
    Emits salary_run.approved.
  `,
  reopen: prose`
    Review or approved only (SALARY_RUN_REOPEN_INVALID_STATUS; a paid or booked run is never
    reopened). The calculation is undone: engine line items removed, figures, totals and
    warnings cleared, approval forgotten, the month's absence released; employees, hours,
    overrides and manual line items stay. Emits salary_run.reopened.
  `,
  book: prose`
    Paid only (SALARY_RUN_BOOK_NOT_PAID); not before the payment date (409
    SALARY_RUN_BOOK_NOT_DUE); payment_date in an open period (PERIOD_LOCKED with
    fiscal_period_id). Salary: Debit 7210/7010/7220 gross and reimbursement accounts, Credit
    2710 tax, deduction accounts and the settlement account net. Contributions: Debit 7510 /
    Credit 2731. Vacation (when the liability changed): Debit 7290 / Credit 2920 and Debit 7519
    / Credit 2940 (vacation_entry_id). Salary exchange: Debit 7412 / Credit 2930 and Debit 7533
    / Credit 2514. meta.audit carries the salary voucher. Emits salary_run.booked.
  `,
  avgifterRounding: prose`
    set by book: Skatteverket's figure for the month (AGI field 487: bases in whole kronor per
    rate, öre dropped per rate) less the per-employee contributions; booked on 3740 so that 2731
    equals what the tax account is charged. 0 before book
  `,
  plannedPayment: prose`
    true: the payment is ordered for payment_date, which may be after today; the run is booked
    automatically on that date. A payment_date after today without it is PAYMENT_DATE_IN_FUTURE
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listRuns: {
    summary: "List salary runs",
  },
  getRun: {
    summary: "Get a salary run",
  },
  createRun: {
    summary: "Create a salary run (draft, without employees)",
    description: PROSE.createRun,
  },
  updateRun: {
    summary: "Change a draft run's payment_date or voucher_series",
  },
  deleteRun: {
    summary: "Delete a draft run",
    description: PROSE.deleteRun,
  },
  listRunEmployees: {
    summary: "The employees of a run with their figures",
  },
  getRunEmployee: {
    summary: "Payslip detail: figures, line items, year to date, calculation breakdown",
  },
  addRunEmployees: {
    summary: "Add employees to a draft run",
    description: PROSE.addRunEmployees,
  },
  updateRunEmployee: {
    summary: "Set hours (draft) or the overrides of tax and contributions (draft or review)",
    description: PROSE.updateRunEmployee,
  },
  removeRunEmployee: {
    summary: "Remove an employee (and their line items) from a draft run (204)",
  },
  addLineItem: {
    summary: "Add a manual line item (draft run)",
    description: PROSE.addLineItem,
  },
  removeLineItem: {
    summary: "Remove a manual line item (draft run; 204)",
  },
  markRunPaid: {
    summary: "Record the payment of an approved run (no entry)",
    description: PROSE.markRunPaid,
  },
  calculateRun: {
    summary: "Calculate: tax, employer contributions, net pay; draft to review",
    description: PROSE.calculate,
  },
  approveRun: {
    summary: "Approve a run in review",
    description: PROSE.approve,
  },
  reopenRun: {
    summary: "Reopen a run in review or approved: back to draft",
    description: PROSE.reopen,
  },
  bookRun: {
    summary: "Book a paid run: 2-4 entries, all or nothing",
    description: PROSE.book,
  },
};
