// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  getErrorCodeDescription: prose`
    Swedish double-entry bookkeeping: BAS chart, verifikationer, fiscal periods. Amounts are
    kronor as JSON numbers with at most two decimals.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  health: {
    summary: "Health (no key needed)",
  },
  listErrorCodes: {
    summary: "The whole error catalogue",
  },
  getErrorCode: {
    summary: "One error code: the page docs_url points to",
  },
};
