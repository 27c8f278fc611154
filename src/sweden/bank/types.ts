// The normalised shape every bank file format is read into. The bank-import domain stores the
// rows (spec, "Bank transaction": date, description, signed amount, currency, amount_foreign,
// currency_foreign, merchant_name, import metadata) and de-duplicates them by external_id, else
// by a hash of date, amount and description (see dedupe.ts).

export const BANK_FORMATS = [
  "camt053",
  "camt054",
  "bgmax",
  "generic_csv",
  "swedbank",
  "seb",
  "handelsbanken",
  "nordea",
  "nordea_business",
  "sparbanken",
  "amex",
  "lunar",
  "revolut",
  "skandia",
  "wise",
  "wise_balance",
] as const;

export type BankFormat = (typeof BANK_FORMATS)[number];

export type CsvLayoutFormat = Exclude<BankFormat, "camt053" | "camt054" | "bgmax" | "generic_csv">;

/** ocr: a payment reference the payer's bank checked (BgMax reference code 2, camt SCOR digits). */
export type ReferenceType = "ocr" | "structured" | "message";

export interface BankRow {
  /** YYYY-MM-DD, the day the bank booked the row. */
  booking_date: string;
  value_date: string | null;
  /** The day the payer or card holder made the transaction, where the bank tells it apart. */
  transaction_date: string | null;
  /** Signed integer öre of the statement currency: inbound positive, outbound negative. */
  amount_ore: number;
  currency: string;
  /** The counter-value in another currency (instructed or original amount), same sign. */
  amount_foreign_ore: number | null;
  currency_foreign: string | null;
  description: string;
  counterparty_name: string | null;
  /** The counterparty's bankgiro, IBAN or account number, as the file gives it. */
  counterparty_account: string | null;
  reference: string | null;
  reference_type: ReferenceType | null;
  /** Every checked OCR number the row carries, the primary reference included. */
  ocr_references: string[];
  /** The bank's own id for the row; null where the format has none that survives re-export. */
  external_id: string | null;
  /** The running balance after this row, where the file carries it. */
  balance_after_ore: number | null;
  /** Where the row came from: 1-based line of the decoded text, and a record path. */
  source: { line: number | null; record: string };
  /** Format-specific facts kept for the audit trail (BGC number, payment channel, status...). */
  details: Record<string, string>;
}

export interface BankStatement {
  /** IBAN, bank account, bankgiro or card account as the file names it. */
  account: string | null;
  currency: string;
  statement_id: string | null;
  opening_balance_ore?: number;
  opening_balance_date?: string;
  closing_balance_ore?: number;
  closing_balance_date?: string;
  rows: BankRow[];
}

export interface RejectedRow {
  line: number | null;
  record: string;
  reason: string;
}

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export interface BankParseResult {
  format: BankFormat;
  encoding: TextEncoding;
  statements: BankStatement[];
  rejected: RejectedRow[];
  /** Facts worth showing that did not stop the import (a balance that does not add up...). */
  warnings: string[];
  earliest_date: string | null;
  latest_date: string | null;
}

/** generic_csv: which column holds what, by header name or 0-based index. */
export interface CsvColumnMapping {
  date: string | number;
  amount: string | number;
  description: string | number;
  reference?: string | number;
  counterparty?: string | number;
  balance?: string | number;
  currency?: string | number;
  external_id?: string | number;
  value_date?: string | number;
}

export interface BankParseOptions {
  /** Skip detection and read the file as this format. */
  format?: BankFormat;
  /** generic_csv only: the caller's column mapping; detected from the header row when absent. */
  mapping?: CsvColumnMapping;
  /**
   * The settlement account's currency. Rows without a currency column take it; the Wise
   * exports reject rows in any other currency. Default: SEK, or for Wise the most used one.
   */
  currency?: string;
}
