// The text rule every stored string obeys, whether it came in a JSON body (src/http/fields.ts,
// docs/hardening.md "Text") or in a file (bank rows, src/sweden/bank/row-gate.ts): no C0
// controls (\n and \t only in multi-line text), no DEL or C1 controls, no bidirectional
// embeddings, overrides or isolates, no unpaired surrogates. One rule, so a file cannot store
// what the JSON API refuses.

/**
 * The longest text each kind of field stores, whichever path it enters by: the JSON
 * schemas (accounts, journal entries, dimensions) and the files (SIE, bank rows) read
 * these same numbers (docs/hardening.md "Text").
 */
export const TEXT_LIMITS = {
  /** a journal entry's description */
  description: 1000,
  /** a journal line's line_description */
  line_description: 500,
  /** an account's name */
  account_name: 200,
  /** a dimension's or an object's name */
  dimension_name: 100,
  /** an object's code (a dimension value) */
  dimension_code: 40,
} as const;

/** The text cut to `limit` characters, never splitting a surrogate pair. */
export function cutText(value: string, limit: number): string {
  if (value.length <= limit) return value;
  const c = value.charCodeAt(limit - 1);
  return value.slice(0, c >= 0xd800 && c <= 0xdbff ? limit - 1 : limit);
}

const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, "0");

const isBidiControl = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

/** The first offence against the text rule, as a message naming the character, or null. */
export function textProblem(value: string, multiline: boolean): string | null {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (multiline && (c === 0x0a || c === 0x09)) continue;
      return `control character U+${hex(c)} is not allowed${multiline ? " (only \\n and \\t)" : " in a single-line field"}`;
    }
    if (c >= 0x7f && c <= 0x9f) return `control character U+${hex(c)} is not allowed`;
    if (isBidiControl(c)) return `bidirectional control character U+${hex(c)} is not allowed`;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `unpaired surrogate U+${hex(c)} is not text`;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return `unpaired surrogate U+${hex(c)} is not text`;
  }
  return null;
}

/**
 * The text the rule allows, made from any text: C0 controls become one space each (they
 * separated words), except \n and \t in multi-line text (a \r\n line break becomes \n);
 * DEL, C1 controls, bidi controls and unpaired surrogates are removed.
 * textProblem(cleanText(s, m), m) is always null.
 */
export function cleanText(value: string, multiline: boolean): string {
  // most text obeys the rule already: a scan, then the same string, without building a copy a
  // character at a time (every text of every row of a bank file passes here, issue #34 item 4)
  if (textProblem(value, multiline) === null) return value;
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (multiline && c === 0x0d && value.charCodeAt(i + 1) === 0x0a) continue;
    if (multiline && (c === 0x0a || c === 0x09)) out += value[i];
    else if (c < 0x20) out += " ";
    else if ((c >= 0x7f && c <= 0x9f) || isBidiControl(c)) continue;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value[i] + value[i + 1];
        i++;
      }
    } else if (c >= 0xdc00 && c <= 0xdfff) continue;
    else out += value[i];
  }
  return out;
}

/** Strings in UTF-16 code-unit order, as SQLite's BINARY collation orders ASCII text (not the locale's). */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
