// The accrual rules of src/sweden/accruals.ts: which BAS accounts hold accruals (BAS 2026,
// kontogrupp 17 and 29, shared/data/bas/BAS_kontoplan_2026.csv) and the monthly split.
import { describe, expect, it } from "vitest";
import {
  accrualSide,
  dayAfter,
  isMonthEnd,
  isResultAccount,
  monthEnds,
  openAt,
  splitEvenly,
} from "../../src/sweden/accruals";

describe("accrual accounts (BAS 2026)", () => {
  it("takes 17xx as assets and 29xx as liabilities, leaving payroll's vacation pay and contributions alone", () => {
    expect(["1710", "1720", "1730", "1760", "1790"].map(accrualSide)).toEqual(Array(5).fill("asset"));
    expect(["2910", "2960", "2970", "2990"].map(accrualSide)).toEqual(Array(4).fill("liability"));
    expect(["2920", "2940", "2941", "2950", "2959"].map(accrualSide)).toEqual(Array(5).fill(null));
    expect(["1930", "1699", "1800", "2899", "2440", "x173"].map(accrualSide)).toEqual(Array(6).fill(null));
  });
  it("takes classes 3-8 as result accounts", () => {
    expect(["3001", "5010", "6310", "8410"].every(isResultAccount)).toBe(true);
    expect(["1930", "2440", "9000"].some(isResultAccount)).toBe(false);
  });
});

describe("splitEvenly", () => {
  it("gives equal whole-öre parts with the remainder on the last month", () => {
    // 10 000.05 kr over 12 months: 1 000 005 = 11 x 83 333 + 83 342
    expect(splitEvenly(1000005, 12)).toEqual([...Array(11).fill(83333), 83342]);
    expect(splitEvenly(900000, 3)).toEqual([300000, 300000, 300000]);
    expect(splitEvenly(100, 3)).toEqual([33, 33, 34]);
    expect(splitEvenly(2, 3)).toEqual([0, 0, 2]);
    expect(splitEvenly(5, 1)).toEqual([5]);
  });
  it("always sums to the total", () => {
    for (const [total, months] of [
      [1, 12],
      [999_999_99, 7],
      [123_456_789, 120],
    ])
      expect(splitEvenly(total, months).reduce((a, b) => a + b, 0)).toBe(total);
  });
  it("refuses what is not a positive whole öre or a month count", () => {
    expect(() => splitEvenly(0, 12)).toThrow(RangeError);
    expect(() => splitEvenly(10.5, 12)).toThrow(RangeError);
    expect(() => splitEvenly(100, 0)).toThrow(RangeError);
  });
});

describe("the dates", () => {
  it("names each month's last day, leap years included", () => {
    expect(monthEnds("2027-11", 4)).toEqual(["2027-11-30", "2027-12-31", "2028-01-31", "2028-02-29"]);
    expect(isMonthEnd("2026-02-28")).toBe(true);
    expect(isMonthEnd("2028-02-28")).toBe(false);
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
  });
  it("sums what is open at a date from the movements dated on or before it", () => {
    const moves = [
      { date: "2026-12-31", amountOre: 250000 },
      { date: "2027-01-01", amountOre: -250000 },
    ];
    expect([openAt(moves, "2026-12-30"), openAt(moves, "2026-12-31"), openAt(moves, "2027-01-01")]).toEqual([
      0, 250000, 0,
    ]);
  });
});
