// The OpenAPI descriptions of the verifiable ledger's routes (routes.ts).
import { prose } from "../../http/prose";

export const PROSE = {
  verify: prose`
    Recomputes the company's chain from the books, a page of entries at a time: each entry's
    canonical form and SHA-256 after the previous hash (docs/verifiable-ledger.md). Walk it from
    after_seq 0, passing next_after_seq, until next_after_seq is null. The answer names the first
    place that does not match (first_mismatch: a changed entry or line, a missing entry, a gap in
    the sequence, a posted entry outside the chain, a seal the chain no longer reaches); complete is
    true when the whole chain matched.
  `,
  chain: prose`
    The chain's records in order, each with its entry as the canonical form hashes it: the JSON
    sidecar of an export, which bin/ledger-verify.mjs checks offline against a seal and a public key.
  `,
  seal: prose`
    The seal of a closed fiscal year: the chain's last seq and hash when the year was closed, the
    year's posted entries and lines with their debit and credit totals, and the Ed25519 signature of
    payload by the key key_id (/.well-known/ledger-keys.json). FISCAL_YEAR_NOT_SEALED for a year not closed.
  `,
  sidecar: prose`
    The sealed year's JSON sidecar, to keep beside the year's SIE file (GET
    .../reports/sie-export?period_id=, same name with .chain.json): {company_id, seal, records},
    the seal as GET .../seal answers it and every record of the chain from seq 1 through the
    seal's chain_seq as GET .../ledger/chain pages them, in one streamed file. npx ledger-verify
    checks the two against the public keys with no service. FISCAL_YEAR_NOT_SEALED for a year not closed.
  `,
  backfill: prose`
    Chains the entries the company posted before the chain existed, in posting order, at most 500
    a call; call it until done is true. A write that posts runs the same step first by itself.
  `,
  keys: prose`
    The public keys that sign receipts and seals, as JWKs (Ed25519). Keys rotated out stay listed
    (current false) so that what they signed can still be verified. A key with dev true is the
    public development key and proves nothing.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  verify: {
    summary: "Verify the company's chain of posted entries (paged) and name the first entry that does not match",
    description: PROSE.verify,
  },
  chain: {
    summary: "The chain's records with their entries in canonical form (the export's JSON sidecar)",
    description: PROSE.chain,
  },
  seal: {
    summary: "The seal of a closed fiscal year: the chain's head, the year's counts and totals, signed",
    description: PROSE.seal,
  },
  sidecar: {
    summary: "A sealed year's JSON sidecar for the offline verifier: the seal and the chain's records through it",
    description: PROSE.sidecar,
  },
  backfillChain: {
    summary: "Chain the entries posted before the chain existed (at most 500 a call)",
    description: PROSE.backfill,
  },
  keys: {
    summary: "The public keys of the ledger's receipts and seals (no key needed)",
    description: PROSE.keys,
  },
};
