// The OpenAPI prose of the fiscal periods' gaps room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  explainVoucherGapDescription: prose`
    gap_end >= gap_start (equal for one number); every number of the range must be unused
    (VALIDATION_ERROR). The same series, period and range again: CONFLICT. GET
    .../compliance/check?type=voucher_gaps lists the gaps, explained or not.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  explainVoucherGap: {
    summary: "Explain a gap in a voucher series",
    description: PROSE.explainVoucherGapDescription,
  },
};
