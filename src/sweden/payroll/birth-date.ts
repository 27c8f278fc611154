// Birth date and age from a 12-digit personnummer or samordningsnummer. The number is checked
// by src/sweden/identity.ts (Luhn, real date, day + 60 for samordningsnummer); this module only
// reads the birth date out of a number that passed. It could move into identity.ts.

import { parsePersonnummer } from "../identity";

/**
 * "YYYY-MM-DD" from YYYYMMDDNNNN (samordningsnummer: day + 60), or null when the number
 * is not a valid 12-digit personnummer or samordningsnummer. A samordningsnummer issued without a
 * known birth day (day 60) has no birth date: null, and the caller must ask for the date.
 */
export function birthDateFromPersonnummer(pnr12: string): string | null {
  if (!/^\d{12}$/.test(pnr12)) return null;
  // The 12-digit form carries its century, so the reference date only matters for the separator.
  const parsed = parsePersonnummer(pnr12, "2000-01-01");
  if (!parsed) return null;
  const day = Number(pnr12.slice(6, 8));
  const realDay = parsed.kind === "samordningsnummer" ? day - 60 : day;
  return `${pnr12.slice(0, 4)}-${pnr12.slice(4, 6)}-${String(realDay).padStart(2, "0")}`;
}

/**
 * Completed age "vid årets ingång" (at the start of `year`). Only the birth year counts: someone born on
 * 1 January has the birthday on the year's first day, not before the year begins, and Skatteverket
 * states these limits as birth years (e.g. "födda 1938–1958" for the 2026 employer contributions).
 */
export function ageAtStartOfYear(birthDate: string, year: number): number {
  const m = /^(\d{4})-\d{2}-\d{2}$/.exec(birthDate);
  if (!m) throw new RangeError(`birth date must be YYYY-MM-DD, got ${JSON.stringify(birthDate)}`);
  return year - 1 - Number(m[1]);
}
