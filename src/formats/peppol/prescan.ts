// A scan of a UBL document's text before the XML parser sees it (issue #41 item 1): it
// counts elements, attributes, nesting and lines in one pass, with no tree and no copy of
// the text, and stops at the first limit passed (limits.ts). The parser (slimdom) builds a
// node per element and attribute and recurses per level, so a document past a limit is
// refused here, in time and memory proportional to the part read.
//
// It is not a parser: comments, CDATA sections and processing instructions are skipped, a
// tag's attributes are its `=` signs outside quotes, and anything it cannot follow (a tag
// that never ends) is left to the parser to refuse as not well-formed.
import { PEPPOL_LIMITS, type PeppolLimit } from "./limits.ts";

/** A document past one of the limits: which, its maximum, what was found, and the text line where. */
export class PeppolLimitError extends Error {
  constructor(
    readonly limit: PeppolLimit,
    readonly max: number,
    readonly found: number,
    readonly line: number | null,
  ) {
    super(`the document passes the limit of ${max} ${limit.replace(/_/g, " ")}${line ? ` (line ${line})` : ""}`);
  }
}

/** What the scan counted: elements, attributes, the deepest level, and lines (with allowances and charges). */
export type PeppolScan = { elements: number; attributes: number; depth: number; lines: number };

/** The children of the root that each become an item: invoice or credit note lines, allowances and charges. */
const LINE_ELEMENTS = new Set(["InvoiceLine", "CreditNoteLine", "AllowanceCharge"]);

type Limits = Record<"maxDepth" | "maxAttributesPerElement" | "maxAttributes" | "maxElements" | "maxLines", number>;

/** Counts the document's structure; throws PeppolLimitError at the first limit passed. */
export function scanPeppolXml(xml: string, limits: Limits = PEPPOL_LIMITS): PeppolScan {
  const scan: PeppolScan = { elements: 0, attributes: 0, depth: 0, lines: 0 };
  let open = 0;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf("<", i);
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      i = afterMarkup(xml, lt, next);
      continue;
    }
    if (next === 0x2f /* / */) {
      open--;
      i = after(xml, ">", lt + 2);
      continue;
    }
    const tag = startTag(xml, lt, limits.maxAttributesPerElement);
    if (!tag) break; // a tag that never ends: not well-formed, the parser says where
    countElement(xml, lt, tag, open + 1, scan, limits);
    if (!tag.empty) open++;
    i = tag.end;
  }
  return scan;
}

/**
 * The index after the comment, CDATA section or DOCTYPE (`next` is "!") or the processing
 * instruction (`next` is "?") at `lt`.
 */
function afterMarkup(xml: string, lt: number, next: number): number {
  if (next === 0x3f /* ? */) return after(xml, "?>", lt + 2);
  if (xml.startsWith("<!--", lt)) return after(xml, "-->", lt + 4);
  if (xml.startsWith("<![CDATA[", lt)) return after(xml, "]]>", lt + 9);
  return lt + 2; // a DOCTYPE: the parser step refuses it
}

/** Adds the start tag at `lt`, at nesting `level`, to the counts; throws at the first limit it passes. */
function countElement(xml: string, lt: number, tag: StartTag, level: number, scan: PeppolScan, limits: Limits): void {
  if (tag.attributes > limits.maxAttributesPerElement)
    throw limitError(xml, lt, "attributes_per_element", limits.maxAttributesPerElement, tag.attributes);
  scan.elements++;
  scan.attributes += tag.attributes;
  if (scan.elements > limits.maxElements) throw limitError(xml, lt, "elements", limits.maxElements, scan.elements);
  if (scan.attributes > limits.maxAttributes)
    throw limitError(xml, lt, "attributes", limits.maxAttributes, scan.attributes);
  if (level > limits.maxDepth) throw limitError(xml, lt, "depth", limits.maxDepth, level);
  if (level > scan.depth) scan.depth = level;
  if (level === 2 && LINE_ELEMENTS.has(tag.localName) && ++scan.lines > limits.maxLines)
    throw limitError(xml, lt, "lines", limits.maxLines, scan.lines);
}

function limitError(xml: string, at: number, limit: PeppolLimit, max: number, found: number): PeppolLimitError {
  return new PeppolLimitError(limit, max, found, lineAt(xml, at));
}

/** The index after the next `token` from `from`, or the end of the text. */
function after(xml: string, token: string, from: number): number {
  const at = xml.indexOf(token, from);
  return at < 0 ? xml.length : at + token.length;
}

const isNameEnd = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2f || c === 0x3e;

/** The index where the element name starting at `from` ends. */
function nameEnd(xml: string, from: number): number {
  let j = from;
  while (j < xml.length && !isNameEnd(xml.charCodeAt(j))) j++;
  return j;
}

type StartTag = { localName: string; attributes: number; empty: boolean; end: number };

/**
 * The start tag at `lt`: its local name, its attributes (`=` outside quoted values; the
 * count stops one past `stopAfter`), whether it is empty (`/>`), and the index after it;
 * null when it does not end.
 */
function startTag(xml: string, lt: number, stopAfter: number): StartTag | null {
  const nameAt = nameEnd(xml, lt + 1);
  let attributes = 0;
  let j = nameAt;
  for (; j < xml.length; j++) {
    const c = xml.charCodeAt(j);
    if (c === 0x22 || c === 0x27) j = closingQuote(xml, j);
    else if (c === 0x3d && ++attributes > stopAfter) break;
    else if (c === 0x3e || c === 0x3c) break;
  }
  if (j >= xml.length || xml.charCodeAt(j) === 0x3c) return null;
  const name = xml.slice(lt + 1, nameAt);
  const localName = name.slice(name.indexOf(":") + 1);
  return { localName, attributes, empty: xml.charCodeAt(j - 1) === 0x2f, end: j + 1 };
}

/**
 * The index of the quote closing the value whose quote is at `open`, or the end of the text:
 * found with indexOf, as the text between tags, not a character at a time.
 */
function closingQuote(xml: string, open: number): number {
  const close = xml.indexOf(xml.charCodeAt(open) === 0x22 ? '"' : "'", open + 1);
  return close < 0 ? xml.length : close;
}

/** The 1-based text line of an index (only counted when a limit is passed). */
function lineAt(xml: string, index: number): number {
  let line = 1;
  for (let at = xml.indexOf("\n"); at >= 0 && at < index; at = xml.indexOf("\n", at + 1)) line++;
  return line;
}
