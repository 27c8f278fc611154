// Skatteverket's tables for skatteavdrag på engångsbelopp (bonus, retroactive pay, semester-
// ersättning on leaving, avgångsvederlag and other pay not tied to a period), one per column of
// the monthly tables since 2020. The percentage is read from the recipient's expected income for
// the whole year *including* the one-off amount. Adding a year is a data change here.
//
// 2026 (SKVFS 2025:21):
//   column 1 as published by FAR Online (Rätt Skatt, "Engångsskatt") and Björn Lundén
//     ("Skatteavdrag på engångsbelopp", utbetalningar under 2026), which agree band for band.
//   column 2 as published by Björn Lundén (table for main income from pension) and in
//     qpernil/swedish-tax (src/withholding.rs); the Björn Lundén page also carries one stray
//     row (477 601–463 000, 29 %) whose bounds are reversed and which the other source lacks.
//   Columns 3–6 are left out: no second published 2026 source could be found for them. Searched
//   (stored copies of public pages): Skatteverket's employer page "Engångsbelopp"
//   (skatteverket.se/foretag/.../skatteavdrag/engangsbelopp) carries a table for every column, but
//   the copy found holds the 2024 figures (SKVFS 2023:21: column 1 0–24 237 0 %, ... 775 901– 57 %),
//   and the private-person page an older year still; FAR Online (Rätt Skatt, "Engångsskatt")
//   publishes column 1 only; Björn Lundén publishes columns 1 and 2 only; no payroll vendor page
//   with 2026 columns 3–6 was found. The only 2026 figures for them are in one third-party
//   repository (qpernil/swedish-tax, src/withholding.rs, unreferenced to SKVFS 2025:21), which
//   alone is not enough. The percentages are laid down by Skatteverket year by year (FAR, Rätt
//   Skatt "Engångsskatt", lagrum 12 kap. 6 § SFL as FAR gives it); no published computation an
//   employer may use instead of the table was found. So a one-off amount
//   in columns 3–6 in 2026 gets a "missing" result for that year and column; the salary run's
//   503 SALARY_RUN_TAX_TABLE_MISSING names both. Until the table is added here
//   the tax has to be read from Skatteverket's table by hand (tax_withheld_override; see the
//   one-off paragraph of docs/payroll.md for what the salary run does with it).

import type { TaxColumn } from "./tax-column";

/** One income band: annual income up to `upTo` kronor inclusive (null: no upper bound) is taxed at `percent`. */
export interface OneOffBand {
  upTo: number | null;
  percent: number;
}

const ONE_OFF_TABLES: Record<number, Partial<Record<TaxColumn, OneOffBand[]>>> = {
  2026: {
    1: [
      { upTo: 25_041, percent: 0 },
      { upTo: 82_800, percent: 10 },
      { upTo: 192_000, percent: 21 },
      { upTo: 477_600, percent: 26 },
      { upTo: 660_000, percent: 34 },
      { upTo: null, percent: 54 },
    ],
    2: [
      { upTo: 65_800, percent: 0 },
      { upTo: 477_600, percent: 26 },
      { upTo: 660_000, percent: 34 },
      { upTo: null, percent: 55 },
    ],
  },
};

export type OneOffBandLookup =
  | { ok: true; percent: number; bandFrom: number; bandTo: number | null }
  | { ok: false; missing: "year" | "column" };

/** The one-off percentage for an expected annual income (whole kronor, including the one-off amount). */
export function oneOffBand(year: number, column: TaxColumn, annualIncomeKronor: number): OneOffBandLookup {
  const byColumn = ONE_OFF_TABLES[year];
  if (!byColumn) return { ok: false, missing: "year" };
  const bands = byColumn[column];
  if (!bands) return { ok: false, missing: "column" };
  let bandFrom = 0;
  for (const band of bands) {
    if (band.upTo === null || annualIncomeKronor <= band.upTo)
      return { ok: true, percent: band.percent, bandFrom, bandTo: band.upTo };
    bandFrom = band.upTo + 1;
  }
  throw new Error(`one-off table ${year} column ${column} has no open-ended last band`);
}
