import { describe, expect, it } from "vitest";
import { formatKronor, fromOre, sumOre, toOre } from "../../src/money";

describe("kronor and öre", () => {
  it.each([
    [0, 0],
    [1, 100],
    [0.1, 10],
    [0.29, 29], // 0.29 * 100 is 28.999999999999996 in binary floating point
    [1234.56, 123456],
    [19.99, 1999],
    [1e9, 100_000_000_000],
  ])("%s kr is %s öre", (kr, ore) => expect(toOre(kr)).toBe(ore));

  it.each([[0.001], [1.005], [Number.NaN], [Number.POSITIVE_INFINITY], [1e20]])("refuses %s", (kr) =>
    expect(toOre(kr)).toBeNull(),
  );

  it("sums exactly where floating point does not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromOre(sumOre([toOre(0.1)!, toOre(0.2)!]))).toBe(0.3);
    const tenThousandDimes = Array.from({ length: 10_000 }, () => toOre(0.1)!);
    expect(sumOre(tenThousandDimes)).toBe(100_000);
  });

  it("formats and converts back", () => {
    expect(fromOre(123456)).toBe(1234.56);
    expect(fromOre(-5)).toBe(-0.05);
    expect(formatKronor(100)).toBe("1.00");
    expect(() => sumOre([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});
