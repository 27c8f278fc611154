// The förändring av eget kapital's pure rule (src/sweden/annual-report/management-report.ts
// equityMovements, ÅRL 5 kap 14 §): what moved the equity between the previous year's
// balance sheet and this year's, in figures, and the movements K2's table has no row for.
import { describe, expect, it } from "vitest";
import type { YearBooks } from "../../src/sweden/annual-report/facts";
import { equityMovements } from "../../src/sweden/annual-report/management-report";
import { balanceFigures } from "../../src/sweden/annual-report/statements";

/** net debit öre per account from kronor */
const books = (entries: Record<string, number>) => new Map(Object.entries(entries).map(([a, kr]) => [a, kr * 100]));

// the previous year closed: 25 000 share capital, 10 000 retained, its result 50 000 on 2099
const PREVIOUS: YearBooks = {
  start: "2024-01-01",
  end: "2024-12-31",
  opening: new Map(),
  closing: books({ "1930": 85_000, "2081": -25_000, "2091": -10_000, "2099": -50_000 }),
};

/** this year: the meeting carried the 50 000 to 2091 and paid a dividend; the result 30 000 is not yet closed */
const year = (equity: Record<string, number>, cash: number): YearBooks => ({
  start: "2025-01-01",
  end: "2025-12-31",
  opening: new Map(),
  closing: books({ "1930": cash, ...equity, "3001": -80_000, "5410": 50_000 }),
});

describe("equityMovements", () => {
  it.each([
    // [2081, 2091 at the end, cash, new issue, carried, dividend, contribution] in kronor
    [-25_000, -40_000, 95_000, 0, 50_000, -20_000, 0],
    [-25_000, -60_000, 115_000, 0, 50_000, 0, 0],
    [-25_000, -75_000, 130_000, 0, 50_000, 0, 15_000],
    [-50_000, -60_000, 140_000, 25_000, 50_000, 0, 0],
  ])("2081 %d, 2091 %d: nyemission %d, balanseras %d, utdelning %d, tillskott %d", (sc, re, cash, ni, ca, di, co) => {
    const m = equityMovements(year({ "2081": sc, "2091": re }, cash), balanceFigures(PREVIOUS), 30_000_00);
    expect(m.open).toEqual({
      share_capital: 25_000_00,
      reserve_fund: 0,
      retained_earnings: 10_000_00,
      year_result: 50_000_00,
    });
    expect(m.close).toEqual({
      share_capital: -sc * 100,
      reserve_fund: 0,
      retained_earnings: -re * 100,
      year_result: 30_000_00,
    });
    expect([m.newIssueOre, m.carriedOre, m.dividendOre, m.contributionOre]).toEqual(
      [ni, ca, di, co].map((kr) => kr * 100),
    );
  });

  it("refuses a reduction of the share capital and a move of the reservfond", () => {
    const reduced = year({ "2081": -20_000, "2091": -60_000 }, 110_000);
    expect(() => equityMovements(reduced, balanceFigures(PREVIOUS), 30_000_00)).toThrow("unsupported_equity");
    const reserve = year({ "2081": -25_000, "2086": -5_000, "2091": -55_000 }, 115_000);
    expect(() => equityMovements(reserve, balanceFigures(PREVIOUS), 30_000_00)).toThrow("unsupported_equity");
  });
});
