// The pure fixed-asset rules (src/sweden/fixed-assets.ts): the plan's straight line by month,
// and the räkenskapsenlig avskrivning of inventarier (IL 18 kap. 13-17 §§).
import { describe, expect, it } from "vitest";
import {
  addMonths,
  lastDayOf,
  maximumTaxDepreciation,
  monthsBetween,
  plannedAccumulatedOre,
  plannedDepreciationOre,
  rule20MinimumOre,
  rule30MinimumOre,
} from "../../src/sweden/fixed-assets";

describe("month arithmetic", () => {
  it("counts and steps months across a year end", () => {
    expect(monthsBetween("2025-11", "2026-02")).toBe(3);
    expect(addMonths("2025-11", 3)).toBe("2026-02");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(lastDayOf("2028-02")).toBe("2028-02-29");
    expect(lastDayOf("2026-02")).toBe("2026-02-28");
  });
});

describe("straight line by month", () => {
  // a computer for 10 000 kr over 36 months from March 2026: 277.78 kr a month, rounding spread
  const computer = { baseOre: 1_000_000, startMonth: "2026-03", lifeMonths: 36 };

  it("counts the month taken into use in full and nothing before it", () => {
    expect(plannedAccumulatedOre(computer, "2026-02")).toBe(0);
    expect(plannedAccumulatedOre(computer, "2026-03")).toBe(27_778); // 10 000 / 36 = 277.777… → 277.78
    expect(plannedDepreciationOre(computer, "2026-04", "2026-04")).toBe(27_778); // 555.56 − 277.78
    expect(plannedDepreciationOre(computer, "2026-05", "2026-05")).toBe(27_777); // 833.33 − 555.56
  });

  it("adds up to the acquisition value exactly after the life and never more", () => {
    let sum = 0;
    for (let i = 0; i < 40; i++) {
      const m = addMonths("2026-03", i);
      sum += plannedDepreciationOre(computer, m, m);
    }
    expect(sum).toBe(1_000_000);
    expect(plannedAccumulatedOre(computer, "2029-02")).toBe(1_000_000);
    expect(plannedDepreciationOre(computer, "2029-03", "2030-12")).toBe(0);
  });

  it("depreciates a twelve-month range as one figure", () => {
    // 24 000 kr over 60 months: 400 kr a month, 4 800 kr for a year
    const plan = { baseOre: 2_400_000, startMonth: "2026-01", lifeMonths: 60 };
    expect(plannedDepreciationOre(plan, "2026-01", "2026-12")).toBe(480_000);
  });

  it("does not depreciate land (life 0)", () => {
    expect(plannedAccumulatedOre({ baseOre: 5_000_000, startMonth: "2026-01", lifeMonths: 0 }, "2040-01")).toBe(0);
  });
});

describe("räkenskapsenlig avskrivning (IL 18 kap. 13-17 §§)", () => {
  it("30-regeln: the value may not be below 70 % of the base, scaled for a short year", () => {
    expect(rule30MinimumOre(10_000_000)).toBe(7_000_000); // 100 000 kr → at least 70 000 kr
    expect(rule30MinimumOre(10_000_000, 6)).toBe(8_500_000); // six months: 15 %
  });

  it("20-regeln: each held inventarium's acquisition value less 20 % for each year from its acquisition year", () => {
    expect(
      rule20MinimumOre([
        { acquisitionValueOre: 5_000_000, yearsSinceAcquisition: 0 }, // bought this year: 80 %
        { acquisitionValueOre: 5_000_000, yearsSinceAcquisition: 2 }, // 40 %
        { acquisitionValueOre: 5_000_000, yearsSinceAcquisition: 6 }, // 0 %
      ]),
    ).toBe(6_000_000);
  });

  it("a year of one new purchase: the 30-regeln allows 30 %", () => {
    // bought for 100 000 kr this year: 30 % = 30 000 kr; the 20-regeln 20 000 kr (80 % held)
    const r = maximumTaxDepreciation({
      openingTaxValueOre: 0,
      additionsOre: 10_000_000,
      saleProceedsOre: 0,
      held: [{ acquisitionValueOre: 10_000_000, yearsSinceAcquisition: 0 }],
    });
    expect(r.chosen).toBe("30");
    expect(r.maximumDepreciationOre).toBe(3_000_000);
    expect(r.rule20.maximumDepreciationOre).toBe(2_000_000);
    expect(r.closingTaxValueOre).toBe(7_000_000);
  });

  it("the fourth year: the 20-regeln allows more than the 30-regeln", () => {
    // 100 000 kr bought three years ago, written down 30 % a year: 70 000, 49 000, 34 300 kr.
    // Year four: 30-regeln 34 300 × 0.7 = 24 010 kr; 20-regeln 100 000 × 20 % = 20 000 kr (the
    // fourth year from the acquisition year: 80, 60, 40, 20 %).
    const r = maximumTaxDepreciation({
      openingTaxValueOre: 3_430_000,
      additionsOre: 0,
      saleProceedsOre: 0,
      held: [{ acquisitionValueOre: 10_000_000, yearsSinceAcquisition: 3 }],
    });
    expect(r.rule30.minimumClosingValueOre).toBe(2_401_000);
    expect(r.rule20.minimumClosingValueOre).toBe(2_000_000);
    expect(r.chosen).toBe("20");
    expect(r.maximumDepreciationOre).toBe(1_430_000);
  });

  it("sale proceeds reduce the base", () => {
    const r = maximumTaxDepreciation({
      openingTaxValueOre: 5_000_000,
      additionsOre: 2_000_000,
      saleProceedsOre: 1_000_000,
      held: [],
    });
    expect(r.baseOre).toBe(6_000_000);
    // nothing held: the 20-regeln allows writing down to 0
    expect(r.chosen).toBe("20");
    expect(r.rule30.maximumDepreciationOre).toBe(1_800_000);
  });
});
