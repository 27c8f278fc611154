// The corporate tax rules (src/sweden/corporate-tax.ts) against their public sources.
import { describe, expect, it } from "vitest";
import {
  corporateTaxOn,
  fundAccountFor,
  fundMustBeReversed,
  fundYearOf,
  maxPeriodiseringsfond,
  roundTaxableIncome,
  schablonintakt,
} from "../../src/sweden/corporate-tax";
import { neFieldOf } from "../../src/sweden/ne";

const kr = (n: number) => n * 100;

describe("corporate tax (IL 65 kap 10 §: 20.6 %; IL 1 kap 6 §: taxable income rounded down to hundreds)", () => {
  it("rounds the taxable income down to whole hundreds of kronor", () => {
    expect(roundTaxableIncome(kr(123_456) + 78)).toBe(kr(123_400));
    expect(roundTaxableIncome(kr(99))).toBe(0);
    expect(roundTaxableIncome(kr(-5_000))).toBe(0);
  });
  it("takes 20.6 % of the rounded income, in whole kronor rounded down", () => {
    // 100 000 kr * 20.6 % = 20 600 kr
    expect(corporateTaxOn(kr(100_000))).toBe(kr(20_600));
    // 123 400 * 0.206 = 25 420.4 -> 25 420
    expect(corporateTaxOn(kr(123_400))).toBe(kr(25_420));
    expect(corporateTaxOn(0)).toBe(0);
  });
});

describe("periodiseringsfond (IL 30 kap 5 § and 7 §)", () => {
  it("allows at most 25 % of the surplus before the allocation, in whole kronor", () => {
    expect(maxPeriodiseringsfond(kr(400_000))).toBe(kr(100_000));
    // 25 % of 123 457.50 = 30 864.375 -> 30 864
    expect(maxPeriodiseringsfond(kr(123_457) + 50)).toBe(kr(30_864));
    expect(maxPeriodiseringsfond(kr(-1))).toBe(0);
  });
  it("names the fund accounts by the year's last digit, as BAS 2026 does", () => {
    expect(fundAccountFor(2026)).toBe("2126");
    expect(fundYearOf("2126", 2026)).toBe(2026);
    expect(fundYearOf("2120", 2026)).toBe(2020);
    expect(fundYearOf("2127", 2026)).toBe(2027);
    expect(fundYearOf("2128", 2026)).toBe(2018);
    expect(fundYearOf("2129", 2026)).toBe(2019);
    expect(fundYearOf("2135", 2026)).toBe(2025);
    expect(fundYearOf("2110", 2026)).toBeNull();
  });
  it("reverses a fund the sixth year after the year it was made in", () => {
    expect(fundMustBeReversed(2020, 2026)).toBe(true);
    expect(fundMustBeReversed(2021, 2026)).toBe(false);
  });
});

describe("schablonintäkt (IL 30 kap 6 a §; Skatteverket, Rättslig vägledning 2023.9)", () => {
  it("is Skatteverket's example: 800 000 kr of funds at 1.50 % give 12 000 kr", () => {
    expect(schablonintakt(kr(800_000), "1.50", 12)).toBe(kr(12_000));
  });
  it("uses at least 0.5 % and scales a year of other length", () => {
    // statslåneränta -0.09 % on 30 Nov 2019: the floor 0.5 % applies
    expect(schablonintakt(kr(800_000), "-0.09", 12)).toBe(kr(4_000));
    expect(schablonintakt(kr(800_000), "1.50", 18)).toBe(kr(18_000));
    expect(schablonintakt(0, "1.50", 12)).toBe(0);
  });
});

describe("NE-bilaga fields by BAS range (Skatteverket SKV 283)", () => {
  it("puts sales in R1 for a VAT-registered trader and in R2 for one not registered", () => {
    expect(neFieldOf("3001", true)).toBe("R1");
    expect(neFieldOf("3001", false)).toBe("R2");
  });
  it("splits costs into R5-R10 and leaves 88xx-89xx to R11 alone", () => {
    expect(neFieldOf("4010", true)).toBe("R5");
    expect(neFieldOf("6072", true)).toBe("R6");
    expect(neFieldOf("7010", true)).toBe("R7");
    expect(neFieldOf("8314", true)).toBe("R4");
    expect(neFieldOf("8423", true)).toBe("R8");
    expect(neFieldOf("7821", true)).toBe("R9");
    expect(neFieldOf("7832", true)).toBe("R10");
    expect(neFieldOf("8811", true)).toBeNull();
  });
});
