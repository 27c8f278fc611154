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
  const over = (limit: PeppolLimit, max: number, found: number, at: number) =>
    new PeppolLimitError(limit, max, found, lineAt(xml, at));
  let open = 0;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf("<", i);
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      if (xml.startsWith("<!--", lt)) i = after(xml, "-->", lt + 4);
      else if (xml.startsWith("<![CDATA[", lt)) i = after(xml, "]]>", lt + 9);
      else i = lt + 2; // a DOCTYPE: the parser step refuses it
      continue;
    }
    if (next === 0x3f /* ? */) {
      i = after(xml, "?>", lt + 2);
      continue;
    }
    if (next === 0x2f /* / */) {
      open--;
      i = after(xml, ">", lt + 2);
      continue;
    }
    const tag = startTag(xml, lt, limits.maxAttributesPerElement);
    if (!tag) break; // a tag that never ends: not well-formed, the parser says where
    if (tag.attributes > limits.maxAttributesPerElement)
      throw over("attributes_per_element", limits.maxAttributesPerElement, tag.attributes, lt);
    scan.elements++;
    scan.attributes += tag.attributes;
    const level = open + 1;
    if (scan.elements > limits.maxElements) throw over("elements", limits.maxElements, scan.elements, lt);
    if (scan.attributes > limits.maxAttributes) throw over("attributes", limits.maxAttributes, scan.attributes, lt);
    if (level > limits.maxDepth) throw over("depth", limits.maxDepth, level, lt);
    if (level > scan.depth) scan.depth = level;
    if (level === 2 && LINE_ELEMENTS.has(tag.localName) && ++scan.lines > limits.maxLines)
      throw over("lines", limits.maxLines, scan.lines, lt);
    if (!tag.empty) open++;
    i = tag.end;
  }
  return scan;
}

/** The index after the next `token` from `from`, or the end of the text. */
function after(xml: string, token: string, from: number): number {
  const at = xml.indexOf(token, from);
  return at < 0 ? xml.length : at + token.length;
}

const isNameEnd = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2f || c === 0x3e;

/**
 * The start tag at `lt`: its local name, its attributes (`=` outside quoted values; the
 * count stops one past `stopAfter`), whether it is empty (`/>`), and the index after it;
 * null when it does not end.
 */
function startTag(xml: string, lt: number, stopAfter: number) {
  let j = lt + 1;
  while (j < xml.length && !isNameEnd(xml.charCodeAt(j))) j++;
  const name = xml.slice(lt + 1, j);
  let attributes = 0;
  let quote = 0;
  for (; j < xml.length; j++) {
    const c = xml.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3d && ++attributes > stopAfter) break;
    else if (c === 0x3e) break;
    else if (c === 0x3c) return null;
  }
  if (j >= xml.length) return null;
  const localName = name.slice(name.indexOf(":") + 1);
  return { localName, attributes, empty: xml.charCodeAt(j - 1) === 0x2f, end: j + 1 };
}

/** The 1-based text line of an index (only counted when a limit is passed). */
function lineAt(xml: string, index: number): number {
  let line = 1;
  for (let at = xml.indexOf("\n"); at >= 0 && at < index; at = xml.indexOf("\n", at + 1)) line++;
  return line;
}
