// ROT and RUT (skattereduktion för hushållsarbete, inkomstskattelagen 67 kap. 11-19 §§;
// förfarandet: lagen (2009:194) om förfarandet vid skattereduktion för hushållsarbete,
// HUSFL). The rates and the caps change by law, sometimes for a few months only, so
// both are dated tables and the date decides. The date that counts is the day the
// buyer pays: the reduction belongs to the tax year in which the work is paid
// (67 kap. 12 § IL), and the temporary 50 % ROT rate of 2025 applies to work paid after
// 11 May 2025 (prop. 2024/25:156, transitional provision). No I/O; amounts in öre.

export type DeductionType = "rot" | "rut";

/** One row of a dated table: valid from `from` through `to` (inclusive, ISO dates; null = until further notice). */
interface Dated {
  from: string;
  to: string | null;
  /** where the figure comes from */
  source: string;
}

export interface RateRow extends Dated {
  /** share of the labour cost including VAT, in basis points (3000 = 30 %) */
  rateBp: number;
}

/**
 * Subventionsgrad: the share of the labour cost including VAT (arbetskostnad inklusive
 * mervärdesskatt) that the buyer does not pay and the seller claims from Skatteverket.
 */
export const RATES: Record<DeductionType, readonly RateRow[]> = {
  rot: [
    {
      from: "2008-12-08",
      to: "2015-12-31",
      rateBp: 5000,
      source: "prop. 2008/09:77; lowered by prop. 2015/16:1 from 2016-01-01",
    },
    {
      from: "2016-01-01",
      to: "2025-05-11",
      rateBp: 3000,
      source:
        "prop. 2015/16:1; Skatteverket, Begära utbetalning (2016): 'För rotarbete kan du dra av max 30 procent av arbetskostnaden'",
    },
    {
      from: "2025-05-12",
      to: "2025-12-31",
      rateBp: 5000,
      source:
        "prop. 2024/25:156 Tillfälligt höjd subventionsgrad för rotavdraget: 50 % for work paid 12 May-31 December 2025",
    },
    {
      from: "2026-01-01",
      to: null,
      rateBp: 3000,
      source:
        "prop. 2024/25:156: the temporary rate ends at the close of 2025; Skatteverket, Rot och rut: 'högst 30 procent av arbetskostnaden'",
    },
  ],
  rut: [
    {
      from: "2007-07-01",
      to: null,
      rateBp: 5000,
      source:
        "prop. 2006/07:94; Skatteverket, Rättslig vägledning, Rutarbete: 'Skattereduktionen får uppgå till 50 " +
        "procent av den debiterade arbetskostnaden inklusive mervärdesskatt'",
    },
  ],
};

export interface CapRow extends Dated {
  /** the most a buyer may get for ROT work in the calendar year, öre */
  rotOre: number;
  /** the most a buyer may get for RUT work in the calendar year, öre */
  rutOre: number;
  /** the most a buyer may get for ROT and RUT together in the calendar year, öre */
  totalOre: number;
}

const kr = (kronor: number) => kronor * 100;

/**
 * Tak per köpare och beskattningsår (67 kap. 19 § IL), counting every deduction the
 * buyer has had in the calendar year, up to and including the payment date's rule.
 * Rows start in 2021; earlier years (age-dependent RUT caps in 2016-2018) are not
 * claimable any more (a claim is due by 31 January of the year after payment, 9 §
 * HUSFL) and are refused rather than guessed.
 */
export const CAPS: readonly CapRow[] = [
  {
    from: "2021-01-01",
    to: "2024-06-30",
    rotOre: kr(50_000),
    rutOre: kr(75_000),
    totalOre: kr(75_000),
    source:
      "prop. 2020/21:1 (RUT cap 75 000 kr from 2021); Skatteverket: 'Rot- och rutavdraget räknas ihop och " +
      "är högst 75 000 kronor per person och år. Rotavdraget får dock högst vara 50 000 kronor'",
  },
  {
    from: "2024-07-01",
    to: "2024-12-31",
    rotOre: kr(75_000),
    rutOre: kr(75_000),
    totalOre: kr(150_000),
    source:
      "prop. 2023/24:86 Tillfälligt höjt tak för rotavdraget: 75 000 kr ROT and 75 000 kr RUT for 2024, but " +
      "until 30 June 2024 at most 50 000 ROT and 75 000 together",
  },
  {
    from: "2025-01-01",
    to: null,
    rotOre: kr(50_000),
    rutOre: kr(75_000),
    totalOre: kr(75_000),
    source:
      "prop. 2023/24:86 (the 2024 caps end with 2024); Skatteverket, Rot och rut: at most 75 000 kr per " +
      "person and year together, of which at most 50 000 kr ROT",
  },
];

function lookup<T extends Dated>(rows: readonly T[], date: string): T | null {
  return rows.find((r) => r.from <= date && (r.to === null || date <= r.to)) ?? null;
}

/** The rate in basis points on `date` (the payment date), or null when the table has no row. */
export function deductionRateBp(type: DeductionType, date: string): number | null {
  return lookup(RATES[type], date)?.rateBp ?? null;
}

/** The caps per buyer on `date` (the payment date), or null when the table has no row. */
export function deductionCaps(date: string): CapRow | null {
  return lookup(CAPS, date);
}

/**
 * A buyer must have turned 18 by the end of the tax year (67 kap. 11 § IL: skattereduktion
 * ges till den som vid beskattningsårets utgång har fyllt 18 år).
 */
export const MINIMUM_AGE = 18;

/**
 * Whole kronor, rounded down: the claim file carries whole kronor (BeloppTYPE is an
 * xs:long of kronor) and a deduction never exceeds the rate, so öre are dropped.
 */
export function floorToKronorOre(ore: number): number {
  return Math.floor(ore / 100) * 100;
}

/** `rateBp` of `labourOre`, rounded down to whole kronor. */
export function deductionOf(labourOre: number, rateBp: number): number {
  // Integer arithmetic: labour in öre times basis points stays far below 2^53 for any invoice.
  return Math.floor((labourOre * rateBp) / 1_000_000) * 100;
}
