// The one catalogue of error codes (spec: Errors). Every code the spec names is here
// with its HTTP status; where the spec shows no status, the status chosen here is the
// one documented in docs/errors.md. Codes are stable once shipped.
//
// Precedence when several rules fail on one request (TigerBeetle-style, tested in
// test/integration/journal-entries.test.ts):
//   UNAUTHORIZED > RATE_LIMITED > INSUFFICIENT_SCOPE > NOT_FOUND (company) > FORBIDDEN (role)
//   > VALIDATION_ERROR (body, query, Idempotency-Key header) > IDEMPOTENCY_KEY_REUSE
//   > the command's own rules, in the order each command documents.

// The codes are kept by area in src/errors/codes/; this is the one catalogue they make.
import type { CatalogueEntry } from "./codes/entry";
import { ACCESS_ERRORS } from "./codes/access";
import { BOOKS_ERRORS } from "./codes/books";
import { SALES_ERRORS } from "./codes/sales";
import { PURCHASES_ERRORS } from "./codes/purchases";
import { PAYROLL_ERRORS } from "./codes/payroll";
import { RECORDS_ERRORS } from "./codes/records";
import { TRANSACTIONS_ERRORS } from "./codes/transactions";
import { CONTRACTS_ERRORS } from "./codes/contracts";
import { BANK_RULES_ERRORS } from "./codes/bank-rules";
import { APPROVALS_ERRORS } from "./codes/approvals";
import { PAYMENTS_ERRORS } from "./codes/payments";
import { DOCUMENT_READING_ERRORS } from "./codes/document-reading";
import { CHAIN_ERRORS } from "./codes/chain";
import { EXTERNAL_ERRORS } from "./codes/external";
import { SIGN_IN_ERRORS } from "./codes/sign-in";

export type { CatalogueEntry } from "./codes/entry";

export const ERROR_CATALOGUE = {
  ...ACCESS_ERRORS,
  ...BOOKS_ERRORS,
  ...SALES_ERRORS,
  ...PURCHASES_ERRORS,
  ...PAYROLL_ERRORS,
  ...RECORDS_ERRORS,
  ...TRANSACTIONS_ERRORS,
  ...CONTRACTS_ERRORS,
  ...BANK_RULES_ERRORS,
  ...APPROVALS_ERRORS,
  ...PAYMENTS_ERRORS,
  ...DOCUMENT_READING_ERRORS,
  ...CHAIN_ERRORS,
  ...EXTERNAL_ERRORS,
  ...SIGN_IN_ERRORS,
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/** A catalogue entry as GET /api/v1/errors/{code} serves it (docs_url points there). */
export function catalogueEntryJson(code: ErrorCode) {
  const e: CatalogueEntry = ERROR_CATALOGUE[code];
  return { code, http_status: e.status, message: e.sv, message_en: e.en, recovery_hint: e.hint ?? null };
}
