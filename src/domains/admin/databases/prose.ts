// The OpenAPI summaries and descriptions of the routes in routes.ts.

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listDatabases: {
    summary: "The directory and the ledger databases: companies held, placement, migrations",
  },
  moveCompany: {
    summary: "Move a company's books to another database",
    description:
      "Starts a move in the company's writer and answers it at once (202); follow it at GET /admin/v1/company-moves/{id}. " +
      "The move runs in steps, one invocation of the company's writer each, under D1's queries per invocation. " +
      "From the request to the switch the company's writes are answered 503 COMPANY_MOVING with Retry-After; " +
      "reads are answered throughout, from the old home until the switch. A move that fails before its switch reopens the writes " +
      "and is undone (undoing, then failed); 409 CONFLICT while another move of the company has work left.",
  },
  getMove: {
    summary: "A move of a company's books: its status, and rows per table copied, verified and deleted",
  },
};
