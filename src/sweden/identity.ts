// Swedish identity numbers: personnummer (Folkbokföringslagen 18 §, SKV 704),
// samordningsnummer (day + 60) and organisationsnummer (SKV 709). All carry a
// Luhn (modulus 10) check digit over the ten-digit form YYMMDDNNNC.
import { luhnCheckDigit } from "./ocr";

/** Luhn check over a digit string whose last digit is the check digit. */
export function luhnValid(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

export interface ParsedPersonnummer {
  /** 12 digits, YYYYMMDDNNNC */
  long: string;
  /** YYMMDD-NNNC (or + for 100 years or older) */
  separated: string;
  kind: "personnummer" | "samordningsnummer";
}

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Parses YYMMDD-NNNC, YYMMDD+NNNC, YYMMDDNNNC, YYYYMMDDNNNC or YYYYMMDD-NNNC.
 * A 10-digit form without century is placed in the century that makes the person
 * younger than 100 on `today` (a `+` separator adds 100 years), as Skatteverket does.
 */
export function parsePersonnummer(input: string, today: string): ParsedPersonnummer | null {
  const m = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const [, century, yy, mm, dd, sep, tail] = m;
  const ten = `${yy}${mm}${dd}${tail}`;
  // The three-digit birth number 000 is never issued.
  if (tail.startsWith("000") || !luhnValid(ten)) return null;
  let day = Number(dd);
  const kind = day > 60 ? "samordningsnummer" : "personnummer";
  if (day > 60) day -= 60;
  const month = Number(mm);
  let year: number;
  const thisYear = Number(today.slice(0, 4));
  if (century) {
    year = Number(century + yy);
  } else {
    year = Math.floor(thisYear / 100) * 100 + Number(yy);
    if (`${year}${mm}${String(day).padStart(2, "0")}` > today.replaceAll("-", "")) year -= 100;
    if (sep === "+") year -= 100;
  }
  if (!isRealDate(year, month, day)) return null;
  const old = thisYear - year >= 100;
  return { long: `${year}${mm}${dd}${tail}`, separated: `${yy}${mm}${dd}${old ? "+" : "-"}${tail}`, kind };
}

export interface ParsedOrgNumber {
  /** NNNNNN-NNNN */
  formatted: string;
  /** true when the number is a personnummer (a sole trader's organisation number) */
  isPersonal: boolean;
}

/**
 * Organisationsnummer: ten digits (optionally with a hyphen, or prefixed "16"),
 * Luhn-valid. Legal entities have a month pair of 20 or more (third digit >= 2);
 * a sole trader's number is the owner's personnummer.
 */
export function parseOrgNumber(input: string, today: string): ParsedOrgNumber | null {
  const compact = input.trim().replace(/^16(?=\d{6}-?\d{4}$)/, "");
  const m = /^(\d{6})-?(\d{4})$/.exec(compact);
  if (m) {
    const ten = m[1] + m[2];
    if (luhnValid(ten) && Number(ten[2]) >= 2) return { formatted: `${m[1]}-${m[2]}`, isPersonal: false };
  }
  const pnr = parsePersonnummer(input, today);
  // A sole trader's number is the personnummer in its separated form ("+" from age 100).
  if (pnr) return { formatted: pnr.separated, isPersonal: true };
  return null;
}

/** "********-1234": the only form in which a personal number leaves the service. */
export function maskPersonnummer(long: string): string {
  return `********-${long.slice(-4)}`;
}

/**
 * Norwegian organisasjonsnummer (Enhetsregisterloven; Brønnøysundregistrene): nine
 * digits, the last a modulus 11 check digit over the first eight with the weights
 * 3 2 7 6 5 4 3 2. The check digit is 11 minus the remainder of the weighted sum;
 * 11 becomes 0 and 10 is never issued. Returns the nine digits, or null.
 */
export function parseNorwegianOrgNumber(input: string): string | null {
  const digits = input
    .trim()
    .replace(/^NO/i, "")
    .replace(/MVA$/i, "")
    .replace(/[\s.-]/g, "");
  if (!/^\d{9}$/.test(digits)) return null;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(digits[8]) ? digits : null;
}

/**
 * The registration number of a business outside Sweden, checked by the rule of its
 * country where one is implemented (Norway), else kept as supplied: a foreign number
 * is never put through the Swedish Luhn check. `ok: false` names the country's rule.
 */
export function parseForeignRegistrationNumber(
  country: string,
  input: string,
): { ok: true; value: string } | { ok: false; rule: string } {
  if (country === "NO") {
    const no = parseNorwegianOrgNumber(input);
    return no ? { ok: true, value: no } : { ok: false, rule: "a Norwegian organisasjonsnummer (9 digits, mod 11)" };
  }
  return { ok: true, value: input.trim() };
}
