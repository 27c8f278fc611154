// One pass over an XML text before it is parsed (issue #41 items 2 and 3): the depth, the
// elements and the attributes counted, and the names that would reach an object's prototype
// refused. fast-xml-parser builds one object per element, so a document's memory and time
// follow its element count; its own guards (maxNestedTags, the reserved names) throw plain
// errors, which a reader could only answer as INTERNAL_ERROR. This scan answers first, with
// the limit or the name. It reads tags only: text between tags is skipped with indexOf.
import { XMLParser } from "fast-xml-parser";
import { FILE_LIMITS, FileLimitError, type FileReader, type ReaderLimits } from "./limits";

/**
 * Names that are properties of every object (Object.prototype): an element or attribute so
 * named, written as a key, would read or replace the prototype's (CVE-2023-26920 was such a
 * pollution in fast-xml-parser). No ISO 20022 or SpreadsheetML element has one of these names.
 */
const RESERVED = new Set([
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "toString",
  "valueOf",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
]);

/** A name that cannot be read safely, or a DOCTYPE (entity expansion), found by the scan. */
export class XmlNameError extends Error {
  constructor(
    readonly found: string,
    readonly kind: "element" | "attribute" | "doctype",
  ) {
    super(
      kind === "doctype"
        ? "a DOCTYPE is not allowed in this file"
        : `the ${kind} name "${found}" is not allowed: it names a property of every JavaScript object`,
    );
    this.name = "XmlNameError";
  }
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

function checkName(name: string, kind: "element" | "attribute"): void {
  if (RESERVED.has(localName(name)) || RESERVED.has(name)) throw new XmlNameError(name, kind);
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Past the end of `close` from `from`, or the text's length when it never comes. */
function after(text: string, close: string, from: number): number {
  const at = text.indexOf(close, from);
  return at < 0 ? text.length : at + close.length;
}

interface Counts {
  depth: number;
  elements: number;
  attributes: number;
}

/** The end of the element name starting at `from`: a space, ">" or "/". */
function nameEnd(text: string, from: number): number {
  let k = from;
  while (k < text.length && !isSpace(text.charCodeAt(k)) && text[k] !== ">" && text[k] !== "/") k++;
  return k;
}

/**
 * The index of the quote closing the value whose quote is at `open`, or the text's last index
 * when it never comes (the tag then runs to the end): found with indexOf, as the text between
 * tags, not a character at a time.
 */
function closingQuote(text: string, open: number): number {
  const close = text.indexOf(text[open], open + 1);
  return close < 0 ? text.length - 1 : close;
}

/**
 * A start tag at `i` (text[i] === "<"): its name and attribute names checked, its attributes
 * counted; returns the index past its ">" and whether it closed itself ("/>").
 */
function startTag(text: string, i: number, counts: Counts): { end: number; selfClosing: boolean } {
  let k = nameEnd(text, i + 1);
  checkName(text.slice(i + 1, k), "element");
  let token = k;
  for (; k < text.length; k++) {
    const c = text[k];
    if (c === '"' || c === "'") {
      k = closingQuote(text, k);
      token = k + 1;
    } else if (c === ">") break;
    else if (c === "=") {
      counts.attributes++;
      const name = text.slice(token, k).trim();
      if (name) checkName(name, "attribute");
    } else if (isSpace(c.charCodeAt(0))) token = k + 1;
  }
  return { end: k + 1, selfClosing: text[k - 1] === "/" };
}

/** A reader's bounds: its maxima (none: no bound) and the part of the file named in its errors. */
interface Bounds {
  reader: FileReader;
  where: Record<string, string>;
  depth: number;
  elements: number;
  attributes: number;
}

function boundsOf(reader: FileReader, part: string | undefined): Bounds {
  const limits = FILE_LIMITS[reader] as ReaderLimits;
  return {
    reader,
    where: part ? { part } : {},
    depth: limits.depth ?? Number.POSITIVE_INFINITY,
    elements: limits.elements ?? Number.POSITIVE_INFINITY,
    attributes: limits.attributes ?? Number.POSITIVE_INFINITY,
  };
}

/** Counts a start tag just read (its attributes are counted); throws FileLimitError at the first bound passed. */
function enterElement(counts: Counts, selfClosing: boolean, bounds: Bounds): void {
  if (++counts.elements > bounds.elements) throw new FileLimitError(bounds.reader, "elements", bounds.where);
  if (counts.attributes > bounds.attributes) throw new FileLimitError(bounds.reader, "attributes", bounds.where);
  if (!selfClosing && ++counts.depth > bounds.depth) throw new FileLimitError(bounds.reader, "depth", bounds.where);
}

/**
 * Past the comment or CDATA section at `i` (text[i + 1] === "!"), or past the processing
 * instruction (text[i + 1] === "?"); throws XmlNameError on a DOCTYPE.
 */
function afterMarkup(text: string, i: number): number {
  if (text[i + 1] === "?") return after(text, "?>", i + 2);
  if (text.startsWith("<!--", i)) return after(text, "-->", i + 4);
  if (text.startsWith("<![CDATA[", i)) return after(text, "]]>", i + 9);
  throw new XmlNameError("DOCTYPE", "doctype");
}

/**
 * Throws FileLimitError (depth, elements, attributes: the reader's figures in FILE_LIMITS) or
 * XmlNameError; returns the counts of a document within them. A malformed document is not
 * judged here: the parser's validation says what is wrong with it.
 */
export function checkXmlBounds(text: string, reader: FileReader, part?: string): Counts {
  const bounds = boundsOf(reader, part);
  const counts: Counts = { depth: 0, elements: 0, attributes: 0 };
  let deepest = 0;
  let i = text.indexOf("<");
  while (i >= 0) {
    const next = text[i + 1];
    if (next === "!" || next === "?") i = afterMarkup(text, i);
    else if (next === "/") {
      counts.depth--;
      i = after(text, ">", i + 2);
    } else {
      const tag = startTag(text, i, counts);
      enterElement(counts, tag.selfClosing, bounds);
      deepest = Math.max(deepest, counts.depth);
      i = tag.end;
    }
    i = text.indexOf("<", i);
  }
  return { ...counts, depth: deepest };
}

/**
 * The parser the readers use once checkXmlBounds has passed a text: attributes kept (`@_`
 * prefixed), namespace prefixes dropped, every value a string, the `repeating` elements always
 * arrays, and fast-xml-parser's own depth guard one level below the reader's limit `depth`.
 */
export function boundedXmlParser(repeating: Set<string>, depth: number, trimValues: boolean): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues,
    isArray: (tagName) => repeating.has(tagName),
    maxNestedTags: depth + 1,
  });
}
