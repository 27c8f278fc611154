// The text form in which the generated module (tax-tables-<year>.ts) carries Skatteverket's
// monthly tables. Skatteverket's file is about 400 KB; a plain array of its 40 404 amounts
// would still be over 200 KB of source. Along one column the tax grows almost linearly with
// income, so the change between two consecutive row-to-row steps (the second difference)
// is nearly always a small number: each is stored as one character, with an escape for the
// few that are not. scripts/gen-tax-tables.mjs writes this form and, before it writes
// anything, decodes it again with the functions below and compares every record.

/** 64 symbols; the last one is the escape for values that do not fit in one character. */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const ESCAPE = DIGITS[63];

/** The monthly tables of one year, as written by scripts/gen-tax-tables.mjs. */
export interface EncodedMonthlyTables {
  year: number;
  /** SHA-256 of the Skatteverket file the module was generated from. */
  sourceSha256: string;
  /**
   * Upper bound (kronor, inclusive) of each whole-kronor row ("30B"), shared by every table.
   * The first row starts at 1 kr; each later row starts at the previous upper bound + 1.
   */
  amountRowUpper: number[];
  /** table number -> six encoded columns (column 1 first) of withholding in kronor, one value per row. */
  amounts: Record<number, string[]>;
  /** table number -> percentage rows ("30%"): [income from, six two-digit percentages]; each row runs to the next one's start. */
  percentRows: Record<number, [number, string][]>;
}

function zigzag(n: number): number {
  return n >= 0 ? n * 2 : -n * 2 - 1;
}

function unzigzag(z: number): number {
  return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
}

/** Encodes one column of non-negative whole-kronor amounts. */
export function encodeAmountColumn(values: readonly number[]): string {
  let out = "";
  let previous = 0;
  let previousStep = 0;
  for (const value of values) {
    const step = value - previous;
    const z = zigzag(step - previousStep);
    if (z < 63) out += DIGITS[z];
    else if (z < 64 * 64) out += ESCAPE + DIGITS[Math.floor(z / 64)] + DIGITS[z % 64];
    else throw new RangeError(`second difference ${step - previousStep} is too large to encode`);
    previous = value;
    previousStep = step;
  }
  return out;
}

/** Decodes a column written by encodeAmountColumn. */
export function decodeAmountColumn(encoded: string): Int32Array {
  const values: number[] = [];
  let previous = 0;
  let previousStep = 0;
  for (let i = 0; i < encoded.length; i++) {
    let z = DIGITS.indexOf(encoded[i]);
    if (z < 0) throw new RangeError(`invalid symbol ${encoded[i]} in an encoded tax column`);
    if (z === 63) {
      z = DIGITS.indexOf(encoded[i + 1]) * 64 + DIGITS.indexOf(encoded[i + 2]);
      i += 2;
    }
    const step = previousStep + unzigzag(z);
    previous += step;
    previousStep = step;
    values.push(previous);
  }
  return Int32Array.from(values);
}

/** "303026273535" -> [30, 30, 26, 27, 35, 35] */
export function decodePercentages(six: string): number[] {
  return [0, 1, 2, 3, 4, 5].map((i) => Number(six.slice(i * 2, i * 2 + 2)));
}
