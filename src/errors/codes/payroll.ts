// One area of the error catalogue (src/errors/catalogue.ts). Payroll: employees, salary runs, AGI, absence and vacation.
import { type CatalogueEntry, e } from "./entry";

export const PAYROLL_ERRORS = {
  // Payroll
  SALARY_RUN_DUPLICATE_PERIOD: e(
    409,
    "Det finns redan en lönekörning för perioden.",
    "A salary run for this period already exists.",
  ),
  SALARY_RUN_NO_EMPLOYEES: e(400, "Lönekörningen saknar anställda.", "The salary run has no employees."),
  SALARY_RUN_CALCULATE_NOT_DRAFT: e(400, "Endast utkast kan beräknas.", "Only draft runs can be calculated."),
  SALARY_RUN_TAX_TABLE_MISSING: e(503, "Skattetabell saknas.", "The tax table is missing."),
  SALARY_RUN_APPROVE_NOT_REVIEW: e(400, "Lönekörningen är inte i granskning.", "The salary run is not in review."),
  SALARY_RUN_APPROVE_VALIDATION_FAILED: e(
    400,
    "Lönekörningen kan inte godkännas.",
    "The salary run cannot be approved.",
  ),
  SALARY_RUN_BOOK_NOT_PAID: e(400, "Lönekörningen är inte betald.", "The salary run is not paid."),
  // Not in the spec (issue 29): a payment is recorded and booked only once its date has come.
  PAYMENT_DATE_IN_FUTURE: e(
    400,
    "Betalningsdagen har inte kommit; en framtida betalning måste anges som planerad.",
    "The payment date is after today; a future payment must be marked as planned.",
    "Send planned: true to record a payment ordered for that date (it is booked on the date), or give the date the money left.",
  ),
  SALARY_RUN_REOPEN_INVALID_STATUS: e(
    400,
    "Endast en lönekörning i granskning eller godkänd kan öppnas igen.",
    "Only a salary run that is in review or approved can be reopened.",
    "A paid or booked run cannot be reopened: correct its pay in a later run.",
  ),
  SALARY_RUN_DELETE_NOT_DRAFT: e(
    400,
    "Endast ett utkast till lönekörning kan tas bort.",
    "Only a draft salary run can be deleted.",
    "First reopen a run that is in review or approved; a paid or booked run cannot be deleted.",
  ),
  AGI_CONTACT_MISSING: e(
    400,
    "Arbetsgivardeklarationen saknar kontaktperson.",
    "The AGI has no contact person.",
    "Set the company's settings.payroll_contact (name, phone, email) or send contact in the body.",
  ),
  SALARY_RUN_BOOK_NOT_DUE: e(
    409,
    "Lönekörningens betalningsdag har inte kommit; den bokförs först den dagen.",
    "The salary run's payment date has not yet come; the run can be booked on that date at the earliest.",
    "A planned payment is booked automatically on its date; otherwise call book again from that date.",
  ),
  EMPLOYEE_DUPLICATE_PERSONNUMMER: e(
    409,
    "Det finns redan en anställd med personnumret.",
    "An employee with this personnummer already exists.",
  ),
  ABSENCE_RANGE_TOO_LARGE: e(400, "Datumintervallet är längre än 92 dagar.", "The date range exceeds 92 days."),
  VACATION_BALANCE_NOT_FOUND: e(404, "Semestersaldo saknas.", "No vacation balance exists yet."),
} satisfies Record<string, CatalogueEntry>;
