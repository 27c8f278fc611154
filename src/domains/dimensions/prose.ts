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

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listDimensionsWithCodes: {
    summary: "List dimensions with their codes",
    description: PROSE.listDimensionsWithCodesDescription,
  },
  createDimension: {
    summary: "Create a dimension",
  },
  updateDimension: {
    summary: "Rename, archive or restore a dimension",
  },
  createCode: {
    summary: "Add a code (object) to a dimension",
  },
  updateCode: {
    summary: "Rename, archive or restore a code",
    description: PROSE.updateCodeDescription,
  },
};
