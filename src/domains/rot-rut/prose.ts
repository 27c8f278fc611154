// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createClaimDescription: prose`
    Body: invoice_ids (optionally type), or year and type (every paid, unclaimed invoice paid
    that year). Builds Skatteverket's claim files (Begäran om utbetalning, schema V6): one type
    and payment year per file, at most 100 buyers, the claim never above what was paid. Answers
    the claims (one per file) with download_url. Refusals: INVOICE_CREATE_ROT_RUT_VALIDATION
    with details.fields (no deduction, not paid, already claimed, a file rule).
  `,
  claimXmlDescription: prose`
    application/xml: Skatteverket's Begäran om utbetalning, schema V6. Carries the buyers'
    personnummer in full, as the file must.
  `,
  recordDecisionDescription: prose`
    approved_amount (at most the claimed amount), decision_date (default today),
    settlement_account (1930). Accrual: books Debit settlement account / Credit 1513 the
    approved amount, and Debit 1510 / Credit 1513 the refused part, which the buyers then owe
    (their invoices' remaining_amount grows). Cash method: the payout is a payment of each
    invoice's sale, Debit settlement account / Credit its share of revenue and output VAT; the
    refused part books nothing (the customer's payment of it will), and a decision approving
    nothing posts no entry (decision_journal_entry_id null). Status paid, or rejected when
    nothing was approved. A claim takes one decision (else CONFLICT).
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  createClaim: {
    summary: "Claim ROT/RUT from Skatteverket for paid invoices",
    description: PROSE.createClaimDescription,
  },
  listClaims: {
    summary: "List ROT/RUT claims",
    description: "Newest first; filter status (claimed, decided, paid, rejected).",
  },
  getClaim: {
    summary: "Get a ROT/RUT claim",
  },
  claimXml: {
    summary: "The claim file (XML) to upload to Skatteverket",
    description: PROSE.claimXmlDescription,
  },
  recordDecision: {
    summary: "Record Skatteverket's decision and payout on a claim",
    description: PROSE.recordDecisionDescription,
  },
};
