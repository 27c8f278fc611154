// Särskild löneskatt on pension costs (SLP): the employer pays it on pension premiums it pays
// for employees, including premiums bought with salary exchange (löneväxling). Lag (1991:687) om
// särskild löneskatt på pensionskostnader: 24.26 % for 2026 (Skatteverket; the same rate as
// lag (1990:659) om särskild löneskatt på vissa förvärvsinkomster). SLP is declared
// once a year in the company's income tax return; per premium it is booked as an accrual
// (BAS 7533 / 2514). Adding a year is a data change here.

import { percentOfOreRounded } from "./percent";

const SPECIAL_PAYROLL_TAX_PERCENT: Record<number, string> = {
  2025: "24.26",
  2026: "24.26",
};

export type SpecialPayrollTax =
  | { ok: true; percent: string; taxOre: number }
  | { ok: false; missing: "year"; year: number };

/** SLP on `pensionCostOre` (a pension premium, öre) booked in `year`, rounded half up to whole öre. */
export function specialPayrollTaxOnPensionCost(year: number, pensionCostOre: number): SpecialPayrollTax {
  if (!Number.isSafeInteger(pensionCostOre))
    throw new RangeError(`pension cost must be whole öre, got ${pensionCostOre}`);
  const percent = SPECIAL_PAYROLL_TAX_PERCENT[year];
  if (!percent) return { ok: false, missing: "year", year };
  return { ok: true, percent, taxOre: percentOfOreRounded(pensionCostOre, percent) };
}
