// The year-end tax depreciation's decision (src/domains/fixed-assets/rules.ts), with the figures
// test/integration/fixed-assets.test.ts asserts through the API: the 30- and 20-regeln's
// maximum, the amount taken, and the difference to the plan booked as överavskrivningar.
import { describe, expect, it } from "vitest";
import { decideTaxDepreciation, type TaxAsset } from "../../src/domains/fixed-assets/rules";

const YEAR = { start: "2025-01-01", end: "2025-12-31" };
const asset = (id: string, category: string, acquisitionDate: string, kronor: number): TaxAsset => ({
  id,
  category,
  acquisitionDate,
  acquisitionValueOre: kronor * 100,
  disposalDate: null,
  salePriceOre: null,
});
const svarv = asset("svarv", "inventarier", "2025-02-10", 50000);
const server = asset("server", "datorer", "2025-01-05", 30000);
const building = asset("hus", "byggnader", "2025-03-01", 1000000);

describe("decideTaxDepreciation", () => {
  // [case, assets, plan booked (öre), accumulated överavskrivningar, rule, amount,
  //  tax depreciation, plan, change, closing, lines]
  const cases: [
    string,
    TaxAsset[],
    number,
    number,
    "30" | "20" | undefined,
    number | undefined,
    number,
    number,
    number,
    number,
    [string, number, number][],
  ][] = [
    [
      "bought for 50 000 this year: the 30-regeln's 15 000, 5 833.33 above the plan's 9 166.67",
      [svarv, building],
      916667,
      0,
      undefined,
      undefined,
      1500000,
      916667,
      583333,
      3500000,
      [
        ["8853", 583333, 0],
        ["2153", 0, 583333],
      ],
    ],
    [
      "a plan faster than the rules (30 000 written off in a year): 9 000 allowed, nothing to dissolve",
      [server],
      3000000,
      0,
      undefined,
      undefined,
      900000,
      3000000,
      0,
      2100000,
      [],
    ],
    [
      "the same plan with 5 000 of överavskrivningar booked before: 5 000 dissolved, no more",
      [server],
      3000000,
      500000,
      undefined,
      undefined,
      900000,
      3000000,
      -500000,
      2100000,
      [
        ["2153", 500000, 0],
        ["8853", 0, 500000],
      ],
    ],
    [
      "the 20-regeln asked for: 10 000 (80 % of 50 000 held), 833.33 above the plan",
      [svarv],
      916667,
      0,
      "20",
      1000000,
      1000000,
      916667,
      83333,
      4000000,
      [
        ["8853", 83333, 0],
        ["2153", 0, 83333],
      ],
    ],
  ];
  it.each(cases)("%s", (_, assets, plan, accumulated, rule, amount, taxOre, planOre, changeOre, closingOre, lines) => {
    const depreciations = assets.map((a) => ({ assetId: a.id, entryDate: "2025-12-31", amountOre: plan }));
    const d = decideTaxDepreciation({
      ...YEAR,
      assets,
      depreciations: depreciations.slice(0, 1),
      openingOre: 0,
      accumulatedOverOre: accumulated,
      rule,
      amountOre: amount,
    });
    // changeOre is -0 when nothing is dissolved (Math.max of a negative and -0), as it always was
    const figures = { taxOre: d.taxOre, planOre: d.planOre, changeOre: d.changeOre + 0, closingOre: d.closingOre };
    expect(figures).toEqual({ taxOre, planOre, changeOre, closingOre });
    expect(d.lines.map((l) => [l.accountNumber, l.debitOre, l.creditOre])).toEqual(lines);
  });

  it("gives the rules' figures for 50 000 bought this year (base, 30- and 20-regeln)", () => {
    const d = decideTaxDepreciation({
      ...YEAR,
      assets: [svarv],
      depreciations: [],
      openingOre: 0,
      accumulatedOverOre: 0,
    });
    expect(d.additionsOre).toBe(5000000);
    expect(d.tax.baseOre).toBe(5000000);
    expect(d.tax.rule30).toEqual({ minimumClosingValueOre: 3500000, maximumDepreciationOre: 1500000 });
    expect(d.tax.rule20).toEqual({ minimumClosingValueOre: 4000000, maximumDepreciationOre: 1000000 });
    expect(d.chosenRule).toBe("30");
  });

  it("refuses more than the rule allows (VALIDATION_ERROR on amount)", () => {
    expect(() =>
      decideTaxDepreciation({
        ...YEAR,
        assets: [svarv],
        depreciations: [],
        openingOre: 0,
        accumulatedOverOre: 0,
        rule: "20",
        amountOre: 1200000,
      }),
    ).toThrow(/20-regeln allows at most 10000 kr/);
  });
});
