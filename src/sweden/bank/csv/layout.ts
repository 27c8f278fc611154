// What a CSV layout is: the header it is recognised by, and how one data row becomes a bank
// row. Each bank's layout is a small module in ./layouts on top of the shared reader (engine.ts).

import type { DecimalSeparator } from "../amount";
import type { DateOrder } from "../dates";
import type { ReferenceType } from "../types";
import type { CsvRecord } from "./tokenize";

export interface DraftRow {
  booking_date: string;
  value_date?: string | null;
  transaction_date?: string | null;
  amount_ore: number;
  /** Default: the statement currency the caller gave, else SEK. */
  currency?: string | null;
  /** Rows of several accounts in one export become several statements. */
  account?: string | null;
  amount_foreign_ore?: number | null;
  currency_foreign?: string | null;
  description: string;
  counterparty_name?: string | null;
  counterparty_account?: string | null;
  reference?: string | null;
  reference_type?: ReferenceType | null;
  external_id?: string | null;
  balance_after_ore?: number | null;
  details?: Record<string, string>;
}

export type RowOutcome = { row: DraftRow } | { reject: string } | { skip: true };

/** One data row, read by header name (case and spacing ignored). */
export interface RowReader {
  line: number;
  /** The trimmed cell under a header, "" when the column is absent or empty. */
  get(header: string): string;
  has(header: string): boolean;
  /** A date cell in the layout's date order; null when empty or not a date. */
  date(header: string): string | null;
  /** An amount cell in integer öre, with the column's decimal separator; null when empty. */
  amount(header: string): number | null;
}

export interface LayoutContext {
  /** The currency the caller gave for the settlement account, if any. */
  currency: string | null;
  /** The lines above the header row (title lines, account lines). */
  preamble: CsvRecord[];
}

export interface CsvLayout {
  /** Header variants; a file has the layout when its header row holds every name of one. */
  headers: string[][];
  /** The variants detection looks for, where they differ from `headers` (default: headers). */
  detectBy?: string[][];
  dateOrder: DateOrder;
  /** The decimal separator when a column's values do not settle it (whole numbers only). */
  decimal: DecimalSeparator;
  read(row: RowReader, ctx: LayoutContext): RowOutcome;
  /** The account number from a title line above the header, where the export puts it there. */
  accountFromPreamble?(preamble: CsvRecord[]): string | null;
  /**
   * Called once before the rows: a layout that filters on the statement currency (Wise) can
   * pick it from the rows when the caller gave none.
   */
  prepare?(rows: RowReader[], ctx: LayoutContext): void;
}

export const normaliseHeader = (s: string) =>
  s
    .normalize("NFC")
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
