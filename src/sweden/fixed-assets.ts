// Fixed assets (anläggningstillgångar): the plan's straight-line depreciation by month, and the
// tax depreciation of inventarier at year-end (räkenskapsenlig avskrivning, Inkomstskattelagen
// 1999:1229, 18 kap. 13-17 §§; Skatteverket, Rättslig vägledning, "Räkenskapsenlig avskrivning",
// https://www4.skatteverket.se/rattsligvagledning/edition/2021.15/339131.html). Pure: öre integers
// in, öre integers out; big.js where a fraction is taken, so no sum passes through floating point.
import Big from "big.js";

/** "2026-03": a calendar month. */
export type Month = string;

/** The month of a date ("2026-03-15" → "2026-03"). */
export const monthOf = (date: string): Month => date.slice(0, 7);

/** Months from `a` to `b` (b − a): "2026-01" to "2026-03" is 2. */
export function monthsBetween(a: Month, b: Month): number {
  const [ya, ma] = a.split("-").map(Number) as [number, number];
  const [yb, mb] = b.split("-").map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma);
}

/** The month `n` months after `m` (n may be negative). */
export function addMonths(m: Month, n: number): Month {
  const [y, mo] = m.split("-").map(Number) as [number, number];
  const index = y * 12 + (mo - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last day of a month ("2026-02" → "2026-02-28"). */
export function lastDayOf(m: Month): string {
  const [y, mo] = m.split("-").map(Number) as [number, number];
  const day = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${m}-${String(day).padStart(2, "0")}`;
}

/** What a straight-line plan needs to know about one asset. */
export interface StraightLinePlan {
  /** the depreciable amount (the acquisition value; no residual value), öre */
  baseOre: number;
  /** the first month depreciated: the month the asset was taken into use, counted in full */
  startMonth: Month;
  /** the useful life in months; 0 means not depreciated (land) */
  lifeMonths: number;
}

/**
 * The plan's accumulated depreciation through the end of `month`, öre: base × months / life,
 * rounded half up to the öre. Taking each month's amount as the difference of two such figures
 * (rather than rounding base / life and multiplying) makes the months add up to the base
 * exactly in the last month, with the rounding spread over the life, and never past the base:
 * the residual value never goes below zero.
 */
export function plannedAccumulatedOre(plan: StraightLinePlan, month: Month): number {
  if (plan.lifeMonths <= 0 || plan.baseOre <= 0) return 0;
  const months = Math.min(Math.max(monthsBetween(plan.startMonth, month) + 1, 0), plan.lifeMonths);
  return Number(new Big(plan.baseOre).times(months).div(plan.lifeMonths).round(0, Big.roundHalfUp).toString());
}

/** The plan's depreciation of the months `from` through `to` (inclusive), öre. */
export function plannedDepreciationOre(plan: StraightLinePlan, from: Month, to: Month): number {
  return plannedAccumulatedOre(plan, to) - plannedAccumulatedOre(plan, addMonths(from, -1));
}

/** One inventarium held at the end of the tax year, for the 20-regeln. */
export interface HeldInventarium {
  acquisitionValueOre: number;
  /** whole tax years between the year of acquisition and this one: 0 for one bought this year */
  yearsSinceAcquisition: number;
}

/** The figures of one tax year's inventarier (all öre). */
export interface TaxYearInventarier {
  /** the tax value at the end of the previous tax year (the opening tax value) */
  openingTaxValueOre: number;
  /** the acquisition values of inventarier acquired during the year */
  additionsOre: number;
  /** what was received for inventarier sold during the year */
  saleProceedsOre: number;
  /** the inventarier still held at year-end, for the kompletteringsregel */
  held: HeldInventarium[];
  /** the tax year's length in months (12 unless a first or changed fiscal year) */
  yearMonths?: number;
}

export interface TaxDepreciationRule {
  /** the lowest tax value at year-end the rule allows, öre */
  minimumClosingValueOre: number;
  /** the largest depreciation the rule allows: the base less the minimum, never below 0, öre */
  maximumDepreciationOre: number;
}

export interface TaxDepreciation {
  /** the base: opening tax value + additions − sale proceeds, öre */
  baseOre: number;
  rule30: TaxDepreciationRule;
  rule20: TaxDepreciationRule;
  /** the rule that allows the larger depreciation (30 when they are equal) */
  chosen: "30" | "20";
  maximumDepreciationOre: number;
  /** the tax value at year-end after the chosen maximum, öre */
  closingTaxValueOre: number;
}

function rule(baseOre: number, minimumClosingValueOre: number): TaxDepreciationRule {
  return { minimumClosingValueOre, maximumDepreciationOre: Math.max(baseOre - minimumClosingValueOre, 0) };
}

/**
 * The 30-regeln (IL 18 kap. 13-14 §§): the inventarier's value at year-end may not be below 70 %
 * of the base (opening tax value + the year's acquisitions − the year's sale proceeds); for a
 * tax year longer or shorter than twelve months the 30 % is scaled by months / 12 (18 kap. 14 §
 * second paragraph). Rounded half up to the öre.
 */
export function rule30MinimumOre(baseOre: number, yearMonths = 12): number {
  const rate = new Big(30).times(yearMonths).div(12).div(100);
  const minimum = new Big(baseOre).times(new Big(1).minus(rate)).round(0, Big.roundHalfUp);
  return Math.max(Number(minimum.toString()), 0);
}

/**
 * The 20-regeln, kompletteringsregeln (IL 18 kap. 17 §): the value at year-end may not be below
 * the acquisition values of the inventarier still held (acquired this tax year or in the four
 * before it), each reduced by 20 % for every tax year from the one it was acquired in: 80 % of
 * one bought this year, 60 % last year, 40 %, 20 %, and 0 % from the fifth year on.
 */
export function rule20MinimumOre(held: HeldInventarium[]): number {
  let sum = 0;
  for (const h of held) {
    const remainingPct = Math.max(80 - 20 * h.yearsSinceAcquisition, 0);
    sum += Number(new Big(h.acquisitionValueOre).times(remainingPct).div(100).round(0, Big.roundHalfUp).toString());
  }
  return sum;
}

/**
 * The year's maximum tax depreciation of inventarier by the räkenskapsenlig avskrivning: the
 * lower of the two minimum values applies, so the rule allowing the larger depreciation is
 * chosen (IL 18 kap. 17 § lets the 20-regeln complement the 30-regeln).
 */
export function maximumTaxDepreciation(year: TaxYearInventarier): TaxDepreciation {
  const baseOre = year.openingTaxValueOre + year.additionsOre - year.saleProceedsOre;
  const rule30 = rule(baseOre, rule30MinimumOre(baseOre, year.yearMonths ?? 12));
  const rule20 = rule(baseOre, rule20MinimumOre(year.held));
  const chosen = rule20.maximumDepreciationOre > rule30.maximumDepreciationOre ? "20" : "30";
  const maximumDepreciationOre = chosen === "20" ? rule20.maximumDepreciationOre : rule30.maximumDepreciationOre;
  return {
    baseOre,
    rule30,
    rule20,
    chosen,
    maximumDepreciationOre,
    closingTaxValueOre: baseOre - maximumDepreciationOre,
  };
}
