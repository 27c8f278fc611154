import Big from "big.js";
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

  it("converts öre to kronor as the decimal text of ore / 100 does, for every size of integer", () => {
    // the reference: the amount's exact decimal, parsed (what fromOre did through big.js)
    const decimal = (ore: number) => Number(new Big(ore).div(100).toFixed(2));
    const edges = [0, 1, -1, 5, 10, 25, 29, 99, 100, 101, 1999, 123456, 99_999_999_999_900, Number.MAX_SAFE_INTEGER];
    const random = Array.from({ length: 20_000 }, (_, i) => {
      const size = 2 ** (1 + (i % 53));
      return Math.floor((Math.random() - 0.5) * size);
    });
    for (const ore of [...edges, ...edges.map((x) => -x), ...random])
      expect(fromOre(ore), String(ore)).toBe(decimal(ore));
    // not an integer of öre (never from the books): still rounded to whole öre as before
    expect(fromOre(12.5)).toBe(0.13);
  });
});
