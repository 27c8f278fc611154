// The OpenAPI summaries and descriptions of the routes in routes.ts.

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listMembers: {
    summary: "List the company's members and their roles",
    description: "Every member, oldest membership first (not paged: a company has few members).",
  },
  getMember: {
    summary: "Get one member of the company",
  },
  updateMember: {
    summary: "Change a member's role",
  },
  removeMember: {
    summary: "Remove a member from the company",
  },
};
