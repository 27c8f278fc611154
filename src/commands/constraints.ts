// A unique index that refuses a write is an answer, not a crash: the rules in the
// commands decide first, and the index is the last line of defence (two writes that
// raced, an import that repeats a number). This table turns each one into the
// catalogue code a caller can act on; anything not listed is CONFLICT.
import { ApiError } from "../errors/api-error";
import type { ErrorCode } from "../errors/catalogue";

/** SQLite names a failed unique constraint by its columns: "table.col, table.col". */
const BY_COLUMNS: Record<string, ErrorCode> = {
  "customers.company_id, customers.org_number": "CUSTOMER_DUPLICATE_ORG_NUMBER",
  "suppliers.company_id, suppliers.org_number": "SUPPLIER_DUPLICATE_ORG_NUMBER",
  "supplier_invoices.company_id, supplier_invoices.supplier_id, supplier_invoices.supplier_invoice_number":
    "SI_CREATE_DUPLICATE_INVOICE_NUMBER",
};

/** The ApiError for a failed batch that a constraint refused, or null for any other failure. */
export function constraintError(err: unknown): ApiError | null {
  const message =
    err instanceof Error ? `${err.message} ${err.cause instanceof Error ? err.cause.message : ""}` : String(err);
  const unique = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/.exec(message);
  if (unique) {
    const columns = unique[1];
    return new ApiError(
      BY_COLUMNS[columns] ?? "CONFLICT",
      { constraint: columns },
      `A row with the same ${columns
        .split(", ")
        .map((c) => c.split(".")[1])
        .join(", ")} already exists.`,
    );
  }
  const fk = /FOREIGN KEY constraint failed/.exec(message);
  if (fk)
    return new ApiError("CONFLICT", { constraint: "foreign_key" }, "The write refers to a row that does not exist.");
  return null;
}

/** the primary key of idempotency_records (api key, company, key), as D1 names it in the refusal */
const IDEMPOTENCY_INDEX =
  /^idempotency_records\.api_key_id, idempotency_records\.company_id, idempotency_records\.idempotency_key$/;
/** the unique index of voucher numbers (journal_entries_voucher_idx), as D1 names it in the refusal */
const VOUCHER_INDEX =
  /^journal_entries\.company_id, journal_entries\.fiscal_period_id, journal_entries\.voucher_series, journal_entries\.voucher_number$/;

/** the primary key of ledger_chain (company, seq) */
const CHAIN_INDEX = /^ledger_chain\.company_id, ledger_chain\.seq$/;

/**
 * Why a batch was refused: its idempotency record exists already (a replay), a voucher
 * number it took is taken (a row written past the writer), or another constraint; null
 * for a failure that is no refusal.
 */
export type BatchRefusal =
  | { kind: "idempotency_key" }
  | { kind: "voucher_number"; error: ApiError }
  | { kind: "constraint"; error: ApiError };

export function batchRefusal(err: unknown): BatchRefusal | null {
  const error = constraintError(err);
  if (!error) return null;
  const columns = String(error.details?.constraint ?? "");
  if (IDEMPOTENCY_INDEX.test(columns)) return { kind: "idempotency_key" };
  // the chain's (company, seq) taken: a batch built on a stale head (src/ledger/chain.ts),
  // which the writer also corrects by running the command again on what D1 says
  if (VOUCHER_INDEX.test(columns) || CHAIN_INDEX.test(columns)) return { kind: "voucher_number", error };
  return { kind: "constraint", error };
}
