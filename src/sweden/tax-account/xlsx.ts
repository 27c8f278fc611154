// The first worksheet of an .xlsx workbook as a grid of cell texts. An .xlsx is a zip of XML
// parts (ECMA-376 / ISO 29500 SpreadsheetML): xl/workbook.xml names the sheets in order,
// xl/_rels/workbook.xml.rels maps each to its part, xl/sharedStrings.xml holds the strings the
// cells point at (t="s"), and a sheet's sheetData holds rows of cells addressed "B7". fflate
// unzips and fast-xml-parser (already a dependency, read as the camt reader reads) parses:
// the few parts a transaction list needs, without a spreadsheet library many times the size.
import { XMLParser } from "fast-xml-parser";
import { unzipSync } from "fflate";

const REPEATING = new Set(["sheet", "Relationship", "si", "r", "row", "c"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => REPEATING.has(name),
});

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

/** "AB12" -> 27 (0-based column). */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? "";
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function part(files: Record<string, Uint8Array>, name: string): Node | null {
  const bytes = files[name];
  return bytes ? (parser.parse(new TextDecoder().decode(bytes)) as Node) : null;
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

/** The first sheet's rows as text: shared and inline strings as written, numbers as the stored decimal. */
export function readFirstSheet(bytes: Uint8Array): GridRow[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name.startsWith("xl/") });
  } catch {
    throw new XlsxError("the file is not a readable zip (xlsx) archive");
  }
  const shared = ((part(files, "xl/sharedStrings.xml")?.sst as Node)?.si as unknown[] | undefined)?.map(textOf) ?? [];
  const path = firstSheetPath(files);
  const sheet = part(files, path);
  if (!sheet) throw new XlsxError(`the workbook's first sheet (${path}) is missing`);
  const rows = (((sheet.worksheet as Node)?.sheetData as Node)?.row as Node[] | undefined) ?? [];
  return rows.map((row, i) => {
    const cells: string[] = [];
    let next = 0;
    for (const c of (row.c as Node[] | undefined) ?? []) {
      const ref = c["@_r"];
      const col = typeof ref === "string" ? columnIndex(ref) : next;
      next = col + 1;
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
