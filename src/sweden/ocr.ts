// OCR references for Bankgiro and Plusgiro payments (Bankgirot, "OCR-referenskontroll":
// the last digit is a check digit by the modulus-10 (Luhn) method, as in a
// personnummer; with the length check the next-to-last digit is the reference's total
// length, check digit and length digit included, with the tens dropped). A reference
// has 2-25 digits. Pure.

/** The Luhn (modulus 10) check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** An OCR reference from a base of digits: base + length digit + check digit (Bankgirot's "checksiffra och längd"). */
export function ocrWithLength(base: string): string {
  if (!/^\d{1,23}$/.test(base)) throw new RangeError("an OCR base is 1-23 digits");
  const withLength = base + String((base.length + 2) % 10);
  return withLength + String(luhnCheckDigit(withLength));
}

/** Whether a reference passes the check digit and, when `withLength`, the length digit. */
export function isValidOcr(ocr: string, withLength = true): boolean {
  if (!/^\d{2,25}$/.test(ocr)) return false;
  if (luhnCheckDigit(ocr.slice(0, -1)) !== Number(ocr.at(-1))) return false;
  return !withLength || Number(ocr.at(-2)) === ocr.length % 10;
}
