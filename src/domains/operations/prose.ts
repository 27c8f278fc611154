// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  getOperationDescription: prose`
    Poll every 5-30 seconds until status is succeeded or failed; terminal states never change.
    Only operations of the key's companies are visible.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  getOperation: {
    summary: "Poll an asynchronous operation",
    description: PROSE.getOperationDescription,
  },
};
