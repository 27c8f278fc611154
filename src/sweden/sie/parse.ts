// Reads a SIE 4 file (SIE 4C, SIE-Gruppen 2025-08-06) into a plain model. Fields are
// separated by spaces or tabs, may be quoted ("..." with \" inside), object lists are
// in braces, a #VER's transactions sit between lines holding only { and }. Amounts
// become integer öre. Unknown labels are skipped, as the format asks (§7).

import { KsummaReader } from "./ksumma";
import { MAX_LINES_PER_ENTRY } from "../../money";
import { cleanText, cutText, TEXT_LIMITS, textProblem } from "../../text";
import { isValidDate } from "../fiscal-year";

/** How many lines the warning about cleaned or cut texts names before it counts the rest. */
const LINES_NAMED = 20;

export class SieParseError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export type Token = string | { objects: string[] };

/** A file whose #KSUMMA does not match its records, or has no closing #KSUMMA (stated null). */
export class SieChecksumError extends SieParseError {
  constructor(
    readonly stated: number | null,
    readonly computed: number,
  ) {
    super(
      0,
      stated === null
        ? "the file has an opening #KSUMMA but no closing one (SIE 4C §10.6)"
        : "the #KSUMMA does not match",
    );
  }
}

export interface SieTrans {
  account: string;
  objects: Record<string, string>;
  amountOre: number;
  text: string | null;
  line: number;
}

export interface SieVoucher {
  series: string;
  number: number | null;
  date: string;
  text: string;
  line: number;
  trans: SieTrans[];
}

export interface SieBalance {
  year: number;
  account: string;
  amountOre: number;
  line: number;
}

export interface SieFile {
  format: string | null;
  sieType: string | null;
  program: string | null;
  companyName: string | null;
  orgNumber: string | null;
  years: Map<number, { start: string; end: string }>;
  accounts: Map<string, { name: string; line: number }>;
  accountTypes: Map<string, "T" | "S" | "I" | "K">;
  sru: Map<string, string>;
  dimensions: Map<number, string>;
  objects: { dimension: number; code: string; name: string }[];
  opening: SieBalance[];
  closing: SieBalance[];
  results: SieBalance[];
  vouchers: SieVoucher[];
  warnings: string[];
}

/** JavaScript's \s: the characters that end a bare field. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export function tokenize(line: string, lineNo: number): Token[] {
  const tokens: Token[] = [];
  const n = line.length;
  let i = 0;
  const readQuoted = () => {
    i++;
    let out = "";
    let from = i;
    for (;;) {
      if (i >= n) throw new SieParseError(lineNo, "a quoted field is not closed");
      const c = line.charCodeAt(i);
      if (c === 34 /* " */) break;
      if (c === 92 /* \ */ && line.charCodeAt(i + 1) === 34) {
        out += line.slice(from, i);
        from = i + 1; // the quote itself is kept
        i += 2;
        continue;
      }
      i++;
    }
    out += line.slice(from, i);
    i++;
    return out;
  };
  const readBare = (inObjects: boolean) => {
    const from = i;
    while (i < n) {
      const c = line.charCodeAt(i);
      if (isSpace(c) || (inObjects && c === 125) /* } */) break;
      i++;
    }
    return line.slice(from, i);
  };
  while (i < n) {
    const ch = line.charCodeAt(i);
    if (isSpace(ch)) {
      // (any whitespace: a field that began with one, say a no-break space, never ended)
      i++;
    } else if (ch === 34) {
      tokens.push(readQuoted());
    } else if (ch === 123 /* { */) {
      i++;
      const objects: string[] = [];
      for (;;) {
        while (i < n && isSpace(line.charCodeAt(i))) i++;
        if (i >= n) throw new SieParseError(lineNo, "an object list is not closed with }");
        if (line.charCodeAt(i) === 125) {
          i++;
          break;
        }
        objects.push(line.charCodeAt(i) === 34 ? readQuoted() : readBare(true));
      }
      tokens.push({ objects });
    } else {
      tokens.push(readBare(false));
    }
  }
  return tokens;
}

const str = (t: Token | undefined): string => (typeof t === "string" ? t : "");

/**
 * An amount in kronor as integer öre: an optional minus, digits, optionally a point and
 * digits, of which only two may be other than 0. Read digit by digit: a file of a million
 * lines has a million amounts, and a regular expression and three numbers for each were
 * a tenth of the import's reading.
 */
export function parseAmount(raw: string, lineNo: number): number {
  const s = raw.trim();
  const n = s.length;
  let i = s.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  const negative = i === 1;
  let kronor = 0;
  const intFrom = i;
  for (; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    kronor = kronor * 10 + d;
  }
  let ok = i > intFrom;
  let ore = 0;
  if (ok && i < n) {
    if (s.charCodeAt(i) !== 46 /* . */ || i + 1 >= n) ok = false;
    for (let k = 0, j = i + 1; ok && j < n; j++, k++) {
      const d = s.charCodeAt(j) - 48;
      if (d < 0 || d > 9 || (k >= 2 && d !== 0)) ok = false;
      else if (k < 2) ore += k === 0 ? d * 10 : d;
    }
  }
  if (!ok) throw new SieParseError(lineNo, `"${raw}" is not an amount`);
  const total = kronor * 100 + ore;
  if (!Number.isSafeInteger(total)) throw new SieParseError(lineNo, `"${raw}" is too large`);
  return negative && total !== 0 ? -total : total;
}

/** YYYYMMDD, a real day of the Gregorian calendar (isValidDate, the one date check), as YYYY-MM-DD. */
export function parseDate(raw: string, lineNo: number): string {
  const iso = /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}` : "";
  if (!isValidDate(iso)) throw new SieParseError(lineNo, `"${raw}" is not a date (YYYYMMDD)`);
  return iso;
}

/**
 * An object code is a key (a dimension value the lines name), so it is refused rather than
 * cleaned or cut: the JSON API's rule for a dimension code (text rule, at most 40).
 */
function objectCode(code: string, lineNo: number): string {
  const problem = textProblem(code, false);
  if (problem) throw new SieParseError(lineNo, `object code: ${problem}`);
  if (code.length > TEXT_LIMITS.dimension_code)
    throw new SieParseError(
      lineNo,
      `object code "${cutText(code, 20)}…" is longer than ${TEXT_LIMITS.dimension_code} characters`,
    );
  return code;
}

/** A dimension number as the JSON API takes it: 1 to 999. */
function dimensionNumber(raw: string, label: string, lineNo: number): number {
  const d = Number(raw);
  if (!Number.isInteger(d) || d < 1 || d > 999)
    throw new SieParseError(lineNo, `${label} needs a dimension number 1-999`);
  return d;
}

export function objectMap(t: Token | undefined, lineNo: number): Record<string, string> {
  if (t === undefined || typeof t === "string") {
    if (t === undefined || t === "") return {};
    throw new SieParseError(lineNo, "expected an object list in braces");
  }
  if (t.objects.length % 2) throw new SieParseError(lineNo, "an object list holds dimension and object in pairs");
  const out: Record<string, string> = {};
  for (let i = 0; i < t.objects.length; i += 2) {
    dimensionNumber(t.objects[i], "an object list", lineNo);
    out[t.objects[i]] = objectCode(t.objects[i + 1], lineNo);
  }
  return out;
}

function account(raw: string, lineNo: number): string {
  if (!/^\d{4}$/.test(raw)) throw new SieParseError(lineNo, `"${raw}" is not a four-digit account number`);
  return raw;
}

/** A SieFile with nothing read yet. */
export function emptySieFile(): SieFile {
  return {
    format: null,
    sieType: null,
    program: null,
    companyName: null,
    orgNumber: null,
    years: new Map(),
    accounts: new Map(),
    accountTypes: new Map(),
    sru: new Map(),
    dimensions: new Map(),
    objects: [],
    opening: [],
    closing: [],
    results: [],
    vouchers: [],
    warnings: [],
  };
}

/**
 * Reads a SIE file one line at a time (the streaming import, src/sweden/sie/stream.ts,
 * and parseSie below): every record but #VER goes into `file`; each voucher, once its
 * block is closed, is handed to `onVoucher` instead of being kept, so a file of any
 * size is read in the memory of its chart and balances.
 */
export class SieReader {
  readonly file: SieFile = emptySieFile();
  private voucher: SieVoucher | null = null;
  private inBlock = false;
  /** lines whose text was cleaned or cut to the JSON API's rule and limits */
  private fitted: number[] = [];
  private fittedCount = 0;

  /** the file's #KSUMMA, followed record by record (SIE 4C §10) */
  private readonly ksumma = new KsummaReader();

  constructor(private readonly onVoucher: (voucher: SieVoucher) => void) {}

  /**
   * A text as the JSON API would store it (src/text.ts): control and bidi characters
   * cleaned, cut to the field's limit. A file is the other program's books, so the text is
   * kept, fitted, and its line named in a warning, as bank files are (docs/hardening.md).
   */
  private fit(value: string, limit: number, lineNo: number): string {
    const out = cutText(cleanText(value, true), limit);
    if (out !== value && this.fitted.at(-1) !== lineNo) {
      this.fittedCount++;
      if (this.fitted.length < LINES_NAMED) this.fitted.push(lineNo);
    }
    return out;
  }

  /** `{` opens the block of the #VER before it; `}` closes it and hands the voucher on. */
  private brace(raw: "{" | "}", lineNo: number): void {
    if (raw === "{") {
      if (!this.voucher || this.inBlock) throw new SieParseError(lineNo, "{ without a #VER before it");
      this.inBlock = true;
      return;
    }
    if (!this.inBlock || !this.voucher) throw new SieParseError(lineNo, "} without a matching {");
    const done = this.voucher;
    this.voucher = null;
    this.inBlock = false;
    this.onVoucher(done);
  }

  /** The file's identity: format, type, program, company, its years (#RAR). */
  private identity(label: string, f: Token[], lineNo: number): void {
    const file = this.file;
    if (label === "#FORMAT") file.format = str(f[0]);
    else if (label === "#SIETYP") file.sieType = str(f[0]);
    else if (label === "#PROGRAM") file.program = `${str(f[0])} ${str(f[1])}`.trim();
    else if (label === "#FNAMN") file.companyName = str(f[0]);
    else if (label === "#ORGNR") file.orgNumber = str(f[0]) || null;
    else {
      const year = Number(str(f[0]));
      if (!Number.isInteger(year)) throw new SieParseError(lineNo, "#RAR needs a year number");
      file.years.set(year, { start: parseDate(str(f[1]), lineNo), end: parseDate(str(f[2]), lineNo) });
    }
  }

  /** The chart: accounts, their types and SRU codes, dimensions and their objects. */
  private chart(label: string, f: Token[], lineNo: number): void {
    const file = this.file;
    switch (label) {
      case "#KONTO":
        file.accounts.set(account(str(f[0]), lineNo), {
          name: this.fit(str(f[1]), TEXT_LIMITS.account_name, lineNo),
          line: lineNo,
        });
        return;
      case "#KTYP": {
        const t = str(f[1]).toUpperCase();
        if (!["T", "S", "I", "K"].includes(t)) throw new SieParseError(lineNo, `#KTYP "${t}" is not T, S, I or K`);
        file.accountTypes.set(account(str(f[0]), lineNo), t as "T" | "S" | "I" | "K");
        return;
      }
      case "#SRU":
        file.sru.set(account(str(f[0]), lineNo), str(f[1]));
        return;
      case "#DIM": {
        const d = dimensionNumber(str(f[0]), "#DIM", lineNo);
        file.dimensions.set(d, this.fit(str(f[1]), TEXT_LIMITS.dimension_name, lineNo));
        return;
      }
      default: {
        const d = dimensionNumber(str(f[0]), "#OBJEKT", lineNo);
        file.objects.push({
          dimension: d,
          code: objectCode(str(f[1]), lineNo),
          name: this.fit(str(f[2]), TEXT_LIMITS.dimension_name, lineNo),
        });
      }
    }
  }

  /** #IB, #UB, #RES: a balance of a year (0 this year, -1 the one before). */
  private balance(label: string, f: Token[], lineNo: number): void {
    const file = this.file;
    const year = Number(str(f[0]));
    if (!Number.isInteger(year)) throw new SieParseError(lineNo, `${label} needs a year number`);
    const bal = {
      year,
      account: account(str(f[1]), lineNo),
      amountOre: parseAmount(str(f[2]), lineNo),
      line: lineNo,
    };
    (label === "#IB" ? file.opening : label === "#UB" ? file.closing : file.results).push(bal);
  }

  private openVoucher(f: Token[], lineNo: number): void {
    const series = str(f[0]);
    const numberRaw = str(f[1]);
    const number = numberRaw === "" ? null : Number(numberRaw);
    if (number !== null && (!Number.isInteger(number) || number < 1))
      throw new SieParseError(lineNo, `"${numberRaw}" is not a voucher number`);
    const text = this.fit(str(f[3]), TEXT_LIMITS.description, lineNo);
    this.voucher = { series, number, date: parseDate(str(f[2]), lineNo), text, line: lineNo, trans: [] };
  }

  private transaction(f: Token[], lineNo: number): void {
    const voucher = this.voucher!;
    // the JSON API's limit for one entry (docs/hardening.md), checked as the lines
    // arrive so that a voucher of a million lines is refused before it is held
    if (voucher.trans.length >= MAX_LINES_PER_ENTRY)
      throw new SieParseError(
        voucher.line,
        `a voucher may hold at most ${MAX_LINES_PER_ENTRY} lines (#TRANS), as a journal entry of the API`,
      );
    voucher.trans.push({
      account: account(str(f[0]), lineNo),
      objects: objectMap(f[1], lineNo),
      amountOre: parseAmount(str(f[2]), lineNo),
      text: this.fit(str(f[4]), TEXT_LIMITS.line_description, lineNo) || null,
      line: lineNo,
    });
  }

  /** One line of the file, without its line break; lineNo counts from 1. */
  line(text: string, lineNo: number): void {
    const raw = text.trim();
    if (!raw) return;
    if (raw === "{" || raw === "}") {
      this.brace(raw, lineNo);
      return;
    }
    if (raw.charCodeAt(0) !== 35 /* # */) throw new SieParseError(lineNo, "a record must start with a #label");
    const tokens = tokenize(raw, lineNo);
    const label = str(tokens[0]).toUpperCase();
    this.ksumma.record(label, tokens);
    const f = tokens.slice(1);
    if (this.voucher && !this.inBlock)
      throw new SieParseError(this.voucher.line, "#VER must be followed by { on its own line");
    if (this.inBlock && label !== "#TRANS" && label !== "#RTRANS" && label !== "#BTRANS")
      throw new SieParseError(lineNo, `${label} inside a #VER block`);
    switch (label) {
      case "#FORMAT":
      case "#SIETYP":
      case "#PROGRAM":
      case "#FNAMN":
      case "#ORGNR":
      case "#RAR":
        this.identity(label, f, lineNo);
        return;
      case "#KONTO":
      case "#KTYP":
      case "#SRU":
      case "#DIM":
      case "#OBJEKT":
        this.chart(label, f, lineNo);
        return;
      case "#IB":
      case "#UB":
      case "#RES":
        this.balance(label, f, lineNo);
        return;
      case "#VER":
        this.openVoucher(f, lineNo);
        return;
      case "#TRANS":
        this.transaction(f, lineNo);
        return;
      // §: #RTRANS is always followed by an identical #TRANS, and #BTRANS records a
      // removed line; the #TRANS lines are the voucher. Other labels are passed over.
      default:
    }
  }

  /**
   * After the last line: a voucher left open is an error, and so is a #KSUMMA that does not
   * match, or an opening #KSUMMA without a closing one (SIE 4C §10.6: the file was cut short).
   */
  finish(): SieFile {
    const sum = this.ksumma.result();
    if (sum.present && !sum.matches) throw new SieChecksumError(sum.stated, sum.computed);
    if (this.fittedCount) {
      const more = this.fittedCount > this.fitted.length ? ` and ${this.fittedCount - this.fitted.length} more` : "";
      this.file.warnings.push(
        `texts on ${this.fittedCount} line(s) held control or bidirectional characters, or were longer than the API ` +
          `allows, and were cleaned or cut: line(s) ${this.fitted.join(", ")}${more}`,
      );
    }
    if (this.voucher)
      throw new SieParseError(
        this.voucher.line,
        this.inBlock ? "the #VER block is not closed with }" : "#VER must be followed by { on its own line",
      );
    return this.file;
  }
}

/** The whole file at once, its vouchers kept in the model. */
export function parseSie(text: string): SieFile {
  const reader = new SieReader((v) => reader.file.vouchers.push(v));
  const lines = text.split(/\r?\n/);
  for (let idx = 0; idx < lines.length; idx++) reader.line(lines[idx], idx + 1);
  return reader.finish();
}
