// The OpenAPI prose of the VAT return routes and schemas, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createDescription: prose`
    Body: period (2026-03 monthly, 2026-Q1 quarterly, 2026 or 2025/2026 yearly, as the tax
    calendar names it) or period_start and period_end; one of the company's VAT periods
    (calendar months or quarters clipped to the fiscal year, or the fiscal year), ended before
    today, else VALIDATION_ERROR with details.fields. Builds the declaration from the period's
    entries as GET .../reports/vat-declaration does, books one transfer entry dated the period's
    last day (every output and input VAT account to 2650 in whole kronor = box 49, the öre to
    3740), locks the fiscal year through the period's end and stores the return. No entry when
    no VAT account moved (an empty period gives a return of zeros). correction: true makes a
    correction return of a declared period (after unlocking and correcting the books): the
    difference per box and its own transfer entry. Refusals: VAT_RETURN_ALREADY_EXISTS,
    VAT_RETURN_NO_ORIGINAL, VAT_RETURN_UNCHANGED (409), the ledger's PERIOD_LOCKED, the lock's
    PERIOD_LOCK_HAS_DRAFTS and PERIOD_HAS_UNBOOKED_TRANSACTIONS. A dry run answers the whole
    return with the entry's lines and writes nothing.
  `,
  pdfDescription: prose`
    Sections A-I with their boxes in whole kronor; a correction prints the declaration as it now
    stands and the boxes that changed.
  `,
  eskdDescription: prose`
    application/xml in ISO-8859-1: OrgNr, Period (the period's last month, YYYYMM), one element
    per box that is not zero, MomsBetala (box 49) always; whole kronor. A correction's file
    carries the whole declaration as it now stands (a corrected declaration replaces the earlier
    one at Skatteverket), not the difference.
  `,
  createPeriod: prose`
    the VAT period as the tax calendar names it: 2026-03 (monthly VAT), 2026-Q1 (quarterly),
    2026 (yearly)
  `,
  declaredBoxes: prose`
    the whole declaration as it stands after this return (an original's boxes; original plus
    corrections)
  `,
  warnings: prose`
    in the create answer: what the return may lack. CASH_METHOD_ENTRY_MISSING: a cash-method
    company's return of the fiscal year's last VAT period made before the year's bokslutsmetoden
    entry (POST .../fiscal-periods/{id}/cash-method-entry): the unpaid invoices' VAT is not in
    it, and a correction return is due once booked
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  createVatReturn: {
    summary: "Make the VAT return (momsdeklaration) of a VAT period: boxes, transfer entry, lock",
    description: PROSE.createDescription,
  },
  list: {
    summary: "List the VAT returns",
    description: "Newest first, originals and corrections; filter period (2026-Q1). Cursor pagination.",
  },
  get: {
    summary: "Get a VAT return: its boxes, the declaration as it stands, the transfer entry and its voucher",
  },
  pdf: {
    summary: "The VAT return as a PDF laid out like Skatteverket's form SKV 4700",
    description: PROSE.pdfDescription,
  },
  eskd: {
    summary: "The VAT return as Skatteverket's eSKD upload file (eSKDUpload 6.0, ISO-8859-1)",
    description: PROSE.eskdDescription,
  },
};
