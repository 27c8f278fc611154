// Arbetsgivaravgifter 2026 and särskild löneskatt.
// Sources: full rate 31.42 % (socialavgiftslagen 2 kap. 26 § + allmän löneavgift: 10.21, 0.60, 3.55,
// 2.60, 0.20, 2.64, 11.62); born 1938–1958 (67 or older on 1 January 2026): 10.21 %; born 1937 or
// earlier: 0 % (SOURCES.md; Fortnox "Belopp och procentsatser för 2026"). Youth: SFS 2026:100 2 §,
// those who have turned 18 but not 23 on 1 January (born 2003–2007), pay given out 2026-04-01 to
// 2027-09-30, the whole ålderspensionsavgift and half of each other component truncated to two
// decimals (10.21 + 0.30 + 1.77 + 1.30 + 0.10 + 1.32 + 5.81 = 20.81 %), on up to 25 000 kr a month.
// Declaration rounding: ställningstagande 2017-06-08 (dnr 131 238881-17/111).
// Särskild löneskatt 24.26 %: lag (1991:687) om särskild löneskatt på pensionskostnader.
import { describe, expect, it } from "vitest";
import {
  declaredContributions,
  employerContributionRates,
  employerContributions,
  specialPayrollTaxOnPensionCost,
} from "../../src/sweden/payroll";

const MAY = "2026-05-25";
const contributions = (birthDate: string, payDate: string, basisOre: number) =>
  employerContributions({ birthDate, payDate, basisOre });

describe("rates for 2026", () => {
  it("builds the youth rate from the halved, truncated components", () => {
    expect(employerContributionRates(MAY)).toEqual({ full: "31.42", pensionFeeOnly: "10.21", youth: "20.81" });
  });

  it("has no youth rate before 1 April 2026", () => {
    expect(employerContributionRates("2026-03-31")).toEqual({ full: "31.42", pensionFeeOnly: "10.21", youth: null });
  });

  it("has no rates for a year that is not in the table", () => {
    expect(employerContributionRates("2027-01-25")).toBeNull();
  });
});

describe("contributions per employee and month", () => {
  it("charges 31.42 % for someone born 1985: 35 000 kr -> 10 997.00 kr", () => {
    expect(contributions("1985-06-01", MAY, 3_500_000)).toEqual({
      ok: true,
      year: 2026,
      totalOre: 1_099_700,
      parts: [{ rate: "full", percent: "31.42", basisOre: 3_500_000, contributionOre: 1_099_700 }],
    });
  });

  it("charges only ålderspensionsavgift, 10.21 %, for someone born 1958: 35 000 kr -> 3 573.50 kr", () => {
    const r = contributions("1958-12-31", MAY, 3_500_000);
    expect(r.ok && r.parts).toEqual([
      { rate: "pension_fee_only", percent: "10.21", basisOre: 3_500_000, contributionOre: 357_350 },
    ]);
  });

  it("charges the full rate for someone born 1959 (66 on 1 January 2026)", () => {
    const r = contributions("1959-01-01", MAY, 3_500_000);
    expect(r.ok && r.totalOre).toBe(1_099_700);
  });

  it("charges nothing for someone born 1937 and 10.21 % for someone born 1938", () => {
    const r1937 = contributions("1937-12-31", MAY, 3_500_000);
    const r1938 = contributions("1938-01-01", MAY, 3_500_000);
    expect(r1937.ok && r1937.parts).toEqual([
      { rate: "exempt", percent: "0", basisOre: 3_500_000, contributionOre: 0 },
    ]);
    expect(r1938.ok && r1938.totalOre).toBe(357_350);
  });

  it("splits youth pay at 25 000 kr: 30 000 kr in May 2026, born 2005 -> 5 202.50 + 1 571.00 kr", () => {
    expect(contributions("2005-08-15", MAY, 3_000_000)).toEqual({
      ok: true,
      year: 2026,
      totalOre: 677_350,
      parts: [
        { rate: "youth", percent: "20.81", basisOre: 2_500_000, contributionOre: 520_250 },
        { rate: "full", percent: "31.42", basisOre: 500_000, contributionOre: 157_100 },
      ],
    });
  });

  it("charges the youth rate on all of a month's pay under the cap: 20 000 kr -> 4 162.00 kr", () => {
    const r = contributions("2005-08-15", MAY, 2_000_000);
    expect(r.ok && r.parts).toEqual([
      { rate: "youth", percent: "20.81", basisOre: 2_000_000, contributionOre: 416_200 },
    ]);
  });

  it("charges the full rate to the same youth paid in March 2026, before the reduction starts: 30 000 kr -> 9 426.00 kr", () => {
    const r = contributions("2005-08-15", "2026-03-25", 3_000_000);
    expect(r.ok && r.parts).toEqual([
      { rate: "full", percent: "31.42", basisOre: 3_000_000, contributionOre: 942_600 },
    ]);
    const firstDay = contributions("2005-08-15", "2026-04-01", 3_000_000);
    expect(firstDay.ok && firstDay.totalOre).toBe(677_350);
  });

  it.each([
    ["2008-01-01", 628_400], // 17 on 1 January 2026: full rate
    ["2007-12-31", 416_200], // 18: youth
    ["2003-01-01", 416_200], // 22: youth
    ["2002-12-31", 628_400], // 23: full rate
  ])("born %s, 20 000 kr in May 2026 -> %i öre", (birthDate, ore) => {
    const r = contributions(birthDate, MAY, 2_000_000);
    expect(r.ok && r.totalOre).toBe(ore);
  });

  it("rounds each part half up to whole öre: 12 345.67 kr -> 3 879.009514 kr -> 387 901 öre; 25 kr -> 7.855 kr -> 786 öre", () => {
    expect(contributions("1985-06-01", MAY, 1_234_567)).toMatchObject({ totalOre: 387_901 });
    expect(contributions("1985-06-01", MAY, 2_500)).toMatchObject({ totalOre: 786 });
  });

  it("reports a pay year without rates as missing", () => {
    expect(contributions("1985-06-01", "2027-05-25", 3_000_000)).toEqual({ ok: false, missing: "year", year: 2027 });
  });

  it("refuses a negative or fractional basis and a malformed date", () => {
    expect(() => contributions("1985-06-01", MAY, -100)).toThrow(RangeError);
    expect(() => contributions("1985-06-01", MAY, 100.5)).toThrow(RangeError);
    expect(() => contributions("1985-06-01", "2026-5-25", 100)).toThrow(RangeError);
  });
});

describe("the month's declared total (Skatteverket's rounding)", () => {
  it("sums whole-kronor bases per rate and drops the öre of each rate's contribution", () => {
    const month = [
      contributions("1985-06-01", MAY, 3_500_050), // 35 000.50 kr, full
      contributions("1990-02-02", MAY, 1_234_567), // 12 345.67 kr, full
      contributions("2005-08-15", MAY, 3_000_000), // 30 000 kr, youth 25 000 + full 5 000
      contributions("1950-03-03", MAY, 2_000_000), // 20 000 kr, 10.21 %
    ].map((r) => {
      if (!r.ok) throw new Error("missing");
      return r;
    });
    // 31.42 %: 35 000 + 12 345 + 5 000 = 52 345 kr -> 16 446.799 -> 16 446
    // 20.81 %: 25 000 kr -> 5 202.50 -> 5 202; 10.21 %: 20 000 kr -> 2 042
    expect(declaredContributions(month)).toEqual({
      byRate: [
        { percent: "31.42", basisKronor: 52_345, contributionKronor: 16_446 },
        { percent: "20.81", basisKronor: 25_000, contributionKronor: 5_202 },
        { percent: "10.21", basisKronor: 20_000, contributionKronor: 2_042 },
      ],
      totalKronor: 23_690,
    });
    // The per-employee figures (1 099 716 + 387 901 + 677 350 + 204 200 öre) come to 23 691.67 kr.
    expect(month.reduce((sum, r) => sum + r.totalOre, 0)).toBe(2_369_167);
  });
});

describe("särskild löneskatt on pension premiums", () => {
  it("is 24.26 %: a 1 000 kr premium -> 242.60 kr; 1 234.56 kr -> 299.504256 kr -> 29 950 öre", () => {
    expect(specialPayrollTaxOnPensionCost(2026, 100_000)).toEqual({ ok: true, percent: "24.26", taxOre: 24_260 });
    expect(specialPayrollTaxOnPensionCost(2026, 123_456)).toEqual({ ok: true, percent: "24.26", taxOre: 29_950 });
  });

  it("reports a year without a rate as missing", () => {
    expect(specialPayrollTaxOnPensionCost(2027, 100_000)).toEqual({ ok: false, missing: "year", year: 2027 });
  });
});
