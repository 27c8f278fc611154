// A large CSV bank file read in byte ranges, each range in its own queue message, so that no
// single step reads the whole file (issue #34 item 4). Pure: the import domain gives the bytes
// and keeps what each step returns.
//
// 1. planCsvSplit: from the file's head only (its first 512 KiB) the format, separator, header
//    row, preamble and a guess of each column's decimal separator; then one pass over the bytes
//    (no decoding, no parsing) finds the range starts: a line end outside quotes, tracked with
//    the tokenizer's own quote rule, so each range's records and line numbers are the whole
//    file's.
// 2. readCsvRange: one range's rows through the layout and the row gate, in file order, and its
//    facts: counts, dates, sums, the running balance at its edges and whether it chains, the
//    rejected rows, the decimal evidence of its amount columns.
// 3. combineCsvRanges: what the whole file decides, from the facts alone: the statement, its
//    order (file order or reversed), opening and closing balance, the warnings, the rejections.
//    A file whose whole reading could differ from the ranges' (rows of several accounts or
//    currencies; rows neither in date order nor chained by their balance; a column whose decimal
//    separator the head guessed wrong) answers `fallback`, and is read whole as before.

import type { DecimalSeparator } from "../amount";
import { detectBankFormat } from "../detect";
import { detectTextEncoding } from "../decode";
import { mismatch } from "../errors";
import { balanceDateWarning, gateRowList, LINES_NAMED, textWarnings } from "../row-gate";
import type { BankFormat, BankRow, CsvColumnMapping, CsvLayoutFormat, RejectedRow, TextEncoding } from "../types";
import { findHeaderRow, type FixedDecimals, readRows, ReaderTable, TableRow, toBankRow } from "./engine";
import { genericColumns, genericLayout, syntheticHeader, type GenericColumns } from "./generic";
import type { CsvLayout } from "./layout";
import { layoutOf } from "./layouts";
import { detectSeparator, type CsvRecord, type Separator, tokenizeCsv } from "./tokenize";

/** How much of the file's start is decoded to find its format and header: detection reads 64 Ki characters. */
const HEAD_BYTES = 512 * 1024;
/** Header rows are looked for among the first 15 records (engine.ts, generic.ts). */
const HEADER_SCAN = 15;
/** The rejected rows a result lists (the import's summary keeps the first 100). */
const REJECTED_LISTED = 100;

/** What every range of a file shares, read from the file's head; JSON, kept on the import. */
export interface CsvHead {
  format: "generic_csv" | CsvLayoutFormat;
  encoding: TextEncoding;
  sep: Separator;
  /** the header record's line (0: a generic file without a header row); records after it are data */
  headerLine: number;
  headerCells: string[];
  preamble: CsvRecord[];
  /** generic_csv: the columns the mapping resolved to */
  columns: GenericColumns | null;
  /** each column's decimal separator as the head's rows settle it (null: they do not); checked against the whole file */
  decimals: FixedDecimals;
}

export interface CsvByteRange {
  offset: number;
  length: number;
  /** the file's line the range starts on (1-based, as the tokenizer counts) */
  firstLine: number;
}

export interface CsvSplit {
  head: CsvHead;
  ranges: CsvByteRange[];
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const SPACE = 0x20;

/**
 * The range starts: after a line feed outside quotes, once a range holds at least `rangeBytes`.
 * The quote rule is tokenizeCsv's: a quote opens a quoted field only where the field has had
 * nothing but spaces; inside, a doubled quote is a quote. Every byte it looks at is ASCII, and
 * in UTF-8 and Windows-1252 an ASCII byte is always that character.
 */
export function splitCsvBytes(bytes: Uint8Array, sep: Separator, rangeBytes: number, start: number): CsvByteRange[] {
  const sepByte = sep.charCodeAt(0);
  const ranges: CsvByteRange[] = [];
  let rangeStart = 0;
  let rangeLine = 1;
  let line = 1;
  let quoted = false;
  let fieldStarted = false;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    // line breaks as the tokenizer counts them, in quotes or not: LF, CRLF or a lone CR
    if (b === LF || (b === CR && bytes[i + 1] !== LF)) line++;
    if (quoted) {
      if (b === QUOTE) {
        if (bytes[i + 1] === QUOTE) i++;
        else quoted = false;
      }
      continue;
    }
    if (b === QUOTE && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (b === sepByte || b === CR || b === LF) {
      fieldStarted = false;
      if (b === LF && i + 1 - rangeStart >= rangeBytes && i + 1 < bytes.length) {
        ranges.push({ offset: rangeStart, length: i + 1 - rangeStart, firstLine: rangeLine });
        rangeStart = i + 1;
        rangeLine = line;
      }
    } else if (b !== SPACE) fieldStarted = true;
  }
  ranges.push({ offset: rangeStart, length: bytes.length - rangeStart, firstLine: rangeLine });
  return ranges;
}

/** A range's bytes as text, as decoding the whole file gives it there (the byte order mark only at the start). */
export function decodeRange(bytes: Uint8Array, encoding: TextEncoding, atStart: boolean): string {
  const text = new TextDecoder(encoding, { fatal: false, ignoreBOM: !atStart }).decode(bytes);
  return atStart ? text.replace(/^\uFEFF/, "") : text;
}

const LAYOUT_READS_ALL_ROWS = new Set<BankFormat>(["wise", "wise_balance"]);
const CSV_FORMATS_NOT_SPLIT = new Set<BankFormat>(["camt053", "camt054", "bgmax"]);

/** The column evidence detectDecimalSeparator counts, per column. */
interface DecimalEvidence {
  comma: number;
  point: number;
}

function addEvidence(evidence: DecimalEvidence, value: string) {
  const t = value.trim().replace(/[-\u2212\u2013)]$/, "");
  if (/,\d{1,2}$/.test(t)) evidence.comma++;
  else if (/\.\d{1,2}$/.test(t)) evidence.point++;
}

/** detectDecimalSeparator's decision on counted evidence. */
function decide(e: DecimalEvidence | undefined): DecimalSeparator | null {
  if (!e || (e.comma === 0 && e.point === 0)) return null;
  return e.comma >= e.point ? "," : ".";
}

/** Each column's evidence over data records, for the given columns (all when none are named). */
function evidenceOf(records: CsvRecord[], columns?: Iterable<number>): Record<number, DecimalEvidence> {
  const out: Record<number, DecimalEvidence> = {};
  const wanted = columns ? [...columns] : null;
  for (const r of records) {
    const indices = wanted ?? r.cells.map((_, i) => i);
    for (const i of indices) {
      out[i] ??= { comma: 0, point: 0 };
      addEvidence(out[i], r.cells[i] ?? "");
    }
  }
  return out;
}

/**
 * Whether and how the file is read in ranges; null when it is read whole: one range's worth or
 * less, UTF-16, not a CSV format, a layout that reads every row before any (Wise), or a head
 * too short to be sure of the header. A refusal the whole reading would give from the head
 * (format, header, mapping) is thrown here the same (BankFileError).
 */
export function planCsvSplit(
  bytes: Uint8Array,
  options: { format: BankFormat | null; mapping: CsvColumnMapping | null; rangeBytes: number },
): CsvSplit | null {
  if (bytes.length <= options.rangeBytes) return null;
  const encoding = detectTextEncoding(bytes);
  if (encoding !== "utf-8" && encoding !== "windows-1252") return null;
  const whole = bytes.length <= HEAD_BYTES;
  const headEnd = whole ? bytes.length : bytes.lastIndexOf(LF, HEAD_BYTES) + 1;
  if (headEnd <= 0) return null;
  const text = decodeRange(bytes.subarray(0, headEnd), encoding, true);
  if (!whole && text.length < 65_536) return null;
  const format = options.format ?? detectBankFormat(text);
  if (CSV_FORMATS_NOT_SPLIT.has(format) || LAYOUT_READS_ALL_ROWS.has(format)) return null;
  const sep = detectSeparator(text);
  const records = tokenizeCsv(text, sep);
  // the header is looked for among the first 15 records; the head's last record may be cut
  if (!whole && records.length <= HEADER_SCAN) return null;
  const head = readHead(records, format as CsvHead["format"], encoding, sep, options.mapping);
  const bom = encoding === "utf-8" && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const ranges = splitCsvBytes(bytes, sep, options.rangeBytes, bom);
  return ranges.length > 1 ? { head, ranges } : null;
}

function readHead(
  records: CsvRecord[],
  format: CsvHead["format"],
  encoding: TextEncoding,
  sep: Separator,
  mapping: CsvColumnMapping | null,
): CsvHead {
  const table = { records };
  let headerIndex: number;
  let headerCells: string[];
  let columns: GenericColumns | null = null;
  if (format === "generic_csv") {
    const resolved = genericColumns(table, mapping ?? undefined);
    columns = resolved.columns;
    headerIndex = resolved.index;
    // a column past every record's end reads "" whatever the width, so the mapped columns decide it
    const width = Math.max(0, ...Object.values(resolved.columns).map((i) => (i ?? -1) + 1));
    headerCells = syntheticHeader(width);
  } else {
    const layout = layoutOf(format);
    const found = findHeaderRow(table, layout.headers);
    // the same refusal as reading the file whole (parse.ts readLayout)
    if (found === null) throw mismatch(format, `a CSV header row with ${layout.headers[0].join(", ")}`);
    headerIndex = found;
    headerCells = records[found].cells;
  }
  const headerLine = headerIndex >= 0 ? records[headerIndex].line : 0;
  const data = records.filter((r) => r.line > headerLine);
  const decimals: FixedDecimals = {};
  for (const [i, e] of Object.entries(evidenceOf(data))) decimals[Number(i)] = decide(e);
  return {
    format,
    encoding,
    sep,
    headerLine,
    headerCells,
    preamble: records.slice(0, Math.max(headerIndex, 0)),
    columns,
    decimals,
  };
}

const layoutOfHead = (head: CsvHead): CsvLayout =>
  head.format === "generic_csv" ? genericLayout(head.columns ?? {}) : layoutOf(head.format);

/** The balance and date at a range's first or last row: what joins it to its neighbours. */
export interface RowEdge {
  date: string;
  amount: number;
  balance: number | null;
}

/** Places where the gate changed text: how many, the first and the last LINES_NAMED of them, in file order. */
export interface Places {
  count: number;
  first: string[];
  last: string[];
}

/** What one range's reading tells the whole file; small (no rows), kept in D1 until every range has reported. */
export interface CsvRangeFacts {
  /** the statements (account and currency) the range's rows fall in, in order of appearance */
  groups: { account: string | null; currency: string }[];
  /** rows the layout read, before the gate (what the order and balances are decided on) */
  parsed: number;
  allBalance: boolean;
  /** the running balance chains from each row to the next in file order / in reverse order */
  forward: boolean;
  backward: boolean;
  /** booking dates never fall / never rise in file order */
  ascending: boolean;
  descending: boolean;
  first: RowEdge | null;
  last: RowEdge | null;
  /** rows kept by the gate, their sum and their booking dates with how many rows each */
  kept: number;
  sumOre: number;
  dates: Record<string, number>;
  rejected: RejectedRow[];
  rejectedCount: number;
  cleaned: Places;
  cut: Places;
  /** the decimal evidence of the columns read as amounts */
  amountColumns: Record<number, DecimalEvidence>;
}

const edgeOf = (r: BankRow): RowEdge => ({ date: r.booking_date, amount: r.amount_ore, balance: r.balance_after_ore });

/** rows[i].balance = rows[i-1].balance + rows[i].amount all along (the engine's chainsForward). */
const chains = (rows: BankRow[]) =>
  rows.every((r, i) => i === 0 || r.balance_after_ore === rows[i - 1].balance_after_ore! + r.amount_ore);

const placesOf = (list: string[]): Places => ({
  count: list.length,
  first: list.slice(0, LINES_NAMED),
  last: list.slice(-LINES_NAMED),
});

/**
 * One range: its rows as the whole reading gives them before ordering (the gate applied, the
 * external ids not yet made unique: that depends on the rows before them) and its facts.
 */
export function readCsvRange(
  text: string,
  range: Pick<CsvByteRange, "firstLine">,
  head: CsvHead,
  currency: string | null,
): { rows: BankRow[]; facts: CsvRangeFacts } {
  const records = tokenizeCsv(text, head.sep, range.firstLine).filter((r) => r.line > head.headerLine);
  const layout = layoutOfHead(head);
  const shared = new ReaderTable(head.headerCells, records, layout, head.decimals);
  const readers = records.map((r) => new TableRow(r, shared));
  const { drafts, rejected } = readRows(readers, layout, { currency, preamble: head.preamble });
  const groups = new Map<string, { account: string | null; currency: string }>();
  const rows = drafts.map(({ draft, line }) => {
    const row = toBankRow(draft, line, currency ?? "SEK");
    const account = draft.account || null;
    groups.set(`${account ?? ""}|${row.currency}`, { account, currency: row.currency });
    return row;
  });
  const facts = rowFacts(rows);
  const gated = gateRowList(rows);
  const dates: Record<string, number> = {};
  let sumOre = 0;
  for (const r of gated.kept) {
    dates[r.booking_date] = (dates[r.booking_date] ?? 0) + 1;
    sumOre += r.amount_ore;
  }
  const allRejected = [...rejected, ...gated.rejected].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return {
    rows: gated.kept,
    facts: {
      groups: [...groups.values()],
      ...facts,
      kept: gated.kept.length,
      sumOre,
      dates,
      rejected: allRejected.slice(0, REJECTED_LISTED),
      rejectedCount: allRejected.length,
      cleaned: placesOf(gated.cleaned),
      cut: placesOf(gated.cut),
      amountColumns: evidenceOf(records, shared.amountColumns),
    },
  };
}

/** The order facts of a range's rows before the gate, as the engine's `ordered` reads a statement. */
function rowFacts(rows: BankRow[]) {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].booking_date < rows[i - 1].booking_date) ascending = false;
    if (rows[i].booking_date > rows[i - 1].booking_date) descending = false;
  }
  const allBalance = rows.every((r) => r.balance_after_ore !== null);
  return {
    parsed: rows.length,
    allBalance,
    forward: allBalance && chains(rows),
    backward: allBalance && chains([...rows].reverse()),
    ascending,
    descending,
    first: rows.length ? edgeOf(rows[0]) : null,
    last: rows.length ? edgeOf(rows[rows.length - 1]) : null,
  };
}

/** The file's one statement as the summary shows it. */
export interface CombinedStatement {
  account: string | null;
  currency: string;
  statement_id: null;
  rows: number;
  sumOre: number;
  opening_balance_ore?: number;
  closing_balance_ore?: number;
  closing_balance_date?: string;
}

export interface CsvCombined {
  /** the whole reading's order is the ranges' in reverse, each range's rows reversed */
  reversed: boolean;
  statements: CombinedStatement[];
  rows: number;
  dates: Record<string, number>;
  earliest_date: string | null;
  latest_date: string | null;
  rejected: RejectedRow[];
  rejectedCount: number;
  warnings: string[];
}

/** Each joint between consecutive non-empty ranges holds. */
function joints(ranges: CsvRangeFacts[], holds: (before: RowEdge, after: RowEdge) => boolean): boolean {
  for (let i = 1; i < ranges.length; i++) if (!holds(ranges[i - 1].last!, ranges[i].first!)) return false;
  return true;
}

/**
 * What the whole reading decides, from every range's facts in file order; `fallback` names why
 * the ranges cannot give the whole reading's result (then the file is read whole).
 */
export function combineCsvRanges(head: CsvHead, all: CsvRangeFacts[]): CsvCombined | { fallback: string } {
  const evidence: Record<number, DecimalEvidence> = {};
  for (const f of all)
    for (const [i, e] of Object.entries(f.amountColumns)) {
      const sum = (evidence[Number(i)] ??= { comma: 0, point: 0 });
      sum.comma += e.comma;
      sum.point += e.point;
    }
  for (const [i, e] of Object.entries(evidence))
    if (decide(e) !== (head.decimals[Number(i)] ?? null))
      return { fallback: `column ${i}'s decimal separator differs from what the file's head shows` };
  const groups = new Map<string, { account: string | null; currency: string }>();
  for (const f of all) for (const g of f.groups) groups.set(`${g.account ?? ""}|${g.currency}`, g);
  if (groups.size > 1) return { fallback: "rows of several accounts or currencies" };
  const ranges = all.filter((f) => f.parsed > 0);
  const rejected = all.flatMap((f) => f.rejected).slice(0, REJECTED_LISTED);
  const rejectedCount = all.reduce((n, f) => n + f.rejectedCount, 0);
  const dates: Record<string, number> = {};
  for (const f of all) for (const [d, n] of Object.entries(f.dates)) dates[d] = (dates[d] ?? 0) + n;
  const sorted = Object.keys(dates).sort();
  const base = {
    rejected,
    rejectedCount,
    dates,
    earliest_date: sorted[0] ?? null,
    latest_date: sorted.at(-1) ?? null,
    rows: all.reduce((n, f) => n + f.kept, 0),
  };
  if (ranges.length === 0) return { ...base, reversed: false, statements: [], warnings: [] };
  const group = [...groups.values()][0];
  const label = `account ${group.account ?? "(unnamed)"} ${group.currency}`;
  const warnings: string[] = [];
  const order = orderOf(ranges, label, warnings);
  if ("fallback" in order) return order;
  const statement: CombinedStatement = {
    account: group.account,
    currency: group.currency,
    statement_id: null,
    rows: base.rows,
    sumOre: all.reduce((n, f) => n + f.sumOre, 0),
  };
  if (order.chained) {
    const first = order.reversed ? ranges.at(-1)!.last! : ranges[0].first!;
    const last = order.reversed ? ranges[0].first! : ranges.at(-1)!.last!;
    statement.opening_balance_ore = first.balance! - first.amount;
    statement.closing_balance_ore = last.balance!;
    statement.closing_balance_date = last.date;
    const dateWarning = balanceDateWarning(statement, "closing_balance_date");
    if (dateWarning) warnings.push(dateWarning);
  }
  warnings.push(
    ...textWarnings(placesInOrder(all, "cleaned", order.reversed), placesInOrder(all, "cut", order.reversed)),
  );
  return { ...base, reversed: order.reversed, statements: [statement], warnings };
}

/**
 * The engine's `ordered` on the whole statement: chained forward, chained backward, else sorted
 * by date (after reversing a newest-first file). Sorting across ranges is the file order (or
 * its reverse) only when the dates already run that way; otherwise the file is read whole.
 */
function orderOf(
  ranges: CsvRangeFacts[],
  label: string,
  warnings: string[],
): { reversed: boolean; chained: boolean } | { fallback: string } {
  if (ranges.every((f) => f.allBalance)) {
    if (ranges.every((f) => f.forward) && joints(ranges, (a, b) => b.balance === a.balance! + b.amount))
      return { reversed: false, chained: true };
    if (ranges.every((f) => f.backward) && joints(ranges, (a, b) => a.balance === b.balance! + a.amount))
      return { reversed: true, chained: true };
    warnings.push(`${label}: the running balance does not follow the amounts; no opening or closing balance derived`);
  }
  const newestFirst = ranges[0].first!.date > ranges.at(-1)!.last!.date;
  if (newestFirst) {
    if (ranges.every((f) => f.descending) && joints(ranges, (a, b) => a.date >= b.date))
      return { reversed: true, chained: false };
  } else if (ranges.every((f) => f.ascending) && joints(ranges, (a, b) => a.date <= b.date))
    return { reversed: false, chained: false };
  return { fallback: "rows neither in date order nor chained by their running balance" };
}

/** The gate's places in the whole reading's order, the first LINES_NAMED of them, and how many. */
function placesInOrder(all: CsvRangeFacts[], key: "cleaned" | "cut", reversed: boolean) {
  const places = reversed
    ? [...all].reverse().flatMap((f) => [...f[key].last].reverse())
    : all.flatMap((f) => f[key].first);
  return { places: places.slice(0, LINES_NAMED), count: all.reduce((n, f) => n + f[key].count, 0) };
}
