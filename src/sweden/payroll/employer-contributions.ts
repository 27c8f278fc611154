// Employer contributions (arbetsgivaravgifter, including allmän löneavgift) on one employee's
// pay for one calendar month, and the total Skatteverket charges on a month's declaration.
//
// The rate follows the employee's age at 1 January of the year the pay is given out and the pay
// date (the youth reduction of SFS 2026:100 applies to pay given out from 1 April 2026).
//
// Rounding. Skatteverket does not compute contributions per employee: in the AGI each
// individual's basis is reported in whole kronor (öre dropped), the bases are summed per rate, and
// the contribution of each rate is computed on that sum with the öre dropped (ställningstagande
// 2017-06-08, dnr 131 238881-17/111; skatteförfarandeförordningen 22 kap. 1 §).
// - employerContributions(): per employee, exact on the öre basis, each rate's part rounded half up
//   to whole öre. For the payslip and the calculation breakdown.
// - declaredContributions(): Skatteverket's figure for the month in whole kronor, the amount the tax
//   account will be charged; it can differ from the sum of the per-employee figures by a few kronor.

import Big from "big.js";
import { ageAtStartOfYear } from "./birth-date";
import { contributionYear, youthReductionOn, type ContributionYear } from "./employer-contribution-rates";
import { percentOfKronorTruncated, percentOfOreRounded } from "./percent";

export type ContributionRateKind = "full" | "youth" | "pension_fee_only" | "exempt";

export interface ContributionPart {
  rate: ContributionRateKind;
  /** Percent as a decimal string, e.g. "31.42". */
  percent: string;
  basisOre: number;
  contributionOre: number;
}

export type EmployerContributions =
  | { ok: true; year: number; totalOre: number; parts: ContributionPart[] }
  /** No rates for the pay year. */
  | { ok: false; missing: "year"; year: number };

export interface ContributionRates {
  full: string;
  pensionFeeOnly: string;
  /** The youth rate in force on the pay date, or null. */
  youth: string | null;
}

function percentText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, "0")}`.replace(/0$/, "");
}

function fullHundredths(y: ContributionYear): number {
  return y.components.reduce((sum, c) => sum + c.hundredths, 0);
}

/** SFS 2026:100 2 §: the whole ålderspensionsavgift, half of each other component truncated to two decimals. */
function youthHundredths(y: ContributionYear): number {
  const [pensionFee, ...others] = y.components;
  return others.reduce((sum, c) => sum + Math.floor(c.hundredths / 2), pensionFee.hundredths);
}

/** The rates that apply to pay given out on `payDate`, or null when the year is not in the table. */
export function employerContributionRates(payDate: string): ContributionRates | null {
  const y = contributionYear(Number(payDate.slice(0, 4)));
  if (!y) return null;
  return {
    full: percentText(fullHundredths(y)),
    pensionFeeOnly: percentText(y.components[0].hundredths),
    youth: youthReductionOn(payDate) ? percentText(youthHundredths(y)) : null,
  };
}

function part(rate: ContributionRateKind, hundredths: number, basisOre: number): ContributionPart {
  const percent = percentText(hundredths);
  return { rate, percent, basisOre, contributionOre: percentOfOreRounded(basisOre, percent) };
}

/**
 * Contributions on `basisOre`, the employee's avgiftspliktig ersättning from this employer for the
 * calendar month of `payDate` (cash pay and taxable benefits; all of the month's payments together,
 * since the youth cap is per calendar month), for an employee born on `birthDate`.
 */
export function employerContributions(input: {
  birthDate: string;
  payDate: string;
  basisOre: number;
}): EmployerContributions {
  const { birthDate, payDate, basisOre } = input;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(payDate))
    throw new RangeError(`pay date must be YYYY-MM-DD, got ${JSON.stringify(payDate)}`);
  if (!Number.isSafeInteger(basisOre) || basisOre < 0)
    throw new RangeError(`contribution basis must be whole öre, not negative, got ${basisOre}`);
  const year = Number(payDate.slice(0, 4));
  const y = contributionYear(year);
  if (!y) return { ok: false, missing: "year", year };

  const age = ageAtStartOfYear(birthDate, year);
  const birthYear = Number(birthDate.slice(0, 4));
  const parts: ContributionPart[] = [];
  const youth = youthReductionOn(payDate);
  if (birthYear <= y.exemptBornUpTo) {
    parts.push(part("exempt", 0, basisOre));
  } else if (age >= y.pensionFeeOnlyFromAge) {
    parts.push(part("pension_fee_only", y.components[0].hundredths, basisOre));
  } else if (youth && age >= youth.minAge && age < youth.maxAgeExclusive) {
    const capOre = youth.capKronorPerMonth * 100;
    const reduced = Math.min(basisOre, capOre);
    parts.push(part("youth", youthHundredths(y), reduced));
    if (basisOre > reduced) parts.push(part("full", fullHundredths(y), basisOre - reduced));
  } else {
    parts.push(part("full", fullHundredths(y), basisOre));
  }
  return { ok: true, year, totalOre: parts.reduce((sum, p) => sum + p.contributionOre, 0), parts };
}

export interface DeclaredContributionsByRate {
  percent: string;
  basisKronor: number;
  contributionKronor: number;
}

/**
 * What Skatteverket charges for a month: pass one result per employee for the month. Each
 * employee's basis is cut to whole kronor per rate, the bases are summed per rate, and each rate's
 * contribution is computed on its sum with the öre dropped.
 */
export function declaredContributions(perEmployee: readonly { parts: readonly ContributionPart[] }[]): {
  byRate: DeclaredContributionsByRate[];
  totalKronor: number;
} {
  const basisByPercent = new Map<string, number>();
  for (const employee of perEmployee) {
    for (const p of employee.parts) {
      basisByPercent.set(p.percent, (basisByPercent.get(p.percent) ?? 0) + Math.floor(p.basisOre / 100));
    }
  }
  const byRate = [...basisByPercent.entries()]
    .sort(([a], [b]) => new Big(b).cmp(a))
    .map(([percent, basisKronor]) => ({
      percent,
      basisKronor,
      contributionKronor: percentOfKronorTruncated(basisKronor, percent),
    }));
  return { byRate, totalKronor: byRate.reduce((sum, r) => sum + r.contributionKronor, 0) };
}
