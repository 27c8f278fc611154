// The bank accounts a company registers for its settlement accounts (19xx), and the check
// every statement passes before its rows are stored on one: the file must be of that bank
// account (when the company registered its number) and in its currency (SEK unless the
// company registered a foreign-currency bank account for the ledger account), and dated
// near the company's fiscal years. A wrong statement is refused whole, so EUR rows never
// land on a SEK account and a reconciliation never adds two currencies.
import { addMonths } from "../../../sweden/fiscal-year";

/** A registered bank account, as the rules read it (a bank_accounts row). */
export interface RegisteredAccount {
  iban: string | null;
  clearingNumber: string | null;
  accountNumber: string | null;
  bankgiro: string | null;
}

/** How far (in months) a statement row may lie before the first or after the last fiscal year. */
export const STATEMENT_DATE_MARGIN_MONTHS = 12;

/** A settlement account without a registration holds SEK. */
export const DEFAULT_BANK_CURRENCY = "SEK";

export const compact = (s: string) => s.replace(/[\s.-]/g, "").toUpperCase();

/** What a file names its account by: a bankgiro number (BgMax) or the bank account itself (camt, CSV). */
export type AccountKind = "bankgiro" | "bank_account";

/**
 * The forms a registered bank account may be named by in a file of that kind: IBAN, its BBAN,
 * clearing + account, account number; or the bankgiro number.
 */
export function namesOf(r: RegisteredAccount, kind: AccountKind): string[] {
  if (kind === "bankgiro") return r.bankgiro ? [compact(r.bankgiro)] : [];
  const out: string[] = [];
  if (r.iban) out.push(r.iban, r.iban.slice(4));
  if (r.accountNumber) {
    out.push(r.accountNumber);
    if (r.clearingNumber) out.push(`${r.clearingNumber}${r.accountNumber}`);
  }
  return out;
}

/**
 * Whether a file's account can be compared at all: an IBAN or a number of five digits or more.
 * Some exports name the account by a label ("SEK Main"): that says nothing about which one it is.
 */
export function isAccountIdentifier(fileAccount: string): boolean {
  const f = compact(fileAccount);
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(f) || /^\d{5,}$/.test(f);
}

/** Whether a file's account (IBAN, BBAN, account or bankgiro number as the bank writes it) is this registration's. */
export function identifiesAccount(r: RegisteredAccount, fileAccount: string, kind: AccountKind): boolean {
  const f = compact(fileAccount);
  // leading zeros are padding in a BBAN or an account number: 0000123 and 123 are the same account
  const bare = (s: string) => (/^\d+$/.test(s) ? s.replace(/^0+/, "") : s);
  return namesOf(r, kind).some((n) => n === f || bare(n) === bare(f));
}

/** What a statement says about itself, as the check needs it. */
export interface StatementFacts {
  /** the bank account the file names, or null (most CSV exports, JSON rows) */
  account: string | null;
  accountKind: AccountKind;
  statementId: string | null;
  /** the statement's currency and every row's */
  currencies: string[];
  dates: string[];
  /** the dates as booking date -> rows, where the rows are not at hand (a file read in ranges); counted with `dates` */
  dateCounts?: Record<string, number>;
}

/** The dates a statement row may have: from a year before the first fiscal year to a year after the last one. */
export function allowedStatementDates(periods: { periodStart: string; periodEnd: string }[]) {
  if (periods.length === 0) return null;
  const first = periods.map((p) => p.periodStart).sort()[0];
  const last = periods
    .map((p) => p.periodEnd)
    .sort()
    .at(-1)!;
  return {
    first_fiscal_year_start: first,
    last_fiscal_year_end: last,
    earliest_allowed: addMonths(first, -STATEMENT_DATE_MARGIN_MONTHS),
    latest_allowed: addMonths(last, STATEMENT_DATE_MARGIN_MONTHS),
  };
}
