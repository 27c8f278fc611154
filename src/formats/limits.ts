// The limits of every reader of an outside file, in one table (issue #41 item 4). Each reader
// takes its figures from here and refuses a file past one of them before it has done work in
// proportion to the file's worst case: VALIDATION_ERROR with details.reason FILE_LIMIT_EXCEEDED,
// details.reader (a key below), details.limit (a field name below) and details.max. The table is
// listed in docs/hardening.md, "Limits of the files we read" (test/unit/file-limits.test.ts holds
// the two equal).
//
// Why these figures: a Worker has 128 MB for everything its isolate serves at once, and its CPU
// time is shared by every request of the isolate (a parse that runs 2 s holds them 2 s).
// Measured with fast-xml-parser in Node: 170 000 elements parse in about 1 s and take about
// 85 MB before the collector runs, 510 000 elements 2.2 s and 200 MB, so an XML reader stops
// at 250 000 elements. A deflated zip part can inflate about 1 000 times its size (deflate's
// longest match, RFC 1951), so an xlsx is measured by what it inflates to, not by its bytes.

import { PEPPOL_LIMITS } from "./peppol/limits.ts";

const MiB = 1024 * 1024;

export interface ReaderLimits {
  /** what the reader reads, and where the file comes in */
  what: string;
  /** the file's bytes as uploaded */
  bytes: number;
  /** zip archives: the bytes inflated from every part read, counted as they come out */
  inflatedBytes?: number;
  /** XML: elements open at once */
  depth?: number;
  /** XML: elements in the document (each part of an xlsx on its own) */
  elements?: number;
  /** XML: attributes in the document */
  attributes?: number;
  /** text: lines (line breaks + 1) */
  lines?: number;
  /** text: characters of one line */
  lineLength?: number;
  /** sheets: rows read from the sheet (rows beyond are refused, not skipped) */
  rows?: number;
  /** sheets: columns read (cells to the right of it are not read) */
  columns?: number;
  /** PDF: pages read (a longer file is refused before any page is parsed) */
  pages?: number;
  /** the wall time the reader may spend, in milliseconds */
  ms?: number;
  /** what bounds the reader's time */
  time: string;
}

/**
 * The Peppol e-invoice body (src/domains/supplier-invoices, POST .../supplier-invoices/import-peppol):
 * the Peppol import's own limits (PEPPOL_LIMITS), whose structure is refused as
 * 422 PEPPOL_DOCUMENT_LIMIT_EXCEEDED (details.limit names PEPPOL_LIMITS' own names); `lines`
 * here are the invoice's lines with its document-level allowances and charges.
 */
const UBL: ReaderLimits = {
  what: "Peppol BIS 3.0 / EN 16931 UBL Invoice or CreditNote: POST .../supplier-invoices/import-peppol",
  bytes: PEPPOL_LIMITS.maxBytes,
  depth: PEPPOL_LIMITS.maxDepth,
  elements: PEPPOL_LIMITS.maxElements,
  attributes: PEPPOL_LIMITS.maxAttributes,
  lines: PEPPOL_LIMITS.maxLines,
  time:
    `a scan of the text counts the structure before it is parsed; over ${PEPPOL_LIMITS.syncLines} lines ` +
    "the rules run in an operation that yields to other requests, at most " +
    `${PEPPOL_LIMITS.maxValidationMs / 60_000} minutes`,
};

export const FILE_LIMITS = {
  sie: {
    what: "SIE 4 file: POST .../imports/sie (read as a stream in an operation)",
    bytes: 50 * MiB,
    lines: 5_000_000,
    lineLength: 65_536,
    time: "read as a stream in an operation, a batch of lines at a time; linear in the bytes",
  },
  camt: {
    what: "ISO 20022 camt.053 / camt.054 XML: POST .../imports/bank",
    bytes: 10 * MiB,
    depth: 32,
    elements: 250_000,
    attributes: 250_000,
    time:
      "depth, elements, attributes and names are counted in one pass over the text before it is parsed (the " +
      "route refuses at once); the parse is linear, about 1.5 s at the element limit",
  },
  bgmax: {
    what: "Bankgirot BgMax file: POST .../imports/bank",
    bytes: 10 * MiB,
    lines: 1_000_000,
    lineLength: 1024,
    time: "lines are counted and measured before the file is read (the route refuses at once); the read is linear",
  },
  bank_csv: {
    what: "bank CSV exports and generic_csv: POST .../imports/bank",
    bytes: 10 * MiB,
    lines: 1_000_000,
    // issue #34 kept a row with a 200 000-character description (cut to 1 000, with a warning)
    lineLength: 262_144,
    time:
      "lines are counted and measured before the file is read (the route refuses at once); a file of more " +
      "than 500 rows is stored in chunks, one queue message each",
  },
  tax_account_xlsx: {
    what: "Skatteverket's tax-account list as xlsx: POST .../imports/skattekonto",
    bytes: 2 * MiB,
    // a 5 000-row list inflates to about 1.5 MB; inflating runs about 30 ms a MB (fflate, Node)
    inflatedBytes: 4 * MiB,
    depth: 32,
    elements: 250_000,
    attributes: 250_000,
    rows: 6000,
    columns: 64,
    time: "inflated 4 KiB of the archive at a time with a running count, each part's XML bounded as camt's before it is parsed",
  },
  tax_account_csv: {
    what: "Skatteverket's tax-account list as CSV: POST .../imports/skattekonto",
    bytes: 2 * MiB,
    lines: 6000,
    lineLength: 65_536,
    time: "lines are counted and measured before the file is read; linear",
  },
  ubl: UBL,
  pdf_text: {
    what: "an archived PDF read for its text (unpdf, PDF.js): POST .../documents/{id}/read",
    bytes: 10 * MiB,
    // a supplier invoice or a receipt is one to three pages; PDF.js reads a text page in 5-50 ms
    pages: 20,
    ms: 5_000,
    time:
      "the page count is checked before any page is parsed; the reading stops after ms of wall time, checked " +
      "between pages and raced against each page's parse",
  },
  document: {
    what: "an archived document (PDF, JPEG, PNG, WebP): POST .../documents; never parsed, its first 12 bytes name its type",
    bytes: 10 * MiB,
    time: "only the first 12 bytes are read",
  },
} as const satisfies Record<string, ReaderLimits>;

export type FileReader = keyof typeof FILE_LIMITS;
export type FileLimit = Exclude<keyof ReaderLimits, "what" | "time">;

/** A file past one of its reader's limits; the caller answers it as VALIDATION_ERROR with `details()`. */
export class FileLimitError extends Error {
  constructor(
    readonly reader: FileReader,
    readonly limit: FileLimit,
    /** where in the file, when known: a line, a row, a part of an archive */
    readonly at: Record<string, string | number> = {},
  ) {
    super(
      `The file is past the ${limitName(limit)} limit of ${(FILE_LIMITS[reader] as ReaderLimits)[limit]} for this kind of file.`,
    );
    this.name = "FileLimitError";
  }

  get max(): number {
    return (FILE_LIMITS[this.reader] as ReaderLimits)[this.limit] as number;
  }

  /** The refusal's details: reason FILE_LIMIT_EXCEEDED, reader, limit, max and where. */
  details(): Record<string, string | number> {
    return { reason: "FILE_LIMIT_EXCEEDED", reader: this.reader, limit: this.limit, max: this.max, ...this.at };
  }
}

function limitName(limit: FileLimit): string {
  return limit.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

/**
 * The first line (1-based) longer than `lineLength`, or the count of lines when it exceeds
 * `lines`: one pass over the text with indexOf, before a reader splits or tokenizes it.
 */
export function checkTextLines(text: string, reader: FileReader): void {
  const limits = FILE_LIMITS[reader] as ReaderLimits;
  const maxLines = limits.lines ?? Number.POSITIVE_INFINITY;
  const maxLength = limits.lineLength ?? Number.POSITIVE_INFINITY;
  let line = 1;
  let from = 0;
  for (;;) {
    const at = text.indexOf("\n", from);
    const end = at < 0 ? text.length : at;
    if (end - from > maxLength) throw new FileLimitError(reader, "lineLength", { line });
    if (at < 0) return;
    from = at + 1;
    if (++line > maxLines) throw new FileLimitError(reader, "lines", { line });
  }
}
