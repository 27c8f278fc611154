// Decimal text to integer öre without binary floating point. Booked amounts must be exact:
// more than two non-zero decimals is refused, never rounded. Foreign counter-values are only
// informative and may carry more decimals (ISO 20022 ActiveOrHistoricCurrencyAndAmount allows
// five), so they are rounded half-up with big.js.

import Big from "big.js";

/** "1234.5" -> 123450; null when the text is not an unsigned decimal with at most 2 decimals. */
export function decimalToOre(text: string): number | null {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const frac = m[2] ?? "";
  if (/[^0]/.test(frac.slice(2))) return null;
  const ore = Number(m[1]) * 100 + Number(frac.slice(0, 2).padEnd(2, "0"));
  return Number.isSafeInteger(ore) ? ore : null;
}

/** Like decimalToOre, but rounds extra decimals half-up (for counter-values only). */
export function decimalToOreRounded(text: string): number | null {
  if (!/^\d+(?:\.\d*)?$/.test(text)) return null;
  const ore = Number(new Big(text).times(100).round(0, Big.roundHalfUp).toFixed(0));
  return Number.isSafeInteger(ore) ? ore : null;
}

export type DecimalSeparator = "," | ".";

// Minus signs seen in exports: ASCII hyphen, U+2212 (American Express SE writes credits with
// it), en dash; a trailing minus ("125,00-") and accounting parentheses also occur.
const MINUS = /^[-\u2212\u2013]/;
const TRAILING_MINUS = /[-\u2212\u2013]$/;
// Thousands are grouped with space, no-break space (U+00A0), narrow no-break space (U+202F),
// thin space (U+2009) or an apostrophe.
const GROUPING = /[\s\u00a0\u202f\u2009']/g;

/**
 * A signed amount as bank CSV exports write it, into öre. `decimal` is the file's decimal
 * separator; the other of comma and point is then a thousands separator. Without it, the last
 * of comma and point is taken as the decimal separator.
 */
export function parseCsvAmount(raw: string, decimal: DecimalSeparator | null): number | null {
  let s = raw.trim().replace(/\s*(kr|[A-Z]{3})\.?$/i, "");
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith("+")) s = s.slice(1);
  if (MINUS.test(s)) {
    negative = !negative;
    s = s.slice(1);
  } else if (TRAILING_MINUS.test(s)) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  s = s.replace(GROUPING, "");
  const sep = decimal ?? (s.lastIndexOf(",") > s.lastIndexOf(".") ? "," : ".");
  const thousands = sep === "," ? "." : ",";
  if (sep === "," && s.includes(",") && s.lastIndexOf(",") !== s.indexOf(",")) return null;
  s = s.split(thousands).join("");
  if (sep === ",") s = s.replace(",", ".");
  const ore = decimalToOre(s);
  if (ore === null) return null;
  return negative && ore !== 0 ? -ore : ore;
}

/**
 * The decimal separator of a column: a comma or point followed by one or two digits at the end
 * of some value settles it ("1 234,50", "-12.5"); a column of whole numbers settles nothing.
 */
export function detectDecimalSeparator(values: string[]): DecimalSeparator | null {
  let comma = 0;
  let point = 0;
  for (const v of values) {
    const t = v.trim().replace(/[-\u2212\u2013)]$/, "");
    if (/,\d{1,2}$/.test(t)) comma++;
    else if (/\.\d{1,2}$/.test(t)) point++;
  }
  if (comma === 0 && point === 0) return null;
  return comma >= point ? "," : ".";
}
