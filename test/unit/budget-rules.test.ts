// The budgets' rules (src/domains/budgets/rules.ts) and SIE's #PBUDGET lines
// (src/sweden/sie/budget.ts), by tables of figures worked out by hand.
import { describe, expect, it } from "vitest";
import { canonicalLines, canonicalObjects, csvAmountOre, parseBudgetCsv } from "../../src/domains/budgets/rules";
import { additiveBudget, readPeriodBudgets } from "../../src/sweden/sie/budget";

const year = { periodStart: "2026-05-01", periodEnd: "2027-04-30" };

describe("budget lines", () => {
  it("sums the same account, month and objects, whatever the objects' order", () => {
    const { lines, problems } = canonicalLines(
      [
        { account: "3001", month: "2026-05", objects: { "6": "P", "1": "A" }, amountOre: 100 },
        { account: "3001", month: "2026-05", objects: { "1": "A", "6": "P" }, amountOre: 250 },
        { account: "3001", month: "2027-04", objects: {}, amountOre: -5 },
      ],
      year,
    );
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { account: "3001", month: "2026-05", dimensions: '{"1":"A","6":"P"}', amountOre: 350 },
      { account: "3001", month: "2027-04", dimensions: "{}", amountOre: -5 },
    ]);
  });

  it("names a month outside a broken fiscal year", () => {
    const { problems } = canonicalLines([{ account: "3001", month: "2026-04", objects: {}, amountOre: 1 }], year);
    expect(problems).toEqual([{ path: "lines.0.month", message: "2026-04 is outside the fiscal year" }]);
  });

  it("keys objects by dimension number, not text", () => {
    expect(canonicalObjects({ "10": "x", "2": "y" })).toBe('{"2":"y","10":"x"}');
  });
});

describe("the budget CSV", () => {
  it.each([
    ["1 234,50", true, 123450],
    ["-1234.5", true, -123450],
    ["1234", false, 123400],
    ["12,345", false, null],
    ["1.005", true, null],
    ["abc", true, null],
    ["1000000000000", true, null],
  ])("reads %s as %s öre", (raw, comma, ore) => {
    expect(csvAmountOre(raw, comma)).toBe(ore);
  });

  it("reads tab-separated columns in any order, quoted", () => {
    const { lines, problems } = parseBudgetCsv('"belopp"\t"konto"\t"månad"\n"-10,5"\t3001\t202605\n');
    expect(problems).toEqual([]);
    expect(lines).toEqual([{ account: "3001", month: "2026-05", amountOre: -1050, objects: {} }]);
  });

  it("refuses an object without its dimension", () => {
    const { problems } = parseBudgetCsv("konto;månad;belopp;objekt\n3001;2026-05;1;100\n");
    expect(problems[0].message).toBe("line 2: dimension and object go together");
  });
});

describe("SIE #PBUDGET", () => {
  const file = [
    "#PBUDGET 0 202605 3001 {} -1000.00",
    '#PBUDGET 0 202605 3001 {1 "A"} -600.00',
    '#PBUDGET 0 202605 3001 {6 "P"} -900.00',
    "#PBUDGET 0 202605 4010 {} 200.00 3",
    "#PBUDGET -1 202505 3001 {} -7.00",
    "#PSALDO 0 202605 3001 {} -1.00",
  ].join("\n");

  it("reads the year's lines", () => {
    const { lines, problems } = readPeriodBudgets(file);
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.account, l.month, l.objects, l.amountOre])).toEqual([
      ["3001", "2026-05", {}, -100000],
      ["3001", "2026-05", { "1": "A" }, -60000],
      ["3001", "2026-05", { "6": "P" }, -90000],
      ["4010", "2026-05", {}, 20000],
    ]);
    expect(readPeriodBudgets(file, -1).lines.map((l) => l.amountOre)).toEqual([-700]);
  });

  it("keeps the lowest dimension's parts and the whole less them", () => {
    const { lines, dropped } = additiveBudget(readPeriodBudgets(file).lines);
    expect(dropped).toBe(1);
    expect(lines.map((l) => [l.account, l.objects, l.amountOre])).toEqual([
      ["3001", { "1": "A" }, -60000],
      ["3001", {}, -40000],
      ["4010", {}, 20000],
    ]);
  });

  it("names a line it cannot read", () => {
    expect(readPeriodBudgets("#PBUDGET 0 2026 3001 {} 1.00").problems).toEqual([
      "line 1: #PBUDGET needs a period YYYYMM",
    ]);
  });
});
