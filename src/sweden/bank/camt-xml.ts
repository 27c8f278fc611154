// Reading ISO 20022 cash-management XML with fast-xml-parser. Namespace prefixes are dropped
// (banks write both <Document xmlns=...> and <ns2:Document>), values stay strings (an id like
// "0001" or an amount like "500000" must not become a number), and every element the message
// definitions allow to repeat is always an array, so one entry and many entries read alike.

import { XMLValidator } from "fast-xml-parser";
import { FILE_LIMITS } from "../../formats/limits";
import { boundedXmlParser, checkXmlBounds } from "../../formats/xml-bounds";
import { decimalToOre, decimalToOreRounded } from "./amount";
import { boundsRefusal, malformed } from "./errors";

// Repeating elements (0..n or 1..n) in camt.053/054 .001.02-.08 that the reader visits.
const REPEATING = new Set(["Stmt", "Ntfctn", "Bal", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd", "AddtlTxInf"]);

// checkCamtBounds has refused a deeper document; the parser's depth guard stands behind it
const parser = boundedXmlParser(REPEATING, FILE_LIMITS.camt.depth, true);

/**
 * The bounds of a camt document (src/formats/limits.ts: depth, elements, attributes, and no
 * name of an Object.prototype property), checked in one pass before it is parsed: by the
 * import route, so the file is refused before anything is stored, and again by parseXml.
 */
export function checkCamtBounds(text: string): void {
  try {
    checkXmlBounds(text, "camt");
  } catch (err) {
    throw boundsRefusal(err) ?? err;
  }
}

export type XmlNode = { [name: string]: unknown };

export function parseXml(text: string): XmlNode {
  // ISO 20022 messages are validated against XSDs and never carry a DTD; refusing one keeps
  // entity expansion (and its amplification attacks) out of the reader.
  if (/<!DOCTYPE/i.test(text))
    throw malformed("a DOCTYPE is not allowed in an ISO 20022 message", { found: "DOCTYPE" });
  checkCamtBounds(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw malformed(`the XML is not well-formed: ${valid.err.msg} (line ${valid.err.line})`, {
      line: valid.err.line,
      code: valid.err.code,
    });
  }
  try {
    return parser.parse(text) as XmlNode;
  } catch (err) {
    // the scan above leaves the parser nothing to refuse; should it still, the file is the cause
    throw malformed(`the XML could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const isNode = (v: unknown): v is XmlNode => typeof v === "object" && v !== null && !Array.isArray(v);

/** The node at a path of element names; the first of any repeated element on the way. */
export function at(node: unknown, ...path: string[]): XmlNode | undefined {
  let cur: unknown = node;
  for (const name of path) {
    if (!isNode(cur)) return undefined;
    cur = cur[name];
    if (Array.isArray(cur)) cur = cur[0];
  }
  return isNode(cur) ? cur : undefined;
}

/** Every node under a repeating element, [] when absent. */
export function all(node: unknown, name: string): XmlNode[] {
  if (!isNode(node)) return [];
  const v = node[name];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.filter(isNode);
}

/** The text of the element at a path, null when absent or empty. */
export function textAt(node: unknown, ...path: string[]): string | null {
  let cur: unknown = node;
  for (const name of path) {
    if (!isNode(cur)) return null;
    cur = cur[name];
    if (Array.isArray(cur)) cur = cur[0];
  }
  if (isNode(cur)) cur = cur["#text"];
  if (typeof cur !== "string") return null;
  const t = cur.trim();
  return t === "" ? null : t;
}

export function textsAt(node: unknown, name: string): string[] {
  if (!isNode(node)) return [];
  const v = node[name];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list
    .map((x) => (isNode(x) ? x["#text"] : x))
    .filter((x): x is string => typeof x === "string" && x.trim() !== "")
    .map((x) => x.trim());
}

export interface XmlAmount {
  ore: number;
  currency: string;
}

/**
 * An <Amt Ccy="SEK">105678.50</Amt> element. Booked amounts are exact (at most two decimals);
 * counter-values in other currencies are rounded to two.
 */
export function amountAt(node: unknown, where: string, exact = true, ...path: string[]): XmlAmount | null {
  const amt = path.length ? at(node, ...path) : isNode(node) ? node : undefined;
  if (!amt) return null;
  const value = textAt(amt);
  const currency = typeof amt["@_Ccy"] === "string" ? amt["@_Ccy"].trim().toUpperCase() : null;
  if (value === null || !currency)
    throw malformed(`${where}: an amount needs a value and a Ccy attribute`, { record: where });
  const ore = exact ? decimalToOre(value) : decimalToOreRounded(value);
  if (ore === null)
    throw malformed(`${where}: "${value}" is not an amount with at most two decimals`, { record: where, value });
  return { ore, currency };
}

// ISODate and ISODateTime are XML Schema's date and dateTime (ISO 20022 data types): a date with
// an optional zone; a date, "T", hh:mm:ss with optional fractions, an optional zone. The hour
// is 00-23 here: dateTime's 24:00:00 (the next day's midnight) is no booking time a bank writes.
const ZONE = "(Z|[+-](0\\d|1[0-4]):[0-5]\\d)?";
const ISO_DATE = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})${ZONE}$`);
const ISO_DATE_TIME = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?${ZONE}$`);

/**
 * Just the date of an ISODate or ISODateTime: the bank's own calendar day, as written. A value
 * of neither form (a DtTm of 25:99, a Dt with more after it) is returned whole, so that the
 * row gate rejects the row naming it (isValidDate: it is no YYYY-MM-DD); absent is null.
 */
export function dateAt(node: unknown, ...path: string[]): string | null {
  const holder = at(node, ...path);
  const dt = textAt(holder, "Dt");
  if (dt !== null) return ISO_DATE.exec(dt)?.[1] ?? dt;
  const dtTm = textAt(holder, "DtTm");
  if (dtTm !== null) return ISO_DATE_TIME.exec(dtTm)?.[1] ?? dtTm;
  return null;
}
