// The OpenAPI prose of the fiscal periods' sru room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  getSruDescription: prose`
    An aktiebolag: INK2 (7104 överskott / 7114 underskott), INK2R (the balance sheet and income
    statement by BAS's INK2 kopplingstabell) and INK2S (the booked result, the booked tax, the
    non-deductible costs and tax-free income, the schablonintäkt and last year's loss from the
    stored tax calculation), each with 7011/7012 the year's dates. A sole trader: NE R1-R11.
    ISO-8859-1, CRLF, whole kronor (öre dropped), a field of 0 left out. Default a zip of both
    files; ?file=INFO.SRU or BLANKETTER.SRU answers one as text/plain. Refusals:
    TAX_NOT_CALCULATED (409, an aktiebolag's year without POST .../tax),
    SRU_COMPANY_DETAILS_MISSING (409, no organisation number, address, postal code or city;
    details.missing), TAX_ENTITY_TYPE_MISMATCH (another form). Accounts whose balance no field
    takes are named in the SRU-Unmapped-Accounts header. See docs/tax.md.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  getSru: {
    summary: "The income-tax return as Skatteverket's SRU files (INFO.SRU, BLANKETTER.SRU)",
    description: PROSE.getSruDescription,
  },
};
