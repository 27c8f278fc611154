// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createSandboxDescription: prose`
    Creates a sandbox company owned by the key's user and books a fixed year through the API's
    own commands: share capital, three customers, four invoices (two paid, two open), two
    suppliers and their invoices (one paid, one open), a bank fee and five bank rows on 1930,
    all dated in 2026. Every seeding gives the same books (voucher, invoice and customer
    numbers, dates, amounts); the rows' ids are new. A live key: 403 FORBIDDEN. Not idempotent.
    See docs/platform.md.
  `,
  resetSandboxDescription: prose`
    Seeds a new sandbox company exactly as POST /sandbox/companies does, then archives this one
    (it answers 404 from then on). The answer names the new company and replaced_company_id.
    Owner only (else FORBIDDEN). A live key: 403 FORBIDDEN (a live key never reaches a sandbox
    company, nor a test key a live one: 404). Not idempotent. See docs/platform.md.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  createSandbox: {
    summary: "Create a sandbox company with a seeded year of books (test keys only)",
    description: PROSE.createSandboxDescription,
  },
  resetSandbox: {
    summary: "Reset a sandbox company: archive it and seed a fresh one (test keys only)",
    description: PROSE.resetSandboxDescription,
  },
};
