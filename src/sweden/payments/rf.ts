// The structured creditor reference, RF (ISO 11649:2009, "Financial services - Core banking -
// Structured creditor reference to remittance information"): "RF", two check digits, then a
// reference of 1-21 letters and digits. The check: move "RF" and the check digits to the end,
// replace each letter by its number (A = 10 ... Z = 35), and the whole number modulo 97 is 1
// (the method of ISO 7064 MOD 97-10, as for an IBAN). Printed in groups of four; spaces are
// not part of it. Pure.

const LETTERS = /^[A-Z0-9]+$/;

/** The reference without spaces, upper case. */
export const compactRf = (ref: string) => ref.replace(/\s+/g, "").toUpperCase();

/** The remainder modulo 97 of a string of letters and digits read as ISO 7064 numbers. */
function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const v = ch >= "A" && ch <= "Z" ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = (rest * (v > 9 ? 100 : 10) + v) % 97;
  }
  return rest;
}

/** Whether a text is a valid RF creditor reference (spaces and letter case aside). */
export function isValidRf(ref: string): boolean {
  const r = compactRf(ref);
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(r)) return false;
  return mod97(r.slice(4) + r.slice(0, 4)) === 1;
}

/** The RF reference of a base reference (1-21 letters and digits): RF + check digits + base. */
export function rfReference(base: string): string {
  const b = compactRf(base);
  if (!LETTERS.test(b) || b.length > 21) throw new RangeError("an RF base is 1-21 letters and digits");
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, "0")}${b}`;
}

/** The base reference an RF reference carries (what the creditor put in it), or null when it is not valid. */
export function rfBase(ref: string): string | null {
  return isValidRf(ref) ? compactRf(ref).slice(4) : null;
}
