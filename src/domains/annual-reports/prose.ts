// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  multiYearCommentField: prose`
    Kommentar till flerårsöversikten: BFNAR 2016:10 punkt 5.5 asks for one when nettoomsättning
    moves more than 30 % between two years (the model's warnings say so)
  `,
  dividendField: prose`
    kronor: the dividend the board proposes (0 or absent: none); the rest of the free equity is
    carried forward
  `,
  createDescription: prose`
    An aktiebolag's årsredovisning from the books (this year and up to three before it), the
    fixed-asset register and the payroll, with the texts and the proposal given:
    förvaltningsberättelse (verksamheten, flerårsöversikt, förändring av eget kapital,
    resultatdisposition), resultaträkning and balansräkning with the previous year, notes
    (principles with depreciation periods, medelantalet anställda, the fixed-asset classes,
    ställda säkerheter and eventualförpliktelser when given) and signatures. Stores the model
    and archives the PDF and the inline XBRL as documents; a new POST replaces the stored
    report. Dry-run answers the model and stores nothing. Refusals:
    ANNUAL_REPORT_NOT_AKTIEBOLAG, ANNUAL_REPORT_YEAR_OPEN (neither locked nor closed),
    ANNUAL_REPORT_UNSUPPORTED_EQUITY, ANNUAL_REPORT_REGISTER_MISMATCH (an asset class whose
    register differs from the ledger), ANNUAL_REPORT_UNBALANCED, VALIDATION_ERROR (a dividend
    above the free equity). See docs/annual-report.md.
  `,
  ixbrlDescription: prose`
    application/xhtml+xml: the archived XHTML tagged with Bolagsverket's K2 taxonomy
    (se-gen-base 2021-10-31). NOT_FOUND until one is made.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  create: {
    summary: "Make the annual report (årsredovisning, K2) of a locked or closed year",
    description: PROSE.createDescription,
  },
  get: {
    summary: "The stored annual report of a year",
    description: "As POST .../annual-report answered it. NOT_FOUND until one is made.",
  },
  pdf: {
    summary: "The stored annual report as PDF",
    description: "application/pdf, the archived file, byte for byte. NOT_FOUND until one is made.",
  },
  ixbrl: {
    summary: "The stored annual report as inline XBRL",
    description: PROSE.ixbrlDescription,
  },
};
