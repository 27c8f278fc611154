// The OpenAPI descriptions of the payroll runs/documents routes (routes.ts), kept out of the route constants.
import { prose } from "../../../../http/prose";

export const PROSE = {
  payslipPdf: prose`
    application/pdf, attachment. Employer, employee (masked personnummer), period, payment date,
    every line item, gross, tax, net, year to date. The run must be calculated.
  `,
  paymentFile: prose`
    application/xml, attachment lon-YYYY-MM-pain001.xml. Approved, paid or booked runs (CONFLICT
    otherwise). One payment batch (category purpose SALA) from the company's account (settings:
    iban, else bank_clearing_number + bank_account_number, else bankgiro; none: CONFLICT
    details.company bank_account_missing), dated execution_date (default the run's
    payment_date); one transfer per employee with net pay above zero, to the employee's clearing
    and account number (SESBA clearing, BBAN), message "Lön YYYY-MM", EndToEndId the
    salary_run_employee_id without hyphens. Nothing is stored. A viewer is refused (FORBIDDEN):
    the file holds full account numbers.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  payslipPdf: {
    summary: "The payslip (lönespecifikation) as PDF",
    description: PROSE.payslipPdf,
  },
  paymentFile: {
    summary: "The run's net pay as an ISO 20022 pain.001.001.03 credit-transfer file",
    description: PROSE.paymentFile,
  },
};
