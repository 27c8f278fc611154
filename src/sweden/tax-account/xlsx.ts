// The first worksheet of an .xlsx workbook as a grid of cell texts. An .xlsx is a zip of XML
// parts (ECMA-376 / ISO 29500 SpreadsheetML): xl/workbook.xml names the sheets in order,
// xl/_rels/workbook.xml.rels maps each to its part, xl/sharedStrings.xml holds the strings the
// cells point at (t="s"), and a sheet's sheetData holds rows of cells addressed "B7". fflate
// unzips and fast-xml-parser (already a dependency, read as the camt reader reads) parses:
// the few parts a transaction list needs, without a spreadsheet library many times the size.
//
// Bounded (issue #41 item 2; src/formats/limits.ts, tax_account_xlsx): a 103 KB zip can hold a
// 100 MB sheet and a few-KB sheet can name column ZZZZZ, and both once ran the isolate out of
// memory. The archive is inflated in small steps with a running count of the bytes that come
// out (a zip's declared sizes may lie), each part's XML is bounded before it is parsed
// (checkXmlBounds), rows past the limit are refused and cells right of the column limit are
// not read. Anything else the archive does wrong is an XlsxError: never a 500.
import { Unzip, UnzipInflate } from "fflate";
import { FILE_LIMITS, FileLimitError } from "../../formats/limits";
import { boundedXmlParser, checkXmlBounds, XmlNameError } from "../../formats/xml-bounds";

const REPEATING = new Set(["sheet", "Relationship", "si", "r", "row", "c"]);
const parser = boundedXmlParser(REPEATING, FILE_LIMITS.tax_account_xlsx.depth, false);
const LIMITS = FILE_LIMITS.tax_account_xlsx;
/** Compressed bytes pushed at a time: deflate inflates at most about 1 032 times (RFC 1951), so about 4 MB. */
const STEP = 4096;
/** The parts read: the workbook, its relationships, the shared strings and the sheets. */
const WANTED = /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/;

type Node = Record<string, unknown>;

export class XlsxError extends Error {}

/** A zip starts with a local file header, "PK\x03\x04". */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** One grid row: its 1-based row number in the sheet, and the cells by 0-based column. */
export interface GridRow {
  line: number;
  cells: string[];
}

/** The text of a string node: plain, with attributes (#text), or rich text runs (r[].t). */
function textOf(node: unknown): string {
  if (node == null) return "";
  if (typeof node === "string") return node;
  if (typeof node !== "object") return String(node);
  const n = node as Node;
  if ("#text" in n) return String(n["#text"]);
  if (Array.isArray(n.r)) return n.r.map((run) => textOf((run as Node).t)).join("");
  return textOf(n.t);
}

/** "AB12" -> 27 (0-based column); a column past the limit (Excel's last is XFD) is Infinity. */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]{1,3}(?![A-Z])/.exec(ref)?.[0];
  if (!letters) return /^[A-Z]/.test(ref) ? Number.POSITIVE_INFINITY : -1;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const concat = (chunks: Uint8Array[]) => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

/** The wanted parts inflated, counting every byte that comes out against inflatedBytes. */
function inflateParts(bytes: Uint8Array): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  let inflated = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (!WANTED.test(file.name)) return; // never started: not inflated
    const chunks: Uint8Array[] = [];
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) {
        failure = new XlsxError(`the part ${file.name} cannot be inflated`);
        return;
      }
      inflated += data.length;
      if (inflated > LIMITS.inflatedBytes) {
        failure = new FileLimitError("tax_account_xlsx", "inflatedBytes", { part: file.name });
        return;
      }
      chunks.push(data);
      if (final) files[file.name] = concat(chunks);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let i = 0; i < bytes.length && !failure; i += STEP)
    unzip.push(bytes.subarray(i, i + STEP), i + STEP >= bytes.length);
  if (failure) throw failure;
  return files;
}

function part(files: Record<string, Uint8Array>, name: string): Node | null {
  const bytes = files[name];
  if (!bytes) return null;
  const text = new TextDecoder().decode(bytes);
  checkXmlBounds(text, "tax_account_xlsx", name);
  return parser.parse(text) as Node;
}

/** The path of the workbook's first sheet (the one listed first in workbook.xml). */
function firstSheetPath(files: Record<string, Uint8Array>): string {
  const workbook = part(files, "xl/workbook.xml");
  const sheets = ((workbook?.workbook as Node)?.sheets as Node)?.sheet as Node[] | undefined;
  if (!sheets?.length) throw new XlsxError("the workbook names no sheet");
  const relId = sheets[0]["@_id"];
  const rels = part(files, "xl/_rels/workbook.xml.rels");
  const rel = ((rels?.Relationships as Node)?.Relationship as Node[] | undefined)?.find((r) => r["@_Id"] === relId);
  const target = String(rel?.["@_Target"] ?? "worksheets/sheet1.xml");
  return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
}

/**
 * The first sheet's rows as text: shared and inline strings as written, numbers as the stored
 * decimal. Past a limit: FileLimitError; a name no object may have: XmlNameError; any other
 * fault of the archive or its XML: XlsxError.
 */
export function readFirstSheet(bytes: Uint8Array): GridRow[] {
  try {
    return readSheet(bytes);
  } catch (err) {
    if (err instanceof XlsxError || err instanceof FileLimitError || err instanceof XmlNameError) throw err;
    // fflate's and the parser's own refusals (a broken archive, bad XML) are plain errors
    throw new XlsxError(
      `the file is not a readable xlsx workbook${err instanceof Error ? ` (${err.message.slice(0, 200)})` : ""}`,
    );
  }
}

function readSheet(bytes: Uint8Array): GridRow[] {
  const files = inflateParts(bytes);
  if (!files["xl/workbook.xml"])
    throw new XlsxError("the file is not a readable zip (xlsx) archive: no xl/workbook.xml");
  const shared = ((part(files, "xl/sharedStrings.xml")?.sst as Node)?.si as unknown[] | undefined)?.map(textOf) ?? [];
  const path = firstSheetPath(files);
  const sheet = part(files, path);
  if (!sheet) throw new XlsxError(`the workbook's first sheet (${path}) is missing`);
  const rows = (((sheet.worksheet as Node)?.sheetData as Node)?.row as Node[] | undefined) ?? [];
  if (rows.length > LIMITS.rows) throw new FileLimitError("tax_account_xlsx", "rows", { part: path });
  return rows.map((row, i) => {
    const cells: string[] = [];
    let next = 0;
    for (const c of (row.c as Node[] | undefined) ?? []) {
      const ref = c["@_r"];
      const col = typeof ref === "string" ? columnIndex(ref) : next;
      next = col + 1;
      // the list's columns are the first few; a cell far to the right is not read (nor allocated)
      if (col < 0 || col >= LIMITS.columns) continue;
      const type = c["@_t"];
      const value = textOf(c.v);
      cells[col] =
        type === "s" ? (shared[Number(value)] ?? "") : type === "inlineStr" ? textOf((c.is as Node)?.t ?? c.is) : value;
    }
    for (let k = 0; k < cells.length; k++) cells[k] ??= "";
    const line = Number(row["@_r"] ?? i + 1);
    return { line: Number.isInteger(line) ? line : i + 1, cells };
  });
}
