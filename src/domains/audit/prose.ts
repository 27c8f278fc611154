// The OpenAPI summaries and descriptions of the routes in routes.ts.

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listAudit: {
    summary: "List the company's audit trail, newest first",
  },
  getAuditRecord: {
    summary: "Get one audit record (the audit_trail_url of a write)",
  },
};
