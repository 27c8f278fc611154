// Which of the six columns of Skatteverket's monthly tables applies to a payment.
//
// The columns differ in which deductions and credits the table builds in (SKV 433, "Teknisk
// beskrivning för skattetabeller 2026"; column reading as in ../shared/data/tax/SOURCES.md):
//   1  salary, under the age limit: jobbskatteavdrag, allmän pensionsavgift.
//   2  pension and other income not qualifying for jobbskatteavdrag, at or over the age limit:
//      förhöjt grundavdrag.
//   3  salary, at or over the age limit: förhöjt grundavdrag and the older workers' jobbskatteavdrag.
//   4  sjukersättning and aktivitetsersättning: their own skattereduktion. Not tied to age in the
//      column description; the benefit itself ends at pension age.
//   5  other income that carries the allmän pensionsavgift but no jobbskatteavdrag (e.g. a-kassa),
//      under the age limit.
//   6  pension etc. under the age limit.
// "Other" income at or over the age limit falls in column 2: the age-limited columns 1, 5 and 6
// exist only for people under it, and column 2 is the one for all non-salary income above it.
//
// The age limit is measured at the start of the income year (inkomstskattelagen 63 kap.,
// förhöjt grundavdrag; since 2026 tied to riktåldern for pension, prop. 2021/22:181). For 2026
// riktåldern is 67 and the förhöjt grundavdrag applies from January of the year a person turns
// 67, i.e. to those who had turned 66 by 1 January 2026: born 1959 or earlier (Pensionsmyndigheten
// and PRO as reported 2025-10-10; Skatteverket's brytpunkt "under 66" in SOURCES.md).

import { ageAtStartOfYear } from "./birth-date";

export type TaxColumn = 1 | 2 | 3 | 4 | 5 | 6;

export type IncomeKind = "salary" | "pension" | "sickness_compensation" | "other";

/** Age at 1 January from which columns 2 and 3 apply, by income year. */
const HIGHER_BASIC_DEDUCTION_AGE: Record<number, number> = {
  2026: 66,
};

/** The last birth year at or over the age limit in `year` (1959 for 2026), or null when the year is not known. */
export function lastBirthYearWithHigherBasicDeduction(year: number): number | null {
  const age = HIGHER_BASIC_DEDUCTION_AGE[year];
  return age === undefined ? null : year - 1 - age;
}

/**
 * The table column for a payment of `kind` paid out in `year` (the tables and age of the payment
 * year apply) to a person born on `birthDate` (YYYY-MM-DD).
 * Null when the year's age limit is not in the table (treat like a missing tax table).
 */
export function taxColumnFor(birthDate: string, kind: IncomeKind, year: number): TaxColumn | null {
  const limit = HIGHER_BASIC_DEDUCTION_AGE[year];
  if (limit === undefined) return null;
  const elderly = ageAtStartOfYear(birthDate, year) >= limit;
  switch (kind) {
    case "salary":
      return elderly ? 3 : 1;
    case "pension":
      return elderly ? 2 : 6;
    case "sickness_compensation":
      return 4;
    case "other":
      return elderly ? 2 : 5;
  }
}
