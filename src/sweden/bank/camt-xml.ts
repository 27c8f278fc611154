// Reading ISO 20022 cash-management XML with fast-xml-parser. Namespace prefixes are dropped
// (banks write both <Document xmlns=...> and <ns2:Document>), values stay strings (an id like
// "0001" or an amount like "500000" must not become a number), and every element the message
// definitions allow to repeat is always an array, so one entry and many entries read alike.

import { XMLParser, XMLValidator } from "fast-xml-parser";
import { decimalToOre, decimalToOreRounded } from "./amount";
import { malformed } from "./errors";

// Repeating elements (0..n or 1..n) in camt.053/054 .001.02-.08 that the reader visits.
const REPEATING = new Set(["Stmt", "Ntfctn", "Bal", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd", "AddtlTxInf"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (tagName) => REPEATING.has(tagName),
});

export type XmlNode = { [name: string]: unknown };

export function parseXml(text: string): XmlNode {
  // ISO 20022 messages are validated against XSDs and never carry a DTD; refusing one keeps
  // entity expansion (and its amplification attacks) out of the reader.
  if (/<!DOCTYPE/i.test(text))
    throw malformed("a DOCTYPE is not allowed in an ISO 20022 message", { found: "DOCTYPE" });
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw malformed(`the XML is not well-formed: ${valid.err.msg} (line ${valid.err.line})`, {
      line: valid.err.line,
      code: valid.err.code,
    });
  }
  return parser.parse(text) as XmlNode;
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

/** Just the date of an ISODate or ISODateTime: the bank's own calendar day, as written. */
export function dateAt(node: unknown, ...path: string[]): string | null {
  const holder = at(node, ...path);
  const raw = textAt(holder, "Dt") ?? textAt(holder, "DtTm");
  return raw && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : null;
}
