// The shared CSV reader: find the header row, read every data row through a layout, then put
// the rows into statements (one per account and currency) in date order with the balances the
// running-balance column implies.

import { detectDecimalSeparator, parseCsvAmount, type DecimalSeparator } from "../amount";
import { parseBankDate } from "../dates";
import { BankFileError, malformed } from "../errors";
import type { BankRow, BankStatement, RejectedRow } from "../types";
import { normaliseHeader, type CsvLayout, type DraftRow, type LayoutContext, type RowReader } from "./layout";
import { detectSeparator, tokenizeCsv, type CsvRecord } from "./tokenize";

export interface CsvTable {
  records: CsvRecord[];
}

export function readTable(text: string): CsvTable {
  return { records: tokenizeCsv(text, detectSeparator(text)) };
}

const HEADER_SCAN = 15;

/** The index of the first record (among the first 15) that holds every name of one variant. */
export function findHeaderRow(table: CsvTable, variants: string[][]): number | null {
  const limit = Math.min(table.records.length, HEADER_SCAN);
  for (let i = 0; i < limit; i++) {
    const names = new Set(table.records[i].cells.map(normaliseHeader));
    if (variants.some((v) => v.every((name) => names.has(normaliseHeader(name))))) return i;
  }
  return null;
}

/**
 * One data row read through the layout. A class, not an object of closures: a 220 000-row file
 * made four closures a row, and their garbage was a third of the reading's time (issue #34 item 4).
 */
export class TableRow implements RowReader {
  constructor(
    private readonly record: CsvRecord,
    private readonly table: ReaderTable,
  ) {}
  get line() {
    return this.record.line;
  }
  get(name: string) {
    return this.table.cell(this.record, name);
  }
  has(name: string) {
    return this.table.column(name) !== undefined;
  }
  date(name: string) {
    const v = this.get(name);
    return v ? parseBankDate(v, this.table.layout.dateOrder) : null;
  }
  amount(name: string) {
    const v = this.get(name);
    if (!v) return null;
    const ore = parseCsvAmount(v, this.table.decimalOf(name));
    if (ore === null)
      throw malformed(`line ${this.line}: "${v}" in column ${name} is not an amount`, {
        line: this.line,
        column: name,
        value: v,
      });
    return ore;
  }
}

/**
 * A column's decimal separator decided elsewhere, by column index: a byte range of a large file
 * (ranges.ts) reads its amounts with the separators the whole file settles, not its own part's.
 * null: the column settles nothing, the layout's default applies.
 */
export type FixedDecimals = Record<number, DecimalSeparator | null>;

/** What every row of a table shares: the header's columns, each column's decimal separator. */
export class ReaderTable {
  private readonly header = new Map<string, number>();
  /** A layout's column names as written, to their index: normalised once, not once a row. */
  private readonly columns = new Map<string, number | undefined>();
  private readonly decimals = new Map<string, DecimalSeparator>();
  /** The columns read as amounts (their index), so a range can report what its amounts depended on. */
  readonly amountColumns = new Set<number>();
  constructor(
    headerCells: string[],
    private readonly data: CsvRecord[],
    readonly layout: CsvLayout,
    private readonly fixed?: FixedDecimals,
  ) {
    headerCells.forEach((c, i) => {
      const key = normaliseHeader(c);
      if (key && !this.header.has(key)) this.header.set(key, i);
    });
  }
  column(name: string): number | undefined {
    if (!this.columns.has(name)) this.columns.set(name, this.header.get(normaliseHeader(name)));
    return this.columns.get(name);
  }
  cell(r: CsvRecord, name: string): string {
    const i = this.column(name);
    return i === undefined ? "" : (r.cells[i] ?? "").trim();
  }
  decimalOf(name: string): DecimalSeparator {
    const key = normaliseHeader(name);
    let sep = this.decimals.get(key);
    if (sep === undefined) {
      const i = this.column(name);
      if (i !== undefined) this.amountColumns.add(i);
      if (this.fixed) sep = (i === undefined ? null : (this.fixed[i] ?? null)) ?? this.layout.decimal;
      else sep = detectDecimalSeparator(this.data.map((r) => this.cell(r, name))) ?? this.layout.decimal;
      this.decimals.set(key, sep);
    }
    return sep;
  }
}

function readers(table: CsvTable, headerIndex: number, layout: CsvLayout): RowReader[] {
  const data = table.records.slice(headerIndex + 1);
  const shared = new ReaderTable(table.records[headerIndex].cells, data, layout);
  return data.map((r) => new TableRow(r, shared));
}

export function toBankRow(d: DraftRow, line: number, currency: string): BankRow {
  const reference = d.reference || null;
  return {
    booking_date: d.booking_date,
    value_date: d.value_date ?? null,
    transaction_date: d.transaction_date ?? null,
    amount_ore: d.amount_ore,
    currency: (d.currency || currency).toUpperCase(),
    amount_foreign_ore: d.amount_foreign_ore ?? null,
    currency_foreign: d.currency_foreign?.toUpperCase() || null,
    description: d.description.replace(/\s+/g, " ").trim(),
    counterparty_name: d.counterparty_name || null,
    counterparty_account: d.counterparty_account || null,
    reference,
    reference_type: reference ? (d.reference_type ?? "message") : null,
    ocr_references: reference && d.reference_type === "ocr" ? [reference] : [],
    external_id: d.external_id || null,
    balance_after_ore: d.balance_after_ore ?? null,
    source: { line, record: `line ${line}` },
    details: d.details ? Object.fromEntries(Object.entries(d.details).filter(([, v]) => v !== "")) : {},
  };
}

const chainsForward = (rows: BankRow[]) =>
  rows.every((r, i) => i === 0 || r.balance_after_ore === rows[i - 1].balance_after_ore! + r.amount_ore);

/**
 * Rows in date order, oldest first. Exports list newest first or oldest first, and within a day
 * only the running balance tells the true order: when it chains in one direction, that is the
 * order, and it also gives the opening and closing balance.
 */
function ordered(rows: BankRow[], label: string, warnings: string[]): { rows: BankRow[]; chained: boolean } {
  const withBalance = rows.length > 0 && rows.every((r) => r.balance_after_ore !== null);
  if (withBalance) {
    if (chainsForward(rows)) return { rows, chained: true };
    const reversed = [...rows].reverse();
    if (chainsForward(reversed)) return { rows: reversed, chained: true };
    warnings.push(`${label}: the running balance does not follow the amounts; no opening or closing balance derived`);
  }
  const first = rows[0]?.booking_date ?? "";
  const last = rows[rows.length - 1]?.booking_date ?? "";
  const newestFirst = first > last;
  const inFileOrder = newestFirst ? [...rows].reverse() : rows;
  return {
    rows: [...inFileOrder].sort((a, b) =>
      a.booking_date < b.booking_date ? -1 : a.booking_date > b.booking_date ? 1 : 0,
    ),
    chained: false,
  };
}

function statementsOf(drafts: DraftAt[], ctx: LayoutContext, warnings: string[]): BankStatement[] {
  const groups = new Map<string, { account: string | null; currency: string; rows: BankRow[] }>();
  for (const { draft, line } of drafts) {
    const row = toBankRow(draft, line, ctx.currency ?? "SEK");
    const account = draft.account || null;
    const key = `${account ?? ""}|${row.currency}`;
    if (!groups.has(key)) groups.set(key, { account, currency: row.currency, rows: [] });
    groups.get(key)!.rows.push(row);
  }
  return [...groups.values()].map((g) => {
    const label = `account ${g.account ?? "(unnamed)"} ${g.currency}`;
    const { rows, chained } = ordered(g.rows, label, warnings);
    const statement: BankStatement = { account: g.account, currency: g.currency, statement_id: null, rows };
    if (chained) {
      const first = rows[0];
      const last = rows[rows.length - 1];
      statement.opening_balance_ore = first.balance_after_ore! - first.amount_ore;
      statement.closing_balance_ore = last.balance_after_ore!;
      statement.closing_balance_date = last.booking_date;
    }
    return statement;
  });
}

export interface CsvParsed {
  statements: BankStatement[];
  rejected: RejectedRow[];
  warnings: string[];
}

export function runLayout(table: CsvTable, layout: CsvLayout, headerIndex: number, currency: string | null): CsvParsed {
  const ctx: LayoutContext = { currency, preamble: table.records.slice(0, headerIndex) };
  const rows = readers(table, headerIndex, layout);
  layout.prepare?.(rows, ctx);
  const { drafts, rejected } = readRows(rows, layout, ctx);
  const warnings: string[] = [];
  return { statements: statementsOf(drafts, ctx, warnings), rejected, warnings };
}

export interface DraftAt {
  draft: DraftRow;
  line: number;
}

/** Every data row through the layout: the rows it keeps (with their account) and those it refuses, in file order. */
export function readRows(
  rows: RowReader[],
  layout: CsvLayout,
  ctx: LayoutContext,
): { drafts: DraftAt[]; rejected: RejectedRow[] } {
  const preambleAccount = layout.accountFromPreamble?.(ctx.preamble) ?? null;
  const drafts: DraftAt[] = [];
  const rejected: RejectedRow[] = [];
  for (const row of rows) {
    let outcome: ReturnType<typeof layout.read>;
    try {
      outcome = layout.read(row, ctx);
    } catch (e) {
      // A cell that is not an amount or date refuses the row, not the whole file: the caller
      // sees it among the rejected rows with the reason.
      if (e instanceof BankFileError && e.code === "BANK_FILE_MALFORMED") {
        rejected.push({ line: row.line, record: `line ${row.line}`, reason: e.message.replace(/^line \d+: /, "") });
        continue;
      }
      throw e;
    }
    if ("skip" in outcome) continue;
    if ("reject" in outcome) {
      rejected.push({ line: row.line, record: `line ${row.line}`, reason: outcome.reject });
      continue;
    }
    drafts.push({ draft: { ...outcome.row, account: outcome.row.account ?? preambleAccount }, line: row.line });
  }
  return { drafts, rejected };
}

/** Reads a required date; a row without one is rejected with the column named. */
export function requireDate(row: RowReader, ...columns: string[]): string {
  for (const c of columns) {
    const d = row.date(c);
    if (d) return d;
  }
  const raw = columns.map((c) => row.get(c)).find((v) => v !== "");
  throw malformed(
    raw ? `"${raw}" in column ${columns[0]} is not a date` : `no date in column ${columns.join(" or ")}`,
    { line: row.line },
  );
}

export function requireAmount(row: RowReader, column: string): number {
  const a = row.amount(column);
  if (a === null) throw malformed(`no amount in column ${column}`, { line: row.line });
  return a;
}
