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
};
