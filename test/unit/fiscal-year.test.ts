// Bokföringslagen 3 kap: twelve-month years, calendar year for sole traders, a first
// year of at most eighteen months.
import { describe, expect, it } from "vitest";
import { accountTypeOf, sieAccountTypeOf } from "../../src/sweden/bas";
import {
  addMonths,
  fiscalYearContaining,
  fiscalYearName,
  firstFiscalYearProblem,
  nextFiscalYear,
} from "../../src/sweden/fiscal-year";

describe("fiscal years", () => {
  it("finds the year containing a date", () => {
    expect(fiscalYearContaining("2026-11-22", 1)).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    expect(fiscalYearContaining("2026-03-15", 7)).toEqual({ start: "2025-07-01", end: "2026-06-30" });
    expect(fiscalYearContaining("2026-07-01", 7)).toEqual({ start: "2026-07-01", end: "2027-06-30" });
    expect(fiscalYearContaining("2028-02-29", 3)).toEqual({ start: "2027-03-01", end: "2028-02-29" });
  });

  it("follows on with twelve months", () => {
    expect(nextFiscalYear("2026-12-31")).toEqual({ start: "2027-01-01", end: "2027-12-31" });
    expect(nextFiscalYear("2027-02-28")).toEqual({ start: "2027-03-01", end: "2028-02-29" });
  });

  it("names calendar and broken years", () => {
    expect(fiscalYearName("2026-01-01", "2026-12-31")).toBe("2026");
    expect(fiscalYearName("2026-05-01", "2027-04-30")).toBe("2026/2027");
  });

  it("clamps month arithmetic to short months", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-08-15", 18)).toBe("2028-02-15");
  });

  it.each([
    ["2026-01-01", "2027-06-30", 7, null], // exactly 18 months
    ["2026-01-15", "2027-06-30", 7, null],
    ["2026-01-01", "2027-07-31", 8, "at most 18 months"],
    ["2026-09-01", "2026-12-31", 1, null], // a short first year
    ["2026-03-01", "2026-11-30", 1, "last day of the month before"],
    ["2026-03-01", "2026-02-28", 3, "not be before"],
    ["2026-02-30", "2026-12-31", 1, "real dates"],
  ])("first year %s..%s starting month %s: %s", (start, end, month, problem) => {
    const result = firstFiscalYearProblem(start, end, month);
    if (problem === null) expect(result).toBeNull();
    else expect(result).toContain(problem);
  });
});

describe("BAS account classes", () => {
  it.each([
    ["1930", "asset", "T"],
    ["2081", "equity", "S"],
    ["2099", "equity", "S"],
    ["2440", "liability", "S"],
    ["2611", "liability", "S"],
    ["3001", "revenue", "I"],
    ["4010", "expense", "K"],
    ["7510", "expense", "K"],
    ["8310", "revenue", "I"],
    ["8410", "expense", "K"],
    ["8999", "expense", "K"],
  ] as const)("%s is %s (SIE %s)", (n, type, sie) => {
    expect(accountTypeOf(n)).toBe(type);
    expect(sieAccountTypeOf(type)).toBe(sie);
  });
});
