// Skatteverket's tax-account transaction list as a file: the e-service "Skattekonto" lists the
// account's transactions (bokföringsdag, transaction text, amount, saldo) and exports them as
// a spreadsheet; a CSV of the same columns (semicolon or comma separated, Swedish decimal
// comma) is read too. The header row is found by its column names, so a title or an opening
// balance line above it does not matter, and the column order is free. Amounts: + credits the
// account (a payment in, income interest), - debits it (a charge), as on the statement.
import Big from "big.js";
import { decodeBankBytes } from "../bank/decode";
import { parseBankDate } from "../bank/dates";
import { parseCsvAmount } from "../bank/amount";
import { detectSeparator, tokenizeCsv } from "../bank/csv/tokenize";
import { checkTextLines, FileLimitError } from "../../formats/limits";
import { XmlNameError } from "../../formats/xml-bounds";
import { textProblem } from "../../text";
import { type GridRow, looksLikeZip, readFirstSheet, XlsxError } from "./xlsx";

export type TaxAccountFileFormat = "xlsx" | "csv";

export interface TaxAccountFileRow {
  /** the row's line (CSV) or row number (xlsx) in the file */
  line: number;
  date: string;
  description: string;
  amountOre: number;
  balanceAfterOre: number | null;
}

export interface TaxAccountFileProblem {
  line: number;
  reason: string;
}

export interface TaxAccountFile {
  format: TaxAccountFileFormat;
  rows: TaxAccountFileRow[];
  problems: TaxAccountFileProblem[];
}

/**
 * A file that is not a tax-account transaction list at all, or past a limit of its reader
 * (src/formats/limits.ts); `code` is the details' reason, `details` the rest of them.
 */
export class TaxAccountFileError extends Error {
  constructor(
    readonly code: "TAX_ACCOUNT_FILE_UNREADABLE" | "TAX_ACCOUNT_FILE_UNRECOGNISED" | "FILE_LIMIT_EXCEEDED",
    message: string,
    readonly details: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/** The longest description kept, as a bank row's. */
export const MAX_TEXT_LENGTH = 500;

/** Header names (lower case, trimmed) of each column the list has; the first found wins. */
const HEADERS = {
  date: ["bokföringsdag", "bokföringsdatum", "bokförd", "datum", "transaktionsdag", "registreringsdatum"],
  text: ["transaktion", "transaktionstext", "text", "specifikation", "beskrivning", "händelse", "transaktioner"],
  amount: ["belopp", "belopp (kr)", "belopp kr", "belopp, kr"],
  balance: ["saldo", "saldo (kr)", "saldo kr", "saldo, kr", "saldo efter"],
} as const;

type Columns = { date: number; text: number; amount: number; balance: number | null };

function columnsOf(cells: string[]): Columns | null {
  const names = cells.map((c) => c.trim().toLowerCase());
  const find = (wanted: readonly string[]) => {
    for (const w of wanted) {
      const i = names.indexOf(w);
      if (i >= 0) return i;
    }
    return -1;
  };
  const date = find(HEADERS.date);
  const text = find(HEADERS.text);
  const amount = find(HEADERS.amount);
  if (date < 0 || text < 0 || amount < 0) return null;
  const balance = find(HEADERS.balance);
  return { date, text, amount, balance: balance < 0 ? null : balance };
}

/** An Excel serial day (1900 date system, day 1 = 1900-01-01, with its phantom 1900-02-29) as ISO. */
function excelSerialDate(raw: string): string | null {
  if (!/^\d{5}(\.0+)?$/.test(raw)) return null;
  const ms = Date.UTC(1899, 11, 30) + Number.parseInt(raw, 10) * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A spreadsheet number ("-12345.5", or a binary float's "1234.5699999999999") to öre: the
 * decimal is exact when within a millionth of an öre of a whole öre; else null (not money).
 */
const SPREADSHEET_NUMBER = /^-?\d+(\.\d+)?(E[-+]?\d+)?$/i;

function spreadsheetNumberOre(raw: string): number | null {
  const ore = new Big(raw).times(100);
  const whole = ore.round(0, Big.roundHalfUp);
  if (ore.minus(whole).abs().gt("0.000001")) return null;
  const n = Number(whole.toFixed(0));
  return Number.isSafeInteger(n) ? n : null;
}

function amountOf(raw: string, format: TaxAccountFileFormat): number | null {
  const s = raw.trim();
  // a spreadsheet's number cell is a decimal with a point; a text cell is read as the CSV's
  if (format === "xlsx" && SPREADSHEET_NUMBER.test(s)) return spreadsheetNumberOre(s);
  return parseCsvAmount(s, ",");
}

function dateOf(raw: string, format: TaxAccountFileFormat): string | null {
  const s = raw.trim();
  return (format === "xlsx" ? excelSerialDate(s) : null) ?? parseBankDate(s);
}

/** Lines above the header and summary lines (ingående/utgående saldo, summa) carry no transaction. */
const SUMMARY = /^(ingående|utgående|summa|totalt|saldo)\b/i;

/** One grid row to a transaction, or the reason it is not one. */
function readRow(
  r: GridRow,
  cols: Columns,
  format: TaxAccountFileFormat,
): TaxAccountFileRow | TaxAccountFileProblem | null {
  const cell = (i: number) => (r.cells[i] ?? "").trim();
  const [rawDate, text, rawAmount] = [cell(cols.date), cell(cols.text), cell(cols.amount)];
  if (r.cells.every((c) => c.trim() === "")) return null;
  if (rawDate === "" && SUMMARY.test(text)) return null;
  const date = dateOf(rawDate, format);
  if (!date) return { line: r.line, reason: `bokföringsdag "${rawDate}" is not a real date` };
  if (text === "") return { line: r.line, reason: "the transaction text is empty" };
  const bad = textProblem(text, false);
  if (bad) return { line: r.line, reason: `the transaction text: ${bad}` };
  if (text.length > MAX_TEXT_LENGTH)
    return { line: r.line, reason: `the transaction text is longer than ${MAX_TEXT_LENGTH} characters` };
  const amountOre = amountOf(rawAmount, format);
  if (amountOre === null) return { line: r.line, reason: `belopp "${rawAmount}" is not an amount in kronor and öre` };
  if (amountOre === 0) return { line: r.line, reason: "belopp is zero" };
  let balanceAfterOre: number | null = null;
  if (cols.balance !== null && cell(cols.balance) !== "") {
    balanceAfterOre = amountOf(cell(cols.balance), format);
    if (balanceAfterOre === null)
      return { line: r.line, reason: `saldo "${cell(cols.balance)}" is not an amount in kronor and öre` };
  }
  return { line: r.line, date, description: text, amountOre, balanceAfterOre };
}

function gridOf(bytes: Uint8Array): { format: TaxAccountFileFormat; grid: GridRow[] } {
  try {
    if (looksLikeZip(bytes)) return { format: "xlsx", grid: readFirstSheet(bytes) };
    return { format: "csv", grid: csvGrid(bytes) };
  } catch (err) {
    if (err instanceof FileLimitError) {
      const { reason: _reason, ...details } = err.details();
      throw new TaxAccountFileError("FILE_LIMIT_EXCEEDED", err.message, details);
    }
    if (err instanceof XlsxError || err instanceof XmlNameError)
      throw new TaxAccountFileError("TAX_ACCOUNT_FILE_UNREADABLE", err.message);
    throw err;
  }
}

function csvGrid(bytes: Uint8Array): GridRow[] {
  const { text } = decodeBankBytes(bytes);
  checkTextLines(text, "tax_account_csv");
  const records = tokenizeCsv(text, detectSeparator(text));
  return records.map((r) => ({ line: r.line, cells: r.cells }));
}

/**
 * Reads the list: the rows, and per rejected row its line and reason. The rows are returned in
 * date order (the e-service lists newest first); rows of one day keep the file's order.
 */
export function parseTaxAccountFile(bytes: Uint8Array): TaxAccountFile {
  const { format, grid } = gridOf(bytes);
  const headerAt = grid.slice(0, 30).findIndex((r) => columnsOf(r.cells) !== null);
  if (headerAt < 0)
    throw new TaxAccountFileError(
      "TAX_ACCOUNT_FILE_UNRECOGNISED",
      "No header row with the columns bokföringsdag (or datum), transaktion (or text, specifikation) and belopp was found in the first 30 rows.",
    );
  const cols = columnsOf(grid[headerAt].cells)!;
  const rows: TaxAccountFileRow[] = [];
  const problems: TaxAccountFileProblem[] = [];
  for (const r of grid.slice(headerAt + 1)) {
    const read = readRow(r, cols, format);
    if (read === null) continue;
    if ("reason" in read) problems.push(read);
    else rows.push(read);
  }
  const newestFirst = rows.length > 1 && rows[0].date > rows[rows.length - 1].date;
  const ordered = newestFirst ? [...rows].reverse() : rows;
  return {
    format,
    rows: ordered
      .map((r, i) => ({ r, i }))
      .sort(byDate)
      .map((x) => x.r),
    problems,
  };
}

const byDate = (a: { r: TaxAccountFileRow; i: number }, b: { r: TaxAccountFileRow; i: number }) =>
  a.r.date === b.r.date ? a.i - b.i : a.r.date < b.r.date ? -1 : 1;
