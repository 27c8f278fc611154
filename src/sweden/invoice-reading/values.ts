// The values an invoice or a receipt prints, read from their text (issue #43): amounts in
// Swedish and English notation, dates in the forms Swedish and English documents use, and the
// identifiers with their check digits. Pure.
//
// Sources: organisationsnummer and VAT number: SKV 709 (Luhn over ten digits; the Swedish VAT
// number is "SE" + the ten digits + "01", Mervärdesskatteförordningen / VIES); bankgiro and
// plusgiro numbers end with a modulus-10 (Luhn) check digit (Bankgirot, "Bankgironummer";
// Plusgirot's account numbers likewise); IBAN: ISO 13616-1, the check digits make the number
// modulo 97 equal 1 (letters A=10 .. Z=35, the first four characters moved to the end);
// OCR: Bankgirot's "OCR-referenskontroll" (src/sweden/ocr.ts).
import { luhnValid, parseOrgNumber } from "../identity";
import { isValidOcr } from "../ocr";

/** An amount in öre from a printed amount: "1 234,50", "1.234,50", "1234,50", "1,234.50", "1234.50", "-75,00". */
export function parseAmountOre(text: string): number | null {
  const t = text.replace(/[\u00a0\u202f]/g, " ").trim();
  const sv = /^(-|−)?\s?(\d{1,3}(?:[ .]\d{3})+|\d+),(\d{2})$/.exec(t);
  const en = /^(-|−)?\s?(\d{1,3}(?:[ ,]\d{3})+|\d+)\.(\d{2})$/.exec(t);
  const m = sv ?? en;
  if (!m) return null;
  const whole = Number(m[2].replace(/[ .,]/g, ""));
  const ore = whole * 100 + Number(m[3]);
  return Number.isSafeInteger(ore) ? (m[1] ? -ore : ore) : null;
}

/**
 * Every amount printed on a line, left to right: two decimals always (a whole number is a
 * quantity, a year or a rate, not money), never a percentage, never part of a date or a longer
 * number. Thousands may be grouped by a space, a dot or a comma.
 */
const SV_AMOUNT = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f.]\d{3})+|\d+),\d{2}`;
const EN_AMOUNT = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f,]\d{3})+|\d+)\.\d{2}`;
const BEFORE = String.raw`(?<![\d.,:/-])(?:-|−)?\s?`;
const AFTER = String.raw`(?![\d%]|[.,]\d|\s?%)`;
const AMOUNT = new RegExp(`${BEFORE}${SV_AMOUNT}${AFTER}|${BEFORE}${EN_AMOUNT}${AFTER}`, "g");

export function amountsIn(text: string): { ore: number; text: string }[] {
  const found: { ore: number; text: string }[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const ore = parseAmountOre(m[0]);
    if (ore !== null) found.push({ ore, text: m[0].trim() });
  }
  return found;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  januari: 1,
  january: 1,
  feb: 2,
  februari: 2,
  february: 2,
  mar: 3,
  mars: 3,
  march: 3,
  apr: 4,
  april: 4,
  maj: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  aug: 8,
  augusti: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oct: 10,
  oktober: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** How a document orders day and month in "03/04/2026": day first (Swedish, British) unless the document shows otherwise. */
export type DayOrder = "dmy" | "mdy";

const NUMERIC_DATE =
  /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)|(?<!\d)(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?!\d)/;
const NAMED_DATE =
  /(?<![\p{L}\d])(\d{1,2})\.?\s+([\p{L}]{3,9})\.?,?\s+(\d{4})(?!\d)|(?<![\p{L}])([\p{L}]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?!\d)/u;

/** The first date in a text, as YYYY-MM-DD: 2026-03-15, 2026/03/15, 15.03.2026, 15/03/2026, 15 mars 2026, Mar 15, 2026. */
export function dateIn(text: string, order: DayOrder = "dmy"): string | null {
  const n = NUMERIC_DATE.exec(text);
  if (n?.[1]) return isoDate(Number(n[1]), Number(n[2]), Number(n[3]));
  if (n) {
    const [a, b] = [Number(n[4]), Number(n[5])];
    const [d, m] = order === "mdy" ? [b, a] : [a, b];
    return isoDate(Number(n[6]), m, d);
  }
  const w = NAMED_DATE.exec(text);
  if (!w) return null;
  const [day, name, year] = w[1] ? [w[1], w[2], w[3]] : [w[5], w[4], w[6]];
  const month = MONTHS[name.toLowerCase()];
  return month ? isoDate(Number(year), month, Number(day)) : null;
}

/**
 * Day before month when a numeric date of the document can only be read so (a first part over
 * 12), else month first when one can only be read that way.
 */
export function dayOrderOf(texts: string[]): DayOrder {
  for (const t of texts)
    for (const m of t.matchAll(/(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{4})(?!\d)/g)) {
      if (Number(m[1]) > 12) return "dmy";
      if (Number(m[2]) > 12) return "mdy";
    }
  return "dmy";
}

/** A seller's organisation number "NNNNNN-NNNN" (Luhn, a legal entity or a sole trader), or null. */
export function orgNumberOf(text: string, today: string): string | null {
  const m = /(?<!\d)(\d{6})\s?-?\s?(\d{4})(?!\d)/.exec(text);
  return m ? (parseOrgNumber(`${m[1]}-${m[2]}`, today)?.formatted ?? null) : null;
}

/** The digits of a Swedish VAT number in a text ("SE556677889901", "SE 556677-8899 01"), checked or not. */
export function vatNumberIn(text: string): { value: string; valid: boolean } | null {
  const m = /\bSE\s?(\d{6})\s?-?\s?(\d{4})\s?(\d{2})(?!\d)/i.exec(text);
  if (!m) return null;
  const ten = m[1] + m[2];
  return { value: `SE${ten}${m[3]}`, valid: m[3] === "01" && luhnValid(ten) };
}

/** A bankgiro number "NNN-NNNN" or "NNNN-NNNN" (7 or 8 digits, Luhn). */
export function bankgiroIn(text: string): { value: string; valid: boolean } | null {
  const m = /(?<![\d-])(\d{3,4})[- ](\d{4})(?![\d-])/.exec(text) ?? /(?<![\d-])(\d{3,4})(\d{4})(?![\d-])/.exec(text);
  if (!m) return null;
  return { value: `${m[1]}-${m[2]}`, valid: luhnValid(m[1] + m[2]) };
}

/** A plusgiro number "NNNNNNN-N" (2 to 8 digits, the last after a hyphen, Luhn). */
export function plusgiroIn(text: string): { value: string; valid: boolean } | null {
  // printed "90066-2" or grouped in pairs from the right, "4 58 71 12-6"
  const m =
    /(?<![\d-])(\d(?:[\d ]{0,10}\d)?)-(\d)(?![\d-])/.exec(text) ?? /(?<![\d-])(\d{1,7})(\d)(?![\d-])/.exec(text);
  if (!m) return null;
  const body = m[1].replace(/ /g, "");
  if (body.length > 7) return null;
  return { value: `${body}-${m[2]}`, valid: luhnValid(body + m[2]) };
}

/** ISO 13616 check: the rearranged number modulo 97 is 1. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= "A" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** An IBAN in a text, grouped by spaces or not ("SE45 5000 0000 0583 9825 7466"), checked. */
export function ibanIn(text: string): { value: string; valid: boolean } | null {
  const m = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/.exec(text.toUpperCase());
  if (!m) return null;
  const value = m[1].replace(/ /g, "");
  return { value, valid: ibanValid(value) };
}

/** An OCR reference (2-25 digits, spaces allowed between groups) and whether it passes Bankgirot's check digit. */
export function ocrIn(text: string): { value: string; valid: boolean; lengthDigit: boolean } | null {
  const m = /(?<![\d-])(\d[\d ]{0,30}\d)(?![\d-])/.exec(text);
  if (!m) return null;
  const value = m[1].replace(/ /g, "");
  if (value.length < 2 || value.length > 25) return null;
  return { value, valid: isValidOcr(value, false), lengthDigit: isValidOcr(value, true) };
}

/**
 * The currency an amount or a line names: SEK for "kr", "SEK", "EUR", "€", "$" (USD), "£" (GBP),
 * or a three-letter code after "Valuta"/"Currency".
 */
export function currencyIn(text: string): string | null {
  const coded = /\b(?:valuta|currency)\s*:?\s*([A-Z]{3})\b/i.exec(text);
  if (coded) return coded[1].toUpperCase();
  const code = /(?<![A-Z])(SEK|EUR|USD|GBP|NOK|DKK|CHF)(?![A-Z])/.exec(text);
  if (code) return code[1];
  if (/€/.test(text)) return "EUR";
  if (/£/.test(text)) return "GBP";
  if (/\$/.test(text)) return "USD";
  if (/\d\s?kr\b|\bkr\.?\s?\d|\bkronor\b/i.test(text)) return "SEK";
  return null;
}
