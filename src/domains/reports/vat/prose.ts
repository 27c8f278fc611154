// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  vatDeclarationDescription: prose`
    Either period_id (optionally narrowed by from_date/to_date inside it) or from_date and
    to_date. Amounts in whole kronor. box 49 = 10+11+12+30+31+32+60+61+62-48; positive is to
    pay, negative to get back. Made of the taxable events dated in the range: the VAT settlement
    entries (an entry with a line on 2650 and no result-account line but 3740 öresavrundning:
    the transfer of 2610-2649 to 2650, its payment) are left out wherever they are dated, so
    booking the transfer changes no box.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  vatDeclaration: {
    summary: "Momsdeklaration (SKV 4700): boxes 05-62 and 49 from the BAS VAT accounts",
    description: PROSE.vatDeclarationDescription,
  },
};
