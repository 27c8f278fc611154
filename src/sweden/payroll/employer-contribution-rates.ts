// Arbetsgivaravgifter and allmän löneavgift as dated data. Adding a year (or a new temporary
// reduction) is a data change here; employer-contributions.ts holds no figures.
//
// Rates in hundredths of a percent (3142 = 31.42 %), so halving and truncating is integer work.

/** One component of the full employer contribution. */
export interface ContributionComponent {
  name: string;
  hundredths: number;
}

export interface ContributionYear {
  /** The full contribution, component by component; the first is ålderspensionsavgiften. */
  components: ContributionComponent[];
  /** Age at 1 January from which only ålderspensionsavgiften is paid. */
  pensionFeeOnlyFromAge: number;
  /** People born in this year or earlier: no contributions at all. */
  exemptBornUpTo: number;
}

// 2026: socialavgiftslagen (2000:980) 2 kap. 26 § and lagen (1994:1920) om allmän löneavgift;
// the split has been unchanged since 2019 and the total is unchanged for 2026 (Skatteverket,
// "Arbetsgivaravgifter"; Fortnox, "Belopp och procentsatser för 2026"). From 2026 the age for
// "ålderspensionsavgift only" follows riktåldern for pension, 67 (prop. 2021/22:181): those who
// had turned 67 by 1 January 2026, born 1938–1958, pay 10.21 %. Born 1937 or earlier: 0 %.
const CONTRIBUTION_YEARS: Record<number, ContributionYear> = {
  2026: {
    components: [
      { name: "ålderspensionsavgift", hundredths: 1021 },
      { name: "efterlevandepensionsavgift", hundredths: 60 },
      { name: "sjukförsäkringsavgift", hundredths: 355 },
      { name: "föräldraförsäkringsavgift", hundredths: 260 },
      { name: "arbetsskadeavgift", hundredths: 20 },
      { name: "arbetsmarknadsavgift", hundredths: 264 },
      { name: "allmän löneavgift", hundredths: 1162 },
    ],
    pensionFeeOnlyFromAge: 67,
    exemptBornUpTo: 1937,
  },
};

/** A temporary reduction for young employees, applying to pay given out between two dates. */
export interface YouthReduction {
  /** First and last pay date (inclusive) the reduction applies to. */
  paidFrom: string;
  paidTo: string;
  /** Age at 1 January of the pay year: at least `minAge`, under `maxAgeExclusive`. */
  minAge: number;
  maxAgeExclusive: number;
  /** The reduced rate applies to this much of the month's pay; the rest pays the full rate. */
  capKronorPerMonth: number;
  source: string;
}

// SFS 2026:100 (prop. 2025/26:66), 2 §: on pay to those who at the start of the year have turned
// 18 but not 23, the whole ålderspensionsavgift and half of every other component, each half
// "anges med två decimaler så att övriga decimaler faller bort", on up to 25 000 kr per calendar
// month; pay given out 1 April 2026 – 30 September 2027. 2026: born 2003–2007; about 20.81 %.
const YOUTH_REDUCTIONS: YouthReduction[] = [
  {
    paidFrom: "2026-04-01",
    paidTo: "2027-09-30",
    minAge: 18,
    maxAgeExclusive: 23,
    capKronorPerMonth: 25_000,
    source: "SFS 2026:100",
  },
];

/** The contribution rules for pay given out in `year`, or null when the year is not in the table. */
export function contributionYear(year: number): ContributionYear | null {
  return CONTRIBUTION_YEARS[year] ?? null;
}

/** The youth reduction in force on `payDate` (YYYY-MM-DD), if any. */
export function youthReductionOn(payDate: string): YouthReduction | null {
  return YOUTH_REDUCTIONS.find((r) => r.paidFrom <= payDate && payDate <= r.paidTo) ?? null;
}
