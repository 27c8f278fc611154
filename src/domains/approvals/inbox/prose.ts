// The OpenAPI summaries and descriptions of the routes in routes.ts.

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  inbox: {
    summary: "What waits for an approver: invoices to attest or correct, staged writes to approve",
  },
};
