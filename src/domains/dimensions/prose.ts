// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  listDimensionsWithCodesDescription: prose`
    SIE 4C reserves dimension 1 for kostnadsställe and 6 for projekt. Archived dimensions and
    codes are listed with include_archived=true.
  `,
  updateCodeDescription: prose`
    An archived code is refused on new lines and invoices with DIMENSION_VALIDATION_FAILED;
    posted lines keep it.
  `,
};
