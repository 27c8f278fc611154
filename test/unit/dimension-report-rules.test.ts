// The rules of the reports by dimension (src/domains/reports/dimensions/rules.ts): which
// columns a question makes, which column a movement counts in, and the statement over them,
// by tables of figures worked out by hand.
import { describe, expect, it } from "vitest";
import {
  type ColumnQuestion,
  columnFinder,
  columnStatement,
  columnsOf,
} from "../../src/domains/reports/dimensions/rules";
import { monthsOf } from "../../src/sweden/fiscal-year";

const objects = [
  { code: "100", name: "Sälj" },
  { code: "200", name: "Lager" },
];
const ask = (over: Partial<ColumnQuestion>): ColumnQuestion => ({
  breakdown: "object",
  selected: null,
  objects,
  from: "2026-01-01",
  to: "2026-12-31",
  ...over,
});

describe("columns", () => {
  it.each([
    ["every object and none", ask({}), ["100", "200", "none"]],
    ["the objects asked for, in their order", ask({ selected: ["200", "100"] }), ["200", "100"]],
    ["one column", ask({ breakdown: "none", selected: ["100"] }), ["total"]],
    [
      "the months of a range",
      ask({ breakdown: "month", from: "2026-11-15", to: "2027-02-01" }),
      ["2026-11", "2026-12", "2027-01", "2027-02"],
    ],
  ])("%s", (_name, q, keys) => {
    expect(columnsOf(q).map((c) => c.key)).toEqual(keys);
  });

  it("counts a movement in its object's or month's column, or leaves it out", () => {
    const cases: [ColumnQuestion, string | null, string, number][] = [
      [ask({}), "100", "2026-03", 0],
      [ask({}), null, "2026-03", 2],
      [ask({ selected: ["200"] }), "100", "2026-03", -1],
      [ask({ selected: ["200"] }), null, "2026-03", -1],
      [ask({ breakdown: "month" }), null, "2026-03", 2],
      [ask({ breakdown: "month", selected: ["100"] }), "200", "2026-03", -1],
      [ask({ breakdown: "none" }), null, "2026-07", 0],
    ];
    for (const [q, object, month, column] of cases) expect(columnFinder(q, columnsOf(q))(object, month)).toBe(column);
  });

  it("spans a year's months", () => {
    expect(monthsOf("2026-05-01", "2027-04-30")).toHaveLength(12);
  });
});

describe("the statement over columns", () => {
  const names = new Map([["3001", { name: "Försäljning" }]]);
  it("sums sections and steps per column, with budget and difference", () => {
    const outcome = [
      { account: "3001", column: 0, ore: 700_000 },
      { account: "3001", column: 1, ore: 400_000 },
      { account: "5010", column: 0, ore: -300_000 },
      { account: "8999", column: 0, ore: -999_00 }, // a closing account: not on the statement
    ];
    const budget = [
      { account: "3001", column: 0, ore: 600_000 },
      { account: "6110", column: 1, ore: -50_000 },
    ];
    const s = columnStatement(2, outcome, budget, names);
    const sales = s.sections.find((x) => x.key === "net_sales")!;
    expect(sales).toMatchObject({ amounts: [7000, 4000], total: 11000, budget: [6000, 0], difference: [1000, 4000] });
    expect(s.net_result).toEqual({
      amounts: [4000, 4000],
      total: 8000,
      budget: [6000, -500],
      budget_total: 5500,
      difference: [-2000, 4500],
      difference_total: 2500,
    });
    // an account with only a budget is shown, with outcome 0
    const other = s.sections.find((x) => x.key === "other_external_costs")!;
    expect(other.accounts.map((a: any) => [a.account_number, a.amounts, a.budget])).toEqual([
      ["5010", [-3000, 0], [0, 0]],
      ["6110", [0, 0], [0, -500]],
    ]);
  });
});
