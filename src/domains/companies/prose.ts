// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createCompanyDescription: prose`
    Seeds the BAS 2026 chart, the first fiscal period and the caller's owner membership, and
    starts a 30-day trial. Not idempotent: an Idempotency-Key is ignored and a retry creates a
    second company. A test key creates a sandbox company.
  `,
  updateCompanySettingsDescription: prose`
    All fields optional; null clears a nullable field. Settings used by invoicing
    (invoice_default_days, bank details, email sender), VAT (vat_registered, moms_period),
    bookkeeping (default_voucher_series) and payroll (payroll_contact, vacation_year: 409
    CONFLICT once a salary run has booked vacation or an opening balance is set).
  `,
  vacationYearCreateField: prose`
    payroll's vacation year: april_march (default: semesterlagen 3 §, förskjutet semesterår) or
    calendar (earning and vacation year coincide, by agreement)
  `,
  reminderFeeSettingsField: prose`
    kronor charged per payment reminder (agreed in the company's terms, printed on its
    invoices); null = none
  `,
  autoReminderDaysSettingsField: prose`
    the overdue sweep sends a reminder this many days after the due date and again each such
    interval; null = off
  `,
  vacationYearSettingsField: prose`
    payroll's vacation year: calendar (earning and vacation year coincide) or april_march (1
    April–31 March, days taken the following year; semesterlagen 3 §)
  `,
  reminderFeePatchField: prose`
    kronor per written payment reminder, at most 60 (förordning 2013:59 under lag 1981:739);
    charge it only when your terms say so (it is printed on invoices); null = none
  `,
  vacationYearPatchField: prose`
    calendar or april_march; refused with 409 CONFLICT once a salary run has booked vacation for
    the company or an opening balance is set (the balances carry from run to run in one kind of
    year)
  `,
  peppolUrlPatchField: prose`
    https, a host that resolves to public addresses only (the webhook guard); the documents are
    POSTed here
  `,
  peppolSenderIdPatchField: prose`
    the sender's Peppol id as scheme:value (e.g. 0088:7300010000001); default 0007 + the
    organisation number
  `,
  peppolAccessPointPatchField: prose`
    the Peppol access point send hands e-invoices to (docs/peppol.md, Sending through an access
    point); null removes it
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listCompanies: {
    summary: "List the companies the key's user belongs to",
  },
  createCompany: {
    summary: "Create a company",
    description: PROSE.createCompanyDescription,
  },
  getCompany: {
    summary: "Get a company with its settings",
  },
  updateCompanySettings: {
    summary: "Update company settings",
    description: PROSE.updateCompanySettingsDescription,
  },
};
