// The OpenAPI descriptions of the payroll reports routes and schemas (routes.ts, schemas.ts), kept out of their constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  avgifterBasis: prose`
    Runs booked with a payment date in \`year\`. Per employee: basis, the parts per rate (full,
    youth, pension_fee_only, exempt) and the contributions booked; per rate: the basis and
    Skatteverket's figure month by month (bases in whole kronor per rate, öre dropped).
  `,
  salaryJournal: prose`
    salary_run_id, or period_year (and period_month). Calculated runs only (review and later).
    Per run and employee: gross, benefits, reimbursements, deductions, tax, net, contributions,
    line items; totals.
  `,
  agiReconciliation: prose`
    per booked run: cash pay (7010/7210/7220), benefits (7380's credit) and tax (2710) from the
    salary entry against the AGI (011+131, 012+013+132+133, 497)
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  avgifterBasis: {
    summary: "Employer contribution basis of a year, per employee, from booked runs",
    description: PROSE.avgifterBasis,
  },
  salaryJournal: {
    summary: "Salary journal (lönejournal) of a run or a period",
    description: PROSE.salaryJournal,
  },
};
